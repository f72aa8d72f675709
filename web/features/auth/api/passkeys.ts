import { startAuthentication, startRegistration } from '@simplewebauthn/browser';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { readAgainAfterChange } from '../../../lib/query-client';

const passkeysQueryOptions = queryOptions({
  queryKey: ['auth', 'passkeys'] as const,
  queryFn: async ({ signal }) => (await api.passkeys.$get(undefined, { init: { signal } })).json(),
});

export function usePasskeys() {
  return useQuery(passkeysQueryOptions);
}

/** Asks the browser for a new passkey for this account, then keeps it under `name`. */
export function useAddPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (name: string) => {
      const optionsJSON = await (await api.passkeys['registration-options'].$post()).json();
      const response = await startRegistration({ optionsJSON });
      return (await api.passkeys.$post({ json: { name, response } })).json();
    },
    onSuccess: () => readAgainAfterChange(queryClient, passkeysQueryOptions.queryKey),
  });
}

export function useRemovePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => (await api.passkeys[':id'].$delete({ param: { id } })).json(),
    onSuccess: () => readAgainAfterChange(queryClient, passkeysQueryOptions.queryKey),
  });
}

/**
 * Signs in with any passkey of this site: the browser asks which. `autofill`: offered among the
 * username field's suggestions instead (conditional mediation), waiting until one is picked. The
 * caller stores the session with `signIn` from useAuth.
 */
export async function signInWithPasskey({ autofill = false } = {}) {
  const optionsJSON = await (await api.passkeys['sign-in-options'].$post()).json();
  const response = await startAuthentication({ optionsJSON, useBrowserAutofill: autofill });
  return (await api.passkeys['sign-in'].$post({ json: { response } })).json();
}

export function usePasskeySignIn() {
  return useMutation({ mutationFn: () => signInWithPasskey() });
}
