import { SearchIcon } from 'lucide-react';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { fieldClassName } from '../../../components/ui/input';
import { cn } from '../../../lib/utils';

const searchDelayMs = 300;

type DiscoverSearchProps = {
  /** The search in the URL (`?q=`). */
  query: string;
  /** The category in the URL, which a search sent with no script keeps. */
  category: string | null;
  onQueryChange: (query: string) => void;
};

/**
 * What was typed into the field the server drew before the app took the page over (the same id
 * on both): the app goes on from there rather than empty it. Null elsewhere.
 */
function typedBeforeApp(id: string): string | null {
  if (typeof document === 'undefined') return null;
  const field = document.getElementById(id);
  return field instanceof HTMLInputElement ? field.value : null;
}

/**
 * Typing updates the search once the person pauses; Enter applies it at once. With no script, the
 * form itself asks for `/discover?q=`, which the server renders.
 */
export function DiscoverSearch({ query, category, onQueryChange }: DiscoverSearchProps) {
  const id = useId();
  const [text, setText] = useState(() => typedBeforeApp(id) ?? query);
  const [followedQuery, setFollowedQuery] = useState(query);
  // The URL can change without typing (Clear Search, the back button): show what it says.
  if (query !== followedQuery) {
    setFollowedQuery(query);
    if (query !== text.trim()) setText(query);
  }

  useEffect(() => {
    const next = text.trim();
    if (next === query) return;
    const timer = setTimeout(() => onQueryChange(next), searchDelayMs);
    return () => clearTimeout(timer);
  }, [text, query, onQueryChange]);

  const applyNow = (event: FormEvent) => {
    event.preventDefault();
    onQueryChange(text.trim());
  };

  return (
    <search className="relative mx-auto block w-full max-w-xl">
      <form action="/discover" method="get" onSubmit={applyNow}>
        {category && <input type="hidden" name="category" value={category} />}
        <label htmlFor={id} className="sr-only">
          Search boards
        </label>
        <SearchIcon
          aria-hidden
          className="pointer-events-none absolute top-1/2 left-3.5 size-5 -translate-y-1/2 text-gray-500"
        />
        <input
          id={id}
          type="search"
          name="q"
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder="Search names, bios and blocks"
          maxLength={100}
          autoComplete="off"
          className={cn(
            fieldClassName,
            'h-12 rounded-full bg-white pl-11 text-base shadow-sm sm:text-sm',
          )}
        />
      </form>
    </search>
  );
}
