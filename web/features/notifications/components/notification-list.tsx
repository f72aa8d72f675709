import { type ReactNode, useEffect, useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { ownImagePathPrefix } from '../../../../schema/fields';
import { reversalKinds } from '../../../../schema/moderation-values';
import { suspensionDeletionWarning } from '../../../../schema/suspension-notice';
import { UserAvatar } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { Textarea } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { machineTime, timeAgo } from '../../../lib/relative-time';
import { useNow } from '../../../lib/use-now';
import { useAppeal } from '../api/appeal';
import { type Notification, useNotifications } from '../api/get-notifications';
import { useMarkRead } from '../api/mark-read';

/** The person's latest notifications; showing them reads them (the badge clears). */
export function NotificationList() {
  const notifications = useNotifications();
  const markRead = useMarkRead();
  const newest = notifications.data?.notifications[0];
  const { mutate } = markRead;
  const newestUnread = newest?.unread ? newest.at : null;
  useEffect(() => {
    if (newestUnread !== null) mutate(newestUnread);
  }, [newestUnread, mutate]);

  if (notifications.isPending) return <Spinner label="Loading notifications" />;
  if (notifications.isError) {
    return <p className="text-gray-700">We couldn't load your notifications. Try again later.</p>;
  }
  const list = notifications.data.notifications;
  if (list.length === 0) {
    return (
      <div className="rounded-xl border border-dashed border-gray-300 bg-white p-8 text-center">
        <h2 className="font-semibold text-gray-900">Nothing yet</h2>
        <p className="mt-1 text-sm text-gray-600">
          You'll see here when someone follows your board or copies one of your blocks.
        </p>
      </div>
    );
  }
  return (
    <ul className="divide-y divide-gray-200 rounded-xl border border-gray-200 bg-white">
      {list.map((notification) => (
        <NotificationItem key={notification.id} notification={notification} />
      ))}
    </ul>
  );
}

const moderationWords: Record<
  NonNullable<Notification['moderation']>['action'],
  (title: ReactNode) => ReactNode
> = {
  dismiss: () => 'A moderator looked at a report of your board',
  'hide-block': (title) => <>A moderator hid {title} from your board</>,
  'keep-off-discover': () => 'A moderator kept your board off Discover',
  suspend: () => 'A moderator suspended your board',
  unsuspend: () => 'A moderator restored your board',
  'unhide-block': (title) => <>A moderator showed {title} on your board again</>,
  'return-to-discover': () => 'A moderator put your board back on Discover',
};

const answerWords: Partial<Record<Notification['kind'], string>> = {
  liked: 'liked your story',
  boosted: 'boosted your story',
  replied: 'replied to your story',
};

function NotificationWords({
  kind,
  name,
  block = 'a block',
  moderation,
  fediverse,
}: {
  kind: Notification['kind'];
  name: ReactNode;
  block?: string;
  moderation: Notification['moderation'];
  fediverse: Notification['fediverse'];
}) {
  const title = <span className="font-medium">{block}</span>;
  const answered = answerWords[kind];
  if (answered && fediverse) {
    return (
      <>
        <span className="font-semibold text-gray-900">{fediverse.handle}</span> {answered}:{' '}
        <span className="font-medium">{fediverse.story}</span>
      </>
    );
  }
  if (kind === 'followed') return <>{name} followed your board</>;
  if (kind === 'moderated' && moderation) {
    return (
      <>
        {moderationWords[moderation.action](title)}. Why: {moderation.note}
      </>
    );
  }
  if (kind === 'reached') return <>You reached a goal by finishing {title}</>;
  return (
    <>
      {name} copied {title}
    </>
  );
}

/** Who a notification is from: someone here, or an account elsewhere with the picture we copied. */
function pictureOf({ actor, fediverse }: Notification) {
  if (!fediverse) return { src: actor.avatar, name: actor.displayName };
  const copied = fediverse.avatarUrl?.startsWith(ownImagePathPrefix) ? fediverse.avatarUrl : null;
  return { src: copied, name: fediverse.name ?? fediverse.handle.replace(/^@/, '') };
}

/** "Appeal", once per action: a few words to the moderators, who find them in their queue. */
function Appeal({ moderation }: { moderation: NonNullable<Notification['moderation']> }) {
  const appeal = useAppeal();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const textId = useId();
  if (appeal.isSuccess) return <p className="mt-2 text-sm text-gray-700">{appeal.data.message}</p>;
  if (moderation.appealed) return <p className="mt-2 text-sm text-gray-600">Appealed</p>;
  if (!open) {
    return (
      <Button
        type="button"
        variant="outline"
        size="compact"
        className="mt-2"
        onClick={() => setOpen(true)}
      >
        Appeal
      </Button>
    );
  }
  return (
    <form
      className="mt-2 space-y-2"
      onSubmit={(event) => {
        event.preventDefault();
        appeal.mutate({ actionId: moderation.actionId, text });
      }}
    >
      <label htmlFor={textId} className="text-sm font-medium text-gray-900">
        Why should it be undone?
      </label>
      <Textarea id={textId} value={text} onChange={(event) => setText(event.target.value)} />
      {appeal.isError && (
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(appeal.error, 'The appeal could not be sent. Please try again.')}
        </p>
      )}
      <Button type="submit" size="compact" disabled={!text.trim() || appeal.isPending}>
        Send appeal
      </Button>
    </form>
  );
}

/** Actions that undo one: nothing to appeal. */
const undoings = new Set<string>(['unsuspend', ...reversalKinds]);

function NotificationItem({ notification }: { notification: Notification }) {
  const now = useNow();
  const { actor, block } = notification;
  const picture = pictureOf(notification);
  const name = (
    <Link to={`/@${actor.username}`} className="font-semibold text-gray-900 hover:underline">
      {actor.displayName}
    </Link>
  );
  return (
    <li className="flex items-start gap-3 p-4">
      <UserAvatar src={picture.src} name={picture.name} className="size-10" />
      <div className="min-w-0 flex-1">
        <p className="wrap-anywhere text-gray-800">
          <NotificationWords
            kind={notification.kind}
            name={name}
            block={block?.title}
            moderation={notification.moderation}
            fediverse={notification.fediverse}
          />
          {notification.unread && <span className="sr-only"> (new)</span>}
        </p>
        {notification.moderation?.deletesAt && (
          <p className="mt-1 text-sm font-medium text-red-700">
            {suspensionDeletionWarning(notification.moderation.deletesAt)}
          </p>
        )}
        <time dateTime={machineTime(notification.at)} className="text-xs text-gray-600">
          {timeAgo(notification.at, now)}
        </time>
        {notification.moderation && !undoings.has(notification.moderation.action) && (
          <Appeal moderation={notification.moderation} />
        )}
      </div>
      {notification.unread && (
        <span aria-hidden className="mt-2 size-2.5 shrink-0 rounded-full bg-violet-700" />
      )}
    </li>
  );
}
