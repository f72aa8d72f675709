import { Share2Icon } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Button } from '../../../components/ui/button';
import { loadChunk } from '../../../lib/load-chunk';
import { useLazyDialog } from '../../../lib/use-lazy-dialog';
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
  const { mounted, buttonProps, dialogProps } = useLazyDialog(shareAction, loadDialog);
  return (
    <>
      <Button type="button" variant="outline" align="start" className={className} {...buttonProps}>
        <Share2Icon aria-hidden />
        {label}
      </Button>
      {mounted && (
        <Suspense fallback={null}>
          <ShareBoardDialog {...board} {...dialogProps} />
        </Suspense>
      )}
    </>
  );
}
