import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
import { BlockCard } from '../../features/blocks/components/block-card';
import { DiscoverResults } from '../../features/discover/components/discover-results';
import { DiscoverSearch } from '../../features/discover/components/discover-search';
import { useDocumentTitle } from '../../lib/use-document-title';

export function DiscoverScreen() {
  const [params, setParams] = useSearchParams();
  const query = params.get('q')?.trim() ?? '';
  // Replacing the entry keeps the back button from stepping through every keystroke.
  const setQuery = useCallback(
    (next: string) => {
      // A search that settles after the person followed a link must not pull them back here.
      if (window.location.pathname !== '/discover') return;
      setParams(next ? { q: next } : {}, { replace: true });
    },
    [setParams],
  );
  const clearSearch = useCallback(() => setQuery(''), [setQuery]);

  useDocumentTitle('Discover Boards');

  return (
    <main className="mx-auto w-full max-w-6xl px-4 py-10 sm:px-6 sm:py-14">
      <header className="mb-8 text-center sm:mb-10">
        <h1 className="text-3xl font-extrabold tracking-tight text-gray-900 sm:text-4xl">
          Discover Boards
        </h1>
        <p className="mt-2 text-base text-gray-600 sm:text-lg">See what people are up to</p>
      </header>
      <div className="mb-8">
        <DiscoverSearch query={query} onQueryChange={setQuery} />
      </div>
      <DiscoverResults
        query={query}
        onClearSearch={clearSearch}
        renderBlock={(block, board) => <BlockCard block={block} board={board} viewMode="auto" />}
      />
    </main>
  );
}
