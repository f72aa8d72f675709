import { categoryHue } from '../../../../schema/categories';

/** Each category's hue (schema/categories.ts) as classes; written out in full so Tailwind finds them. */
const hueTint: Record<ReturnType<typeof categoryHue>, string> = {
  blue: 'bg-blue-100 text-blue-800',
  emerald: 'bg-emerald-100 text-emerald-800',
  amber: 'bg-amber-100 text-amber-800',
  rose: 'bg-rose-100 text-rose-800',
  violet: 'bg-violet-100 text-violet-800',
  orange: 'bg-orange-100 text-orange-800',
  sky: 'bg-sky-100 text-sky-800',
  gray: 'bg-gray-100 text-gray-800',
};

export function tintFor(category: string): string {
  return hueTint[categoryHue(category)];
}
