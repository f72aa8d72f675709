import { cn } from '../../../lib/utils';
import type { BlockImageRatio } from '../block-rules';

const ratioLabels: Record<BlockImageRatio, string> = {
  // "auto": the block follows the board-wide ratio chosen on the dashboard's toolbar.
  auto: 'Board ratio',
  square: 'Square (1:1)',
  wide: 'Wide (16:9)',
  tall: 'Tall (3:4)',
};

type RatioChoiceProps<Value extends BlockImageRatio> = {
  legend: string;
  options: readonly Value[];
  value: Value;
  onChange: (ratio: Value) => void;
};

export function RatioChoice<Value extends BlockImageRatio>({
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
