import { Label as LabelPrimitive } from 'radix-ui';
import { useId } from 'react';
import type { UseFormRegister } from 'react-hook-form';
import { maxRating, maxReviewLength, ratingStep } from '../../../../schema/block-values';
import { FormField } from '../../../components/ui/form-field';
import { Textarea } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { ChoiceSelect } from '../../../components/ui/select';
import { Switch } from '../../../components/ui/switch';
import type { BlockFormValues } from '../block-form';

const noRating = 'none';

/** ½ to 5 in half steps, as the select offers them. */
const ratingOptions = [
  { value: noRating, label: 'No rating' },
  ...Array.from({ length: maxRating / ratingStep }, (_, index) => {
    const stars = (index + 1) * ratingStep;
    return { value: String(stars), label: `${stars} ${stars === 1 ? 'star' : 'stars'}` };
  }),
];

type BlockReviewFieldsProps = {
  register: UseFormRegister<BlockFormValues>;
  rating: number | null;
  review: string;
  isWide: boolean;
  errors: { rating?: string; review?: string };
  onChange: (change: { rating?: number | null; isWide?: boolean }) => void;
};

/** The owner's stars and a few words on the block, and whether the board features it wide. */
export function BlockReviewFields({
  register,
  rating,
  review,
  isWide,
  errors,
  onChange,
}: BlockReviewFieldsProps) {
  const ratingLabelId = useId();
  const wideId = useId();
  return (
    <div className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-[10rem_1fr]">
        <div className="space-y-1.5">
          <Label id={ratingLabelId}>Rating</Label>
          <ChoiceSelect
            aria-labelledby={ratingLabelId}
            value={rating === null ? noRating : String(rating)}
            onValueChange={(next) => onChange({ rating: next === noRating ? null : Number(next) })}
            options={ratingOptions}
          />
          {errors.rating && (
            <p role="alert" className="text-sm text-red-700">
              {errors.rating}
            </p>
          )}
        </div>
        <FormField
          label="Review"
          error={errors.review}
          hint={`${review.length}/${maxReviewLength} characters`}
        >
          {(control) => (
            <Textarea
              {...control}
              {...register('review')}
              rows={2}
              maxLength={maxReviewLength}
              placeholder="A few words on it"
            />
          )}
        </FormField>
      </div>
      <div className="flex items-center gap-2">
        <Switch
          id={wideId}
          checked={isWide}
          onCheckedChange={(checked) => onChange({ isWide: checked })}
        />
        <LabelPrimitive.Root htmlFor={wideId} className="text-sm text-gray-800">
          Feature it wide (two columns on the board)
        </LabelPrimitive.Root>
      </div>
    </div>
  );
}
