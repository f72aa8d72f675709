import { LinkIcon } from 'lucide-react';
import type { UnfurlAnswer } from '../../../../schema/unfurl';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api-client';
import { useUnfurlLink } from '../api/unfurl-link';

type LinkFillOfferProps = {
  link: string;
  onFill: (found: UnfurlAnswer) => void;
  onDismiss: () => void;
};

/** Offered after a link is pasted: reads the page only when asked, so a paste costs nothing. */
export function LinkFillOffer({ link, onFill, onDismiss }: LinkFillOfferProps) {
  const unfurl = useUnfurlLink();
  const host = URL.canParse(link) ? new URL(link).host : link;

  return (
    <div className="space-y-2 rounded-lg border border-sky-200 bg-sky-50 p-3 text-sm">
      <p className="flex items-center gap-2 text-gray-900">
        <LinkIcon aria-hidden className="size-4 shrink-0" />
        <span>
          Fill this block from <strong className="break-all">{host}</strong>? Fields you typed stay
          as they are.
        </span>
      </p>
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          size="sm"
          disabled={unfurl.isPending}
          onClick={() => unfurl.mutate(link, { onSuccess: onFill })}
        >
          {unfurl.isPending ? 'Reading the page...' : 'Fill from link'}
        </Button>
        <Button type="button" size="sm" variant="outline" onClick={onDismiss}>
          Not now
        </Button>
      </div>
      {unfurl.isError && (
        <p role="alert" className="text-red-700">
          {errorMessage(unfurl.error, 'The page could not be read. Please try again.')}
        </p>
      )}
    </div>
  );
}
