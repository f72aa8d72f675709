import { ArrowRightIcon } from 'lucide-react';
import type { PublicBoard } from '../api/get-board';

/**
 * Where the owner moved the board's fediverse account (Move out), told to every visitor with a
 * link to the new account. `_blank` where the page is framed (the embed).
 */
export function MovedNotice({
  movedTo,
  linkTarget,
}: {
  movedTo: PublicBoard['board']['movedTo'];
  linkTarget?: '_blank';
}) {
  if (!movedTo) return null;
  return (
    <p className="flex items-center gap-2 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
      <ArrowRightIcon aria-hidden className="size-4 shrink-0" />
      <span className="wrap-anywhere">
        This board has moved to{' '}
        <a
          href={movedTo.url}
          target={linkTarget}
          rel={linkTarget && 'noopener'}
          className="font-medium underline"
        >
          {movedTo.name}
        </a>
        .
      </span>
    </p>
  );
}
