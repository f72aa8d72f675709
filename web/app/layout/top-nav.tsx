import { BellIcon, MenuIcon } from 'lucide-react';
import { Link, NavLink } from 'react-router-dom';
import { maxCountedUnread } from '../../../schema/notifications';
import { Button } from '../../components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../../components/ui/dropdown-menu';
import { useUnreadCount } from '../../features/notifications/api/get-unread-count';
import { useAuth, useLeaveAndSignOut } from '../../lib/auth';
import { cn } from '../../lib/utils';
import { ThemeMenu } from './theme-menu';

const focusRing =
  'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-violet-500 focus-visible:ring-offset-2';

// Tighter below md: the owner account's bar (six links and Sign Out) must fit 640 px, and the
// signed-out bar with the theme button 320 px.
const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'whitespace-nowrap rounded-md px-1 py-2 text-sm font-medium hover:text-gray-900 sm:px-2 md:px-3',
    focusRing,
    isActive ? 'text-violet-700' : 'text-gray-700',
  );

export function TopNav() {
  const { user } = useAuth();
  return (
    <header className="sticky top-0 z-40 border-b border-gray-200 bg-white/95 backdrop-blur">
      <nav
        aria-label="Main"
        className="mx-auto flex h-14 max-w-7xl items-center justify-between gap-1 px-2 sm:gap-2 sm:px-6"
      >
        <Link
          to="/"
          className={cn(
            'rounded-md text-xl font-extrabold tracking-tight text-violet-700 max-[359px]:text-lg',
            focusRing,
          )}
        >
          Up2
        </Link>
        <div className="flex min-w-0 items-center gap-0.5 sm:gap-2">
          <NavLink to="/discover" className={navLinkClass}>
            Discover
          </NavLink>
          {user ? (
            <SignedInLinks
              username={user.username}
              isAdmin={user.isAdmin}
              isModerator={user.isModerator}
            />
          ) : (
            <>
              <NavLink to="/auth" className={navLinkClass}>
                Sign In
              </NavLink>
              {/* Narrower on a phone: with the theme button, the bar must fit 320 px. */}
              <Button asChild size="sm" className="max-sm:px-1.5">
                <Link to="/auth">Get Started</Link>
              </Button>
            </>
          )}
          <ThemeMenu />
        </div>
      </nav>
    </header>
  );
}

/**
 * Following, Dashboard, My Board (and the feedback inbox, for the owner account) and Sign Out side
 * by side from the small breakpoint; on a phone they do not fit beside the brand and Discover at
 * 360 px, so they fold into a menu there.
 */
function SignedInLinks({
  username,
  isAdmin,
  isModerator,
}: {
  username: string;
  isAdmin: boolean;
  isModerator: boolean;
}) {
  const leaveAndSignOut = useLeaveAndSignOut();
  return (
    <>
      <div className="hidden items-center gap-2 sm:flex">
        <NavLink to="/following" className={navLinkClass}>
          Following
        </NavLink>
        <NavLink to="/dashboard" className={navLinkClass}>
          Dashboard
        </NavLink>
        <NavLink to={`/@${username}`} className={navLinkClass}>
          My Board
        </NavLink>
        {isAdmin && (
          <NavLink to="/admin/feedback" className={navLinkClass}>
            Feedback
          </NavLink>
        )}
        {isModerator && (
          <NavLink to="/admin/reports" className={navLinkClass}>
            Reports
          </NavLink>
        )}
        <Button variant="ghost" size="nav" onClick={() => leaveAndSignOut()}>
          Sign Out
        </Button>
      </div>
      <NotificationsLink />
      <DropdownMenu modal={false}>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" size="icon-sm" className="sm:hidden" aria-label="Menu">
            <MenuIcon aria-hidden />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <DropdownMenuItem asChild>
            <Link to="/following">Following</Link>
          </DropdownMenuItem>
          <DropdownMenuItem asChild>
            <Link to="/dashboard">Dashboard</Link>
          </DropdownMenuItem>
          <DropdownMenuItem asChild>
            <Link to={`/@${username}`}>My Board</Link>
          </DropdownMenuItem>
          {isAdmin && (
            <DropdownMenuItem asChild>
              <Link to="/admin/feedback">Feedback</Link>
            </DropdownMenuItem>
          )}
          {isModerator && (
            <DropdownMenuItem asChild>
              <Link to="/admin/reports">Reports</Link>
            </DropdownMenuItem>
          )}
          <DropdownMenuItem onSelect={() => leaveAndSignOut()}>Sign Out</DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
    </>
  );
}

/** The bell, with how many notifications are unread ("99+" past what is counted). */
function NotificationsLink() {
  const unread = useUnreadCount().data?.unread ?? 0;
  const shown = unread >= maxCountedUnread ? `${maxCountedUnread - 1}+` : String(unread);
  return (
    <NavLink
      to="/notifications"
      className={({ isActive }) =>
        cn(
          'relative inline-flex size-9 items-center justify-center rounded-md hover:bg-gray-100',
          focusRing,
          isActive ? 'text-violet-700' : 'text-gray-700',
        )
      }
    >
      <BellIcon aria-hidden className="size-5" />
      <span className="sr-only">Notifications</span>
      {unread > 0 && (
        <span className="absolute -top-0.5 -right-0.5 min-w-4 rounded-full bg-red-700 px-1 text-center text-[0.625rem] leading-4 font-semibold text-white">
          {shown}
          <span className="sr-only"> unread</span>
        </span>
      )}
    </NavLink>
  );
}
