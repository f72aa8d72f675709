import type { ReactNode } from 'react';
import { Skeleton } from './skeleton';

type ListSectionProps = {
  /** The heading's id, naming the section. */
  id: string;
  heading: string;
  /** What is loaded so far: undefined until the first answer. */
  items: readonly unknown[] | undefined;
  isError: boolean;
  retry: () => unknown;
  /** Said when the list could not be loaded, before Try Again. */
  failure: string;
  /** Said when the list is empty. */
  empty: string;
  /** The list, drawn once it holds something. */
  children: ReactNode;
};

/** A dashboard section that loads a list: a skeleton first, the failure with Try Again, or its empty line. */
export function ListSection({
  id,
  heading,
  items,
  isError,
  retry,
  failure,
  empty,
  children,
}: ListSectionProps) {
  return (
    <section aria-labelledby={id} className="space-y-3">
      <h2 id={id} className="text-sm font-semibold text-gray-900">
        {heading}
      </h2>
      {!items && !isError && <Skeleton className="h-10 w-full" />}
      {isError && !items && (
        <p className="text-sm text-gray-700">
          {failure}{' '}
          <button
            type="button"
            onClick={() => retry()}
            className="font-medium text-violet-700 hover:underline"
          >
            Try Again
          </button>
        </p>
      )}
      {items?.length === 0 && <p className="text-sm text-gray-600">{empty}</p>}
      {items && items.length > 0 && children}
    </section>
  );
}
