import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import type { z } from 'zod';
import type { goalInput } from '../../../../schema/goals';
import { api } from '../../../lib/api-client';
import { readAgainAfterChange } from '../../../lib/query-client';
import { boardKeys } from '../../../lib/query-keys';

export type OwnGoals = InferResponseType<typeof api.goals.$get, 200>;
export type OwnGoal = OwnGoals['goals'][number];

const goalsQueryOptions = queryOptions({
  queryKey: ['goals', 'me'] as const,
  queryFn: async ({ signal }) => (await api.goals.$get(undefined, { init: { signal } })).json(),
});

export function useOwnGoals() {
  return useQuery(goalsQueryOptions);
}

/** The browser's time zone: where a new owner's years begin until they say otherwise. */
function browserTimeZone(): string | undefined {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

function useRefreshGoals() {
  const queryClient = useQueryClient();
  return () => {
    readAgainAfterChange(queryClient, goalsQueryOptions.queryKey);
    // The board shows its public goals.
    readAgainAfterChange(queryClient, boardKeys.all());
  };
}

/**
 * Sets a goal. An owner who never set a time zone gets the browser's first, so their year begins
 * and ends where they live.
 */
export function useCreateGoal() {
  const refresh = useRefreshGoals();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (json: z.input<typeof goalInput>) => {
      const zone = browserTimeZone();
      const known = queryClient.getQueryData<OwnGoals>(goalsQueryOptions.queryKey);
      if (zone && known && known.timeZone === null) {
        await api.boards.me.$put({ json: { timeZone: zone } });
      }
      return (await api.goals.$post({ json })).json();
    },
    onSuccess: refresh,
  });
}

export function useDeleteGoal() {
  const refresh = useRefreshGoals();
  return useMutation({
    mutationFn: async (id: number) =>
      (await api.goals[':id'].$delete({ param: { id: String(id) } })).json(),
    onSuccess: refresh,
  });
}
