import { useId, useState } from 'react';
import { type CategoryKey, categories } from '../../../../schema/categories';
import { filterPill, segmentRadio } from '../../../components/ui/segmented';

type CategoryFilterProps = {
  /** The category in the URL (`?category=`), or null for all. */
  value: CategoryKey | null;
  onChange: (category: CategoryKey | null) => void;
};

const choices = [{ key: 'all', label: 'All' } as const, ...categories];

/**
 * Narrows Discover's boards and its trending row to one category: radio pills, so the browser
 * gives the group its label, its arrow keys and its checked state.
 */
export function CategoryFilter({ value, onChange }: CategoryFilterProps) {
  const name = useId();
  // The URL takes a navigation to change: the pressed pill shows checked in the press's own frame,
  // and follows the URL whenever it changes (back and forward, a shared link, Clear Search).
  const [chosen, setChosen] = useState(value);
  const [inUrl, setInUrl] = useState(value);
  if (value !== inUrl) {
    setInUrl(value);
    setChosen(value);
  }
  return (
    <fieldset className="flex flex-wrap items-center justify-center gap-2">
      <legend className="mb-2 w-full text-center text-sm font-medium text-gray-700">
        Category
      </legend>
      {choices.map((choice) => (
        <label key={choice.key} className={filterPill}>
          <input
            type="radio"
            name={name}
            value={choice.key}
            checked={(chosen ?? 'all') === choice.key}
            onChange={() => {
              const category = choice.key === 'all' ? null : choice.key;
              setChosen(category);
              onChange(category);
            }}
            className={segmentRadio}
          />
          {choice.label}
        </label>
      ))}
    </fieldset>
  );
}
