import { ISSUE_STATUSES, ISSUE_TYPES } from '../../shared/constants';
import type { IssueRecord } from '../domain/issues/issue-record';
import type { DatasetRecord } from '../domain/tenancy/records';

// Issues and a dataset for unit tests: deterministic, spread over scans, statuses, types and owners.

export const testDataset: DatasetRecord = {
  id: 'opportunities',
  name: 'opportunities',
  organizationId: 'org_a',
  instanceId: 'inst_a',
  onboardingStatus: 'onboarded',
  recordKey: 'opportunity_id',
  totalRecords: 100,
  lastScanTime: '2026-03-02T18:00:00.000Z',
  createdAt: '2026-01-01T00:00:00.000Z',
};

export const testRef = { organizationId: 'org_a', instanceId: 'inst_a', datasetId: 'opportunities' };

export const OWNERS = ['ana@a.example', 'ben@a.example', 'cy@a.example'];
export const SCANS = ['2026-03-01T06:00:00.000Z', '2026-03-01T18:00:00.000Z', '2026-03-02T06:00:00.000Z', '2026-03-02T18:00:00.000Z'];

export function makeIssue(overrides: Partial<IssueRecord> = {}): IssueRecord {
  return {
    issue_id: '01ISSUE000000000000000001',
    dataset_id: 'opportunities',
    record_key: 'opportunity_id',
    record_id: 'OPP-010001',
    name: 'Acme – Analytics Suite',
    issue_column: 'amount',
    current_value: '-500',
    status: 'open',
    check_name: 'amount_out_of_range',
    owner: OWNERS[0]!,
    scan_time: SCANS[0]!,
    issue_type: 'out_of_range',
    version: 1,
    ...overrides,
  };
}

/** n issues; a simple LCG keeps the spread the same on every run. */
export function makeIssues(n: number): IssueRecord[] {
  let seed = 7;
  const next = (k: number) => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return Math.floor(seed / 65536) % k;
  };
  return Array.from({ length: n }, (_, i) =>
    makeIssue({
      issue_id: `01ISSUE${String(i).padStart(18, '0')}`,
      record_id: `OPP-${String(10000 + i)}`,
      name: `Record ${next(50)}`,
      current_value: next(10) === 0 ? null : String(next(1000)),
      status: ISSUE_STATUSES[next(3)]!,
      owner: OWNERS[next(OWNERS.length)]!,
      scan_time: SCANS[next(SCANS.length)]!,
      issue_type: ISSUE_TYPES[next(ISSUE_TYPES.length)]!,
    }),
  );
}
