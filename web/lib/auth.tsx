import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useSyncExternalStore,
} from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { api } from './api-client';
import {
  clearAuthToken,
  getAuthToken,
  setAuthToken,
  setSessionUsername,
  subscribeToAuthToken,
} from './auth-token';
import { type CurrentUser, currentUserQueryOptions } from './current-user';

function useAuthToken(): string | null {
  return useSyncExternalStore(subscribeToAuthToken, getAuthToken, () => null);
}

type Session = {
  user: CurrentUser | null;
  /** True while a stored token is being checked against `/api/auth/me`. */
  isLoading: boolean;
  signIn: (token: string, user: CurrentUser) => void;
  signOut: (options?: SignOutOptions) => void;
};

/** `sessionEnded`: the server already ended the session (signed out everywhere, account deleted). */
type SignOutOptions = { sessionEnded?: boolean };

const SessionContext = createContext<Session | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const token = useAuthToken();
  const me = useQuery(currentUserQueryOptions(token !== null));
  const username = me.data?.username;
  // Sessions from before the hint existed, and a username changed in settings, keep it current.
  useEffect(() => {
    if (username) setSessionUsername(username);
  }, [username]);

  const signIn = useCallback(
    (newToken: string, user: CurrentUser) => {
      setAuthToken(newToken);
      setSessionUsername(user.username);
      queryClient.setQueryData(currentUserQueryOptions(true).queryKey, user);
    },
    [queryClient],
  );
  const signOut = useCallback(
    ({ sessionEnded = false }: SignOutOptions = {}) => {
      const ending = getAuthToken();
      // The server ends the session too, so the token is worthless even if it was copied; the
      // answer is not waited for: signing out here never depends on it.
      if (ending && !sessionEnded) {
        api.auth.logout
          .$post(undefined, {
            headers: { Authorization: `Bearer ${ending}` },
            init: { keepalive: true },
          })
          .catch(() => undefined);
      }
      clearAuthToken();
      queryClient.clear();
    },
    [queryClient],
  );

  const session = useMemo<Session>(
    () => ({
      user: token ? (me.data ?? null) : null,
      isLoading: token !== null && me.isPending,
      signIn,
      signOut,
    }),
    [token, me.data, me.isPending, signIn, signOut],
  );
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}

export function useAuth(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useAuth must be used within an AuthProvider');
  return session;
}

type SignOutOnArrival = { signOut: SignOutOptions };

/**
 * Signs out by leaving for the landing page first, and signing out on arrival
 * (`useSignOutOnArrival`): signed out where they stand, the dashboard would send the person to
 * sign in again.
 */
export function useLeaveAndSignOut() {
  const navigate = useNavigate();
  return useCallback(
    (options: SignOutOptions = {}) => {
      const state: SignOutOnArrival = { signOut: options };
      navigate('/', { state });
    },
    [navigate],
  );
}

/** The other half of `useLeaveAndSignOut`, in the layout every screen shares. */
export function useSignOutOnArrival() {
  const { signOut } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const pending = (location.state as Partial<SignOutOnArrival> | null)?.signOut;
  useEffect(() => {
    if (!pending) return;
    signOut(pending);
    navigate(location.pathname, { replace: true, state: null });
  }, [pending, signOut, navigate, location.pathname]);
}
