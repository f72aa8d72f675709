import { useId, useState } from 'react';
import { type AccentColour, accentColours, accentLabels } from '../../../../schema/accents';
import type { ImageRatio } from '../../../../schema/block-values';
import { Label } from '../../../components/ui/label';
import { Switch } from '../../../components/ui/switch';
import { toast } from '../../../components/ui/use-toast';
import { useUpdateBoardSettings } from '../api/update-board-settings';

const ratioChoices: { value: ImageRatio; label: string; name: string }[] = [
  { value: 'square', label: '1:1', name: 'Square' },
  { value: 'wide', label: '16:9', name: 'Wide' },
  { value: 'tall', label: '9:16', name: 'Tall' },
];

type BoardLook = { globalImageRatio: ImageRatio; hideAllImages: boolean; accent: AccentColour };

/** Board-wide display choices, saved as soon as they change. */
export function BoardToolbar({ board }: { board: BoardLook }) {
  const update = useUpdateBoardSettings();
  const hideImagesId = useId();
  // The query cache tells the dashboard of a change a tick after the click, and until then React
  // would put a controlled radio back: the choice shows at once, until the cache hands a new board.
  const [choice, setChoice] = useState<{ change: Partial<BoardLook>; over: BoardLook } | null>(
    null,
  );
  const shown = choice?.over === board ? { ...board, ...choice.change } : board;
  const save = (change: Partial<BoardLook>) => {
    setChoice({ change, over: board });
    update.mutate(change, {
      onError: () =>
        toast({
          title: 'Error',
          description: 'Failed to update board settings. Please try again.',
          variant: 'destructive',
        }),
    });
  };

  return (
    <div className="flex flex-wrap items-center gap-x-6 gap-y-3 rounded-xl border border-gray-200 bg-white px-4 py-3">
      <fieldset className="flex items-center gap-3">
        <legend className="float-left mr-3 text-sm font-medium text-gray-900">Image ratio</legend>
        <div className="flex rounded-lg bg-gray-100 p-1">
          {ratioChoices.map((ratio) => (
            <label key={ratio.value} title={ratio.name} className="relative">
              <input
                type="radio"
                name="board-image-ratio"
                value={ratio.value}
                checked={shown.globalImageRatio === ratio.value}
                onChange={() => save({ globalImageRatio: ratio.value })}
                className="peer absolute inset-0 z-10 size-full cursor-pointer opacity-0"
              />
              <span className="block cursor-pointer rounded-md px-3 py-1.5 text-sm font-medium text-gray-700 peer-checked:bg-white peer-checked:text-violet-800 peer-checked:shadow-sm peer-focus-visible:ring-2 peer-focus-visible:ring-violet-500">
                {ratio.label}
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset className="flex items-center gap-3">
        <legend className="float-left mr-3 text-sm font-medium text-gray-900">Board colour</legend>
        <div className="flex flex-wrap gap-1.5">
          {accentColours.map((accent) => (
            <label
              key={accent}
              data-accent={accent}
              title={accentLabels[accent]}
              className="relative"
            >
              <input
                type="radio"
                name="board-accent"
                value={accent}
                checked={shown.accent === accent}
                onChange={() => save({ accent })}
                aria-label={accentLabels[accent]}
                className="peer absolute inset-0 z-10 size-full cursor-pointer opacity-0"
              />
              <span className="block size-7 cursor-pointer rounded-full border-2 border-white bg-accent ring-1 ring-gray-300 peer-checked:ring-2 peer-checked:ring-gray-900 peer-focus-visible:ring-2 peer-focus-visible:ring-violet-500" />
            </label>
          ))}
        </div>
      </fieldset>
      <div className="flex items-center gap-2">
        <Switch
          id={hideImagesId}
          checked={shown.hideAllImages}
          onCheckedChange={(hideAllImages) => save({ hideAllImages })}
        />
        <Label htmlFor={hideImagesId}>Hide images</Label>
      </div>
    </div>
  );
}
