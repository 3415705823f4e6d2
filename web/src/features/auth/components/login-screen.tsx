import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { LoadingScreen } from '../../../components/loading-screen';
import { Card } from '../../../components/ui/card';
import { Logo } from '../../../components/ui/logo';
import { env } from '../../../config/env';
import { AFTER_LOGIN_PATH } from '../../../config/paths';
import { demoPassword, useDemoConfig, type DemoAccount } from '../../../lib/api/get-demo-config';
import { useSession } from '../../../lib/session';
import { cn } from '../../../utils/cn';
import { useDemoMode } from '../hooks/use-demo-mode';
import { DebugTools } from './debug-tools';
import { DemoAccounts } from './demo-accounts';
import { EmergencyAccessForm } from './emergency-access-form';
import { LoginForm } from './login-form';

type View = 'login' | 'emergency';

/** The login screen (spec 1 §2): sign-in form, and in demo mode the demo tools. */
export function LoginScreen() {
  const demo = useDemoMode();
  const { status, login } = useSession();
  const navigate = useNavigate();
  const demoConfig = useDemoConfig({ enabled: demo });
  const [view, setView] = useState<View>('login');
  const [error, setError] = useState<string | null>(null);
  const [quickLoginEmail, setQuickLoginEmail] = useState<string | null>(null);
  // After an accepted invitation (spec 2 §2.8): a message and the new member's e-mail.
  const arrival = useLocation().state as { message?: unknown; email?: unknown } | null;
  const arrivalMessage = typeof arrival?.message === 'string' ? arrival.message : null;
  const arrivalEmail = typeof arrival?.email === 'string' ? arrival.email : undefined;

  const goToApp = () => navigate(AFTER_LOGIN_PATH, { replace: true });

  if (status === 'loading') return <LoadingScreen />;
  // Already signed in (and not in the middle of a quick login that navigates itself).
  if (status === 'authenticated' && quickLoginEmail === null) return <Navigate to={AFTER_LOGIN_PATH} replace />;

  const quickLogin = async (account: DemoAccount) => {
    const password = demoConfig.data ? demoPassword(demoConfig.data, account) : undefined;
    setError(null);
    setQuickLoginEmail(account.email);
    try {
      if (!password) throw new Error('No demo password for this account');
      await login(account.email, password);
      goToApp();
    } catch {
      setError(`Quick login failed for ${account.email}`);
      setQuickLoginEmail(null);
    }
  };

  const providerAdmin = demoConfig.data?.organizations
    .flatMap((organization) => organization.users)
    .find((account) => account.role === 'provider_admin');

  const demoConfigStatus = demoConfig.isSuccess ? 'loaded' : demoConfig.isError ? 'not available' : 'loading';

  return (
    <div className="relative min-h-dvh overflow-hidden bg-gradient-to-br from-hero-from via-background to-hero-to">
      {demo ? (
        <>
          <meta name="robots" content="noindex, nofollow" />
          <meta name="googlebot" content="noindex, nofollow" />
        </>
      ) : null}
      <div aria-hidden className="pointer-events-none absolute -top-40 -left-32 size-[28rem] rounded-full bg-primary/15 blur-3xl" />
      <div aria-hidden className="pointer-events-none absolute -right-32 -bottom-40 size-[28rem] rounded-full bg-hero-to blur-3xl" />

      <main className="relative mx-auto flex min-h-dvh w-full max-w-5xl flex-col items-center justify-center gap-8 px-4 py-12">
        <div className="flex flex-col items-center gap-3 text-center">
          <Logo className="text-xl" />
          <p className="max-w-sm text-sm text-muted-foreground">Triage the rows that failed your data-quality checks.</p>
        </div>

        <div className={cn('grid w-full gap-6', demo && view === 'login' ? 'max-w-4xl lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]' : 'max-w-md')}>
          <Card className="p-6 shadow-xl shadow-primary/5 sm:p-8">
            <h1 className="text-xl font-semibold tracking-tight">
              {view === 'login' ? `Sign in to ${env.appName}` : 'Emergency access'}
            </h1>
            <p className="mt-1 mb-6 text-sm text-muted-foreground">
              {view === 'login' ? 'Use your work e-mail and password.' : 'Enter the emergency code and the admin e-mail.'}
            </p>
            {view === 'login' ? (
              <>
                {arrivalMessage ? (
                  <p role="status" className="mb-4 rounded-lg bg-success-soft px-3 py-2 text-sm text-success">
                    {arrivalMessage}
                  </p>
                ) : null}
                <LoginForm onSignedIn={goToApp} error={error} onError={setError} initialEmail={arrivalEmail} />
                {demo ? (
                  <div className="mt-6 flex flex-col gap-3 border-t pt-5">
                    <button
                      type="button"
                      onClick={() => {
                        setError(null);
                        setView('emergency');
                      }}
                      className="inline-flex items-center gap-2 self-start rounded text-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
                    >
                      <KeyRound className="size-4" aria-hidden />
                      Emergency access
                    </button>
                    <DebugTools sessionStatus={status} demoConfigStatus={demoConfigStatus} />
                  </div>
                ) : null}
              </>
            ) : (
              <EmergencyAccessForm providerAdmin={providerAdmin} onBack={() => setView('login')} onSignedIn={goToApp} />
            )}
          </Card>

          {demo && view === 'login' ? (
            <Card className="max-h-[36rem] overflow-y-auto p-6 sm:p-8">
              <DemoAccounts
                config={demoConfig.data}
                isLoading={demoConfig.isPending}
                isError={demoConfig.isError}
                pendingEmail={quickLoginEmail}
                onQuickLogin={(account) => void quickLogin(account)}
              />
            </Card>
          ) : null}
        </div>

        <p className="text-xs text-muted-foreground">
          © {new Date().getFullYear()} {env.appName}. Proprietary software. All rights reserved.
        </p>
      </main>
    </div>
  );
}
