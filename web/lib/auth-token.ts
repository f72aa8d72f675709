import { useSyncExternalStore } from 'react';

/** The session token lives in localStorage under the spec's key; components follow it live. */
export const authTokenKey = 'auth_token';

const listeners = new Set<() => void>();

function notify() {
  for (const listener of listeners) listener();
}

/**
 * Storage can be refused (an embed framed by another site under third-party storage blocking,
 * some private modes): then there is simply no session, never a crash.
 */
function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function getAuthToken(): string | null {
  return storage()?.getItem(authTokenKey) ?? null;
}

export function setAuthToken(token: string) {
  storage()?.setItem(authTokenKey, token);
  notify();
}

export function clearAuthToken() {
  storage()?.removeItem(authTokenKey);
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
