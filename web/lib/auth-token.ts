/** The session token lives in localStorage under `auth_token`; components follow it live. */
export const authTokenKey = 'auth_token';
/**
 * Whose session it is, kept beside the token for pages drawn before any app code runs: a board
 * page's first script (`viewerScript`, web/inline-scripts/viewer.ts) reads it to tell the owner
 * from a visitor before the first paint. A hint for what to show, never trusted by the server.
 */
export const sessionUsernameKey = 'auth_username';

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

export function getSessionUsername(): string | null {
  return storage()?.getItem(sessionUsernameKey) ?? null;
}

export function setSessionUsername(username: string) {
  storage()?.setItem(sessionUsernameKey, username);
}

export function clearAuthToken() {
  storage()?.removeItem(authTokenKey);
  storage()?.removeItem(sessionUsernameKey);
  notify();
}

export function subscribeToAuthToken(listener: () => void) {
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
