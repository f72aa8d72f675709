import { CheckIcon } from 'lucide-react';
import { __iconData as copyIcon } from 'lucide-react/icons/copy';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { BlockStatus } from '../../../../schema/block-values';
import type { PublicBlock } from '../../../../schema/blocks';
import { SpriteIcon } from '../../../components/icon-sprite';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/use-toast';
import { ApiRequestError } from '../../../lib/api-client';
import { getAuthToken } from '../../../lib/auth-token';
import { needsAppAttribute } from '../../../lib/page-actions';
import { usePendingAction } from '../../../lib/use-pending-action';
import { useCopyBlock } from '../api/copy-block';

/** What the button draws on every card, for the board's sprite. */
export const copyButtonIcons = [copyIcon];

const copyFailed = 'Failed to copy block. Please try again.';

/** 409 is "already on your board": the server's words say so; other failures get `copyFailed`. */
function copyFailureMessage(error: unknown): string {
  if (error instanceof ApiRequestError && error.status === 409 && error.serverMessage) {
    return error.serverMessage;
  }
  return copyFailed;
}

/**
 * Copies a block onto the viewer's board; a signed-out visitor is asked to sign in, and comes
 * back here after. It reads the stored session rather than wait for the app to check it: pressed
 * on a board drawn before the app started, it is carried out the moment the app has hydrated.
 */
export function CopyBlockButton({
  block,
  onCopied,
}: {
  block: PublicBlock;
  /** Told the copy, as it now stands on the viewer's board. */
  onCopied?: (copy: { id: number; status: BlockStatus }) => void;
}) {
  const copyBlock = useCopyBlock();
  const [copied, setCopied] = useState(false);
  const navigate = useNavigate();
  const location = useLocation();

  const askToSignIn = () =>
    toast({
      title: 'Sign in required',
      description: 'Please sign in to copy blocks.',
      action: {
        label: 'Sign in',
        onSelect: () =>
          navigate({ pathname: '/auth', search: '?tab=signin' }, { state: { from: location } }),
      },
    });

  // Marked unavailable rather than disabled: a disabled button drops the keyboard's focus to the
  // top of the page, and the reader lands far from the block and its toast.
  const unavailable = copyBlock.isPending || copied;

  function copy() {
    if (unavailable) return;
    if (!getAuthToken()) {
      askToSignIn();
      return;
    }
    copyBlock.mutate(block.id, {
      onSuccess: ({ block: copy }) => {
        setCopied(true);
        onCopied?.(copy);
        toast({ title: 'Block copied', description: 'Added to your board successfully.' });
      },
      onError: (error) => {
        // A session that ended elsewhere: the token is gone now, and signing in is the way on.
        if (error instanceof ApiRequestError && error.status === 401) return askToSignIn();
        toast({ title: 'Error', description: copyFailureMessage(error), variant: 'destructive' });
      },
    });
  }

  const action = `copy-${block.id}`;
  // Pressed before the app had started: carried out now that this button is live.
  usePendingAction(action, copy);

  return (
    <Button
      type="button"
      variant="secondary"
      size="compact"
      aria-disabled={unavailable}
      className="aria-disabled:pointer-events-none aria-disabled:opacity-50"
      onClick={copy}
      {...{ [needsAppAttribute]: action }}
      // Several cards each have one: the name says which block this one copies.
      aria-label={`${copied ? 'Copied' : 'Copy'} ${block.title}`}
    >
      {copied ? <CheckIcon aria-hidden /> : <SpriteIcon icon={copyIcon} />}
      {copied ? 'Copied' : 'Copy'}
    </Button>
  );
}
