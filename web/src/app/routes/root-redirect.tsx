import { Navigate } from 'react-router';
import { LoadingScreen } from '../../components/loading-screen';
import { AFTER_LOGIN_PATH, paths } from '../../config/paths';
import { isDemoModeActive } from '../../lib/auth-storage';
import { useSession } from '../../lib/session';

/** `/`: the dashboard when signed in, otherwise the login screen. */
export function RootRedirect() {
  const { status } = useSession();
  if (status === 'loading') return <LoadingScreen />;
  if (status === 'authenticated') return <Navigate to={AFTER_LOGIN_PATH} replace />;
  return <Navigate to={paths.login.getHref({ demo: isDemoModeActive() })} replace />;
}
