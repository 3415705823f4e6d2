import { effectiveInviteStatus, inAcceptedDomains } from '../../../shared/invites';
import type { InviteAccept, InviteDetails } from '../../../shared/schemas/team';
import { Conflict, DomainError, Gone, NotFound, Unauthorized, ValidationFailed } from '../errors';
import type { AssignmentRecord, MemberRecord } from '../tenancy/records';
import { auditEntry } from './audit';
import { hashInviteCode } from './invites';
import type { IdentityAdmin, TeamClock, TeamStore } from './ports';
import type { InviteRecord } from './records';

// The public invitation page (spec 2 §2.8, §7.6): details by code, and accepting, which creates
// the Cognito user (or adds an existing one), the member and the assignment — all or nothing.

export const INVITE_NOT_FOUND = 'Invitation not found or has expired';
export const INVITE_EXPIRED = 'This invitation has expired';
export const INVITE_USED = 'This invitation has already been accepted';

/** The invite of a code if it can still be accepted; otherwise the spec's 404 / 410. */
async function usableInvite(store: TeamStore, now: Date, code: string): Promise<InviteRecord> {
  const invite = await store.findInviteByCodeHash(hashInviteCode(code));
  if (!invite) throw new NotFound(INVITE_NOT_FOUND);
  const status = effectiveInviteStatus({ status: invite.status, expires_at: invite.validUntil }, now);
  if (status === 'revoked') throw new NotFound(INVITE_NOT_FOUND);
  if (status === 'expired') throw new Gone(INVITE_EXPIRED);
  if (status === 'accepted' || invite.usageCount >= invite.maxUses) throw new Gone(INVITE_USED);
  return invite;
}

export async function inviteDetails(store: TeamStore, clock: TeamClock, code: string): Promise<InviteDetails['invite']> {
  const invite = await usableInvite(store, clock.now(), code);
  const organization = await store.getOrganization(invite.organizationId);
  if (!organization || organization.status !== 'active') throw new NotFound(INVITE_NOT_FOUND);
  const instance = invite.instanceId ? await store.getInstance(invite.organizationId, invite.instanceId) : undefined;
  return {
    email: invite.email,
    role: invite.role,
    message: invite.message,
    expires_at: invite.validUntil,
    invite_type: invite.inviteType,
    organization: { name: organization.name },
    inviter: { name: invite.inviterName },
    instance: instance && instance.status === 'active' ? { name: instance.name } : null,
  };
}

function splitName(name: string): { firstName: string; lastName: string } {
  const parts = name.trim().split(/\s+/);
  return { firstName: parts[0] ?? '', lastName: parts.slice(1).join(' ') };
}

/**
 * Binds an e-mail to a Cognito user: creates it with the chosen password, or — when the user
 * already exists in the pool without belonging to an organization — proves the password is theirs.
 * The one place that knows how a member's identity is made (answers the Cognito `sub`).
 */
export async function enrollIdentity(identity: IdentityAdmin, email: string, password: string, organizationId: string): Promise<{ sub: string; created: boolean }> {
  const result = await identity.createUser(email, password, organizationId);
  if (!result.created && !(await identity.verifyPassword(email, password))) {
    throw new Unauthorized('An account with this e-mail already exists: enter its password to accept the invitation');
  }
  return result;
}

export async function acceptInvite(deps: { store: TeamStore; identity: IdentityAdmin; clock: TeamClock }, code: string, body: InviteAccept): Promise<{ email: string; organizationName: string }> {
  const { store, identity, clock } = deps;
  const now = clock.now();
  const invite = await usableInvite(store, now, code);
  const organization = await store.getOrganization(invite.organizationId);
  if (!organization || organization.status !== 'active') throw new NotFound(INVITE_NOT_FOUND);
  const email = body.email;
  if (invite.email && invite.email !== email) {
    throw new ValidationFailed('This invitation was sent to another e-mail address', [{ field: 'email', message: 'must be the invited e-mail address' }]);
  }
  if (!invite.email && !invite.inviterIsSuperAdmin && !inAcceptedDomains(email, organization.domains)) {
    throw new ValidationFailed(`${email} is outside the organization's accepted domains`, [{ field: 'email', message: `must belong to one of: ${organization.domains.join(', ')}` }]);
  }
  const existing = await store.findMemberByEmail(email);
  if (existing.member) throw new Conflict(existing.member.organizationId === organization.id ? 'You are already a member of this organization: sign in instead' : 'This e-mail already belongs to another organization');

  const { sub, created } = await enrollIdentity(identity, email, body.password, organization.id);
  const member: MemberRecord = { email, organizationId: organization.id, ...splitName(body.name), title: '', role: invite.role, isOrgAdmin: false, createdAt: now.toISOString() };
  const assignment: AssignmentRecord | undefined = invite.instanceId
    ? { organizationId: organization.id, instanceId: invite.instanceId, email, role: invite.role, assignedAt: now.toISOString() }
    : undefined;
  try {
    await store.acceptInvite({
      invite,
      member,
      sub,
      assignment,
      acceptedAt: now.toISOString(),
      audit: auditEntry(clock, now, organization.id, email, 'invite.accept', invite.id, { usage_count: invite.usageCount }, { usage_count: invite.usageCount + 1, member: email, role: invite.role, instance_id: invite.instanceId }),
    });
  } catch (error) {
    // All or nothing: a user this request created must not outlive a member that was never written.
    if (created) await identity.deleteUser(email).catch(() => undefined);
    if (error instanceof DomainError) throw error;
    throw error;
  }
  return { email, organizationName: organization.name };
}
