import type { Caller } from '../tenancy/caller';
import type { TeamClock } from './ports';
import type { AuditAction, AuditEntry } from './records';

/** An audit entry of an action by the caller (or by a new member accepting an invitation). */
export function auditEntry(
  clock: TeamClock,
  at: Date,
  orgId: string,
  actor: Caller | string,
  action: AuditAction,
  target: string,
  before: unknown,
  after: unknown,
): AuditEntry {
  return {
    id: clock.newId(),
    organizationId: orgId,
    at: at.toISOString(),
    actor: typeof actor === 'string' ? actor : actor.email,
    action,
    target,
    before: before ?? null,
    after: after ?? null,
  };
}
