import { createHash, randomBytes } from 'node:crypto';
import { effectiveInviteStatus, inAcceptedDomains, invitePath, LINK_INVITE_MAX_USES } from '../../../shared/invites';
import { ROLE_LABELS } from '../../../shared/roles';
import type { Invite, InviteCreate } from '../../../shared/schemas/team';
import { inviteCreateSchema } from '../../../shared/schemas/team';
import { Conflict, Forbidden, NotFound, ValidationFailed } from '../errors';
import { displayName, type Caller } from '../tenancy/caller';
import type { OrganizationRecord } from '../tenancy/records';
import { auditEntry } from './audit';
import type { MailSender, OutgoingMail, TeamClock, TeamStore } from './ports';
import type { InviteRecord } from './records';
import { mayManageAccountOwners } from './rules';

// Invitations (spec 2 §3 Invite, §4, §5 invite rules, §7.1, §9). The code is 256 random bits; the
// public page finds an invite by the code's SHA-256 through an index.

export function newInviteCode(): string {
  return randomBytes(32).toString('base64url');
}

export function hashInviteCode(code: string): string {
  return createHash('sha256').update(code).digest('hex');
}

export function toInvite(record: InviteRecord, now: Date, instanceName: string | null): Invite {
  return {
    id: record.id,
    invite_type: record.inviteType,
    email: record.email,
    role: record.role,
    status: effectiveInviteStatus({ status: record.status, expires_at: record.validUntil }, now),
    inviter_name: record.inviterName,
    inviter_email: record.inviterEmail,
    created_at: record.createdAt,
    expires_at: record.validUntil,
    usage_count: record.usageCount,
    max_uses: record.maxUses,
    message: record.message,
    invite_code: record.code,
    invite_link: invitePath(record.code),
    instance_id: record.instanceId,
    instance_name: instanceName,
  };
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The invitation e-mail (also answered as email_content, so an admin can send it another way). */
export function inviteEmail(record: InviteRecord, organization: OrganizationRecord, appUrl: string, instanceName: string | null): Omit<OutgoingMail, 'to'> {
  const link = `${appUrl.replace(/\/$/, '')}${invitePath(record.code)}`;
  const role = ROLE_LABELS[record.role];
  const expires = new Date(record.validUntil).toUTCString();
  const where = instanceName ? ` (instance ${instanceName})` : '';
  const subject = `${record.inviterName} invited you to ${organization.name} on Quality Desk`;
  const lines = [
    `${record.inviterName} (${record.inviterEmail}) invited you to join ${organization.name}${where} on Quality Desk as ${role}.`,
    ...(record.message ? ['', `Message: ${record.message}`] : []),
    '',
    `Accept the invitation: ${link}`,
    '',
    `The invitation expires ${expires}. If you did not expect it, ignore this e-mail.`,
  ];
  const html = [
    `<p>${escapeHtml(record.inviterName)} (${escapeHtml(record.inviterEmail)}) invited you to join <strong>${escapeHtml(organization.name)}</strong>${escapeHtml(where)} on Quality Desk as ${escapeHtml(role)}.</p>`,
    ...(record.message ? [`<blockquote>${escapeHtml(record.message)}</blockquote>`] : []),
    `<p><a href="${escapeHtml(link)}">Accept the invitation</a></p>`,
    `<p>Or open this link: ${escapeHtml(link)}</p>`,
    `<p>The invitation expires ${escapeHtml(expires)}. If you did not expect it, ignore this e-mail.</p>`,
  ].join('\n');
  return { subject, text: lines.join('\n'), html };
}

export interface InviteDeps {
  store: TeamStore;
  clock: TeamClock;
  mail: MailSender;
  /** Base URL of the web app, for links in e-mails. */
  appUrl: string;
}

async function instanceNames(store: TeamStore, orgId: string): Promise<Map<string, string>> {
  return new Map((await store.listInstances(orgId)).map((i) => [i.id, i.name]));
}

export async function listInvites(deps: Pick<InviteDeps, 'store' | 'clock'>, orgId: string): Promise<Invite[]> {
  const [records, names] = await Promise.all([deps.store.listInvites(orgId), instanceNames(deps.store, orgId)]);
  const now = deps.clock.now();
  return records
    .map((r) => toInvite(r, now, r.instanceId ? (names.get(r.instanceId) ?? null) : null))
    .sort((a, b) => b.created_at.localeCompare(a.created_at));
}

async function sendInvite(deps: InviteDeps, record: InviteRecord, organization: OrganizationRecord, instanceName: string | null): Promise<boolean> {
  if (!record.email) return false;
  try {
    await deps.mail.send({ to: record.email, ...inviteEmail(record, organization, deps.appUrl, instanceName) });
    return true;
  } catch {
    return false;
  }
}

export async function createInvite(deps: InviteDeps, caller: Caller, orgId: string, body: InviteCreate) {
  const input = inviteCreateSchema.parse(body);
  const { store, clock } = deps;
  const organization = await store.getOrganization(orgId);
  if (!organization) throw new NotFound('Organization not found');
  if (input.role === 'account_owner' && !mayManageAccountOwners(caller)) throw new Forbidden('Only an account owner can invite an account owner');
  const email = input.invite_type === 'email' ? input.email! : null;
  if (email) {
    if (!caller.isSuperAdmin && !inAcceptedDomains(email, organization.domains)) {
      throw new ValidationFailed(`${email} is outside the organization's accepted domains (${organization.domains.join(', ')})`, [
        { field: 'email', message: `must belong to one of the accepted domains: ${organization.domains.join(', ')}` },
      ]);
    }
    const { member } = await store.findMemberByEmail(email);
    if (member) throw new Conflict(member.organizationId === orgId ? `${email} is already a member of this organization` : `${email} already belongs to another organization`);
    const now = clock.now();
    const open = (await store.listInvites(orgId)).find((i) => i.email === email && effectiveInviteStatus({ status: i.status, expires_at: i.validUntil }, now) === 'pending');
    if (open) throw new Conflict(`A pending invitation for ${email} already exists; resend or revoke it`);
  }
  let instanceName: string | null = null;
  if (input.instance_id) {
    const instance = await store.getInstance(orgId, input.instance_id);
    if (!instance || instance.status !== 'active') throw new ValidationFailed('Instance not found', [{ field: 'instance_id', message: 'is not an instance of this organization' }]);
    instanceName = instance.name;
  }
  const now = clock.now();
  const code = newInviteCode();
  const record: InviteRecord = {
    id: clock.newId(),
    organizationId: orgId,
    inviteType: input.invite_type,
    email,
    role: input.role,
    status: 'pending',
    inviterEmail: caller.email,
    inviterName: displayName(caller.member),
    inviterIsSuperAdmin: caller.isSuperAdmin,
    createdAt: now.toISOString(),
    validUntil: new Date(now.getTime() + input.expires_in_hours * 3_600_000).toISOString(),
    usageCount: 0,
    maxUses: input.invite_type === 'link' ? LINK_INVITE_MAX_USES : 1,
    message: input.message ? input.message : null,
    code,
    codeHash: hashInviteCode(code),
    instanceId: input.instance_id ?? null,
    lastSentAt: null,
    sendCount: 0,
  };
  await store.createInvite(
    record,
    auditEntry(clock, now, orgId, caller, 'invite.create', record.id, null, { invite_type: record.inviteType, email, role: record.role, instance_id: record.instanceId, expires_at: record.validUntil }),
  );
  const content = inviteEmail(record, organization, deps.appUrl, instanceName);
  let emailSent = false;
  if (email) {
    emailSent = await sendInvite(deps, record, organization, instanceName);
    if (emailSent) await store.markInviteSent(orgId, record.id, clock.now().toISOString(), undefined);
  }
  const invite = toInvite(emailSent ? { ...record, sendCount: 1 } : record, now, instanceName);
  return { invite, invite_link: invite.invite_link, email_content: email ? content : null, email_sent: emailSent };
}

async function pendingInvite(deps: Pick<InviteDeps, 'store' | 'clock'>, orgId: string, inviteId: string): Promise<InviteRecord> {
  const record = await deps.store.getInvite(orgId, inviteId);
  if (!record) throw new NotFound('Invitation not found');
  const status = effectiveInviteStatus({ status: record.status, expires_at: record.validUntil }, deps.clock.now());
  if (status !== 'pending') throw new Conflict(`This invitation is ${status}; only pending invitations can be changed`);
  return record;
}

export async function revokeInvite(deps: Pick<InviteDeps, 'store' | 'clock'>, caller: Caller, orgId: string, inviteId: string): Promise<void> {
  const record = await pendingInvite(deps, orgId, inviteId);
  await deps.store.revokeInvite(orgId, inviteId, auditEntry(deps.clock, deps.clock.now(), orgId, caller, 'invite.revoke', inviteId, { status: 'pending', email: record.email }, { status: 'revoked' }));
}

export async function resendInvite(deps: InviteDeps, caller: Caller, orgId: string, inviteId: string): Promise<void> {
  const record = await pendingInvite(deps, orgId, inviteId);
  if (record.inviteType !== 'email' || !record.email) throw new ValidationFailed('Only e-mail invitations can be resent; copy the link of a link invitation instead', [{ field: 'id', message: 'is a link invitation' }]);
  const organization = await deps.store.getOrganization(orgId);
  if (!organization) throw new NotFound('Organization not found');
  const name = record.instanceId ? ((await deps.store.getInstance(orgId, record.instanceId))?.name ?? null) : null;
  await deps.mail.send({ to: record.email, ...inviteEmail(record, organization, deps.appUrl, name) });
  const now = deps.clock.now();
  await deps.store.markInviteSent(orgId, inviteId, now.toISOString(), auditEntry(deps.clock, now, orgId, caller, 'invite.resend', inviteId, { sendCount: record.sendCount }, { sendCount: record.sendCount + 1 }));
}
