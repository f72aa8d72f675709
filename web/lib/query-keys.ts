/**
 * Every query's key, built in one place. A feature's queries take theirs from here, and a
 * mutation that changes what another feature shows invalidates through the same builders
 * (features do not import each other), so no key is typed out twice.
 */
export const queryKeys = {
  currentUser: () => ['auth', 'me'] as const,
  ownBlocks: () => ['blocks', 'me'] as const,
  /** Every board a visitor can open, and each one by its username. */
  boards: () => ['boards'] as const,
  board: (username: string) => ['boards', username] as const,
  /** Discover's searches and the landing page's live boards, which are Discover's first boards. */
  discover: () => ['discover'] as const,
  discoverSearch: (q: string) => ['discover', q] as const,
  liveBoards: (limit: number) => ['discover', { limit }] as const,
  analytics: () => ['analytics'] as const,
  myAnalytics: () => ['analytics', 'me'] as const,
  feedback: () => ['feedback'] as const,
};
