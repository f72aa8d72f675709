import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api } from '../../../lib/api-client';

type PublicBoard = InferResponseType<(typeof api.boards)[':username']['$get'], 200>;
export type BoardOwner = PublicBoard['user'];

/** `/@maya`, `/maya` and `/Maya` are the same board. */
export function boardUsername(param: string | undefined): string {
  return (param ?? '').replace(/^@/, '').toLowerCase();
}

function boardQueryOptions(username: string) {
  return queryOptions({
    queryKey: ['boards', username],
    queryFn: async () => (await api.boards[':username'].$get({ param: { username } })).json(),
    enabled: username.length > 0,
  });
}

export function useBoard(username: string) {
  return useQuery(boardQueryOptions(username));
}
