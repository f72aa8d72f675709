import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, StrictMode } from 'react';
import { renderToReadableStream } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import type { PublicBoard } from '../schema/boards';
import type { RenderedScreen } from '../schema/rendered-screen';
import { AppProviders } from './app/providers';
import { AppRoutes } from './app/router';
import { type EmbedPaging, EmbedScreen } from './app/routes/embed';
import { privacyPolicy, termsOfService } from './content/legal';
import { boardQueryOptions, boardUsername } from './features/boards/api/get-board';
import {
  type DiscoverFilter,
  type DiscoverPage,
  discoverQueryOptions,
} from './features/discover/api/get-discover';
import { type TrendingBlock, trendingQueryOptions } from './features/discover/api/get-trending';
import { liveBoardsQueryOptions, liveBoardUsers } from './features/landing/api/get-live-boards';
import { sampleBlocks } from './features/landing/components/sample-blocks';
import { type YearInReview, yearQueryOptions } from './features/year/api/get-year';
import { blockLookSeeds } from './lib/block-looks';
import { createQueryClient, type SeededQuery, seedQueries } from './lib/query-client';
import { SiteOriginContext } from './lib/site-origin';
import { renderedAtSeed } from './lib/use-now';

/*
 * The one entry through which the Worker reaches the web app (its renderers in worker/render/).
 * Server rendering of the screens a first visit lands on: the markup goes into the shell's root
 * element and the data into the page, so the browser hydrates the same screen (web/main.tsx)
 * without asking the API again. And what those pages carry besides: the inline scripts, built
 * from the app's own modules, and the looks of blocks for the link-preview card.
 */

export { default as embedClickScript } from './inline-scripts/embed-clicks?inline-script';
export { default as themeScript } from './inline-scripts/theme?inline-script';
export { default as viewerScript } from './inline-scripts/viewer?inline-script';
export { blockLook } from './lib/block-looks';

/**
 * An app screen at `path`, drawn from `seeds` and the time it is drawn at, for the browser to
 * hydrate: the page carries both, or, given `stateSource` (where the seeds are answered), the
 * time alone.
 */
function renderScreen(
  path: string,
  origin: string,
  seeds: SeededQuery[],
  stateSource?: string,
): Promise<RenderedScreen> {
  const renderedAt = renderedAtSeed();
  const queryClient = createQueryClient();
  seedQueries(queryClient, [...seeds, renderedAt]);
  return renderHtml(
    <SiteOriginContext.Provider value={origin}>
      <AppProviders queryClient={queryClient}>
        <StaticRouter location={path}>
          <AppRoutes />
        </StaticRouter>
      </AppProviders>
    </SiteOriginContext.Provider>,
  ).then(
    (html): RenderedScreen =>
      stateSource
        ? { html, state: [renderedAt], stateSource }
        : { html, state: [...seeds, renderedAt] },
  );
}

/** Rejects when any part fails, rather than leave that part for the browser to render. */
async function renderHtml(element: ReactNode): Promise<string> {
  let renderError: unknown;
  const stream = await renderToReadableStream(
    <StrictMode>{element}</StrictMode>,
    // Reading starts once everything is ready, and no boundary is held back for a later chunk,
    // however large: the page is one complete document with no streaming scripts in it.
    {
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onError: (error) => {
        renderError ??= error;
      },
    },
  );
  await stream.allReady;
  if (renderError !== undefined) {
    await stream.cancel();
    throw renderError;
  }
  return new Response(stream).text();
}

/**
 * What the board screen is drawn from: the board (null: Board Not Found), seeded where the
 * browser's board screen looks for it, whatever the handle; `tabPage` (`?done=<cursor>`) names the
 * tab's page the board carries past its first. The looks of its blocks go with it, so the page
 * needs no catalogue to draw them.
 */
export function boardScreenState(
  handle: string,
  board: PublicBoard | null,
  tabPage = '',
): SeededQuery[] {
  return [
    { queryKey: boardQueryOptions(boardUsername(handle), tabPage).queryKey, data: board },
    ...blockLookSeeds(board?.blocks ?? []),
  ];
}

/**
 * `/@username` (`handle`, `@username`, as the path gives it): the board, or Board Not Found when
 * `board` is null. A board's data stays out of its page, at `stateSource`: most visitors read the
 * board and never start the app, which fetches it when it starts.
 */
export function renderBoardScreen(
  origin: string,
  handle: string,
  board: PublicBoard | null,
  tabPage = '',
  stateSource?: string,
) {
  return renderScreen(
    `/${encodeURIComponent(handle)}${tabPage}`,
    origin,
    boardScreenState(handle, board, tabPage),
    board ? stateSource : undefined,
  );
}

/** `/@username/year/2026`: the year in review, or Year Not Found when `figures` is null. */
export function renderYearScreen(
  origin: string,
  username: string,
  year: string,
  figures: YearInReview | null,
) {
  const blocks = figures
    ? [
        figures.firstFinished,
        figures.lastFinished,
        figures.longestNow?.block,
        figures.mostCopied?.block,
      ].filter((block) => block != null)
    : [];
  return renderScreen(`/@${username}/year/${year}`, origin, [
    { queryKey: yearQueryOptions(username, year).queryKey, data: figures },
    ...blockLookSeeds(blocks),
  ]);
}

export { landingScreenName } from './app/routes/landing';
export { liveBoardsLimit } from './features/landing/api/get-live-boards';
export { documentTitle } from './lib/use-document-title';

/** `/`: the landing page, with the newest public boards (`liveBoardsLimit`) for Explore Live Boards. */
export function renderLandingScreen(
  origin: string,
  newestBoards: Parameters<typeof liveBoardUsers>[0],
) {
  const users = liveBoardUsers(newestBoards);
  return renderScreen('/', origin, [
    { queryKey: liveBoardsQueryOptions.queryKey, data: users },
    ...blockLookSeeds(sampleBlocks),
  ]);
}

/**
 * `/discover` (with its `?q=` and `?category=`): the first page of boards the filter finds, and
 * the trending row when no search hides it (null), as the app's own calls would bring them.
 */
export function renderDiscoverScreen(
  origin: string,
  filter: DiscoverFilter,
  firstPage: DiscoverPage,
  trending: TrendingBlock[] | null,
) {
  const search = new URLSearchParams();
  if (filter.q) search.set('q', filter.q);
  if (filter.category) search.set('category', filter.category);
  const path = search.size > 0 ? `/discover?${search}` : '/discover';
  const blocks = [
    ...firstPage.boards.flatMap((board) => board.blocks),
    ...(trending ?? []).map((item) => item.block),
  ];
  return renderScreen(path, origin, [
    {
      queryKey: discoverQueryOptions(filter).queryKey,
      data: { pages: [firstPage], pageParams: [null] },
    },
    ...(trending
      ? [{ queryKey: trendingQueryOptions(filter.category).queryKey, data: trending }]
      : []),
    ...blockLookSeeds(blocks),
  ]);
}

export { pageAt } from './app/router';

/** Any path the app has no page for (`pageAt` says which): Page Not Found, drawn at that path. */
export function renderNotFoundScreen(origin: string, path: string) {
  return renderScreen(path, origin, []);
}

/** The pages of the operator's own words, by path, with their titles (web/content/legal.ts). */
export const legalPages = {
  '/terms': termsOfService.title,
  '/privacy': privacyPolicy.title,
} as const;

export function renderLegalScreen(origin: string, path: keyof typeof legalPages) {
  return renderScreen(path, origin, []);
}

/** `/auth`: Sign Up, or Sign In (`?tab=signin`), drawn for a signed-out visitor. */
export function renderAuthScreen(origin: string, search: string) {
  return renderScreen(`/auth${search}`, origin, []);
}

/**
 * `/embed/@username`: the board's markup alone, with the looks of its blocks built in. It is
 * never hydrated, so no state goes with it.
 */
export function renderEmbedScreen(
  origin: string,
  board: PublicBoard,
  paging: EmbedPaging,
): Promise<string> {
  const queryClient = createQueryClient();
  seedQueries(queryClient, blockLookSeeds(board.blocks));
  return renderHtml(
    <SiteOriginContext.Provider value={origin}>
      <QueryClientProvider client={queryClient}>
        <EmbedScreen board={board} paging={paging} />
      </QueryClientProvider>
    </SiteOriginContext.Provider>,
  );
}
