import { UserAvatar } from '../../../components/ui/avatar';
import type { BoardOwner } from '../api/get-board';

/** The compact profile line at the top of an embedded board. */
export function EmbedHeader({ user }: { user: BoardOwner }) {
  return (
    <header className="flex items-center gap-3">
      <UserAvatar src={user.avatar} name={user.displayName} className="size-12 text-lg" />
      <div className="min-w-0">
        <h1 className="truncate text-lg font-bold text-gray-900">{user.displayName}</h1>
        <p className="truncate text-sm text-gray-600">@{user.username}</p>
        {user.bio && <p className="line-clamp-2 text-sm text-gray-700">{user.bio}</p>}
      </div>
    </header>
  );
}
