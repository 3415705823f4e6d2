import type { AssignmentRecord, DatasetRecord, IdentityBinding, InstanceRecord, MemberRecord, OrganizationRecord } from '../../domain/tenancy/records';
import type { CounterCell } from '../../domain/issues/counters';
import type { IssueHistoryEvent } from '../../domain/issues/issue-history';
import type { IssueRecord } from '../../domain/issues/issue-record';
import type { DailyActivity } from '../../domain/dashboard/daily-activity';
import { findableByValue, learnedWinSortKey, quickWinRank, quickWinSortKey } from '../../domain/dashboard/quick-win';
import { packCells } from './counter-codec';
import { dailyActivityNumbers } from './daily-activity';
import * as keys from './keys';

/** The quick-win index keys of an issue, when it is one (a change that ends it drops them). */
export function quickWinKeys(orgId: string, instanceId: string, issue: Pick<IssueRecord, 'status' | 'ai_suggestion' | 'taxonomy' | 'dataset_id' | 'issue_id'>): { gsi1pk?: string; gsi1sk?: string } {
  const rank = quickWinRank(issue);
  return rank ? keys.quickWin(orgId, instanceId, issue.dataset_id, quickWinSortKey(rank, issue.issue_id)) : {};
}

/** The by-value keys of an open row that is no quick win (where learned fixes look for rows). */
export function openValueKeys(
  orgId: string,
  instanceId: string,
  issue: Pick<IssueRecord, 'status' | 'ai_suggestion' | 'taxonomy' | 'current_value' | 'dataset_id' | 'issue_column' | 'issue_id'>,
): { gsi1pk?: string; gsi1sk?: string } {
  if (!findableByValue(issue)) return {};
  return keys.openValue(orgId, instanceId, issue.dataset_id, issue.issue_column, issue.current_value, learnedWinSortKey(issue));
}

/** An issue's byLookup keys: in the quick-win list, findable by value, or none (not open). */
export function issueLookupKeys(orgId: string, instanceId: string, issue: Parameters<typeof openValueKeys>[2]): { gsi1pk?: string; gsi1sk?: string } {
  const quickWin = quickWinKeys(orgId, instanceId, issue);
  return quickWin.gsi1pk ? quickWin : openValueKeys(orgId, instanceId, issue);
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
    ...issueLookupKeys(orgId, instanceId, issue),
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
