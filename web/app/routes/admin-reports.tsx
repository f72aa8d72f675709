import { LockIcon, ShieldAlertIcon } from 'lucide-react';
import { Link } from 'react-router-dom';
import { buttonVariants } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { ReportQueue } from '../../features/moderation/components/report-queue';
import { useAuth } from '../../lib/auth';
import { useDocumentTitle } from '../../lib/use-document-title';

export function AdminReportsScreen() {
  const { user, isLoading } = useAuth();

  useDocumentTitle('Reports');

  if (isLoading) {
    return (
      <main className="flex min-h-[50vh] items-center justify-center">
        <Spinner size="lg" />
      </main>
    );
  }
  if (!user?.isModerator) {
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
  return (
    <main className="mx-auto w-full max-w-4xl px-4 py-10 sm:px-6 sm:py-14">
      <header className="mb-8">
        <h1 className="text-3xl font-extrabold tracking-tight text-gray-900">Reports</h1>
        <p className="mt-1 text-gray-600">Open reports by board, newest first.</p>
      </header>
      <ReportQueue />
    </main>
  );
}
