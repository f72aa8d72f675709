import { LinkIcon, RssIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { UserAvatar } from '../../../components/ui/avatar';
import { machineTime, timeAgo } from '../../../lib/relative-time';
import { useSiteOrigin } from '../../../lib/site-origin';
import { useNow } from '../../../lib/use-now';
import type { BoardOwner } from '../api/get-board';

/**
 * Whose board this is: avatar (or initial), name, tagline, bio, the board's short link, when it
 * was last updated and its feed, with what the viewer may do here (the owner's Edit board).
 */
export function ProfileHeader({
  user,
  updatedAt,
  action,
  linkTarget,
  mark,
  feedLink,
}: {
  user: BoardOwner;
  /** When the board's visible blocks last changed (ms); null while it shows none. */
  updatedAt: number | null;
  action?: ReactNode;
  /** `_blank` where the page is framed (the embed). */
  linkTarget?: '_blank';
  /** Beside the name: what only the viewer is told (the owner's "Private"). */
  mark?: ReactNode;
  /** Stands in for the plain Feed link (the board page's follow sheet), given the feed's address. */
  feedLink?: (feedUrl: string) => ReactNode;
}) {
  const boardLink = `${useSiteOrigin()}/@${user.username}`;
  return (
    // Names and words are wrapped anywhere: centred on a phone, this column is as wide as its
    // longest word unless that word may break. A microformats2 h-card (name, photo, note, url).
    <header className="h-card flex flex-col items-center gap-3 text-center sm:flex-row sm:items-start sm:text-left">
      <UserAvatar src={user.avatar} name={user.displayName} className="size-20 text-2xl" />
      <div className="min-w-0 flex-1 space-y-1.5">
        <div className="flex flex-wrap items-center justify-center gap-2 sm:justify-start">
          <h1 className="p-name wrap-anywhere text-2xl font-bold text-gray-900 sm:text-3xl">
            {user.displayName}
          </h1>
          {mark}
        </div>
        {user.tagline && <p className="wrap-anywhere font-medium text-accent">{user.tagline}</p>}
        {user.bio && <p className="p-note wrap-anywhere text-gray-700">{user.bio}</p>}
        <a
          href={boardLink}
          target={linkTarget}
          rel={linkTarget && 'noopener'}
          className="u-url u-uid inline-flex max-w-full items-center gap-1.5 break-all text-sm font-medium text-accent hover:underline"
        >
          <LinkIcon aria-hidden className="size-4 shrink-0" />
          {boardLink.replace(/^https?:\/\//, '')}
        </a>
        <div className="flex flex-wrap items-center justify-center gap-x-3 gap-y-1 text-sm sm:justify-start">
          {updatedAt !== null && <BoardUpdated at={updatedAt} />}
          {feedLink ? (
            feedLink(`${boardLink}/feed.xml`)
          ) : (
            <a
              href={`${boardLink}/feed.xml`}
              target={linkTarget}
              rel={linkTarget && 'noopener'}
              className="inline-flex items-center gap-1 font-medium text-accent hover:underline"
            >
              <RssIcon aria-hidden className="size-4 shrink-0" />
              Feed
            </a>
          )}
        </div>
      </div>
      {action}
      {/* The avatar is a background (UserAvatar), which microformats cannot read. */}
      {user.avatar && <data hidden className="u-photo" value={user.avatar} />}
    </header>
  );
}

function BoardUpdated({ at }: { at: number }) {
  const now = useNow();
  return (
    <p className="text-gray-600">
      Updated <time dateTime={machineTime(at)}>{timeAgo(at, now)}</time>
    </p>
  );
}
