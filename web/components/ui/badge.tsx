import type { ComponentProps } from 'react';
import { cn } from '../../lib/utils';

/** A pill label; its `className` gives the colours (border, background and text). */
export function Badge({ className, ...props }: ComponentProps<'span'>) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-medium',
        className,
      )}
      {...props}
    />
  );
}
