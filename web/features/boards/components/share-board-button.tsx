import { Share2Icon } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { loadChunk } from '../../../lib/load-chunk';
import { needsAppAttribute } from '../../../lib/page-actions';
import { usePendingAction } from '../../../lib/use-pending-action';
import type { ShareBoardDialogProps } from './share-board-dialog';

// The dialog and the QR code library come with the first press (or the pointer's approach), never
// with the page: most owners rarely share, and the board page stays light.
const loadDialog = () => loadChunk(() => import('./share-board-dialog'));
const ShareBoardDialog = lazy(() => loadDialog().then((m) => ({ default: m.ShareBoardDialog })));

const shareAction = 'share-board';

type ShareBoardButtonProps = Omit<
  ShareBoardDialogProps,
  'open' | 'onOpenChange' | 'onCloseAutoFocus'
> & {
  label?: string;
  className?: string;
};

/** Opens the board's share dialog: its link to send or copy, and its QR code to show or download. */
export function ShareBoardButton({ label = 'Share', className, ...board }: ShareBoardButtonProps) {
  const [open, setOpen] = useState(false);
  // Mounted from the first opening on, so closing it animates and gives focus back to this button.
  const [mounted, setMounted] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const show = () => {
    setMounted(true);
    setOpen(true);
  };

  // Pressed on a board page before the app had started: opened now that this button is live.
  usePendingAction(shareAction, show);

  return (
    <>
      <Button
        ref={button}
        type="button"
        variant="outline"
        align="start"
        className={className}
        aria-haspopup="dialog"
        onClick={show}
        onPointerEnter={() => void loadDialog()}
        onFocus={() => void loadDialog()}
        {...{ [needsAppAttribute]: shareAction }}
      >
        <Share2Icon aria-hidden />
        {label}
      </Button>
      {mounted && (
        <Suspense fallback={null}>
          <ShareBoardDialog
            {...board}
            open={open}
            onOpenChange={setOpen}
            onCloseAutoFocus={(event) => {
              event.preventDefault();
              button.current?.focus();
            }}
          />
        </Suspense>
      )}
    </>
  );
}
