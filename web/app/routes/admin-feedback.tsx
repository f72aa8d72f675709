import { LockIcon, ShieldAlertIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { buttonVariants } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { FeedbackAdminList } from '../../features/feedback/components/feedback-admin-list';
import { useAuth } from '../../lib/auth';
import { useDocumentTitle } from '../../lib/use-document-title';

function Refusal({
  icon,
  title,
  children,
}: {
  icon: ReactNode;
  title: string;
  children: ReactNode;
}) {
  return (
    <main className="mx-auto flex w-full max-w-md flex-col items-center px-4 py-24 text-center">
      <span className="flex size-14 items-center justify-center rounded-full bg-violet-100 text-violet-700">
        {icon}
      </span>
      <h1 className="mt-4 text-2xl font-bold text-gray-900">{title}</h1>
      {children}
    </main>
  );
}

export function AdminFeedbackScreen() {
  const { user, isLoading } = useAuth();

  useDocumentTitle('Feedback');

  if (isLoading) {
    return (
      <main className="flex min-h-[50vh] items-center justify-center">
        <Spinner size="lg" />
      </main>
    );
  }
  if (!user) {
    return (
      <Refusal icon={<LockIcon aria-hidden className="size-6" />} title="Unauthorized">
        <p className="mt-2 text-gray-600">Please sign in to manage feedback.</p>
        <Link to="/auth" className={buttonVariants({ className: 'mt-6' })}>
          Sign In
        </Link>
      </Refusal>
    );
  }
  if (!user.isAdmin) {
    return (
      <Refusal icon={<ShieldAlertIcon aria-hidden className="size-6" />} title="Access Denied">
        <p className="mt-2 text-gray-600">You don't have permission to access this page</p>
        <Link to="/" className={buttonVariants({ variant: 'outline', className: 'mt-6' })}>
          Go Home
        </Link>
      </Refusal>
    );
  }
  return (
    <main className="mx-auto w-full max-w-4xl px-4 py-10 sm:px-6 sm:py-14">
      <header className="mb-8">
        <h1 className="text-3xl font-extrabold tracking-tight text-gray-900">Feedback</h1>
        <p className="mt-1 text-gray-600">Review what people send and decide what comes next.</p>
      </header>
      <FeedbackAdminList />
    </main>
  );
}
