import { XIcon } from 'lucide-react';
import { Toast } from 'radix-ui';
import { cn } from '../../lib/utils';
import { dismissToast, useToasts } from './use-toast';

/**
 * Radix's defaults are the notifications' rules: 5000 ms on screen, swipe right 50 px to dismiss,
 * F8 to focus the notification area.
 */
export function Toaster() {
  const toasts = useToasts();
  return (
    <Toast.Provider swipeDirection="right">
      {toasts.map((t) => (
        <Toast.Root
          key={t.id}
          open={t.open}
          onOpenChange={(open) => !open && dismissToast(t.id)}
          className={cn(
            'pointer-events-auto relative flex w-full items-start justify-between gap-3 rounded-lg border p-4 pr-8 shadow-lg data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[state=closed]:opacity-0',
            t.variant === 'destructive'
              ? 'border-red-700 bg-red-700 text-white'
              : 'border-gray-200 bg-white text-gray-900',
          )}
        >
          <div className="grid gap-1">
            <Toast.Title className="text-sm font-semibold">{t.title}</Toast.Title>
            {t.description && (
              <Toast.Description className="text-sm opacity-90">{t.description}</Toast.Description>
            )}
            {t.action && (
              <Toast.Action
                altText={t.action.label}
                onClick={t.action.onSelect}
                className="mt-1 w-fit rounded-md border border-current px-3 py-1 text-sm font-medium hover:bg-gray-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-violet-500"
              >
                {t.action.label}
              </Toast.Action>
            )}
          </div>
          <Toast.Close
            aria-label="Close"
            className="absolute right-2 top-2 rounded-sm p-1 opacity-70 hover:opacity-100 focus-visible:outline-none focus-visible:ring-2"
          >
            <XIcon className="size-4" />
          </Toast.Close>
        </Toast.Root>
      ))}
      {/* Across the top of a phone's screen, under the site's bar (h-14, web/app/layout/top-nav.tsx)
          so its controls stay in reach, and clear of the cards' controls at the thumb; in the
          corner of a larger one. Only the notifications themselves take taps. */}
      <Toast.Viewport className="pointer-events-none fixed top-14 right-0 z-[100] flex w-full flex-col gap-2 p-4 sm:top-auto sm:bottom-0 sm:max-w-sm" />
    </Toast.Provider>
  );
}
