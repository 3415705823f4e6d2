import type { AppNotification, BulkAssignResponse } from '../../../shared/schemas/assignments';
import { isSuperAdminRole } from '../../../shared/roles';
import { ValidationFailed } from '../errors';
import { displayName } from '../tenancy/caller';
import type { AssignmentRecord, MemberRecord } from '../tenancy/records';
import type { MailSender } from '../team/ports';
import { commitMany } from './bulk-resolve';
import { requireDataset } from './dataset';
import type { IssueRecord } from './issue-record';
import type { DatasetRef, IssueStore } from './issue-store';
import type { Clock } from './resolve-issue';
import { InvalidTransition, type PlannedChange } from './transitions';

// POST /api/datasets/{id}/issues/bulk-assign (spec 1 §7 AI; issue 13 §4): give rows to a colleague
// who works on them. The owner stays what the check says. Each row's change commits through the
// issue commit path (version condition, a history event per row; counters and daily records do
// not move: status and owner are unchanged). The assignee must be a member of the organization
// with access to the instance; they get an in-app notification and an e-mail.

export const NOT_ASSIGNABLE = 'must be a member with access to this instance';
export const ALREADY_ASSIGNED = 'This issue is already assigned to this person.';

export interface AssignPorts {
  issues: IssueStore;
  members: {
    getMember(orgId: string, email: string): Promise<MemberRecord | undefined>;
    getAssignment(orgId: string, instanceId: string, email: string): Promise<AssignmentRecord | undefined>;
  };
  notify(orgId: string, email: string, notification: AppNotification): Promise<void>;
  mail?: MailSender;
  /** The app's address, for the link in the e-mail. */
  appUrl?: string;
}

export interface AssignRequest {
  issueIds: readonly string[];
  assignee: string;
  reason?: string;
}

/** Whether a member may be given rows of an instance: the same rule as who may open it. */
export async function canWorkOn(ports: AssignPorts, ref: DatasetRef, email: string): Promise<MemberRecord | undefined> {
  const member = await ports.members.getMember(ref.organizationId, email);
  if (!member) return undefined;
  if (member.isOrgAdmin || isSuperAdminRole(member.role)) return member;
  return (await ports.members.getAssignment(ref.organizationId, ref.instanceId, email)) ? member : undefined;
}

export function planAssign(before: IssueRecord, assignee: string, reason: string | undefined, ctx: { by: string; now: Date; eventId: string; bulk?: boolean }): PlannedChange {
  if (before.status === 'resolved') throw new InvalidTransition('This issue is already resolved.');
  if (before.assigned_to === assignee) throw new InvalidTransition(ALREADY_ASSIGNED);
  const at = ctx.now.toISOString();
  const { assignment_reason: _r, ...rest } = before;
  const after: IssueRecord = { ...rest, assigned_to: assignee, assigned_by: ctx.by, assigned_at: at, ...(reason ? { assignment_reason: reason } : {}), version: before.version + 1, updated_at: at };
  return {
    before,
    after,
    event: {
      event_id: ctx.eventId,
      issue_id: before.issue_id,
      dataset_id: before.dataset_id,
      action: 'assigned',
      at,
      by: ctx.by,
      old_value: before.current_value,
      new_value: before.current_value,
      old_status: before.status,
      new_status: before.status,
      version: after.version,
      details: {
        method: 'assign',
        column: before.issue_column,
        assigned_to: assignee,
        ...(before.assigned_to ? { previously_assigned_to: before.assigned_to } : {}),
        ...(reason ? { assignment_reason: reason } : {}),
        ...(ctx.bulk ? { bulk: true } : {}),
      },
    },
  };
}

export async function bulkAssign(ports: AssignPorts, ref: DatasetRef, request: AssignRequest, by: string, clock: Clock): Promise<BulkAssignResponse> {
  const dataset = await requireDataset(ports.issues, ref);
  const assignee = request.assignee.toLowerCase();
  const member = await canWorkOn(ports, ref, assignee);
  if (!member) throw new ValidationFailed(`assigned_to ${NOT_ASSIGNABLE}`, [{ field: 'assigned_to', message: NOT_ASSIGNABLE }]);
  const ids = [...new Set(request.issueIds)];
  const outcome = await commitMany(ports.issues, ref, ids, (issue, ctx) => planAssign(issue, assignee, request.reason, { ...ctx, by }), clock);
  if (outcome.resolved > 0 && assignee !== by.toLowerCase()) {
    const n = outcome.resolved;
    const rows = `${n} ${n === 1 ? 'row' : 'rows'}`;
    const link = `/app/issues?dataset=${encodeURIComponent(ref.datasetId)}&assignee=me`;
    const notification: AppNotification = {
      id: clock.newId(),
      type: 'assignment',
      at: clock.now().toISOString(),
      read: false,
      title: `${by} assigned you ${rows} of ${dataset.name}`,
      body: request.reason ?? '',
      link,
      instance_id: ref.instanceId,
      dataset_id: ref.datasetId,
      by,
    };
    await ports.notify(ref.organizationId, assignee, notification);
    if (ports.mail) {
      const url = `${ports.appUrl ?? ''}${link}`;
      const text = `Hello ${displayName(member)},\n\n${by} assigned you ${rows} of the dataset ${dataset.name} in Quality Desk.${request.reason ? `\n\nReason: ${request.reason}` : ''}\n\nOpen them: ${url}\n`;
      const esc = (t: string) => t.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
      await ports.mail.send({
        to: assignee,
        subject: `${rows} of ${dataset.name} assigned to you`,
        text,
        html: `<p>Hello ${esc(displayName(member))},</p><p>${esc(by)} assigned you ${rows} of the dataset <strong>${esc(dataset.name)}</strong> in Quality Desk.</p>${request.reason ? `<p>Reason: ${esc(request.reason)}</p>` : ''}<p><a href="${esc(url)}">Open them</a></p>`,
      });
    }
  }
  return { success: true, assigned_to: assignee, assigned: outcome.resolved, failed: outcome.errors.length, total: ids.length, errors: outcome.errors };
}
