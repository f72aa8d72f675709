import { ArrowLeftIcon, ChevronDownIcon, ChevronUpIcon, Icon } from 'lucide-react';
import { type ReactNode, useRef } from 'react';
import { type BlockTypeKey, blockTypes, findBlockType } from '../../../../schema/catalogue';
import { type CategoryKey, categories } from '../../../../schema/categories';
import { Button } from '../../../components/ui/button';
import { catalogueIcon } from '../../../lib/block-looks';
import { cn } from '../../../lib/utils';
import { tintFor } from './category-styles';

const scrollStepPx = 150;

type BlockTypePickerProps = {
  category: CategoryKey | null;
  type: BlockTypeKey | null;
  onCategoryChange: (category: CategoryKey | null) => void;
  onTypeChange: (type: BlockTypeKey | null) => void;
  error?: string;
};

/** Step 1 picks a category, step 2 a type; "Back" clears the category, "Change" the type. */
export function BlockTypePicker(props: BlockTypePickerProps) {
  const { category, type, error } = props;
  return (
    <div className="space-y-2">
      {!category && <CategoryStep onPick={props.onCategoryChange} />}
      {category && !type && (
        <TypeStep
          category={category}
          onPick={props.onTypeChange}
          onBack={() => props.onCategoryChange(null)}
        />
      )}
      {category && type && <ChosenType type={type} onChange={() => props.onTypeChange(null)} />}
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

function CategoryStep({ onPick }: { onPick: (category: CategoryKey) => void }) {
  return (
    <section className="space-y-2">
      <h3 className="text-sm font-medium text-gray-900">Choose a category</h3>
      <ScrollList name="categories">
        {categories.map((c, index) => (
          <li key={c.key}>
            <button
              type="button"
              onClick={() => onPick(c.key)}
              className={pickerItemClassName}
              data-autofocus={index === 0 ? true : undefined}
            >
              <span
                className={cn(
                  'flex size-8 shrink-0 items-center justify-center rounded-md',
                  tintFor(c.key),
                )}
              >
                <Icon icon={catalogueIcon(c.icon)} aria-hidden className="size-4" />
              </span>
              <span className="min-w-0">
                <span className="block font-medium text-gray-900">{c.label}</span>
                <span className="block text-xs text-gray-600">{c.description}</span>
              </span>
            </button>
          </li>
        ))}
      </ScrollList>
    </section>
  );
}

function TypeStep({
  category,
  onPick,
  onBack,
}: {
  category: CategoryKey;
  onPick: (type: BlockTypeKey) => void;
  onBack: () => void;
}) {
  const categoryLabel = categories.find((c) => c.key === category)?.label;
  return (
    <section className="space-y-2">
      <div className="flex items-center justify-between gap-2">
        <h3 className="text-sm font-medium text-gray-900">Choose a type: {categoryLabel}</h3>
        <Button type="button" variant="ghost" size="sm" onClick={onBack}>
          <ArrowLeftIcon aria-hidden />
          Back
        </Button>
      </div>
      <ScrollList name="types">
        {blockTypes
          .filter((t) => t.category === category)
          .map((t) => (
            <li key={t.key}>
              <button type="button" onClick={() => onPick(t.key)} className={pickerItemClassName}>
                <span
                  className={cn(
                    'flex size-8 shrink-0 items-center justify-center rounded-md',
                    tintFor(t.category),
                  )}
                >
                  <Icon icon={catalogueIcon(t.icon)} aria-hidden className="size-4" />
                </span>
                <span className="font-medium text-gray-900">{t.label}</span>
              </button>
            </li>
          ))}
      </ScrollList>
    </section>
  );
}

function ChosenType({ type, onChange }: { type: BlockTypeKey; onChange: () => void }) {
  const chosen = findBlockType(type);
  if (!chosen) return null;
  const categoryLabel = categories.find((c) => c.key === chosen.category)?.label;
  return (
    <div className="flex items-center gap-3 rounded-lg border border-gray-200 bg-gray-50 p-3">
      <span
        className={cn(
          'flex size-10 shrink-0 items-center justify-center rounded-md',
          tintFor(chosen.category),
        )}
      >
        <Icon icon={catalogueIcon(chosen.icon)} aria-hidden className="size-5" />
      </span>
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium text-gray-900">{chosen.label}</p>
        <p className="truncate text-xs text-gray-600">{categoryLabel}</p>
      </div>
      <Button type="button" variant="outline" size="sm" onClick={onChange}>
        Change
      </Button>
    </div>
  );
}

const pickerItemClassName =
  'flex w-full items-center gap-3 rounded-lg border border-gray-200 bg-white p-3 text-left text-sm transition-colors hover:border-violet-500 hover:bg-violet-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-violet-500';

function ScrollList({ name, children }: { name: string; children: ReactNode }) {
  const listRef = useRef<HTMLUListElement>(null);
  const scrollBy = (direction: 1 | -1) =>
    listRef.current?.scrollBy({ top: direction * scrollStepPx, behavior: 'smooth' });
  return (
    <div className="flex flex-col gap-1">
      <Button
        type="button"
        variant="ghost"
        size="sm"
        aria-label={`Scroll ${name} up`}
        // A pointer's shortcut: keyboard users reach every item with Tab, which scrolls the list.
        tabIndex={-1}
        onClick={() => scrollBy(-1)}
      >
        <ChevronUpIcon aria-hidden />
      </Button>
      <ul
        ref={listRef}
        className="grid h-[350px] auto-rows-min content-start gap-2 overflow-y-auto rounded-lg border border-gray-200 bg-gray-50 p-2 sm:grid-cols-2"
      >
        {children}
      </ul>
      <Button
        type="button"
        variant="ghost"
        size="sm"
        aria-label={`Scroll ${name} down`}
        tabIndex={-1}
        onClick={() => scrollBy(1)}
      >
        <ChevronDownIcon aria-hidden />
      </Button>
    </div>
  );
}
