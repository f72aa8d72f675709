import { CheckIcon, CopyIcon } from 'lucide-react';
import { useState } from 'react';
import type { PublicBlock } from '../../../../schema/blocks';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/use-toast';
import { ApiRequestError } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { useCopyBlock } from '../api/copy-block';

const copyFailed = 'Failed to copy block. Please try again.';

/** 409 is "already on your board": the server's words say so; other failures get the spec's. */
function copyFailureMessage(error: unknown): string {
  if (error instanceof ApiRequestError && error.status === 409 && error.serverMessage) {
    return error.serverMessage;
  }
  return copyFailed;
}

/** Copies a block onto the viewer's board; a signed-out visitor is asked to sign in first. */
export function CopyBlockButton({ block }: { block: PublicBlock }) {
  const { user } = useAuth();
  const copyBlock = useCopyBlock();
  const [copied, setCopied] = useState(false);

  function copy() {
    if (!user) {
      toast({ title: 'Sign in required', description: 'Please sign in to copy blocks.' });
      return;
    }
    copyBlock.mutate(block.id, {
      onSuccess: () => {
        setCopied(true);
        toast({ title: 'Block copied', description: 'Added to your board successfully.' });
      },
      onError: (error) =>
        toast({ title: 'Error', description: copyFailureMessage(error), variant: 'destructive' }),
    });
  }

  return (
    <Button
      type="button"
      variant="secondary"
      size="compact"
      disabled={copyBlock.isPending || copied}
      onClick={copy}
      // Several cards each have one: the name says which block this one copies.
      aria-label={`${copied ? 'Copied' : 'Copy'} ${block.title}`}
    >
      {copied ? <CheckIcon aria-hidden /> : <CopyIcon aria-hidden />}
      {copied ? 'Copied' : 'Copy'}
    </Button>
  );
}
