import { Suspense, useEffect, useRef } from 'react';
import { Outlet } from 'react-router-dom';
import { Spinner } from '../../components/ui/spinner';
import { useSignOutOnArrival } from '../../lib/auth';
import { markAppReady } from '../../lib/page-actions';
import { useFocusHeadingOnNavigate } from './focus-heading';
import { TopNav } from './top-nav';

export function ScreenFallback() {
  return (
    <div className="flex min-h-[50vh] items-center justify-center">
      <Spinner />
    </div>
  );
}

/**
 * Once the screen is hydrated, the app handles its controls: the page's first script stops holding
 * on to presses for it (worker/render/app-shell.ts). Inside the screen's Suspense boundary, which a
 * rendered page hydrates in a pass after the root's: marked with the root, a press in between
 * reached a screen React had not committed yet, and was lost.
 */
function AppReady() {
  useEffect(markAppReady, []);
  return null;
}

/**
 * Every screen but the embed: the top navigation above the page, and a skip link (the first thing
 * a keyboard reaches) that jumps past it to the screen itself. Moving to another screen focuses
 * its heading.
 */
export function SiteLayout() {
  useSignOutOnArrival();
  const content = useRef<HTMLDivElement>(null);
  useFocusHeadingOnNavigate(content);
  return (
    <div className="min-h-dvh bg-gray-50 text-gray-900">
      <a
        href="#content"
        className="sr-only rounded-md bg-white px-4 py-2 text-sm font-semibold text-violet-800 shadow-lg focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:outline-none focus:ring-2 focus:ring-violet-500"
      >
        Skip to content
      </a>
      <TopNav />
      {/* Focusable by the skip link only, so the next Tab starts inside the screen. */}
      <div id="content" ref={content} tabIndex={-1} className="outline-none">
        <Suspense fallback={<ScreenFallback />}>
          <Outlet />
          <AppReady />
        </Suspense>
      </div>
    </div>
  );
}
