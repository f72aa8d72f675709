import type { ComponentProps } from 'react';
import { cn } from '../../lib/utils';

export function Badge({ className, ...props }: ComponentProps<'span'>) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full border border-gray-300 bg-gray-50 px-2.5 py-0.5 text-xs font-medium text-gray-800',
        className,
      )}
      {...props}
    />
  );
}
