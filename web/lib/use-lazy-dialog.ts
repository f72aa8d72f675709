import { useRef, useState } from 'react';
import { needsAppAttribute } from './page-actions';
import { usePendingAction } from './use-pending-action';

/**
 * A button's dialog whose code (`load`) comes with the first press, or the pointer's or focus's
 * approach, never with the page. A press made on a server-drawn page before the app started
 * (`action`) opens it once the button is live. The dialog is mounted from its first opening on, so
 * closing it animates and gives the focus back to the button.
 */
export function useLazyDialog(action: string, load: () => Promise<unknown>) {
  const [open, setOpen] = useState(false);
  const [mounted, setMounted] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const show = () => {
    setMounted(true);
    setOpen(true);
  };
  usePendingAction(action, show);
  return {
    mounted,
    buttonProps: {
      ref: button,
      'aria-haspopup': 'dialog' as const,
      onClick: show,
      onPointerEnter: () => void load(),
      onFocus: () => void load(),
      [needsAppAttribute]: action,
    },
    dialogProps: {
      open,
      onOpenChange: setOpen,
      onCloseAutoFocus: (event: Event) => {
        event.preventDefault();
        button.current?.focus();
      },
    },
  };
}
