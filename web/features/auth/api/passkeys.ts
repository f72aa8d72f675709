import {
  browserSupportsWebAuthnAutofill,
  startAuthentication,
  startRegistration,
  WebAuthnAbortService,
} from '@simplewebauthn/browser';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
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

type PasskeySession = Awaited<ReturnType<typeof signInWithPasskey>>;

/**
 * Signs in with any passkey of this site: the browser asks which. `autofill`: offered among the
 * username field's suggestions instead (conditional mediation), waiting until one is picked. Once
 * `stopped` is aborted it neither starts the browser's request nor sends what it answered.
 */
async function signInWithPasskey({
  autofill = false,
  stopped,
}: {
  autofill?: boolean;
  stopped?: AbortSignal;
} = {}) {
  const options = await api.passkeys['sign-in-options'].$post(undefined, {
    init: { signal: stopped },
  });
  const optionsJSON = await options.json();
  stopped?.throwIfAborted();
  const response = await startAuthentication({ optionsJSON, useBrowserAutofill: autofill });
  stopped?.throwIfAborted();
  return (await api.passkeys['sign-in'].$post({ json: { response } })).json();
}

/**
 * Offers this site's passkeys among the username field's suggestions while the screen is shown;
 * picking one hands the session to `onSignedIn`. Returns `endSuggestion`, which ends that wait and
 * resolves once it has ended: a browser refuses a second passkey request while one is pending.
 */
export function usePasskeySuggestion(onSignedIn: (session: PasskeySession) => void) {
  const ending = useRef<() => Promise<void>>(async () => undefined);
  useEffect(() => {
    const left = new AbortController();
    const waiting = (async () => {
      if (!(await browserSupportsWebAuthnAutofill())) return;
      left.signal.throwIfAborted();
      onSignedIn(await signInWithPasskey({ autofill: true, stopped: left.signal }));
    })().catch(() => undefined);
    ending.current = () => {
      left.abort();
      WebAuthnAbortService.cancelCeremony();
      return waiting;
    };
    return () => void ending.current();
  }, [onSignedIn]);
  return useCallback(() => ending.current(), []);
}

/** Asks for a passkey outright, once the username field's suggestion has ended (`endSuggestion`). */
export function usePasskeySignIn(endSuggestion: () => Promise<void>) {
  return useMutation({
    mutationFn: async () => {
      await endSuggestion();
      return signInWithPasskey();
    },
  });
}
