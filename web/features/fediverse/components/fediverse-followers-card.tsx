import { UserCheckIcon, UserMinusIcon } from 'lucide-react';
import { ownImagePathPrefix } from '../../../../schema/fields';
import { AlertDialogAction, ConfirmedButton } from '../../../components/ui/alert-dialog';
import { UserAvatar } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { ListSection } from '../../../components/ui/list-section';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/api-client';
import { useApproveFediverseFollower } from '../api/approve-fediverse-follower';
import { type FediverseFollower, useFediverseFollowers } from '../api/get-fediverse-followers';
import { useRemoveFediverseFollower } from '../api/remove-fediverse-follower';

/**
 * The people who follow the owner's board from Mastodon and the rest of the fediverse, as their
 * servers name and picture them, each with a way to remove them.
 */
export function FediverseFollowersCard() {
  const { data, isError, refetch } = useFediverseFollowers();
  return (
    <ListSection
      id="fediverse-followers-heading"
      heading="Fediverse Followers"
      items={data?.followers}
      isError={isError}
      retry={refetch}
      failure="Couldn't load your fediverse followers."
      empty="No one follows your board from Mastodon or the fediverse yet."
    >
      <ul className="space-y-2">
        {data?.followers.map((follower) => (
          <FollowerRow key={follower.id} follower={follower} />
        ))}
      </ul>
    </ListSection>
  );
}

/**
 * A follower's picture as we copied it when they followed: the dashboard never loads (or tells)
 * another server. Any other address leaves the initial instead.
 */
function shownPicture(avatarUrl: string | null): string | null {
  return avatarUrl?.startsWith(ownImagePathPrefix) ? avatarUrl : null;
}

function FollowerRow({ follower }: { follower: FediverseFollower }) {
  return (
    <li className="flex items-center gap-2">
      <UserAvatar
        src={shownPicture(follower.avatarUrl)}
        name={follower.name ?? follower.handle.replace(/^@/, '')}
        className="size-8 text-sm"
      />
      <div className="min-w-0 flex-1">
        {follower.name && (
          <p className="truncate text-sm font-medium text-gray-900">{follower.name}</p>
        )}
        <p className="truncate text-xs text-gray-600">{follower.handle}</p>
        {follower.waiting && (
          <p className="text-xs font-medium text-amber-800">Waiting for your approval</p>
        )}
      </div>
      {follower.waiting && <ApproveFollowerButton follower={follower} />}
      <RemoveFollowerButton follower={follower} />
    </li>
  );
}

/**
 * Lets in a follow that waited (its server sent more follows than it may at once): their server is
 * told, and the board's news reaches them from now on.
 */
function ApproveFollowerButton({ follower }: { follower: FediverseFollower }) {
  const approve = useApproveFediverseFollower();
  const onClick = () =>
    approve.mutate(follower.id, {
      onSuccess: () => toast({ title: 'Follower approved', description: follower.handle }),
      onError: (error) =>
        toast({
          title: errorMessage(error, 'Failed to approve the follower. Please try again.'),
          variant: 'destructive',
        }),
    });
  return (
    <Button
      type="button"
      size="compact"
      disabled={approve.isPending}
      aria-label={`Approve ${follower.handle}`}
      onClick={onClick}
    >
      <UserCheckIcon aria-hidden />
      Approve
    </Button>
  );
}

/** Remove, once the owner confirms it: the follower's server is told, and no more news goes there. */
function RemoveFollowerButton({ follower }: { follower: FediverseFollower }) {
  const remove = useRemoveFediverseFollower();
  const confirm = () =>
    remove.mutate(follower.id, {
      onSuccess: () => toast({ title: 'Follower removed', description: follower.handle }),
      onError: (error) =>
        toast({
          title: errorMessage(error, 'Failed to remove the follower. Please try again.'),
          variant: 'destructive',
        }),
    });
  return (
    <ConfirmedButton
      label="Remove"
      icon={<UserMinusIcon aria-hidden />}
      ariaLabel={`Remove ${follower.handle}`}
      pending={remove.isPending}
      title={`Remove ${follower.handle} from your followers?`}
      description="Their server is told, and your board's news no longer reaches them there. They can follow you again."
    >
      <AlertDialogAction onClick={confirm}>Remove</AlertDialogAction>
    </ConfirmedButton>
  );
}
