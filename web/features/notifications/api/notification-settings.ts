import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Whether the signed-in person is also told by email (off until they turn it on). */
const notificationSettingsQueryOptions = queryOptions({
  queryKey: ['notifications', 'settings'] as const,
  queryFn: async ({ signal }) =>
    (await api.notifications.settings.$get(undefined, { init: { signal } })).json(),
});

export function useNotificationSettings() {
  return useQuery(notificationSettingsQueryOptions);
}

export function useUpdateNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (byEmail: boolean) =>
      (await api.notifications.settings.$put({ json: { byEmail } })).json(),
    onSuccess: (settings) => {
      queryClient.setQueryData(notificationSettingsQueryOptions.queryKey, settings);
    },
  });
}
