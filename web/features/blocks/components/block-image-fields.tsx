import { useEffect, useRef, useState } from 'react';
import type { UseFormRegister } from 'react-hook-form';
import { type ImageRatio, imageRatios } from '../../../../schema/block-values';
import { ownImagePath } from '../../../../schema/fields';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { toast } from '../../../components/ui/use-toast';
import type { BlockFormValues } from '../block-form';
import { type BlockImageRatio, ratioAfterImageLoad } from '../block-rules';
import { AiImagePanel } from './ai-image-panel';
import { ImagePositionPreview } from './image-position-preview';
import { RatioChoice } from './ratio-choice';
import { UploadImageButton } from './upload-image-button';

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
  const inputRef = useRef<HTMLInputElement | null>(null);
  const focusInputNext = useRef(false);
  // An image the app stored (a generated one) is shown as itself: its path means nothing to people.
  const stored = ownImagePath.test(imageUrl.trim());
  const { ref: registerRef, ...imageUrlField } = register('imageUrl');

  // Replace and Remove take their own buttons away: focus goes on to the field that takes their place.
  useEffect(() => {
    if (stored || !focusInputNext.current) return;
    focusInputNext.current = false;
    inputRef.current?.focus();
  }, [stored]);

  function clearImage(change: Partial<BlockFormValues> = {}) {
    focusInputNext.current = true;
    onChange({ imageUrl: '', ...change });
  }

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
      {stored ? (
        <StoredImage
          src={imageUrl.trim()}
          error={error}
          onReplace={() => clearImage()}
          // The focal point was chosen for this image, not for the next one.
          onRemove={() => clearImage({ imagePosition: 'center' })}
        />
      ) : (
        <FormField label="Image URL" error={error}>
          {(control) => (
            <Input
              {...control}
              {...imageUrlField}
              ref={(element) => {
                registerRef(element);
                inputRef.current = element;
              }}
              type="url"
              inputMode="url"
              placeholder="https://"
            />
          )}
        </FormField>
      )}
      <UploadImageButton onUploaded={(url) => onChange({ imageUrl: url })} />
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

/** A stored image shown as itself, not as its internal path. */
function StoredImage({
  src,
  error,
  onReplace,
  onRemove,
}: {
  src: string;
  error?: string;
  onReplace: () => void;
  onRemove: () => void;
}) {
  return (
    <fieldset className="space-y-1.5">
      <legend className="text-sm font-medium text-gray-900">Image</legend>
      <div className="flex flex-wrap items-center gap-3">
        <img
          src={src}
          alt=""
          className="size-16 shrink-0 rounded-md border border-gray-200 bg-gray-100 object-cover"
        />
        <Button type="button" variant="outline" size="sm" onClick={onReplace}>
          Replace
        </Button>
        <Button type="button" variant="destructive-outline" size="sm" onClick={onRemove}>
          Remove
        </Button>
      </div>
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
