import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { LoadingScreen } from '../../components/loading-screen';
import { paths } from '../../config/paths';
import { isDemoModeActive } from '../../lib/auth-storage';
import { useSession } from '../../lib/session';

/**
 * Login required (spec 1 §2): a loading screen while the session resolves; signed out → the login
 * screen, keeping where the visitor was going (`from`) and demo mode; after a sign-out, the
 * logout destination.
 */
export function ProtectedRoute({ children }: { children: ReactNode }) {
  const { status, logoutDestination } = useSession();
  const location = useLocation();
  if (status === 'loading') return <LoadingScreen />;
  if (status === 'unauthenticated') {
    // A deliberate sign-out goes where the logout rule says, not back to "from".
    if (logoutDestination) return <Navigate to={logoutDestination} replace />;
    const from = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to={paths.login.getHref({ demo: isDemoModeActive(), from })} replace />;
  }
  return <>{children}</>;
}
