/**
 * Keys of the queries one feature reads and another changes: a block saved changes the owner's
 * board, Discover and analytics; a profile, Discover and the board. No feature imports another,
 * so these queries take their keys from here and mutations in other features invalidate through
 * the same builders. A key used within one feature stays in its
 * query's options, and the feature's mutations read it from there.
 *
 * This module imports nothing, on purpose: a module with no imports cannot close a cycle between
 * chunks, so whichever chunk holds it, no chunk can read a key before it is defined. The build
 * puts it in `app-core` with the rest of web/lib (vite.config.ts), which the screens' chunks
 * import and which loads them only later, through `import()`.
 */

export const boardKeys = {
  /** Every board in the cache: a change to the board's settings refreshes them all. */
  all: () => ['boards'] as const,
  board: (username: string) => [...boardKeys.all(), username] as const,
};

/**
 * Discover's searches, its trending row and the landing page's live boards (Discover's first)
 * share the prefix: a block saved refreshes them all.
 */
export const discoverKeys = {
  all: () => ['discover'] as const,
  /** `category` is one of the seven, or empty for every board. */
  search: (q: string, category = '') => [...discoverKeys.all(), q, category] as const,
  /** An object where a search has text: no search can collide with it. */
  liveBoards: (limit: number) => [...discoverKeys.all(), { limit }] as const,
  trending: (category = '') => [...discoverKeys.all(), { trending: category }] as const,
};

export const analyticsKeys = {
  all: () => ['analytics'] as const,
  mine: () => [...analyticsKeys.all(), 'me'] as const,
};

/** The owner's blocks and their board's settings, one answer (blocks and boards change it). */
export const ownBlocksKey = () => ['blocks', 'me'] as const;
