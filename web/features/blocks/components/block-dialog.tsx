import { type FocusEvent, type RefObject, useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { ImageRatio } from '../../../../schema/block-values';
import { type BlockStatus, blockStatuses } from '../../../../schema/block-values';
import type { BlockInput } from '../../../../schema/blocks';
import { type BlockTypeKey, findBlockType } from '../../../../schema/catalogue';
import { completeLink, isHttpUrl } from '../../../../schema/fields';
import type { UnfurlAnswer } from '../../../../schema/unfurl';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogFooter,
  AlertDialogTitle,
} from '../../../components/ui/alert-dialog';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';
import { Input, Textarea } from '../../../components/ui/input';
import { toast } from '../../../components/ui/use-toast';
import { ApiRequestError } from '../../../lib/api-client';
import { useCreateBlock } from '../api/create-block';
import type { Block } from '../api/get-own-blocks';
import { useUpdateBlock } from '../api/update-block';
import {
  type BlockFormField,
  type BlockFormValues,
  blockFormDefaults,
  blockFormResolver,
  blockToFormValues,
  fillFromPage,
  hasChanges,
  labelForType,
  newBlockFormValues,
  tracksProgressByDefault,
  validateBlockForm,
} from '../block-form';
import { quickMoves } from '../block-rules';
import { BlockImageFields } from './block-image-fields';
import { BlockReviewFields } from './block-review-fields';
import { BlockStatusFields } from './block-status-fields';
import { BlockTypePicker } from './block-type-picker';
import { DeleteBlockButton } from './delete-block-button';
import { LinkFillOffer } from './link-fill-offer';

/** What the dialog ended with, so the screen can put focus where the person's work now is. */
export type BlockDialogOutcome =
  | { kind: 'saved'; block: Pick<Block, 'id' | 'status'> }
  | { kind: 'deleted'; blockId: number }
  | { kind: 'dismissed' };

export type BlockDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The block to edit; null or undefined creates a new one. */
  block?: Block | null;
  /** Status a new block starts in (the tab whose "Create Block" tile was used). */
  initialStatus?: BlockStatus;
  /** Type a new block starts with (an example the onboarding offered). */
  initialType?: BlockTypeKey;
  /** The board-wide image ratio, which a block on "Board ratio" takes. */
  boardRatio: ImageRatio;
  /** Called once the dialog has closed and focus is the caller's to place. */
  onClosed?: (outcome: BlockDialogOutcome) => void;
};

/**
 * "Create Activity Block" / "Edit Activity Block". The form lives inside the dialog's content,
 * which unmounts on close, so closing or cancelling always returns it to its defaults. Closing
 * with unsaved changes (overlay, Escape, the close button or Cancel) asks first.
 */
export function BlockDialog({
  open,
  onOpenChange,
  block,
  initialStatus,
  initialType,
  boardRatio,
  onClosed,
}: BlockDialogProps) {
  const contentRef = useRef<HTMLDivElement>(null);
  const dirtyRef = useRef(false);
  const outcomeRef = useRef<BlockDialogOutcome>({ kind: 'dismissed' });
  const [confirmingDiscard, setConfirmingDiscard] = useState(false);

  function close(outcome: BlockDialogOutcome) {
    outcomeRef.current = outcome;
    setConfirmingDiscard(false);
    onOpenChange(false);
  }

  function requestClose() {
    if (dirtyRef.current) setConfirmingDiscard(true);
    else close({ kind: 'dismissed' });
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (next) onOpenChange(true);
        else requestClose();
      }}
    >
      <DialogContent
        ref={contentRef}
        aria-describedby={undefined}
        size="wide"
        onOpenAutoFocus={(event) => {
          outcomeRef.current = { kind: 'dismissed' };
          // The first thing to fill in, rather than the first button (a picker's scroll arrow).
          const first = contentRef.current?.querySelector<HTMLElement>('[data-autofocus]');
          if (!first) return;
          event.preventDefault();
          first.focus();
        }}
        onCloseAutoFocus={(event) => {
          if (!onClosed) return;
          event.preventDefault();
          onClosed(outcomeRef.current);
        }}
      >
        <DialogHeader>
          <DialogTitle>{block ? 'Edit Activity Block' : 'Create Activity Block'}</DialogTitle>
        </DialogHeader>
        <BlockForm
          key={block?.id ?? `new-${initialType ?? ''}`}
          block={block ?? null}
          initialValues={
            block ? blockToFormValues(block) : newBlockFormValues(initialStatus, initialType)
          }
          boardRatio={boardRatio}
          dirtyRef={dirtyRef}
          onCancel={requestClose}
          onDone={close}
        />
        <AlertDialog open={confirmingDiscard} onOpenChange={setConfirmingDiscard}>
          <AlertDialogContent aria-describedby={undefined}>
            <AlertDialogTitle>Discard changes?</AlertDialogTitle>
            <AlertDialogFooter>
              <AlertDialogCancel>Keep editing</AlertDialogCancel>
              <AlertDialogAction onClick={() => close({ kind: 'dismissed' })}>
                Discard
              </AlertDialogAction>
            </AlertDialogFooter>
          </AlertDialogContent>
        </AlertDialog>
      </DialogContent>
    </Dialog>
  );
}

const moveLabels: Record<BlockStatus, string> = {
  planned: 'Move to Planned',
  now: 'Move to Now',
  done: 'Move to Done',
};

type BlockFormProps = {
  block: Block | null;
  initialValues: BlockFormValues;
  boardRatio: ImageRatio;
  /** Kept up to date with whether anything differs from what the dialog opened with. */
  dirtyRef: RefObject<boolean>;
  onCancel: () => void;
  onDone: (outcome: BlockDialogOutcome) => void;
};

function BlockForm({
  block,
  initialValues,
  boardRatio,
  dirtyRef,
  onCancel,
  onDone,
}: BlockFormProps) {
  const form = useForm<BlockFormValues>({
    defaultValues: initialValues,
    resolver: blockFormResolver,
    // After the first save, each change re-checks its field, so a fixed field stops showing red.
    reValidateMode: 'onChange',
  });
  const { register, setValue, setError, getValues, watch, handleSubmit } = form;
  const { errors, isSubmitted } = form.formState;
  const values = watch();
  const createBlock = useCreateBlock();
  const updateBlock = useUpdateBlock();
  const pending = createBlock.isPending || updateBlock.isPending;

  const changed = hasChanges(initialValues, values, { isNew: !block });
  useEffect(() => {
    dirtyRef.current = changed;
  }, [dirtyRef, changed]);

  function set(change: Partial<BlockFormValues>) {
    for (const [field, value] of Object.entries(change)) {
      setValue(field as BlockFormField, value, { shouldDirty: true, shouldValidate: isSubmitted });
    }
  }

  // The label the chosen type last filled in: while the label still reads that, it follows the type.
  const filledLabelRef = useRef<string | undefined>(
    initialValues.type ? findBlockType(initialValues.type)?.label : undefined,
  );

  // "Fill from link" stands while "External link" holds a new web address (typed, pasted or
  // autofilled) that was neither filled from nor turned down.
  const [settledLink, setSettledLink] = useState<string>(initialValues.externalUrl.trim());
  const [filledFrom, setFilledFrom] = useState<UnfurlAnswer | null>(null);
  const link = completeLink(values.externalUrl).trim();
  const offeredLink = isHttpUrl(link) && link !== settledLink ? link : null;

  // Switched off for a link when chosen, until the person flips it themselves.
  const progressTouchedRef = useRef(false);

  function fill(found: UnfurlAnswer) {
    const { change, kept } = fillFromPage(getValues(), found);
    set(change);
    if (offeredLink) setSettledLink(offeredLink);
    setFilledFrom(found);
    const filled = Object.keys(change).length > 0;
    toast({
      title: filled ? 'Filled from link' : 'Nothing to fill',
      description: kept.length
        ? `Kept what you typed in ${kept.join(', ')}.`
        : filled
          ? 'Check the fields, then save.'
          : 'The page says nothing the empty fields could take.',
    });
  }

  function pickType(type: BlockTypeKey | null) {
    if (!type) return set({ type });
    const label = labelForType(
      { label: getValues('label'), filledLabel: filledLabelRef.current },
      type,
    );
    if (label !== getValues('label')) filledLabelRef.current = label;
    const category = findBlockType(type)?.category ?? getValues('category');
    if (block || progressTouchedRef.current) set({ type, label });
    else set({ type, label, progressEnabled: tracksProgressByDefault(category) });
  }

  /** The API's payload, or null after showing what is missing at its fields. */
  function checked(formValues: BlockFormValues): BlockInput | null {
    const result = validateBlockForm(formValues);
    if (result.ok) return result.payload;
    showFieldErrors(result.errors);
    return null;
  }

  function showFieldErrors(fieldErrors: Partial<Record<string, string>>) {
    const fields = Object.keys(fieldErrors).filter((field) => field in blockFormDefaults);
    for (const field of fields) {
      setError(field as BlockFormField, { message: fieldErrors[field] }, { shouldFocus: true });
    }
    return fields.length > 0;
  }

  /** Whether the refusal was shown at its fields; a failure that names none gets the toast. */
  function showServerFields(error: unknown) {
    return error instanceof ApiRequestError && showFieldErrors(error.fields);
  }

  async function save(formValues: BlockFormValues) {
    const payload = checked(formValues);
    if (!payload) return;
    try {
      const saved = block
        ? await updateBlock.mutateAsync({ id: block.id, block: payload })
        : await createBlock.mutateAsync(payload);
      toast({
        title: 'Success',
        description: `Activity block ${block ? 'updated' : 'created'} successfully.`,
      });
      onDone({ kind: 'saved', block: saved.block });
    } catch (error) {
      if (showServerFields(error)) return;
      toast({
        title: 'Error',
        description: `Failed to ${block ? 'update' : 'create'} activity block.`,
        variant: 'destructive',
      });
    }
  }

  /** Editing saves the block in its new place at once; a new block just takes the status. */
  async function move(status: BlockStatus) {
    if (!block) {
      set(quickMoves[status]);
      return;
    }
    const payload = checked({ ...getValues(), ...quickMoves[status] });
    if (!payload) return;
    try {
      const saved = await updateBlock.mutateAsync({ id: block.id, block: payload });
      toast({ title: 'Status updated', description: 'Activity block moved successfully.' });
      onDone({ kind: 'saved', block: saved.block });
    } catch (error) {
      if (showServerFields(error)) return;
      toast({
        title: 'Error',
        description: 'Failed to update status. Please try again.',
        variant: 'destructive',
      });
    }
  }

  return (
    <form noValidate onSubmit={handleSubmit(save)} className="grid min-w-0 gap-5">
      <BlockTypePicker
        category={values.category}
        type={values.type}
        onCategoryChange={(category) => set({ category, type: null })}
        onTypeChange={pickType}
        error={errors.category?.message ?? errors.type?.message}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Label" error={errors.label?.message}>
          {(control) => (
            <Input
              {...control}
              {...register('label')}
              data-autofocus={block ? true : undefined}
              placeholder={(values.type && findBlockType(values.type)?.label) || 'e.g. Book'}
            />
          )}
        </FormField>
        <FormField label="Title" error={errors.title?.message}>
          {(control) => <Input {...control} {...register('title')} required />}
        </FormField>
      </div>
      <FormField label="Subtitle" error={errors.subtitle?.message}>
        {(control) => <Input {...control} {...register('subtitle')} />}
      </FormField>
      <FormField label="Description" error={errors.description?.message}>
        {(control) => <Textarea {...control} {...register('description')} rows={3} />}
      </FormField>
      <BlockImageFields
        register={register}
        imageUrl={values.imageUrl}
        ratio={values.imageAspectRatio}
        boardRatio={boardRatio}
        position={values.imagePosition}
        hadImageUrl={Boolean(block?.imageUrl)}
        error={errors.imageUrl?.message}
        onChange={set}
      />
      <FormField label="External link" error={errors.externalUrl?.message}>
        {(control) => (
          <Input
            {...control}
            {...register('externalUrl', {
              onBlur: (event: FocusEvent<HTMLInputElement>) => {
                const completed = completeLink(event.target.value);
                if (completed !== event.target.value) set({ externalUrl: completed });
              },
            })}
            type="url"
            inputMode="url"
            placeholder="https://"
          />
        )}
      </FormField>
      {offeredLink && (
        <LinkFillOffer
          key={offeredLink}
          link={offeredLink}
          onFill={fill}
          onDismiss={() => setSettledLink(offeredLink)}
        />
      )}
      {filledFrom && !offeredLink && <FilledFrom page={filledFrom} />}
      <BlockStatusFields
        status={values.status}
        progress={values.progress}
        progressEnabled={values.progressEnabled}
        onChange={(change) => {
          if (change.progressEnabled !== undefined) progressTouchedRef.current = true;
          set(change);
        }}
      />
      <BlockReviewFields
        register={register}
        rating={values.rating}
        review={values.review}
        isWide={values.isWide}
        errors={{ rating: errors.rating?.message, review: errors.review?.message }}
        onChange={set}
      />
      <fieldset className="flex flex-wrap gap-2">
        <legend className="sr-only">Move</legend>
        {blockStatuses.map((status) => (
          <Button
            key={status}
            type="button"
            variant="secondary"
            size="sm"
            disabled={pending || status === values.status}
            onClick={() => (block ? handleSubmit(() => move(status))() : move(status))}
          >
            {moveLabels[status]}
          </Button>
        ))}
      </fieldset>
      <DialogFooter className="items-stretch gap-2 border-t border-gray-200 pt-4 sm:items-center">
        {block && (
          <DeleteBlockButton
            blockId={block.id}
            onDeleted={() => onDone({ kind: 'deleted', blockId: block.id })}
          />
        )}
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? 'Saving...' : block ? 'Save Changes' : 'Create Block'}
        </Button>
      </DialogFooter>
    </form>
  );
}

/** Where the filled fields came from, as the page names itself, with its icon. */
function FilledFrom({ page }: { page: UnfurlAnswer }) {
  return (
    <p className="flex items-center gap-2 text-sm text-gray-600">
      {page.favicon && <img src={page.favicon} alt="" className="size-4 shrink-0" />}
      <span>
        Filled from{' '}
        <span className="font-medium text-gray-900">
          {page.siteName ?? page.title ?? 'the link'}
        </span>
      </span>
    </p>
  );
}
