import { Link, NavLink } from 'react-router-dom';
import { useAuth, useLeaveAndSignOut } from '../../lib/auth';
import { cn } from '../../lib/utils';
import { Button } from '../ui/button';

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'whitespace-nowrap rounded-md px-1.5 py-2 text-sm font-medium hover:text-gray-900 sm:px-3',
    isActive ? 'text-violet-700' : 'text-gray-700',
  );

export function TopNav() {
  const { user } = useAuth();
  const leaveAndSignOut = useLeaveAndSignOut();
  return (
    <header className="sticky top-0 z-40 border-b border-gray-200 bg-white/95 backdrop-blur">
      <nav
        aria-label="Main"
        className="mx-auto flex h-14 max-w-7xl items-center justify-between gap-1 px-2 sm:gap-2 sm:px-6"
      >
        <Link to="/" className="text-xl font-extrabold tracking-tight text-violet-700">
          Up2
        </Link>
        <div className="flex min-w-0 items-center gap-0.5 sm:gap-2">
          <NavLink to="/discover" className={navLinkClass}>
            Discover
          </NavLink>
          {user ? (
            <>
              <NavLink to="/dashboard" className={navLinkClass}>
                Dashboard
              </NavLink>
              <NavLink to={`/@${user.username}`} className={navLinkClass}>
                My Board
              </NavLink>
              <Button variant="ghost" size="nav" onClick={() => leaveAndSignOut()}>
                Sign Out
              </Button>
            </>
          ) : (
            <>
              <NavLink to="/auth" className={navLinkClass}>
                Sign In
              </NavLink>
              <Button asChild size="sm">
                <Link to="/auth">Get Started</Link>
              </Button>
            </>
          )}
        </div>
      </nav>
    </header>
  );
}
