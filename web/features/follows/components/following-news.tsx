import { CircleAlertIcon, NewspaperIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { storyHeadline } from '../../../../schema/block-values';
import { UserAvatar } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { LoadMore } from '../../../components/ui/load-more';
import { Spinner } from '../../../components/ui/spinner';
import { machineTime, timeAgo } from '../../../lib/relative-time';
import { useNow } from '../../../lib/use-now';
import { type FollowingNewsItem, useFollowingFeed } from '../api/get-following-feed';

/** Draws a line's block as visitors see it on its board (the screen brings the card). */
export type RenderNewsBlock = (item: FollowingNewsItem) => ReactNode;

/** The news of the boards the viewer follows, newest first, with Load More and its empty states. */
export function FollowingNews({ renderBlock }: { renderBlock: RenderNewsBlock }) {
  const feed = useFollowingFeed();
  const items = feed.data?.pages.flatMap((page) => page.items) ?? [];

  if (feed.isPending) {
    return (
      <div className="flex justify-center py-20">
        <Spinner size="lg" label="Loading news" />
      </div>
    );
  }
  if (feed.isError && !feed.isFetchNextPageError) {
    return (
      <NewsMessage
        icon={<CircleAlertIcon aria-hidden className="size-6" />}
        title="Something went wrong"
        text="We couldn't load the news"
        action={<Button onClick={() => feed.refetch()}>Try Again</Button>}
      />
    );
  }
  if (items.length === 0) return <NoNews />;
  return (
    <>
      <ol className="space-y-8">
        {items.map((item) => (
          <li key={item.id}>
            <NewsLine item={item} />
            <div className="mt-3 max-w-xs">{renderBlock(item)}</div>
          </li>
        ))}
      </ol>
      <LoadMore pages={feed} failure="We couldn't load more news" />
    </>
  );
}

/** "Maya started Portuguese A2 · 3 days ago", with Maya's picture leading to her board. */
function NewsLine({ item }: { item: FollowingNewsItem }) {
  const now = useNow();
  const { user } = item;
  return (
    <div className="flex items-center gap-3">
      <Link to={`/@${user.username}`} className="shrink-0 rounded-full">
        <UserAvatar src={user.avatar} name={user.displayName} className="size-10" />
      </Link>
      <p className="min-w-0 text-gray-900">
        <span className="font-medium">
          {storyHeadline(user.displayName, item.kind, item.block.title)}
        </span>{' '}
        <span className="text-sm text-gray-600">
          · <time dateTime={machineTime(item.at)}>{timeAgo(item.at, now)}</time>
        </span>
      </p>
    </div>
  );
}

function NoNews() {
  return (
    <NewsMessage
      icon={<NewspaperIcon aria-hidden className="size-6" />}
      title="No news yet"
      text="Follow boards you like, and what their owners start, plan and finish shows up here."
      action={
        <Button asChild>
          <Link to="/discover">Discover Boards</Link>
        </Button>
      }
    />
  );
}

function NewsMessage({
  icon,
  title,
  text,
  action,
}: {
  icon: ReactNode;
  title: string;
  text: string;
  action: ReactNode;
}) {
  return (
    <div className="mx-auto flex max-w-md flex-col items-center rounded-2xl border border-dashed border-gray-300 bg-white px-6 py-14 text-center">
      <span className="flex size-12 items-center justify-center rounded-full bg-violet-50 text-violet-700">
        {icon}
      </span>
      <h2 className="mt-4 text-lg font-semibold text-gray-900">{title}</h2>
      <p className="mt-1 text-sm text-gray-600">{text}</p>
      <div className="mt-6">{action}</div>
    </div>
  );
}
