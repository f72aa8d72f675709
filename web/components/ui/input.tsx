import type { ComponentProps } from 'react';
import { cn } from '../../lib/utils';

/**
 * A text field's border, padding, colours and focus ring. Its corners, height, background and
 * type size are each field's own: the discover search is a pill, the embed code small and grey.
 */
export const fieldClassName =
  'w-full border border-gray-300 px-3 py-2 text-gray-900 placeholder:text-gray-500 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-violet-500 disabled:opacity-50 aria-invalid:border-red-600';

// The forms' fields.
const formFieldClassName = 'rounded-md bg-white text-base sm:text-sm';

export function Input({ className, ...props }: ComponentProps<'input'>) {
  return <input className={cn(fieldClassName, formFieldClassName, 'h-10', className)} {...props} />;
}

export function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  return (
    <textarea
      className={cn(fieldClassName, formFieldClassName, 'min-h-20', className)}
      {...props}
    />
  );
}
