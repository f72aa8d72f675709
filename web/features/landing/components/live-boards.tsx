import { ArrowRightIcon } from 'lucide-react';
import { Link } from 'react-router-dom';
import { UserAvatar } from '../../../components/ui/avatar';
import { Skeleton } from '../../../components/ui/skeleton';
import { demoUsers } from './demo-users';

export type LiveBoardUser = {
  username: string;
  displayName: string;
  bio: string | null;
  avatar: string | null;
};

const maxLiveBoards = 8;
const skeletonKeys = Array.from({ length: maxLiveBoards }, (_, index) => `skeleton-${index}`);

type LiveBoardsProps = {
  /** undefined while the discover call is loading. */
  users: LiveBoardUser[] | undefined;
};

/** Up to 8 public boards; skeletons while loading, the demo people when none exist. */
export function LiveBoards({ users }: LiveBoardsProps) {
  const live = users !== undefined && users.length > 0;
  const shown = live ? users.slice(0, maxLiveBoards) : demoUsers;
  return (
    <section aria-labelledby="live-boards-title" className="bg-white py-16 sm:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
          <div>
            <h2
              id="live-boards-title"
              className="text-3xl font-extrabold tracking-tight text-gray-900"
            >
              Explore Live Boards
            </h2>
            <p className="mt-2 text-gray-600">Real people, sharing what they're up to right now.</p>
          </div>
          <Link
            to="/discover"
            className="inline-flex items-center gap-1 rounded-sm text-sm font-semibold text-violet-700 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-violet-500"
          >
            See all boards <ArrowRightIcon aria-hidden className="size-4" />
          </Link>
        </div>
        <ul
          aria-busy={users === undefined}
          className="mt-10 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4"
        >
          {users === undefined
            ? skeletonKeys.map((key) => <LiveBoardSkeleton key={key} />)
            : shown.map((user) => (
                <LiveBoardCard key={user.username} user={user} isExample={!live} />
              ))}
        </ul>
      </div>
    </section>
  );
}

/**
 * A live board's card leads to the board. An example person has no board on this site: their card
 * looks the same but leads to Sign Up, to start a board of one's own.
 */
function LiveBoardCard({ user, isExample }: { user: LiveBoardUser; isExample: boolean }) {
  return (
    <li>
      <Link
        to={isExample ? '/auth' : `/@${user.username}`}
        className="group flex h-[100%] gap-3 rounded-2xl border border-gray-200 bg-white p-4 transition hover:-translate-y-0.5 hover:border-violet-300 hover:shadow-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-violet-500"
      >
        {/* The name follows as text: the picture would only repeat it in the link's name. */}
        <span aria-hidden className="shrink-0">
          <UserAvatar src={user.avatar} name={user.displayName} className="size-12 text-lg" />
        </span>
        <div className="min-w-0">
          <p className="truncate font-semibold text-gray-900 group-hover:text-violet-800">
            {user.displayName}
          </p>
          <p className="truncate text-sm text-violet-700">@{user.username}</p>
          {user.bio && (
            <p className="mt-1.5 line-clamp-2 break-words text-sm text-gray-600">{user.bio}</p>
          )}
          {isExample && (
            <p className="mt-1.5 text-xs font-medium text-violet-700">
              Example board · Start yours
            </p>
          )}
        </div>
      </Link>
    </li>
  );
}

function LiveBoardSkeleton() {
  return (
    <li aria-hidden className="flex gap-3 rounded-2xl border border-gray-200 bg-white p-4">
      <Skeleton circle className="size-12 shrink-0" />
      <div className="flex-1 space-y-2 pt-1">
        <Skeleton className="h-4 w-3/4" />
        <Skeleton className="h-3 w-1/2" />
        <Skeleton className="h-3 w-full" />
      </div>
    </li>
  );
}
