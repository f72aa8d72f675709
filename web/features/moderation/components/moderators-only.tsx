import { LockIcon, ShieldAlertIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { buttonVariants } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { useAuth } from '../../../lib/auth';

/** A moderators' screen: a spinner while the session loads, a refusal for anyone else. */
export function ModeratorsOnly({ children }: { children: ReactNode }) {
  const { user, isLoading } = useAuth();
  if (isLoading) {
    return (
      <main className="flex min-h-[50vh] items-center justify-center">
        <Spinner size="lg" />
      </main>
    );
  }
  if (user?.isModerator) return children;
  return (
    <main className="mx-auto flex w-full max-w-md flex-col items-center px-4 py-24 text-center">
      <span className="flex size-14 items-center justify-center rounded-full bg-violet-100 text-violet-700">
        {user ? (
          <ShieldAlertIcon aria-hidden className="size-6" />
        ) : (
          <LockIcon aria-hidden className="size-6" />
        )}
      </span>
      <h1 className="mt-4 text-2xl font-bold text-gray-900">
        {user ? 'Access Denied' : 'Unauthorized'}
      </h1>
      <p className="mt-2 text-gray-600">
        {user
          ? 'Only moderators can see reports and act on them.'
          : 'Please sign in to moderate reports.'}
      </p>
      <Link to={user ? '/' : '/auth'} className={buttonVariants({ className: 'mt-6' })}>
        {user ? 'Go Home' : 'Sign In'}
      </Link>
    </main>
  );
}
