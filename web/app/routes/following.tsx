import { Navigate, useLocation } from 'react-router-dom';
import { BlockCard } from '../../features/blocks/components/block-card';
import { FollowingNews } from '../../features/follows/components/following-news';
import { useAuth } from '../../lib/auth';
import { useDocumentTitle } from '../../lib/use-document-title';
import { ScreenFallback } from '../layout/site-layout';

/** The news of the boards the signed-in person follows; signed out, it asks them to sign in. */
export function FollowingScreen() {
  const { user, isLoading } = useAuth();
  const location = useLocation();

  useDocumentTitle('Following');

  if (isLoading) return <ScreenFallback />;
  if (!user) return <Navigate to="/auth?tab=signin" state={{ from: location }} replace />;
  return (
    <main className="mx-auto w-full max-w-2xl px-4 py-10 sm:px-6 sm:py-14">
      <header className="mb-8">
        <h1 className="text-3xl font-extrabold tracking-tight text-gray-900">Following</h1>
        <p className="mt-2 text-gray-600">What the people you follow are up to</p>
      </header>
      <FollowingNews
        renderBlock={(item) => <BlockCard block={item.block} board={item.board} viewMode="auto" />}
      />
    </main>
  );
}
