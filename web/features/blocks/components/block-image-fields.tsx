import { useEffect, useState } from 'react';
import type { UseFormRegister } from 'react-hook-form';
import { type ImageRatio, imageRatios } from '../../../../schema/block-values';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { toast } from '../../../components/ui/use-toast';
import type { BlockFormValues } from '../block-form';
import { type BlockImageRatio, ratioAfterImageLoad } from '../block-rules';
import { AiImagePanel } from './ai-image-panel';
import { ImagePositionPreview } from './image-position-preview';
import { RatioChoice } from './ratio-choice';

// Waits for typing to pause, so a half-typed URL is not fetched (and reported broken) per key.
const previewDelayMs = 500;
const previewableUrl = /^(https?:\/\/\S+|\/api\/images\/\S+)$/;

// "Board ratio" first: it is the default, and the one that keeps the board's cards alike.
const blockRatioChoices = ['auto', ...imageRatios] as const;

function useSettledValue<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

type BlockImageFieldsProps = {
  register: UseFormRegister<BlockFormValues>;
  imageUrl: string;
  ratio: BlockImageRatio;
  /** The board-wide ratio, which a block on "Board ratio" shows. */
  boardRatio: ImageRatio;
  position: string;
  /** Whether the block had an image when the dialog opened (then its ratio is never guessed). */
  hadImageUrl: boolean;
  error?: string;
  onChange: (change: Partial<BlockFormValues>) => void;
};

export function BlockImageFields({
  register,
  imageUrl,
  ratio,
  boardRatio,
  position,
  hadImageUrl,
  error,
  onChange,
}: BlockImageFieldsProps) {
  const previewUrl = useSettledValue(imageUrl.trim(), previewDelayMs);

  function guessRatio(image: HTMLImageElement) {
    const next = ratioAfterImageLoad({
      ratio,
      hadImageUrl,
      width: image.naturalWidth,
      height: image.naturalHeight,
    });
    if (next !== ratio) onChange({ imageAspectRatio: next });
  }

  return (
    <div className="space-y-3">
      <FormField label="Image URL" error={error}>
        {(control) => (
          <Input
            {...control}
            {...register('imageUrl')}
            type="url"
            inputMode="url"
            placeholder="https://"
          />
        )}
      </FormField>
      <AiImagePanel onGenerated={(url) => onChange({ imageUrl: url })} />
      <RatioChoice
        legend="Image aspect ratio"
        options={blockRatioChoices}
        value={ratio}
        onChange={(next) => onChange({ imageAspectRatio: next })}
      />
      {previewableUrl.test(previewUrl) && (
        <ImagePositionPreview
          key={previewUrl}
          src={previewUrl}
          ratio={ratio === 'auto' ? boardRatio : ratio}
          position={position}
          onPositionChange={(next) => onChange({ imagePosition: next })}
          onLoad={guessRatio}
          onError={() =>
            toast({
              title: 'Image failed to load',
              description: 'Check if the URL is valid and publicly accessible',
              variant: 'destructive',
            })
          }
        />
      )}
    </div>
  );
}
