import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { createContext, use, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { AuthResponse, User } from '../../../shared/schemas/session';
import { paths } from '../config/paths';
import { NetworkError, refreshSession, subscribeToAuthEvents } from './api-client';
import {
  clearCredentials,
  clearCurrentInstanceId,
  clearDemoMode,
  getAuthToken,
  isDemoModeActive,
  isTokenExpired,
  setAuthToken,
  setStoredUser,
} from './auth-storage';
import { postEmergencyAccess } from './api/emergency-access';
import { getCurrentUser } from './api/get-current-user';
import { postLogin } from './api/login';
import { postNewPassword } from './api/new-password';
import { postLogout } from './api/logout';
import { demoConfigQueryOptions } from './api/get-demo-config';

// The session (spec 1 §4): loading → authenticated | unauthenticated. It is the only place that
// decides who is signed in; screens call login / emergencyAccess / logout and navigate themselves.

export type SessionStatus = 'loading' | 'authenticated' | 'unauthenticated';

/** The server answered 2xx without `success` (or without a token): "Login failed" territory. */
export class AuthRejectedError extends Error {
  readonly serverError: string | undefined;
  constructor(serverError: string | undefined) {
    super(serverError ?? 'Authentication was not successful');
    this.name = 'AuthRejectedError';
    this.serverError = serverError;
  }
}

/** The password was a temporary one (an administrator's reset): the user must choose a new one. */
export class NewPasswordRequiredError extends Error {
  constructor(
    readonly email: string,
    readonly session: string,
  ) {
    super('A new password is required');
    this.name = 'NewPasswordRequiredError';
  }
}

/** Where logout lands (spec 1 §2): demo flag set → /login?r=demo, otherwise /login. */
export function logoutDestination(demoModeActive: boolean): string {
  return paths.login.getHref({ demo: demoModeActive });
}

interface SessionContextValue {
  status: SessionStatus;
  user: User | null;
  /** Throws NewPasswordRequiredError for a temporary password: then call completeNewPassword. */
  login: (email: string, password: string) => Promise<User>;
  completeNewPassword: (email: string, session: string, newPassword: string) => Promise<User>;
  emergencyAccess: (emergencyCode: string, email: string) => Promise<User>;
  /** Signs out (state is cleared even if the call fails) and returns where to go next. */
  logout: () => Promise<string>;
  /** Where the last logout went (null otherwise): protected screens send the user there. */
  logoutDestination: string | null;
  /** Replaces the signed-in user after a profile change. */
  updateUser: (user: User) => void;
}

const SessionContext = createContext<SessionContextValue | null>(null);

/** Drops every cached answer that belongs to a user; the demo accounts list is not one. */
function forgetUserData(queryClient: QueryClient): void {
  const keep = demoConfigQueryOptions().queryKey[0];
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== keep });
}

function forgetEverything(queryClient: QueryClient): void {
  clearCredentials();
  clearCurrentInstanceId();
  forgetUserData(queryClient);
}

function acceptedUser(response: AuthResponse, email?: string): { token: string; user: User } {
  if (email && response.challenge === 'NEW_PASSWORD_REQUIRED' && response.session) throw new NewPasswordRequiredError(email, response.session);
  if (!response.success || !response.token || !response.user) throw new AuthRejectedError(response.error);
  return { token: response.token, user: response.user };
}

async function restoreSession(): Promise<User | null> {
  const token = getAuthToken();
  if (!token) return null;
  if (isTokenExpired(token) && !(await refreshSession())) return null;
  // A 401 here is refreshed and retried once by the API client.
  const me = await getCurrentUser();
  setStoredUser(me.user);
  return me.user;
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  // Without stored credentials there is nothing to restore: the first render is already signed
  // out (the login screen paints at once instead of after a loading screen).
  const [status, setStatus] = useState<SessionStatus>(() => (getAuthToken() ? 'loading' : 'unauthenticated'));
  const [user, setUser] = useState<User | null>(null);
  const [afterLogout, setAfterLogout] = useState<string | null>(null);
  const restoreStarted = useRef(false);

  const signedIn = useCallback((next: User) => {
    setAfterLogout(null);
    setUser(next);
    setStatus('authenticated');
  }, []);

  const signedOut = useCallback(() => {
    forgetEverything(queryClient);
    setUser(null);
    setStatus('unauthenticated');
  }, [queryClient]);

  useEffect(() => {
    if (restoreStarted.current) return;
    restoreStarted.current = true;
    restoreSession()
      .then((restored) => (restored ? signedIn(restored) : signedOut()))
      .catch((error: unknown) => {
        // No answer (offline, or the page is being reloaded) is not a failed verification: keep
        // the stored credentials for the next start, but do not trust them now.
        if (error instanceof NetworkError || (error instanceof DOMException && error.name === 'AbortError')) {
          setUser(null);
          setStatus('unauthenticated');
          return;
        }
        signedOut();
      });
  }, [signedIn, signedOut]);

  useEffect(
    () =>
      subscribeToAuthEvents((event) => {
        if (event.type === 'expired') signedOut();
        else if (event.user) setUser(event.user);
      }),
    [signedOut],
  );

  /** Stores a granted session and reads the user back (sign-in and the new-password step). */
  const acceptSignIn = useCallback(
    async (request: () => Promise<AuthResponse>, email: string) => {
      forgetEverything(queryClient);
      let accepted: { token: string; user: User };
      try {
        accepted = acceptedUser(await request(), email);
      } catch (error) {
        // Old credentials are gone already: whoever was signed in is not any more.
        signedOut();
        throw error;
      }
      const { token, user: loggedIn } = accepted;
      setAuthToken(token);
      setStoredUser(loggedIn);
      let current = loggedIn;
      try {
        current = (await getCurrentUser()).user;
        setStoredUser(current);
      } catch {
        // The sign-in itself succeeded; keep the user it returned.
      }
      signedIn(current);
      return current;
    },
    [queryClient, signedIn, signedOut],
  );

  const login = useCallback((email: string, password: string) => acceptSignIn(() => postLogin({ email, password }), email), [acceptSignIn]);

  const completeNewPassword = useCallback(
    (email: string, session: string, newPassword: string) => acceptSignIn(() => postNewPassword({ email, session, new_password: newPassword }), email),
    [acceptSignIn],
  );

  const emergencyAccess = useCallback(
    async (emergencyCode: string, email: string) => {
      forgetEverything(queryClient);
      let accepted: { token: string; user: User };
      try {
        accepted = acceptedUser(await postEmergencyAccess({ emergency_code: emergencyCode, email }));
      } catch (error) {
        signedOut();
        throw error;
      }
      const { token, user: granted } = accepted;
      const marked: User = { ...granted, access_type: 'emergency' };
      setAuthToken(token);
      setStoredUser(marked);
      signedIn(marked);
      return marked;
    },
    [queryClient, signedIn, signedOut],
  );

  const logout = useCallback(async () => {
    try {
      await postLogout();
    } catch {
      // Signing out locally must not depend on the server answering.
    }
    const demo = isDemoModeActive();
    if (!demo) clearDemoMode();
    const destination = logoutDestination(demo);
    // Set with the state change so the protected route already knows where to go.
    setAfterLogout(destination);
    signedOut();
    return destination;
  }, [signedOut]);

  const updateUser = useCallback((next: User) => {
    setStoredUser(next);
    setUser(next);
  }, []);

  const value = useMemo(
    () => ({ status, user, login, completeNewPassword, emergencyAccess, logout, logoutDestination: afterLogout, updateUser }),
    [status, user, login, completeNewPassword, emergencyAccess, logout, afterLogout, updateUser],
  );
  return <SessionContext value={value}>{children}</SessionContext>;
}

export function useSession(): SessionContextValue {
  const value = use(SessionContext);
  if (!value) throw new Error('useSession must be used inside SessionProvider');
  return value;
}

/** The signed-in user; only for components rendered behind the protected route. */
export function useCurrentUser(): User {
  const { user } = useSession();
  if (!user) throw new Error('useCurrentUser needs a signed-in user');
  return user;
}
