import { lazy, Suspense } from 'react';
import { loadChunk } from '../../lib/load-chunk';
import { useToasts } from './use-toast';

const Toaster = lazy(() =>
  loadChunk(() => import('./toaster')).then((m) => ({ default: m.Toaster })),
);

/** The notification area's code is fetched with the first notification, not with every page. */
export function LazyToaster() {
  const hasToasts = useToasts().length > 0;
  return hasToasts ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}
