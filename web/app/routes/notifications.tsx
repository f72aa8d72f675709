import { Navigate, useLocation } from 'react-router-dom';
import { EmailNotificationsSwitch } from '../../features/notifications/components/email-notifications-switch';
import { NotificationList } from '../../features/notifications/components/notification-list';
import { useAuth } from '../../lib/auth';
import { useDocumentTitle } from '../../lib/use-document-title';
import { ScreenFallback } from '../layout/site-layout';

/** Who followed the signed-in person's board and who copied their blocks; signed out, sign in. */
export function NotificationsScreen() {
  const { user, isLoading } = useAuth();
  const location = useLocation();

  useDocumentTitle('Notifications');

  if (isLoading) return <ScreenFallback />;
  if (!user) return <Navigate to="/auth?tab=signin" state={{ from: location }} replace />;
  return (
    <main className="mx-auto w-full max-w-2xl space-y-6 px-4 py-10 sm:px-6 sm:py-14">
      <header>
        <h1 className="text-3xl font-extrabold tracking-tight text-gray-900">Notifications</h1>
        <p className="mt-2 text-gray-600">Who followed your board and copied your blocks</p>
      </header>
      <NotificationList />
      <EmailNotificationsSwitch />
    </main>
  );
}
