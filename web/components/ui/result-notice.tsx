import { cn } from '../../lib/utils';

/** How an action in a card or dialog went: read out as a status, or as an alert when it failed. */
export type ResultNotice = { message: string; failed: boolean };

/** How a section hands its outcome to the card or dialog that shows the notice. */
export type ReportResult = (message: string, failed?: boolean) => void;

export function ResultNoticeLine({ notice }: { notice: ResultNotice | null }) {
  if (!notice) return null;
  return (
    <p
      role={notice.failed ? 'alert' : 'status'}
      className={cn(
        'rounded-md px-3 py-2 text-sm',
        notice.failed ? 'bg-red-50 text-red-800' : 'bg-emerald-50 text-emerald-900',
      )}
    >
      {notice.message}
    </p>
  );
}
