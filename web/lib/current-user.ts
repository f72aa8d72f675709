import { queryOptions } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api } from './api-client';

/** The signed-in person: the session (auth.tsx) holds it, and the account's screens change it. */
export type CurrentUser = InferResponseType<typeof api.auth.me.$get, 200>['user'];

/** Asked only while a token exists; a 401 clears the token (see api-client). */
export function currentUserQueryOptions(hasToken: boolean) {
  return queryOptions({
    queryKey: ['auth', 'me'] as const,
    queryFn: async ({ signal }) =>
      (await (await api.auth.me.$get(undefined, { init: { signal } })).json()).user,
    enabled: hasToken,
    retry: false,
  });
}
