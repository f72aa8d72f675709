import { Loader2Icon } from 'lucide-react';
import { cn } from '../../lib/utils';

const sizes = { sm: 'size-4', md: 'size-6', lg: 'size-8' } as const;
// inverse: on a violet background, such as a default button's.
const tones = { brand: 'text-violet-700', inverse: 'text-white' } as const;

export function Spinner({
  size = 'md',
  tone = 'brand',
  label = 'Loading',
}: {
  size?: keyof typeof sizes;
  tone?: keyof typeof tones;
  label?: string;
}) {
  return (
    <span role="status" className="inline-flex items-center">
      <Loader2Icon aria-hidden className={cn(sizes[size], 'animate-spin', tones[tone])} />
      <span className="sr-only">{label}</span>
    </span>
  );
}
