import { useSyncExternalStore } from 'react';

/** The session token lives in localStorage under the spec's key; components follow it live. */
export const authTokenKey = 'auth_token';

const listeners = new Set<() => void>();

function notify() {
  for (const listener of listeners) listener();
}

export function getAuthToken(): string | null {
  return localStorage.getItem(authTokenKey);
}

export function setAuthToken(token: string) {
  localStorage.setItem(authTokenKey, token);
  notify();
}

export function clearAuthToken() {
  localStorage.removeItem(authTokenKey);
  notify();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Signing in or out in another tab changes this tab's session too.
  const onStorage = (event: StorageEvent) => {
    if (event.key === authTokenKey) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useAuthToken(): string | null {
  return useSyncExternalStore(subscribe, getAuthToken, () => null);
}
