import { CheckIcon, CopyIcon, RssIcon } from 'lucide-react';
import { type FormEvent, useId, useRef, useState } from 'react';
import { fediverseHandle } from '../../../../schema/indieweb';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { Input } from '../../../components/ui/input';
import { ApiRequestError } from '../../../lib/api-client';
import { needsAppAttribute } from '../../../lib/page-actions';
import { useSiteOrigin } from '../../../lib/site-origin';
import { usePendingAction } from '../../../lib/use-pending-action';
import { useRemoteFollow } from '../api/remote-follow';
import { FollowButton } from './follow-button';

const sheetAction = 'follow-sheet';

type FollowSheetLinkProps = { username: string; displayName: string; feedUrl: string };

/**
 * The board's Feed link. Without the app it is the feed itself; with it, it opens the ways to
 * follow the board (an Up2 follow, the feed's address for a reader app), since a phone shows a
 * feed as raw XML. Each way is one section of the sheet, so others (a fediverse handle) join as
 * sections of their own.
 */
export function FollowSheetLink({ username, displayName, feedUrl }: FollowSheetLinkProps) {
  const [open, setOpen] = useState(false);
  usePendingAction(sheetAction, () => setOpen(true));
  return (
    <>
      <a
        href={feedUrl}
        onClick={(event) => {
          event.preventDefault();
          setOpen(true);
        }}
        className="inline-flex items-center gap-1 font-medium text-violet-700 hover:underline"
        {...{ [needsAppAttribute]: sheetAction }}
      >
        <RssIcon aria-hidden className="size-4 shrink-0" />
        Feed
      </a>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Follow {displayName}</DialogTitle>
            <DialogDescription>Get {displayName}'s news as their board changes.</DialogDescription>
          </DialogHeader>
          <section aria-label="On Up2" className="for-visitors space-y-2">
            <p className="text-sm text-gray-700">
              On Up2: their news shows on your Following page.
            </p>
            <FollowButton username={username} displayName={displayName} />
          </section>
          <FediverseHandle username={username} />
          <CopyableAddress
            name="In a feed reader"
            lead="In a feed reader: add this address."
            value={feedUrl}
            copiedMessage="Feed address copied"
          />
        </DialogContent>
      </Dialog>
    </>
  );
}

/**
 * The board's fediverse account, for a visitor to search for on Mastodon and follow there, or to
 * follow from their own account by typing its handle.
 */
function FediverseHandle({ username }: { username: string }) {
  const handle = fediverseHandle(username, new URL(useSiteOrigin()).host);
  return (
    <>
      <CopyableAddress
        name="On Mastodon or the fediverse"
        lead="On Mastodon or the fediverse: search for this handle and follow it."
        value={handle}
        copiedMessage="Fediverse handle copied"
      />
      <FollowFromYourServer username={username} />
    </>
  );
}

/** What the server said is wrong with the handle typed, or that it could not ask their server. */
function remoteFollowProblem(error: Error) {
  if (error instanceof ApiRequestError) return error.fields.handle ?? error.serverMessage;
  return 'Your server could not be reached: copy the handle above and search for it there.';
}

/** Follows from the visitor's own account: their server's page for it opens, naming the board. */
function FollowFromYourServer({ username }: { username: string }) {
  const fieldId = useId();
  const problemId = useId();
  const [handle, setHandle] = useState('');
  const remoteFollow = useRemoteFollow(username);
  const problem = remoteFollow.error && remoteFollowProblem(remoteFollow.error);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    remoteFollow.mutate(handle, { onSuccess: ({ url }) => window.location.assign(url) });
  };
  return (
    <form aria-label="From your account" onSubmit={submit} className="space-y-2">
      <label htmlFor={fieldId} className="block text-sm text-gray-700">
        Or type your handle to follow from your account.
      </label>
      <div className="flex gap-2">
        <Input
          id={fieldId}
          value={handle}
          onChange={(event) => {
            setHandle(event.target.value);
            remoteFollow.reset();
          }}
          placeholder="@you@mastodon.social"
          autoCapitalize="none"
          spellCheck={false}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? problemId : undefined}
        />
        <Button type="submit" variant="outline" disabled={remoteFollow.isPending}>
          Follow from my account
        </Button>
      </div>
      {problem && (
        <p id={problemId} className="text-sm text-red-700">
          {problem}
        </p>
      )}
    </form>
  );
}

/** One way to follow: an address to copy, read-only, with a button that copies it. */
function CopyableAddress({
  name,
  lead,
  value,
  copiedMessage,
}: {
  name: string;
  lead: string;
  value: string;
  /** Told to screen readers once it is copied. */
  copiedMessage: string;
}) {
  const fieldId = useId();
  const field = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
    } catch {
      // Without clipboard access, the selected address is there to copy by hand.
      field.current?.select();
    }
  };
  return (
    <section aria-label={name} className="space-y-2">
      <label htmlFor={fieldId} className="block text-sm text-gray-700">
        {lead}
      </label>
      <div className="flex gap-2">
        <Input
          id={fieldId}
          ref={field}
          readOnly
          value={value}
          onFocus={(event) => event.currentTarget.select()}
          className="font-mono text-xs"
        />
        <Button type="button" variant="outline" onClick={copy}>
          {copied ? <CheckIcon aria-hidden /> : <CopyIcon aria-hidden />}
          {copied ? 'Copied!' : 'Copy'}
        </Button>
      </div>
      <span role="status" className="sr-only">
        {copied ? copiedMessage : ''}
      </span>
    </section>
  );
}
