import { AlertTriangle, Check, Copy, KeyRound, Link2, Mail, Pencil, Plus, RefreshCw, Server, ShieldCheck, Trash2, UserPlus, Users, Waypoints, XCircle } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { COPIED_INDICATOR_MS, type InviteStatus } from '../../../../../shared/invites';
import { ASSIGNABLE_ROLES, ROLE_LABELS, type Role } from '../../../../../shared/roles';
import type { Instance } from '../../../../../shared/schemas/session';
import type { Invite, Member } from '../../../../../shared/schemas/team';
import { InstanceTypeBadge } from '../../../components/instance-type-badge';
import { UserAvatar } from '../../../components/ui/avatar';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { Spinner } from '../../../components/ui/spinner';
import { useInstances } from '../../../lib/instances';
import { useCurrentUser } from '../../../lib/session';
import { useOrgInstances, useDeleteInstance } from '../api/instances';
import { useInvites, useResendInvite, useRevokeInvite } from '../api/invites';
import { useChangeRole, useMembers, useResetPassword } from '../api/members';
import { absoluteLink, copyText } from './copy';
import { loadStatus, serverMessage } from './errors';
import { InstanceDialog, WAREHOUSE_LABELS } from './instance-dialog';
import { InviteDialog } from './invite-dialog';
import { ManageInstancesDialog } from './manage-instances-dialog';
import { ConfirmDialog, Modal, selectClasses, type ConfirmRequest } from './modal';

// Settings → Teams (spec 2 §2.3 Teams, §4 Team, §5, §6, §8 Team and Invites). The organization is
// the selected instance's; everything shown comes from the API.

export const TEAM_PERMISSION_DENIED = "You don't have permission to manage team members.";

/** The full Settings area (spec 2 §2.3, §6). */
export function managesTeam(user: { is_super_admin: boolean; is_org_admin: boolean; role: Role; permissions: readonly string[] }): boolean {
  return user.is_super_admin || user.is_org_admin || user.role === 'account_owner' || user.permissions.includes('admin') || user.permissions.includes('organization');
}

export function TeamsTab() {
  const user = useCurrentUser();
  const { status, currentInstance } = useInstances();
  if (!managesTeam(user)) return <p className="text-sm text-muted-foreground">{TEAM_PERMISSION_DENIED}</p>;
  if (status === 'loading' || status === 'idle') {
    return (
      <p className="flex items-center gap-2 py-10 text-sm text-muted-foreground" role="status">
        <Spinner /> Loading instances…
      </p>
    );
  }
  if (!currentInstance) {
    return (
      <EmptyState icon={Server} title="No Instance Selected">
        Select an instance from the top navigation to manage its organization&apos;s team.
      </EmptyState>
    );
  }
  return <TeamAdmin instance={currentInstance} />;
}

const isAdministrator = (m: Member) => m.is_org_admin || m.role !== 'user';

function Stat({ icon: Icon, label, value }: { icon: typeof Users; label: string; value: number }) {
  return (
    <Card className="flex items-center gap-3 p-4">
      <span className="inline-flex size-10 items-center justify-center rounded-lg bg-accent text-accent-foreground">
        <Icon className="size-5" aria-hidden />
      </span>
      <div>
        <p className="text-2xl font-semibold tabular-nums" data-testid={`stat-${label.toLowerCase().replace(/\s+/g, '-')}`}>
          {value}
        </p>
        <p className="text-xs text-muted-foreground">{label}</p>
      </div>
    </Card>
  );
}

function TeamAdmin({ instance }: { instance: Instance }) {
  const orgId = instance.organization_id;
  const members = useMembers(orgId);
  const instances = useOrgInstances(orgId);
  const [inviteOpen, setInviteOpen] = useState(false);

  if (members.isPending || instances.isPending) {
    return (
      <p className="flex items-center gap-2 py-10 text-sm text-muted-foreground" role="status">
        <Spinner /> Loading team…
      </p>
    );
  }
  if (members.isError || instances.isError) {
    const message = members.isError ? `Failed to load users: ${loadStatus(members.error)}` : `Failed to load instances: ${loadStatus(instances.error)}`;
    return (
      <Card role="alert" className="border-danger/40 p-5">
        <p className="flex items-center gap-2 font-medium text-danger">
          <AlertTriangle className="size-4" aria-hidden /> Error loading team data: {message}
        </p>
        <Button className="mt-4" variant="outline" onClick={() => void Promise.all([members.refetch(), instances.refetch()])}>
          <RefreshCw className="size-4" aria-hidden /> Try again
        </Button>
      </Card>
    );
  }

  const list = members.data.members;
  const orgInstances = instances.data.instances;
  return (
    <div className="flex flex-col gap-6">
      <section aria-label="Team Overview" className="grid gap-3 sm:grid-cols-2 xl:grid-cols-4">
        <Stat icon={Users} label="Total Members" value={list.length} />
        <Stat icon={Server} label="Active Instances" value={orgInstances.length} />
        <Stat icon={ShieldCheck} label="Administrators" value={list.filter(isAdministrator).length} />
        <Stat icon={Waypoints} label="Total Assignments" value={orgInstances.reduce((sum, i) => sum + i.userCount, 0)} />
      </section>
      <MemberList orgId={orgId} members={list} instances={orgInstances} onInvite={() => setInviteOpen(true)} />
      <InstanceCards orgId={orgId} instances={orgInstances} />
      <InvitationsPanel orgId={orgId} onInvite={() => setInviteOpen(true)} />
      <InviteDialog orgId={orgId} instance={instance} open={inviteOpen} onOpenChange={setInviteOpen} />
    </div>
  );
}

function MemberList({ orgId, members, instances, onInvite }: { orgId: string; members: Member[]; instances: Instance[]; onInvite: () => void }) {
  const me = useCurrentUser();
  const changeRole = useChangeRole(orgId);
  const resetPassword = useResetPassword(orgId);
  const [managing, setManaging] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<ConfirmRequest | null>(null);
  const [temporary, setTemporary] = useState<{ email: string; password: string } | null>(null);
  const managed = members.find((m) => m.email === managing) ?? null;

  return (
    <Card>
      <CardHeader className="flex-row items-start justify-between gap-4">
        <div>
          <CardTitle>Team Members</CardTitle>
          <CardDescription>Roles and instance access of everyone in the organization.</CardDescription>
        </div>
        <Button onClick={onInvite}>
          <UserPlus className="size-4" aria-hidden /> Invite Member
        </Button>
      </CardHeader>
      <CardContent className="overflow-x-auto">
        <table className="w-full min-w-[40rem] text-left text-sm">
          <thead className="text-xs text-muted-foreground">
            <tr>
              <th className="py-2 pr-4 font-medium">Member</th>
              <th className="pr-4 font-medium">Role</th>
              <th className="pr-4 font-medium">Instances</th>
              <th className="font-medium">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {members.map((member) => {
              const controls = !member.is_org_admin && member.email !== me.email && (member.role === 'user' || member.role === 'admin' || member.role === 'account_owner');
              return (
                <tr key={member.email} className="border-t align-middle" data-member={member.email}>
                  <td className="py-3 pr-4">
                    <div className="flex items-center gap-3">
                      <UserAvatar email={member.email} name={member.name} />
                      <div className="min-w-0">
                        <p className="truncate font-medium">{member.name}</p>
                        <p className="truncate text-xs text-muted-foreground">{member.email}</p>
                      </div>
                    </div>
                  </td>
                  <td className="pr-4">
                    {controls ? (
                      <select
                        aria-label={`Role of ${member.name}`}
                        className={`${selectClasses} h-8 w-40`}
                        value={member.role}
                        disabled={changeRole.isPending}
                        onChange={(e) =>
                          changeRole.mutate(
                            { email: member.email, role: e.target.value as Role },
                            { onSuccess: (r) => toast.success(`${member.name} is now ${ROLE_LABELS[r.member.role]}`), onError: (err) => toast.error(`Failed to update user role: ${serverMessage(err)}`) },
                          )
                        }
                      >
                        {ASSIGNABLE_ROLES.map((r) => (
                          <option key={r} value={r}>
                            {ROLE_LABELS[r]}
                          </option>
                        ))}
                      </select>
                    ) : (
                      <span className="flex flex-wrap items-center gap-1.5">
                        {ROLE_LABELS[member.role]}
                        {member.is_org_admin ? <Badge tone="primary">Org Admin</Badge> : null}
                      </span>
                    )}
                  </td>
                  <td className="pr-4">
                    {member.is_org_admin ? (
                      <span className="text-xs text-muted-foreground">All instances</span>
                    ) : member.instances.length ? (
                      <span className="flex flex-wrap gap-1">
                        {member.instances.map((i) => (
                          <Badge key={i.id}>{i.name}</Badge>
                        ))}
                      </span>
                    ) : (
                      <span className="text-xs text-muted-foreground">None</span>
                    )}
                  </td>
                  <td className="py-2 text-right">
                    {controls ? (
                      <span className="inline-flex gap-1">
                        <Button size="sm" variant="ghost" onClick={() => setManaging(member.email)}>
                          <Server className="size-4" aria-hidden /> Manage Instances
                        </Button>
                        <Button
                          size="sm"
                          variant="ghost"
                          onClick={() =>
                            setConfirm({
                              title: 'Reset password?',
                              description: `${member.name} gets a temporary password and must choose a new one at the next sign-in.`,
                              confirmLabel: 'Reset Password',
                              onConfirm: () =>
                                resetPassword.mutateAsync(member.email).then(
                                  (r) => setTemporary({ email: member.email, password: r.temporary_password }),
                                  (err) => toast.error(`Failed to reset password: ${serverMessage(err)}`),
                                ),
                            })
                          }
                        >
                          <KeyRound className="size-4" aria-hidden /> Reset Password
                        </Button>
                      </span>
                    ) : null}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </CardContent>
      <ManageInstancesDialog orgId={orgId} member={managed} instances={instances} onOpenChange={(open) => (!open ? setManaging(null) : undefined)} />
      <ConfirmDialog request={confirm} onClose={() => setConfirm(null)} pending={resetPassword.isPending} />
      <Modal open={temporary !== null} onOpenChange={(open) => (!open ? setTemporary(null) : undefined)} title="Password Reset" description={temporary ? `Temporary password for ${temporary.email}. It is shown once: pass it on securely.` : undefined}>
        {temporary ? <CopyField label="Temporary password" value={temporary.password} /> : null}
      </Modal>
    </Card>
  );
}

function CopyField({ label, value }: { label: string; value: string }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const t = window.setTimeout(() => setCopied(false), COPIED_INDICATOR_MS);
    return () => window.clearTimeout(t);
  }, [copied]);
  return (
    <div className="flex items-center gap-2">
      <input aria-label={label} readOnly value={value} className={`${selectClasses} font-mono`} onFocus={(e) => e.target.select()} />
      <Button variant="outline" onClick={async () => setCopied(await copyText(value))}>
        {copied ? <Check className="size-4" aria-hidden /> : <Copy className="size-4" aria-hidden />}
        {copied ? 'Copied' : 'Copy'}
      </Button>
    </div>
  );
}

function InstanceCards({ orgId, instances }: { orgId: string; instances: Instance[] }) {
  const remove = useDeleteInstance(orgId);
  const [editing, setEditing] = useState<Instance | null>(null);
  const [open, setOpen] = useState(false);
  const [confirm, setConfirm] = useState<ConfirmRequest | null>(null);
  return (
    <Card>
      <CardHeader className="flex-row items-start justify-between gap-4">
        <div>
          <CardTitle>Instances</CardTitle>
          <CardDescription>Environments and business units of the organization.</CardDescription>
        </div>
        <Button
          variant="outline"
          onClick={() => {
            setEditing(null);
            setOpen(true);
          }}
        >
          <Plus className="size-4" aria-hidden /> Create Instance
        </Button>
      </CardHeader>
      <CardContent>
        {instances.length === 0 ? (
          <p className="py-6 text-center text-sm text-muted-foreground">No instances yet: create the first one.</p>
        ) : (
          <ul className="grid gap-3 md:grid-cols-2">
            {instances.map((instance) => (
              <li key={instance.id} className="flex flex-col gap-2 rounded-lg border p-4" data-instance={instance.id}>
                <div className="flex items-start justify-between gap-2">
                  <div className="min-w-0">
                    <p className="truncate font-medium">{instance.name}</p>
                    <p className="text-xs text-muted-foreground">{WAREHOUSE_LABELS[instance.warehouseType]}</p>
                  </div>
                  <InstanceTypeBadge type={instance.type} />
                </div>
                {instance.description ? <p className="line-clamp-2 text-sm text-muted-foreground">{instance.description}</p> : null}
                <p className="text-xs text-muted-foreground">
                  {instance.userCount} assigned user{instance.userCount === 1 ? '' : 's'} · {instance.datasetCount} dataset{instance.datasetCount === 1 ? '' : 's'}
                </p>
                <div className="mt-auto flex gap-1">
                  <Button
                    size="sm"
                    variant="ghost"
                    aria-label={`Edit ${instance.name}`}
                    onClick={() => {
                      setEditing(instance);
                      setOpen(true);
                    }}
                  >
                    <Pencil className="size-4" aria-hidden /> Edit
                  </Button>
                  <Button
                    size="sm"
                    variant="ghost"
                    className="text-danger"
                    aria-label={`Delete ${instance.name}`}
                    onClick={() =>
                      setConfirm({
                        title: `Delete ${instance.name}?`,
                        description: 'Its members lose access and its datasets become unreachable. This action cannot be undone.',
                        confirmLabel: 'Delete Instance',
                        onConfirm: () =>
                          remove.mutateAsync(instance.id).then(
                            () => toast.success(`Instance "${instance.name}" deleted`),
                            (err) => toast.error(`Failed to delete instance: ${serverMessage(err)}`),
                          ),
                      })
                    }
                  >
                    <Trash2 className="size-4" aria-hidden /> Delete
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
      <InstanceDialog orgId={orgId} open={open} onOpenChange={setOpen} editing={editing} />
      <ConfirmDialog request={confirm} onClose={() => setConfirm(null)} pending={remove.isPending} />
    </Card>
  );
}

const STATUS_TONES: Record<InviteStatus, BadgeTone> = { pending: 'primary', accepted: 'success', expired: 'warning', revoked: 'neutral' };
const STATUS_LABELS: Record<InviteStatus, string> = { pending: 'Pending', accepted: 'Accepted', expired: 'Expired', revoked: 'Revoked' };

function InvitationsPanel({ orgId, onInvite }: { orgId: string; onInvite: () => void }) {
  const invites = useInvites(orgId);
  const revoke = useRevokeInvite(orgId);
  const resend = useResendInvite(orgId);
  const [copiedId, setCopiedId] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<ConfirmRequest | null>(null);
  useEffect(() => {
    if (!copiedId) return;
    const t = window.setTimeout(() => setCopiedId(null), COPIED_INDICATOR_MS);
    return () => window.clearTimeout(t);
  }, [copiedId]);

  const row = (invite: Invite) => (
    <li key={invite.id} className="flex flex-wrap items-center justify-between gap-3 py-3" data-invite={invite.id}>
      <div className="flex min-w-0 items-center gap-3">
        <span className="inline-flex size-9 items-center justify-center rounded-full bg-muted text-muted-foreground">
          {invite.invite_type === 'email' ? <Mail className="size-4" aria-hidden /> : <Link2 className="size-4" aria-hidden />}
        </span>
        <div className="min-w-0">
          <p className="truncate text-sm font-medium">{invite.email ?? `Shareable link · ${invite.usage_count}/${invite.max_uses} used`}</p>
          <p className="text-xs text-muted-foreground">
            {ROLE_LABELS[invite.role]}
            {invite.instance_name ? ` · ${invite.instance_name}` : ''} · by {invite.inviter_name} · expires {new Date(invite.expires_at).toLocaleString()}
          </p>
        </div>
      </div>
      <div className="flex items-center gap-1">
        <Badge tone={STATUS_TONES[invite.status]}>{STATUS_LABELS[invite.status]}</Badge>
        {invite.status === 'pending' ? (
          <>
            <Button size="sm" variant="ghost" aria-label={`Copy link of ${invite.email ?? 'link invitation'}`} onClick={async () => (await copyText(absoluteLink(invite.invite_link))) && setCopiedId(invite.id)}>
              {copiedId === invite.id ? <Check className="size-4" aria-hidden /> : <Copy className="size-4" aria-hidden />}
              {copiedId === invite.id ? 'Copied' : 'Copy link'}
            </Button>
            {invite.invite_type === 'email' ? (
              <Button
                size="sm"
                variant="ghost"
                disabled={resend.isPending}
                onClick={() => resend.mutate(invite.id, { onSuccess: () => toast.success('Invitation email resent successfully!'), onError: (e) => toast.error(`Error resending invitation: ${serverMessage(e)}`) })}
              >
                <RefreshCw className="size-4" aria-hidden /> Resend
              </Button>
            ) : null}
            <Button
              size="sm"
              variant="ghost"
              className="text-danger"
              onClick={() =>
                setConfirm({
                  title: 'Revoke invitation?',
                  description: `The link stops working${invite.email ? ` for ${invite.email}` : ''}.`,
                  confirmLabel: 'Revoke',
                  onConfirm: () => revoke.mutateAsync(invite.id).then(() => toast.success('Invitation revoked'), (e) => toast.error(`Error revoking invitation: ${serverMessage(e)}`)),
                })
              }
            >
              <XCircle className="size-4" aria-hidden /> Revoke
            </Button>
          </>
        ) : null}
      </div>
    </li>
  );

  return (
    <Card>
      <CardHeader className="flex-row items-start justify-between gap-4">
        <div>
          <CardTitle>Team Invitations</CardTitle>
          <CardDescription>Pending, accepted, expired and revoked invitations.</CardDescription>
        </div>
        <Button variant="outline" onClick={onInvite}>
          <UserPlus className="size-4" aria-hidden /> Invite Member
        </Button>
      </CardHeader>
      <CardContent>
        {invites.isPending ? (
          <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
            <Spinner /> Loading invitations…
          </p>
        ) : invites.isError ? (
          <p role="alert" className="text-sm text-danger">
            Failed to load invitations: {loadStatus(invites.error)}
          </p>
        ) : invites.data.invites.length === 0 ? (
          <p className="py-6 text-center text-sm text-muted-foreground">No invitations yet.</p>
        ) : (
          <ul className="divide-y">{invites.data.invites.map(row)}</ul>
        )}
      </CardContent>
      <ConfirmDialog request={confirm} onClose={() => setConfirm(null)} pending={revoke.isPending} />
    </Card>
  );
}
