import type { AssignmentRecord, InstanceRecord, MemberRecord, OrganizationRecord } from '../tenancy/records';
import type { AuditEntry, InviteRecord } from './records';

// The ports of the team use cases. Every write that changes state takes the audit entry that the
// adapter writes in the same transaction.

export interface TeamStore {
  getOrganization(orgId: string): Promise<OrganizationRecord | undefined>;
  getMember(orgId: string, email: string): Promise<MemberRecord | undefined>;
  findMemberByEmail(email: string): Promise<{ member?: MemberRecord }>;
  listMembers(orgId: string): Promise<MemberRecord[]>;
  listInstances(orgId: string): Promise<InstanceRecord[]>;
  getInstance(orgId: string, instanceId: string): Promise<InstanceRecord | undefined>;
  listAssignments(orgId: string, instanceId: string): Promise<AssignmentRecord[]>;
  countDatasets(orgId: string, instanceId: string): Promise<number>;

  /** Conditioned on the member still having `from` (a concurrent change answers Conflict). */
  changeRole(orgId: string, email: string, from: MemberRecord['role'], to: MemberRecord['role'], audit: AuditEntry): Promise<MemberRecord>;
  createInstance(instance: InstanceRecord, audit: AuditEntry): Promise<void>;
  updateInstance(instance: InstanceRecord, audit: AuditEntry): Promise<void>;
  /** Marks the instance deleted (one transaction with the audit entry), then removes its assignments. */
  deleteInstance(orgId: string, instanceId: string, deletedAt: string, audit: AuditEntry): Promise<{ removedAssignments: number }>;
  addAssignment(assignment: AssignmentRecord, audit: AuditEntry): Promise<void>;
  removeAssignment(orgId: string, instanceId: string, email: string, audit: AuditEntry): Promise<void>;

  listInvites(orgId: string): Promise<InviteRecord[]>;
  getInvite(orgId: string, inviteId: string): Promise<InviteRecord | undefined>;
  findInviteByCodeHash(codeHash: string): Promise<InviteRecord | undefined>;
  createInvite(invite: InviteRecord, audit: AuditEntry): Promise<void>;
  /** Conditioned on the invite still being pending. */
  revokeInvite(orgId: string, inviteId: string, audit: AuditEntry): Promise<void>;
  markInviteSent(orgId: string, inviteId: string, at: string, audit: AuditEntry | undefined): Promise<void>;
  /**
   * One transaction: the member (must not exist), the assignment (if any, on an active instance),
   * the invite's use (conditioned on the use count read and on being pending) and the audit entry.
   */
  acceptInvite(input: { invite: InviteRecord; member: MemberRecord; sub: string; assignment?: AssignmentRecord; acceptedAt: string; audit: AuditEntry }): Promise<void>;

  writeAudit(entry: AuditEntry): Promise<void>;
}

/** User-pool administration (Cognito AdminCreateUser, AdminSetUserPassword, ...). */
export interface IdentityAdmin {
  /** Creates the user with a permanent password; `created: false` if the user already existed. */
  createUser(email: string, password: string, organizationId: string): Promise<{ sub: string; created: boolean }>;
  /** Whether the password is the existing user's. */
  verifyPassword(email: string, password: string): Promise<boolean>;
  /** Sets a temporary password the user must change at the next sign-in. */
  setTemporaryPassword(email: string, password: string): Promise<void>;
  deleteUser(email: string): Promise<void>;
}

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface MailSender {
  send(mail: OutgoingMail): Promise<void>;
}

export interface TeamClock {
  now(): Date;
  newId(): string;
}
