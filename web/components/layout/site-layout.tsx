import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { useSignOutOnArrival } from '../../lib/auth';
import { Spinner } from '../ui/spinner';
import { TopNav } from './top-nav';

export function ScreenFallback() {
  return (
    <div className="flex min-h-[50vh] items-center justify-center">
      <Spinner />
    </div>
  );
}

/** Every screen but the embed: the top navigation above the page. */
export function SiteLayout() {
  useSignOutOnArrival();
  return (
    <div className="min-h-dvh bg-gray-50 text-gray-900">
      <TopNav />
      <Suspense fallback={<ScreenFallback />}>
        <Outlet />
      </Suspense>
    </div>
  );
}
