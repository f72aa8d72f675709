import { Loader2Icon } from 'lucide-react';
import { cn } from '../../lib/utils';

export function Spinner({ className, label = 'Loading' }: { className?: string; label?: string }) {
  return (
    <span role="status" className="inline-flex items-center">
      <Loader2Icon aria-hidden className={cn('size-6 animate-spin text-violet-700', className)} />
      <span className="sr-only">{label}</span>
    </span>
  );
}
