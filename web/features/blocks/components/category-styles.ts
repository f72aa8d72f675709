import type { CategoryKey } from '../../../../schema/categories';

/** Written out in full so Tailwind finds every class. */
const categoryTint: Record<CategoryKey, string> = {
  learning: 'bg-blue-100 text-blue-800',
  lifestyle: 'bg-emerald-100 text-emerald-800',
  work: 'bg-amber-100 text-amber-800',
  creative: 'bg-rose-100 text-rose-800',
  social: 'bg-violet-100 text-violet-800',
  building: 'bg-orange-100 text-orange-800',
  digital: 'bg-sky-100 text-sky-800',
};

const neutralTint = 'bg-gray-100 text-gray-800';

export function tintFor(category: string): string {
  return categoryTint[category as CategoryKey] ?? neutralTint;
}
