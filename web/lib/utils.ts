import { type ClassValue, clsx } from 'clsx';

/**
 * Joins class names. Nothing is merged: a `className` passed to a component adds to the
 * component's own classes, so it must not set what they already set (say a second padding or
 * text colour); a variant or prop of the component changes those.
 */
export function cn(...inputs: ClassValue[]): string {
  return clsx(inputs);
}
