import { cva, type VariantProps } from 'class-variance-authority';
import { Slot } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/utils';

// The base is `.btn` (controls.css, in the components layer, so any utility wins over it). Each
// utility comes from one place only (variant, size or align): class names are joined, not merged,
// so a second utility of the same kind would not reliably win.
export const buttonVariants = cva('btn', {
  variants: {
    variant: {
      default: 'bg-violet-700 text-white hover:bg-violet-800 focus-visible:ring-violet-500',
      destructive: 'bg-red-700 text-white hover:bg-red-800 focus-visible:ring-violet-500',
      outline:
        'border border-gray-300 bg-white text-gray-900 hover:bg-gray-100 focus-visible:ring-violet-500',
      'destructive-outline':
        'border border-red-300 bg-white text-red-700 hover:bg-red-50 focus-visible:ring-violet-500',
      secondary: 'bg-gray-100 text-gray-900 hover:bg-gray-200 focus-visible:ring-violet-500',
      ghost: 'text-gray-800 hover:bg-gray-100 focus-visible:ring-violet-500',
      subtle: 'text-gray-700 hover:bg-gray-100 focus-visible:ring-violet-500',
      link: 'text-violet-700 underline-offset-4 hover:underline focus-visible:ring-violet-500',
      // On the violet gradient of a call to action.
      inverse:
        'bg-white text-violet-800 hover:bg-violet-50 focus-visible:ring-white focus-visible:ring-offset-violet-700',
    },
    size: {
      default: 'h-10 px-4 py-2 text-sm',
      sm: 'h-9 px-3 text-sm',
      // A card's actions: room for two side by side.
      compact: 'h-9 px-2.5 text-sm',
      // The top navigation's, padded like its links.
      nav: 'h-9 px-1.5 text-sm sm:px-3',
      lg: 'h-11 px-6 text-base',
      icon: 'size-10 text-sm',
      'icon-sm': 'size-9 text-sm',
    },
    align: {
      center: 'justify-center',
      start: 'justify-start',
    },
  },
  defaultVariants: { variant: 'default', size: 'default', align: 'center' },
});

type ButtonProps = ComponentProps<'button'> &
  VariantProps<typeof buttonVariants> & { asChild?: boolean };

export function Button({
  className,
  variant,
  size,
  align,
  asChild = false,
  ...props
}: ButtonProps) {
  const Component = asChild ? Slot.Root : 'button';
  return (
    <Component className={cn(buttonVariants({ variant, size, align }), className)} {...props} />
  );
}
