import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { useEffect } from 'react';
import { ApiRequestError, api } from '../../../lib/api-client';
import { boardKeys } from '../../../lib/query-keys';

export type PublicBoard = InferResponseType<(typeof api.boards)[':username']['$get'], 200>;
export type BoardOwner = PublicBoard['user'];

/** `/@maya`, `/maya` and `/Maya` are the same board. */
export function boardUsername(param: string | undefined): string {
  return (param ?? '').replace(/^@/, '').toLowerCase();
}

/**
 * The board, or null when there is none to see (unknown user or private board): each tab's first
 * page, or with `tabPage` (`?done=<cursor>`, as the address has it) that tab's page past its first.
 */
export function boardQueryOptions(username: string, tabPage = '') {
  return queryOptions({
    // The first pages are the board's own key; a page past them is one more entry under it.
    queryKey: [...boardKeys.board(username), ...(tabPage ? [tabPage] : [])],
    queryFn: async ({ signal }): Promise<PublicBoard | null> => {
      const query = Object.fromEntries(new URLSearchParams(tabPage));
      try {
        const answer = await api.boards[':username'].$get(
          { param: { username }, query },
          { init: { signal } },
        );
        return await answer.json();
      } catch (error) {
        if (error instanceof ApiRequestError && error.status === 404) return null;
        throw error;
      }
    },
    enabled: username.length > 0,
  });
}

/**
 * The board as `viewerUsername` may see it. Pages arrive rendered as the public sees them (the
 * server cannot know who asks: the session lives in this browser), so when the viewer turns out
 * to be the owner, their own view is fetched: hidden blocks, or their board while it is private.
 */
export function useBoard(username: string, viewerUsername: string | undefined, tabPage = '') {
  const board = useQuery(boardQueryOptions(username, tabPage));
  // Only the owner's own answer carries their email.
  const isOwnerView = board.data ? 'email' in board.data.user : false;
  const { refetch } = board;
  useEffect(() => {
    if (viewerUsername === username && !isOwnerView) void refetch();
  }, [viewerUsername, username, isOwnerView, refetch]);
  return board;
}
