import { XIcon } from 'lucide-react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/utils';

export const Dialog = DialogPrimitive.Root;
export const DialogClose = DialogPrimitive.Close;

const contentSizes = {
  default: 'max-w-lg gap-4 p-6 [--dialog-pad:1.5rem]',
  // The block editor: wider, with less padding on phones.
  wide: 'max-w-2xl gap-5 p-4 sm:p-6 [--dialog-pad:1rem] sm:[--dialog-pad:1.5rem]',
} as const;

export function DialogContent({
  className,
  children,
  size = 'default',
  ...props
}: ComponentProps<typeof DialogPrimitive.Content> & { size?: keyof typeof contentSizes }) {
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/60" />
      <DialogPrimitive.Content
        className={cn(
          // One column no wider than the dialog, whose long words wrap: a long title inside never
          // widens it past its own actions.
          // Its scroll padding is the sticky footer's height (two stacked buttons on a phone, one
          // row wider up): a field focused or told wrong is scrolled clear of the footer.
          'fixed left-1/2 top-1/2 z-50 grid max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 grid-cols-[minmax(0,1fr)] overflow-y-auto scroll-pb-36 rounded-xl bg-white shadow-xl wrap-break-word sm:scroll-pb-24',
          contentSizes[size],
          className,
        )}
        {...props}
      >
        {children}
        <DialogPrimitive.Close
          className="absolute right-4 top-4 rounded-sm p-1 text-gray-600 hover:text-gray-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-violet-500"
          aria-label="Close"
        >
          <XIcon className="size-4" />
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

export function DialogHeader({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('space-y-1.5 pr-6', className)} {...props} />;
}

/** Held at the dialog's bottom edge while the content above it scrolls, so its actions stay in view. */
export function DialogFooter({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      className={cn(
        'sticky bottom-0 mb-[calc(-1*var(--dialog-pad))] flex flex-col-reverse gap-2 bg-white pb-(--dialog-pad) pt-2 sm:flex-row sm:justify-end',
        className,
      )}
      {...props}
    />
  );
}

export function DialogTitle({ className, ...props }: ComponentProps<typeof DialogPrimitive.Title>) {
  return <DialogPrimitive.Title className={cn('text-lg font-semibold', className)} {...props} />;
}

export function DialogDescription({
  className,
  ...props
}: ComponentProps<typeof DialogPrimitive.Description>) {
  return (
    <DialogPrimitive.Description className={cn('text-sm text-gray-600', className)} {...props} />
  );
}
