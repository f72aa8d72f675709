import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useCallback, useContext, useMemo } from 'react';
import {
  type CurrentUser,
  currentUserQueryKey,
  currentUserQueryOptions,
} from '../features/auth/api/get-current-user';
import { clearAuthToken, setAuthToken, useAuthToken } from './auth-token';

type Session = {
  user: CurrentUser | null;
  /** True while a stored token is being checked against `/api/auth/me`. */
  isLoading: boolean;
  signIn: (token: string, user: CurrentUser) => void;
  signOut: () => void;
};

const SessionContext = createContext<Session | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const token = useAuthToken();
  const me = useQuery(currentUserQueryOptions(token !== null));

  const signIn = useCallback(
    (newToken: string, user: CurrentUser) => {
      setAuthToken(newToken);
      queryClient.setQueryData(currentUserQueryKey, user);
    },
    [queryClient],
  );
  const signOut = useCallback(() => {
    clearAuthToken();
    queryClient.clear();
  }, [queryClient]);

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
