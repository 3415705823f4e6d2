import type { AssignmentRecord, DatasetRecord, IdentityBinding, InstanceRecord, MemberRecord, OrganizationRecord } from '../../domain/tenancy/records';
import type { CounterCell } from '../../domain/issues/counters';
import type { IssueHistoryEvent } from '../../domain/issues/issue-history';
import type { IssueRecord } from '../../domain/issues/issue-record';
import type { DailyActivity } from '../../domain/dashboard/daily-activity';
import { quickWinRank, quickWinSortKey } from '../../domain/dashboard/quick-win';
import { packCells } from './counter-codec';
import { dailyActivityNumbers } from './daily-activity';
import { keys } from './keys';

/** The quick-win index keys of an issue, when it is one (a change that ends it drops them). */
export function quickWinKeys(orgId: string, instanceId: string, issue: IssueRecord): { gsi1pk?: string; gsi1sk?: string } {
  const rank = quickWinRank(issue);
  return rank ? keys.quickWin(orgId, instanceId, issue.dataset_id, quickWinSortKey(rank, issue.issue_id)) : {};
}

// Full table items (keys, index keys, kind and attributes) for each record type. Writers use these
// so an item always carries the keys its access patterns need.

export const items = {
  organization: (o: OrganizationRecord) => ({ ...keys.organization(o.id), ...keys.organizationLookup(o.id), kind: 'organization', ...o }),
  member: (m: MemberRecord) => ({ ...keys.member(m.organizationId, m.email), ...keys.memberLookup(m.organizationId, m.email), kind: 'member', ...m }),
  /** The sub → member binding of a pool user (keys.identity); see member-identity.ts. */
  identity: (b: IdentityBinding) => ({ ...keys.identity(b.sub), kind: 'identity', ...b }),
  instance: (i: InstanceRecord) => ({ ...keys.instance(i.organizationId, i.id), ...keys.instanceLookup(i.id), kind: 'instance', ...i }),
  assignment: (a: AssignmentRecord) => ({
    ...keys.assignment(a.organizationId, a.instanceId, a.email),
    ...keys.assignmentLookup(a.organizationId, a.instanceId, a.email),
    kind: 'assignment',
    ...a,
  }),
  dataset: (d: DatasetRecord) => ({ ...keys.dataset(d.organizationId, d.instanceId, d.id), kind: 'dataset', ...d }),
  /** An issue with its issuesByStatus keys: written whole, so the index keys always follow its status. */
  issue: (orgId: string, instanceId: string, issue: IssueRecord) => ({
    ...keys.issue(orgId, instanceId, issue.dataset_id, issue.issue_id),
    ...keys.issueByStatus(orgId, instanceId, issue),
    ...quickWinKeys(orgId, instanceId, issue),
    kind: 'issue',
    ...issue,
  }),
  /** The counters of one scan time: its cells packed, and the version (cv) writers condition on. */
  issueCounter: (orgId: string, instanceId: string, datasetId: string, scanTime: string, cells: readonly CounterCell[], cv = 1) => ({
    ...keys.issueCounter(orgId, instanceId, datasetId, scanTime),
    kind: 'issueCounter',
    dataset_id: datasetId,
    scan_time: scanTime,
    cells: packCells(cells.filter((c) => c.scanTime === scanTime)),
    cv,
  }),
  issueEvent: (orgId: string, instanceId: string, event: IssueHistoryEvent) => ({
    ...keys.issueEvent(orgId, instanceId, event.dataset_id, event.issue_id, event.at, event.event_id),
    kind: 'issueEvent',
    ...event,
  }),
  /** A whole daily activity record (loading data; request paths ADD to it in their transactions). */
  dailyActivity: (orgId: string, instanceId: string, datasetId: string, day: DailyActivity) => ({
    ...keys.dailyActivity(orgId, instanceId, datasetId, day.date),
    kind: 'dailyActivity',
    dataset_id: datasetId,
    date: day.date,
    ...dailyActivityNumbers(day),
  }),
};
