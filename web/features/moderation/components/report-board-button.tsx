import { FlagIcon } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { loadChunk } from '../../../lib/load-chunk';
import { needsAppAttribute } from '../../../lib/page-actions';
import { usePendingAction } from '../../../lib/use-pending-action';

// The dialog comes with the first press (or the pointer's approach), never with the page.
const loadDialog = () => loadChunk(() => import('./report-dialog'));
const ReportDialog = lazy(() => loadDialog().then((m) => ({ default: m.ReportDialog })));

const reportAction = 'report-board';

/** Opens the form that reports the board to the moderators. */
export function ReportBoardButton({ username }: { username: string }) {
  const [open, setOpen] = useState(false);
  const [mounted, setMounted] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const show = () => {
    setMounted(true);
    setOpen(true);
  };

  // Pressed on a board page before the app had started: opened now that this button is live.
  usePendingAction(reportAction, show);

  return (
    <>
      <Button
        ref={button}
        type="button"
        variant="ghost"
        aria-haspopup="dialog"
        onClick={show}
        onPointerEnter={() => void loadDialog()}
        onFocus={() => void loadDialog()}
        {...{ [needsAppAttribute]: reportAction }}
      >
        <FlagIcon aria-hidden />
        Report
      </Button>
      {mounted && (
        <Suspense fallback={null}>
          <ReportDialog
            username={username}
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
