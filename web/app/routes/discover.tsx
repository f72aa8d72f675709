import { useCallback, useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { type CategoryKey, categoryKeys } from '../../../schema/categories';
import { BlockCard } from '../../features/blocks/components/block-card';
import type { DiscoverFilter } from '../../features/discover/api/get-discover';
import { CategoryFilter } from '../../features/discover/components/category-filter';
import type { RenderDiscoverBlock } from '../../features/discover/components/discover-board-card';
import { DiscoverResults } from '../../features/discover/components/discover-results';
import { DiscoverSearch } from '../../features/discover/components/discover-search';
import { TrendingRow } from '../../features/discover/components/trending-row';
import { appAtOnceAttribute } from '../../lib/page-actions';
import { useDocumentTitle } from '../../lib/use-document-title';

/** A category named in a shared link, or null (all) for none or one that is not a category. */
function categoryIn(value: string | null): CategoryKey | null {
  return categoryKeys.find((key) => key === value) ?? null;
}

const renderBlock: RenderDiscoverBlock = (block, board) => (
  <BlockCard block={block} board={board} viewMode="auto" />
);

export function DiscoverScreen() {
  const [params, setParams] = useSearchParams();
  const filter: DiscoverFilter = {
    q: params.get('q')?.trim() ?? '',
    category: categoryIn(params.get('category')),
  };
  // The address as the last change left it: setSearchParams builds on the last render's, so two
  // changes before the next render (a search settling as a category is chosen) would keep one.
  const latest = useRef(params);
  useEffect(() => {
    latest.current = params;
  }, [params]);
  // The search and the category live in the URL, so a filtered Discover can be shared. Replacing
  // the entry keeps the back button from stepping through every keystroke.
  const setFilter = useCallback(
    (change: Partial<DiscoverFilter>) => {
      // A search that settles after the person followed a link must not pull them back here.
      if (window.location.pathname !== '/discover') return;
      const next = new URLSearchParams(latest.current);
      for (const [name, value] of Object.entries(change)) {
        if (value) next.set(name, value);
        else next.delete(name);
      }
      latest.current = next;
      setParams(next, { replace: true });
    },
    [setParams],
  );
  const setQuery = useCallback((q: string) => setFilter({ q }), [setFilter]);
  const setCategory = useCallback(
    (category: CategoryKey | null) => setFilter({ category }),
    [setFilter],
  );
  const clearFilters = useCallback(() => setFilter({ q: '', category: null }), [setFilter]);

  useDocumentTitle('Discover Boards');

  return (
    // Drawn by the server too, to read with no script; searching as one types takes the app,
    // which starts with the page.
    <main
      className="mx-auto w-full max-w-6xl px-4 py-10 sm:px-6 sm:py-14"
      {...{ [appAtOnceAttribute]: '' }}
    >
      <header className="mb-8 text-center sm:mb-10">
        <h1 className="text-3xl font-extrabold tracking-tight text-gray-900 sm:text-4xl">
          Discover Boards
        </h1>
        <p className="mt-2 text-base text-gray-600 sm:text-lg">See what people are up to</p>
      </header>
      <div className="mb-8 flex flex-col gap-6">
        <DiscoverSearch query={filter.q} category={filter.category} onQueryChange={setQuery} />
        <CategoryFilter value={filter.category} onChange={setCategory} />
      </div>
      {/* A search is after particular boards: the week's trends would only push them down. */}
      {filter.q === '' && <TrendingRow category={filter.category} renderBlock={renderBlock} />}
      <DiscoverResults filter={filter} onClearSearch={clearFilters} renderBlock={renderBlock} />
    </main>
  );
}
