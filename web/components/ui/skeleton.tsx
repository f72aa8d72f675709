import type { ComponentProps } from 'react';
import { cn } from '../../lib/utils';

export function Skeleton({
  className,
  circle = false,
  ...props
}: ComponentProps<'div'> & { circle?: boolean }) {
  return (
    <div
      className={cn('animate-pulse bg-gray-200', circle ? 'rounded-full' : 'rounded-md', className)}
      {...props}
    />
  );
}
