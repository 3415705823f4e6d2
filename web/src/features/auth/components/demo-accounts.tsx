import { Users } from 'lucide-react';
import { ROLE_LABELS } from '../../../../../shared/roles';
import { UserAvatar } from '../../../components/ui/avatar';
import { Badge } from '../../../components/ui/badge';
import { Spinner } from '../../../components/ui/spinner';
import type { DemoConfig } from '../../../../../shared/schemas/session';
import type { DemoAccount } from '../../../lib/api/get-demo-config';

/** Quick-login list of the demo accounts, grouped by organization (spec 1 §2 demo mode). */
export function DemoAccounts({
  config,
  isLoading,
  isError,
  pendingEmail,
  onQuickLogin,
}: {
  config: DemoConfig | undefined;
  isLoading: boolean;
  isError: boolean;
  pendingEmail: string | null;
  onQuickLogin: (account: DemoAccount) => void;
}) {
  return (
    <section aria-labelledby="demo-accounts-heading" className="flex flex-col gap-4">
      <div>
        <h2 id="demo-accounts-heading" className="flex items-center gap-2 text-base font-semibold">
          <Users className="size-4 text-primary" aria-hidden />
          Demo accounts
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">Sign in with one click as any demo user.</p>
      </div>
      {isLoading ? (
        <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
          <Spinner /> Loading demo accounts…
        </p>
      ) : null}
      {isError ? <p className="text-sm text-muted-foreground">Demo accounts are not available.</p> : null}
      {config?.organizations.map((organization) => (
        <div key={organization.id} className="flex flex-col gap-2">
          <h3 className="flex items-center gap-2 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
            {organization.name}
            <Badge className="normal-case">{organization.type}</Badge>
          </h3>
          <ul className="flex flex-col gap-1.5">
            {organization.users.map((account) => (
              <li key={account.email}>
                <button
                  type="button"
                  onClick={() => onQuickLogin(account)}
                  disabled={pendingEmail !== null}
                  className="group flex w-full items-center gap-3 rounded-lg border bg-card px-3 py-2 text-left transition-colors hover:border-primary/50 hover:bg-accent focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:opacity-60"
                >
                  <UserAvatar email={account.email} name={account.name} size="md" />
                  <span className="flex min-w-0 flex-1 flex-col">
                    <span className="truncate text-sm font-medium">{account.name}</span>
                    <span className="truncate text-xs text-muted-foreground">{account.email}</span>
                    {account.title ? <span className="truncate text-xs text-muted-foreground">{account.title}</span> : null}
                  </span>
                  {pendingEmail === account.email ? <Spinner /> : null}
                  <Badge tone={account.role === 'user' ? 'neutral' : 'primary'}>{ROLE_LABELS[account.role]}</Badge>
                </button>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </section>
  );
}
