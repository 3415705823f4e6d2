import { Outlet } from 'react-router';
import { AppLayout } from '../../../components/layouts/app-layout';
import { InstanceProvider } from '../../../lib/instances';
import { RealtimeProvider } from '../../../lib/realtime';
import { useSession } from '../../../lib/session';
import { ProtectedRoute } from '../protected-route';

function SignedInShell() {
  const { user } = useSession();
  // Keyed by e-mail: another user (e.g. "Login as") starts from a clean instance choice.
  return (
    <InstanceProvider key={user?.email ?? ''}>
      {/* One real-time socket per shell and current instance (issue 13). */}
      <RealtimeProvider>
        <AppLayout>
          <Outlet />
        </AppLayout>
      </RealtimeProvider>
    </InstanceProvider>
  );
}

/** The shell of /app/* and /billing/*. */
export function AppRoot() {
  return (
    <ProtectedRoute>
      <SignedInShell />
    </ProtectedRoute>
  );
}
