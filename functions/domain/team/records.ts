import type { InviteType, StoredInviteStatus } from '../../../shared/invites';
import type { Role } from '../../../shared/roles';

// What the team administration items hold, independent of how they are stored.

export interface InviteRecord {
  id: string;
  organizationId: string;
  inviteType: InviteType;
  email: string | null;
  role: Extract<Role, 'user' | 'admin' | 'account_owner'>;
  status: StoredInviteStatus;
  inviterEmail: string;
  inviterName: string;
  /** A super admin's invitation may name an e-mail outside the organization's domains. */
  inviterIsSuperAdmin: boolean;
  createdAt: string;
  validUntil: string;
  usageCount: number;
  maxUses: number;
  message: string | null;
  /** The code of the link (≥ 128 bits, base64url); readable by the organization's admins only. */
  code: string;
  /** SHA-256 of the code: the public page finds the invite by it. */
  codeHash: string;
  instanceId: string | null;
  lastSentAt: string | null;
  sendCount: number;
}

/** Who changed what, when (issue 11 §6); written in the transaction of the change. */
export interface AuditEntry {
  id: string;
  organizationId: string;
  at: string;
  actor: string;
  action: AuditAction;
  target: string;
  before: unknown;
  after: unknown;
}

export type AuditAction =
  | 'member.role'
  | 'member.password_reset'
  | 'member.email_changed'
  | 'member.join'
  | 'instance.create'
  | 'instance.update'
  | 'instance.delete'
  | 'instance.assign'
  | 'instance.unassign'
  | 'invite.create'
  | 'invite.revoke'
  | 'invite.resend'
  | 'invite.accept'
  | 'domain.add'
  | 'domain.remove'
  | 'organization.create'
  | 'organization.update'
  | 'organization.suspend'
  | 'organization.reactivate'
  | 'organization.delete'
  | 'organization.purge'
  | 'agent.configure'
  | 'agent.disconnect'
  | 'agent.delete'
  | 'organization.ip_allowlist'
  | 'data.reset'
  | 'billing.trial_start'
  | 'billing.subscription_update';
