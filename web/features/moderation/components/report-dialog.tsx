import { type FormEvent, useId, useState } from 'react';
import { reportReasons } from '../../../../schema/moderation-values';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';
import { Textarea } from '../../../components/ui/input';
import { errorMessage } from '../../../lib/api-client';
import { type ReportSubmission, useSubmitReport } from '../api/submit-report';
import { reportReasonLabels } from './moderation-labels';

export type ReportDialogProps = {
  username: string;
  /** The one block reported, when the report is about a block rather than the whole board. */
  block?: { id: number; title: string };
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where focus goes back on close: the dialog has no trigger of its own (it loads later). */
  onCloseAutoFocus?: (event: Event) => void;
};

type Reason = ReportSubmission['reason'];

/** Why the board (or one of its blocks) is reported, and an optional comment; thanks once sent. */
export function ReportDialog({
  username,
  block,
  open,
  onOpenChange,
  onCloseAutoFocus,
}: ReportDialogProps) {
  const submit = useSubmitReport();
  const [reason, setReason] = useState<Reason | null>(null);
  const [comment, setComment] = useState('');
  const legend = useId();
  const send = (event: FormEvent) => {
    event.preventDefault();
    if (!reason) return;
    submit.mutate({ username, blockId: block?.id, reason, comment: comment || null });
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>Report @{username}</DialogTitle>
          <DialogDescription>
            {block
              ? `Tell our moderators what is wrong with “${block.title}”.`
              : 'Tell our moderators what is wrong with this board.'}
          </DialogDescription>
        </DialogHeader>
        {submit.isSuccess ? (
          <p role="status" className="text-gray-800">
            {submit.data.message}
          </p>
        ) : (
          <form onSubmit={send} className="space-y-4">
            <fieldset aria-labelledby={legend} className="space-y-2">
              <legend id={legend} className="text-sm font-medium text-gray-900">
                Reason
              </legend>
              {reportReasons.map((value) => (
                <label key={value} className="flex items-center gap-2 text-gray-800">
                  <input
                    type="radio"
                    name="reason"
                    value={value}
                    checked={reason === value}
                    onChange={() => setReason(value)}
                  />
                  {reportReasonLabels[value]}
                </label>
              ))}
            </fieldset>
            <FormField label="Comment (optional)">
              {(control) => (
                <Textarea
                  {...control}
                  value={comment}
                  maxLength={1000}
                  onChange={(event) => setComment(event.target.value)}
                />
              )}
            </FormField>
            {submit.isError && (
              <p role="alert" className="text-sm text-red-700">
                {errorMessage(submit.error, 'The report could not be sent. Please try again.')}
              </p>
            )}
            <Button type="submit" disabled={!reason || submit.isPending}>
              Send report
            </Button>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
