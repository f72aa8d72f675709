import { XIcon } from 'lucide-react';
import { Dialog as DialogPrimitive } from 'radix-ui';

type BlockImageViewerProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  src: string;
  title: string;
};

/** The block's image at full size; Escape or a click on the dark overlay closes it. */
export function BlockImageViewer({ open, onOpenChange, src, title }: BlockImageViewerProps) {
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        {/* Closed on click, not on pointer-down: the click would otherwise land on the page below. */}
        <DialogPrimitive.Overlay
          className="fixed inset-0 z-50 bg-black/85"
          onClick={() => onOpenChange(false)}
        />
        <DialogPrimitive.Content
          aria-describedby={undefined}
          onPointerDownOutside={(event) => event.preventDefault()}
          className="fixed left-1/2 top-1/2 z-50 -translate-x-1/2 -translate-y-1/2 focus-visible:outline-none"
        >
          <DialogPrimitive.Title className="sr-only">{title}</DialogPrimitive.Title>
          <img
            src={src}
            alt={title}
            className="max-h-[90dvh] max-w-[95vw] rounded-lg object-contain shadow-2xl"
          />
          <DialogPrimitive.Close
            aria-label="Close"
            className="absolute -top-3 -right-3 rounded-full bg-white p-1.5 text-gray-900 shadow focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-violet-500"
          >
            <XIcon aria-hidden className="size-4" />
          </DialogPrimitive.Close>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
