// SPEC §4 Authentication: authenticated exactly when a token is stored; with one, decode it, fetch the member
// and keep them, with a loading flag meanwhile. Logout and any 401 clear the token. Logout also ends the
// session at the sign-in provider (RP-initiated logout) and lands on plain /login — after the provider: until
// the browser has left for its end-session endpoint, /login says 'Signing out…' and offers no sign-in (issue 23).
import { ACCESS_TOKEN_STORAGE_KEY } from '@guildhall/shared/constants';
import type { LogoutResult } from '@guildhall/shared/schemas/auth';
import type { OwnAbility, User } from '@guildhall/shared/schemas/user';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { toast } from './toast';
import { api, readStoredToken, setUnauthorizedHandler } from './api-client';
import { decodeTokenId } from './jwt';
import { queryKeys } from './query-keys';

export const SESSION_EXPIRED_MESSAGE = 'Your access token is expired. Please try to login.';

export interface AuthContextValue {
  token: string | null;
  userId: number | null;
  user: User | null;
  /** What the member may do across the portal, as the API decided (GET /user/{id} `extra.abilities`). */
  abilities: OwnAbility[];
  isLoading: boolean;
  userError: Error | null;
  /** Set by logout: the next visitor starts at plain /login, never at the previous member's page. */
  signedOut: boolean;
  /** Logout is on its way to the provider's end-session endpoint: a sign-in now would cancel it there. */
  signingOut: boolean;
  /** The alternate login path: store a token obtained elsewhere (the OAuth callback uses it). */
  loginWithToken(token: string): void;
  logout(): Promise<void>;
}

const AuthContext = createContext<AuthContextValue | null>(null);

function storeToken(token: string | null) {
  try {
    if (token) localStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, token);
    else localStorage.removeItem(ACCESS_TOKEN_STORAGE_KEY);
  } catch {
    // Storage disabled: the session lasts as long as the page.
  }
}

export const currentUserQueryKey = queryKeys.member.self;

/** The games answers the service worker keeps for the door (public/sw.js, GAMES): a device's next member must not read them. */
const OFFLINE_GAMES_CACHE = 'guildhall-games-v1';
/**
 * Dropped whenever whoever holds the session changes: a sign-in (anyone's), a sign-out, an expired or refused session
 * (a 401), another tab doing one of these (decision 142).
 */
export function forgetOfflineAnswers() {
  if ('caches' in window) void caches.delete(OFFLINE_GAMES_CACHE).catch(() => undefined);
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [token, setTokenState] = useState<string | null>(readStoredToken);
  const [signedOut, setSignedOut] = useState(false);
  const [signingOut, setSigningOut] = useState(false);
  const userId = token ? decodeTokenId(token) : null;

  const setToken = useCallback(
    (next: string | null) => {
      storeToken(next);
      setTokenState(next);
      forgetOfflineAnswers();
      if (next) {
        setSignedOut(false);
        setSigningOut(false);
      } else queryClient.clear();
    },
    [queryClient],
  );

  useEffect(() => {
    // A token that is not ours to read is no session at all: SPEC §8, as for a 401.
    if (token && userId === null) {
      setToken(null);
      toast.error(SESSION_EXPIRED_MESSAGE, { toastId: 'session-expired' });
    }
  }, [token, userId, setToken]);

  useEffect(() => {
    setUnauthorizedHandler(() => {
      if (!readStoredToken()) return;
      setToken(null);
      toast.error(SESSION_EXPIRED_MESSAGE, { toastId: 'session-expired' });
    });
  }, [setToken]);

  useEffect(() => {
    // Another tab signed out or in.
    const onStorage = (event: StorageEvent) => {
      if (event.key !== ACCESS_TOKEN_STORAGE_KEY) return;
      // Nothing read for the member before may show to whoever holds the session now.
      queryClient.clear();
      forgetOfflineAnswers();
      setTokenState(event.newValue);
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [queryClient]);

  const userQuery = useQuery({
    queryKey: currentUserQueryKey(userId),
    queryFn: ({ signal }) => api.get<User>(`/user/${userId}`, undefined, signal),
    enabled: userId !== null,
    staleTime: 60_000,
  });

  const logout = useCallback(async () => {
    let endSessionUrl: string | null = null;
    if (readStoredToken()) {
      // The member's pages go first (RequireAuth renders nothing while signing out), and the reads still on their way
      // are aborted: a section mounting or answering after the revocation would be a 401 the member never asked for.
      setSigningOut(true);
      await queryClient.cancelQueries();
      // Revoke the session on the server; the token is dropped here whatever the answer.
      endSessionUrl = await api
        .post<LogoutResult>('/auth/logout', {}, { skipUnauthorizedHandler: true })
        .then((r) => r.result.endSessionUrl)
        .catch(() => null);
    }
    // The provider ends its own session and sends the browser back to {portal}/login. Until the browser is there,
    // /login offers no sign-in: one started now would cancel the provider's logout and sign the member in again.
    setSigningOut(endSessionUrl !== null);
    setSignedOut(true);
    setToken(null);
    if (endSessionUrl) window.location.assign(endSessionUrl);
  }, [queryClient, setToken]);

  const value = useMemo<AuthContextValue>(
    () => ({
      token,
      userId,
      user: userQuery.data?.result ?? null,
      abilities: (userQuery.data?.extra?.abilities as OwnAbility[] | undefined) ?? [],
      isLoading: userId !== null && userQuery.isPending,
      userError: userQuery.error,
      signedOut,
      signingOut,
      loginWithToken: (next) => setToken(next),
      logout,
    }),
    [token, userId, userQuery.data, userQuery.isPending, userQuery.error, signedOut, signingOut, setToken, logout],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth needs an AuthProvider');
  return value;
}
