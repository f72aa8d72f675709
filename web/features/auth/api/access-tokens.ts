import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateAccessTokenInput } from '../../../../schema/access-tokens';
import { api, createOnce } from '../../../lib/api-client';
import { readAgainAfterChange } from '../../../lib/query-client';

const accessTokensQueryOptions = queryOptions({
  queryKey: ['auth', 'access-tokens'] as const,
  queryFn: async ({ signal }) =>
    (await api.account.tokens.$get(undefined, { init: { signal } })).json(),
});

export function useAccessTokens() {
  return useQuery(accessTokensQueryOptions);
}

/** Creates a token; its answer holds the secret, the one time it is ever shown. */
export function useCreateAccessToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateAccessTokenInput) =>
      createOnce(async (options) =>
        (await api.account.tokens.$post({ json: input }, options)).json(),
      ),
    onSuccess: () => readAgainAfterChange(queryClient, accessTokensQueryOptions.queryKey),
  });
}

export function useRevokeAccessToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) =>
      (await api.account.tokens[':id'].$delete({ param: { id: String(id) } })).json(),
    onSuccess: () => readAgainAfterChange(queryClient, accessTokensQueryOptions.queryKey),
  });
}
