import type { AssignmentRecord, DatasetRecord, InstanceRecord, IssueCounts, MemberRecord, OrganizationRecord } from '../../domain/tenancy/records';
import type { IssueRecord } from '../../domain/issues/issue-record';
import { keys } from './keys';

// Full table items (keys, index keys, kind and attributes) for each record type. Writers use these
// so an item always carries the keys its access patterns need.

export const items = {
  organization: (o: OrganizationRecord) => ({ ...keys.organization(o.id), ...keys.organizationLookup(o.id), kind: 'organization', ...o }),
  member: (m: MemberRecord) => ({ ...keys.member(m.organizationId, m.email), ...keys.memberLookup(m.organizationId, m.email), kind: 'member', ...m }),
  instance: (i: InstanceRecord) => ({ ...keys.instance(i.organizationId, i.id), ...keys.instanceLookup(i.id), kind: 'instance', ...i }),
  assignment: (a: AssignmentRecord) => ({
    ...keys.assignment(a.organizationId, a.instanceId, a.email),
    ...keys.assignmentLookup(a.organizationId, a.instanceId, a.email),
    kind: 'assignment',
    ...a,
  }),
  dataset: (d: DatasetRecord) => ({ ...keys.dataset(d.organizationId, d.instanceId, d.id), kind: 'dataset', ...d }),
  issueCounts: (orgId: string, instanceId: string, datasetId: string, counts: IssueCounts) => ({
    ...keys.issueCounts(orgId, instanceId, datasetId),
    kind: 'issueCounts',
    ...counts,
  }),
  issue: (orgId: string, instanceId: string, issue: IssueRecord) => ({
    ...keys.issue(orgId, instanceId, issue.dataset_id, issue.issue_id),
    kind: 'issue',
    ...issue,
  }),
};
