import { FlagIcon } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Button } from '../../../components/ui/button';
import { loadChunk } from '../../../lib/load-chunk';
import { reportBoardAction } from '../../../lib/page-actions';
import { useLazyDialog } from '../../../lib/use-lazy-dialog';

// The dialog comes with the first press (or the pointer's approach), never with the page.
const loadDialog = () => loadChunk(() => import('./report-dialog'));
const ReportDialog = lazy(() => loadDialog().then((m) => ({ default: m.ReportDialog })));

/** Opens the form that reports the board to the moderators. */
export function ReportBoardButton({ username }: { username: string }) {
  const { mounted, buttonProps, dialogProps } = useLazyDialog(reportBoardAction, loadDialog);
  return (
    <>
      <Button type="button" variant="ghost" {...buttonProps}>
        <FlagIcon aria-hidden />
        Report
      </Button>
      {mounted && (
        <Suspense fallback={null}>
          <ReportDialog username={username} {...dialogProps} />
        </Suspense>
      )}
    </>
  );
}
