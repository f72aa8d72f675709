import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Whether the emailed reset link still works, asked once as the screen opens (it uses nothing). */
function resetTokenCheckOptions(token: string) {
  return queryOptions({
    queryKey: ['auth', 'reset-token', token] as const,
    queryFn: async ({ signal }) =>
      (
        await (
          await api.auth['reset-password'].check.$post({ json: { token } }, { init: { signal } })
        ).json()
      ).usable,
    retry: false,
  });
}

export function useResetTokenCheck(token: string) {
  return useQuery(resetTokenCheckOptions(token));
}
