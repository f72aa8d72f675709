import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** How many notifications are unread (counted up to 100), for the navigation's badge. */
export const unreadCountQueryOptions = queryOptions({
  queryKey: ['notifications', 'unread'] as const,
  queryFn: async ({ signal }) =>
    (await api.notifications.unread.$get(undefined, { init: { signal } })).json(),
});

export function useUnreadCount() {
  return useQuery(unreadCountQueryOptions);
}
