import { Tabs as TabsPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/utils';

export const Tabs = TabsPrimitive.Root;

/** inline: as wide as its tabs; grid: the caller sets the columns (and the width). */
export function TabsList({
  className,
  layout = 'inline',
  ...props
}: ComponentProps<typeof TabsPrimitive.List> & { layout?: 'inline' | 'grid' }) {
  return (
    <TabsPrimitive.List
      className={cn(
        layout === 'grid' ? 'grid' : 'inline-flex',
        'max-w-full items-center gap-1 overflow-x-auto rounded-lg bg-gray-100 p-1',
        className,
      )}
      {...props}
    />
  );
}

export function TabsTrigger({ className, ...props }: ComponentProps<typeof TabsPrimitive.Trigger>) {
  return (
    <TabsPrimitive.Trigger
      className={cn(
        'inline-flex items-center justify-center gap-1.5 whitespace-nowrap rounded-md px-3 py-1.5 text-sm font-medium text-gray-700 transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-violet-500 data-[state=active]:bg-white data-[state=active]:text-gray-900 data-[state=active]:shadow-sm',
        className,
      )}
      {...props}
    />
  );
}

/** Its distance from the tabs above is the caller's (`mt-4` on a board). */
export function TabsContent({ className, ...props }: ComponentProps<typeof TabsPrimitive.Content>) {
  return (
    <TabsPrimitive.Content className={cn('focus-visible:outline-none', className)} {...props} />
  );
}
