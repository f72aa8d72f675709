import { Button } from './button';
import { Spinner } from './spinner';

/** What an infinite query tells about its next page (TanStack Query's `useInfiniteQuery`). */
type NextPage = {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage: () => unknown;
};

/** The foot of a paged list: why the next page failed, and the button that asks for it. */
export function LoadMore({ pages, failure }: { pages: NextPage; failure: string }) {
  return (
    <>
      {pages.isFetchNextPageError && (
        <p role="alert" className="mt-6 text-center text-sm text-red-700">
          {failure}
        </p>
      )}
      {pages.hasNextPage && (
        <div className="mt-8 flex justify-center">
          <Button
            variant="outline"
            size="lg"
            onClick={() => pages.fetchNextPage()}
            disabled={pages.isFetchingNextPage}
          >
            {pages.isFetchingNextPage && <Spinner size="sm" label="Loading more" />}
            Load More
          </Button>
        </div>
      )}
    </>
  );
}
