import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api } from '../../../lib/api-client';

export type Notification = InferResponseType<
  typeof api.notifications.$get,
  200
>['notifications'][number];

/** The signed-in person's latest notifications, newest first. */
const notificationsQueryOptions = queryOptions({
  queryKey: ['notifications', 'list'] as const,
  queryFn: async ({ signal }) =>
    (await api.notifications.$get(undefined, { init: { signal } })).json(),
});

export function useNotifications() {
  return useQuery(notificationsQueryOptions);
}
