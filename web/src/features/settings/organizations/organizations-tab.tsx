import { Building2, Database, KeyRound, Plus, ShieldCheck } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { toast } from 'sonner';
import type { Organization } from '../../../../../shared/schemas/organizations';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { useConfirm } from '../../../components/ui/confirm-dialog';
import { Spinner } from '../../../components/ui/spinner';
import { useCurrentUser } from '../../../lib/session';
import { formatDateTime } from '../../../utils/format';
import { serverMessage } from '../../team/components/errors';
import { CreateOrganizationDialog, EditOrganizationDialog, SUBSCRIPTION_LABELS } from './organization-dialogs';
import { useByokAccounts, useOrganizationsList, useOrganizationsOverview, usePurgeOrganization, useShards, useUpdateOrganization } from './organizations-api';

// Settings › Organizations (spec 2 §2.3 Organizations): the super admin's multi-tenant overview,
// customer organizations, database shards and BYOK organizations — all from the API.

export const SUPER_ADMIN_REQUIRED = 'Super admin access required';

/** The first two letters of the name (spec 2 §2.3). */
export function organizationInitials(name: string): string {
  return name.replace(/[^\p{L}\p{N}]/gu, '').slice(0, 2).toUpperCase() || '?';
}

const STATUS_TONE: Record<string, BadgeTone> = { active: 'success', suspended: 'warning', healthy: 'success', warning: 'warning', error: 'danger', key_rotation_needed: 'warning' };
const LABEL: Record<string, string> = { active: 'Active', suspended: 'Suspended', healthy: 'Healthy', warning: 'Warning', error: 'Error', key_rotation_needed: 'Key rotation needed', inactive: 'Inactive' };

function StatusBadge({ status }: { status: string }) {
  return <Badge tone={STATUS_TONE[status] ?? 'neutral'}>{LABEL[status] ?? status}</Badge>;
}

function Section({ title, description, icon: Icon, action, children }: { title: string; description: string; icon: typeof Building2; action?: ReactNode; children: ReactNode }) {
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
        <div>
          <CardTitle className="flex items-center gap-2">
            <Icon className="size-4 text-primary" aria-hidden />
            {title}
          </CardTitle>
          <CardDescription>{description}</CardDescription>
        </div>
        {action}
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

function Loading({ what }: { what: string }) {
  return (
    <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
      <Spinner /> Loading {what}…
    </p>
  );
}

function Failure({ what, error, retry }: { what: string; error: unknown; retry: () => void }) {
  return (
    <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-danger">
      Failed to load {what}: {serverMessage(error)}
      <Button size="sm" variant="outline" onClick={retry}>
        Try again
      </Button>
    </div>
  );
}

function Empty({ children }: { children: string }) {
  return <p className="rounded-lg border border-dashed px-4 py-6 text-center text-sm text-muted-foreground">{children}</p>;
}

function Overview() {
  const overview = useOrganizationsOverview();
  if (overview.isPending) return <Loading what="the overview" />;
  if (overview.isError) return <Failure what="the overview" error={overview.error} retry={() => void overview.refetch()} />;
  const o = overview.data.overview;
  const cards: Array<[string, number]> = [
    ['Total accounts', o.totalAccounts],
    ['Active accounts', o.activeAccounts],
    ['BYOK enabled', o.byokEnabled],
    ['Shards', o.sharding.totalShards],
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 md:grid-cols-4" aria-label="Multi-tenant overview">
      {cards.map(([label, value]) => (
        <div key={label} className="rounded-xl border bg-card px-4 py-3 shadow-xs">
          <dt className="text-sm text-muted-foreground">{label}</dt>
          <dd className="text-2xl font-semibold tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function OrganizationRow({ organization, ownId, onEdit }: { organization: Organization; ownId: string; onEdit: () => void }) {
  const update = useUpdateOrganization();
  const purge = usePurgeOrganization();
  const [progress, setProgress] = useState<string | null>(null);
  const [confirm, dialog] = useConfirm();
  const suspended = organization.status === 'suspended';
  // Permanent deletion only once the organization is suspended or deactivated (the API's rule).
  const purgeable = (suspended || organization.inactive) && organization.id !== ownId;
  const erase = async () => {
    const agreed = await confirm({
      title: `Delete ${organization.name} permanently?`,
      description: `Every member, instance, dataset, issue and audit entry of ${organization.name}, and its members' sign-in accounts, are erased. This action cannot be undone.`,
      confirmLabel: 'Delete permanently',
    });
    if (!agreed) return;
    try {
      const done = await purge.mutateAsync({ id: organization.id, onProgress: (a) => setProgress(`${a.itemsDeleted.toLocaleString()} items removed…`) });
      toast.success(`${organization.name} deleted permanently (${done.itemsDeleted.toLocaleString()} items, ${done.poolUsersDeleted} sign-in accounts)`);
    } catch (failure) {
      setProgress(null);
      toast.error(`Failed to delete ${organization.name}: ${serverMessage(failure)}`);
    }
  };
  const toggle = async () => {
    const agreed = await confirm(
      suspended
        ? { title: `Reactivate ${organization.name}?`, description: 'Its members can sign in and use the app again.', confirmLabel: 'Reactivate', tone: 'primary' }
        : { title: `Suspend ${organization.name}?`, description: 'Its members can no longer sign in, and their requests are refused until you reactivate it.', confirmLabel: 'Suspend' },
    );
    if (!agreed) return;
    try {
      await update.mutateAsync({ id: organization.id, status: suspended ? 'active' : 'suspended' });
      toast.success(`${organization.name} ${suspended ? 'reactivated' : 'suspended'}`);
    } catch (failure) {
      toast.error(`Failed to ${suspended ? 'reactivate' : 'suspend'} ${organization.name}: ${serverMessage(failure)}`);
    }
  };
  return (
    <li className="flex flex-wrap items-center gap-3 py-3 sm:flex-nowrap" aria-label={organization.name}>
      <span aria-hidden className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg bg-accent font-semibold text-accent-foreground">
        {organizationInitials(organization.name)}
      </span>
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2 font-medium">
          {organization.name}
          <StatusBadge status={organization.status} />
          {organization.inactive ? <StatusBadge status="inactive" /> : null}
          {organization.byok ? <Badge tone="primary">BYOK</Badge> : null}
        </p>
        {progress ? (
          <p role="status" className="text-xs text-muted-foreground">
            Deleting permanently: {progress}
          </p>
        ) : null}
        <p className="text-xs text-muted-foreground">
          {organization.id} · {organization.domain} · {organization.users} user{organization.users === 1 ? '' : 's'} · {SUBSCRIPTION_LABELS[organization.subscription]} · shard {organization.shard} · created {formatDateTime(organization.created)}
        </p>
      </div>
      <div className="flex shrink-0 gap-2">
        <Button size="sm" variant="outline" onClick={onEdit}>
          Edit
        </Button>
        {organization.id !== ownId ? (
          <Button size="sm" variant={suspended ? 'primary' : 'danger'} onClick={() => void toggle()} disabled={update.isPending}>
            {update.isPending ? <Spinner /> : null}
            {suspended ? 'Reactivate' : 'Suspend'}
          </Button>
        ) : null}
        {purgeable ? (
          <Button size="sm" variant="outline" className="text-danger" onClick={() => void erase()} disabled={purge.isPending}>
            {purge.isPending ? <Spinner /> : null}
            Delete permanently
          </Button>
        ) : null}
      </div>
      {dialog}
    </li>
  );
}

function CustomerOrganizations({ ownId }: { ownId: string }) {
  const list = useOrganizationsList();
  const [creating, setCreating] = useState(false);
  const [editingId, setEditingId] = useState<string | null>(null);
  const editing = list.data?.organizations.find((o) => o.id === editingId) ?? null;
  return (
    <Section
      title="Customer Organizations"
      description="Every organization of the platform, suspended and deactivated ones included."
      icon={Building2}
      action={
        <Button size="sm" onClick={() => setCreating(true)}>
          <Plus className="size-4" aria-hidden />
          Create New Organization
        </Button>
      }
    >
      {list.isPending ? (
        <Loading what="organizations" />
      ) : list.isError ? (
        <Failure what="organizations" error={list.error} retry={() => void list.refetch()} />
      ) : list.data.organizations.length === 0 ? (
        <Empty>No customer organizations found</Empty>
      ) : (
        <ul className="divide-y">
          {list.data.organizations.map((organization) => (
            <OrganizationRow key={organization.id} organization={organization} ownId={ownId} onEdit={() => setEditingId(organization.id)} />
          ))}
        </ul>
      )}
      <CreateOrganizationDialog open={creating} onOpenChange={setCreating} />
      <EditOrganizationDialog organization={editing} onOpenChange={(open) => (!open ? setEditingId(null) : undefined)} />
    </Section>
  );
}

function Shards() {
  const shards = useShards();
  return (
    <Section title="Database Shards" description="The data cells organizations live in, with the figures DynamoDB reports." icon={Database}>
      {shards.isPending ? (
        <Loading what="shards" />
      ) : shards.isError ? (
        <Failure what="shards" error={shards.error} retry={() => void shards.refetch()} />
      ) : shards.data.shards.length === 0 ? (
        <Empty>No database shards found</Empty>
      ) : (
        <ul className="divide-y">
          {shards.data.shards.map((shard) => (
            <li key={shard.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <div>
                <p className="flex items-center gap-2 font-medium">
                  {shard.name} <StatusBadge status={shard.status} />
                </p>
                <p className="text-xs text-muted-foreground">
                  {shard.database} · {shard.region} · {shard.accounts} account{shard.accounts === 1 ? '' : 's'} · {shard.itemCount.toLocaleString()} items · {(shard.sizeBytes / 1024 / 1024).toFixed(1)} MB
                </p>
                {shard.warning ? <p className="text-xs text-warning">{shard.warning}</p> : null}
              </div>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

function Byok() {
  const byok = useByokAccounts();
  return (
    <Section title="BYOK Organizations" description="Organizations that registered their own KMS key." icon={KeyRound}>
      {byok.isPending ? (
        <Loading what="BYOK organizations" />
      ) : byok.isError ? (
        <Failure what="BYOK organizations" error={byok.error} retry={() => void byok.refetch()} />
      ) : byok.data.accounts.length === 0 ? (
        <Empty>No BYOK enabled organizations found</Empty>
      ) : (
        <ul className="divide-y">
          {byok.data.accounts.map((account) => (
            <li key={account.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <div className="min-w-0">
                <p className="flex items-center gap-2 font-medium">
                  {account.name} <StatusBadge status={account.status} />
                </p>
                <p className="text-xs break-all text-muted-foreground">
                  {account.keyArn} · last rotation {formatDateTime(account.keyRotation)}
                </p>
                {account.message ? <p className="text-xs text-muted-foreground">{account.message}</p> : null}
              </div>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

/** The Organizations tab: super admins only; others are told so (spec 2 §2.3). */
export function OrganizationsTab() {
  const user = useCurrentUser();
  if (!user.is_super_admin) {
    return (
      <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
        <ShieldCheck className="size-4" aria-hidden />
        {SUPER_ADMIN_REQUIRED}
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-6">
      <Overview />
      <CustomerOrganizations ownId={user.organization_id} />
      <Shards />
      <Byok />
    </div>
  );
}
