import type { ImageRatio } from '../../../../schema/images';
import { cn } from '../../../lib/utils';

const ratioLabels: Record<ImageRatio, string> = {
  square: 'Square (1:1)',
  wide: 'Wide (16:9)',
  tall: 'Tall (3:4)',
};

type RatioChoiceProps<Value extends string> = {
  legend: string;
  options: readonly ImageRatio[];
  value: Value;
  onChange: (ratio: ImageRatio) => void;
};

export function RatioChoice<Value extends string>({
  legend,
  options,
  value,
  onChange,
}: RatioChoiceProps<Value>) {
  return (
    <fieldset className="space-y-1.5">
      <legend className="text-sm font-medium text-gray-900">{legend}</legend>
      <div className="flex flex-wrap gap-2">
        {options.map((ratio) => (
          <button
            key={ratio}
            type="button"
            aria-pressed={value === ratio}
            onClick={() => onChange(ratio)}
            className={cn(
              'rounded-md border px-3 py-1.5 text-sm font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-violet-500',
              value === ratio
                ? 'border-violet-700 bg-violet-700 text-white'
                : 'border-gray-300 bg-white text-gray-800 hover:bg-gray-100',
            )}
          >
            {ratioLabels[ratio]}
          </button>
        ))}
      </div>
    </fieldset>
  );
}
