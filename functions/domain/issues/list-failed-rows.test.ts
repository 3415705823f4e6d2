import { describe, expect, it } from 'vitest';
import { failedRowsQuerySchema } from '../../../shared/schemas/issues';
import { makeIssues, testDataset, testRef } from '../../test-support/issue-fixtures';
import { MemoryIssueStore } from '../../test-support/memory-issue-store';
import { NotFound, ValidationFailed } from '../errors';
import type { IssueRecord } from './issue-record';
import { listFailedRows } from './list-failed-rows';

const issues = makeIssues(600);
const store = new MemoryIssueStore(testDataset, issues);
const query = (q: Record<string, string | number>) => failedRowsQuerySchema.parse(Object.fromEntries(Object.entries(q).map(([k, v]) => [k, String(v)])));

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
/** The orders the API promises, written independently of the paging code. */
const reference: Record<string, (a: IssueRecord, b: IssueRecord) => number> = {
  'scan_time:desc': (a, b) => cmp(b.scan_time, a.scan_time) || cmp(a.issue_type, b.issue_type) || cmp(a.owner, b.owner) || cmp(b.issue_id, a.issue_id),
  'scan_time:asc': (a, b) => cmp(a.scan_time, b.scan_time) || cmp(a.issue_type, b.issue_type) || cmp(a.owner, b.owner) || cmp(a.issue_id, b.issue_id),
  'owner:asc': (a, b) => cmp(a.owner, b.owner) || cmp(b.scan_time, a.scan_time) || cmp(a.issue_type, b.issue_type) || cmp(a.issue_id, b.issue_id),
  'issue_type:desc': (a, b) => cmp(b.issue_type, a.issue_type) || cmp(b.scan_time, a.scan_time) || cmp(a.owner, b.owner) || cmp(a.issue_id, b.issue_id),
};

describe('listing failed rows', () => {
  describe.each(Object.keys(reference))('sorted by %s', (sort) => {
    it.each([
      [{}, 0, 15],
      [{}, 14, 15],
      [{}, 1, 1],
      [{}, 100, 37],
      [{ owner: 'ben@a.example' }, 20, 15],
      [{ issueType: 'duplicate', date: '2026-03-02' }, 3, 15],
      [{ status: 'muted', scanTime: '2026-03-01T18:00:00Z' }, 0, 1000],
    ] as const)('with %j at offset %i, limit %i answers exactly the rows of a full sort', async (filters, offset, limit) => {
      const res = await listFailedRows(store, testRef, query({ ...filters, offset, limit, sort }));

      const f = { status: 'open', ...filters } as Record<string, string>;
      const expected = issues
        .filter(
          (i) =>
            i.status === f.status &&
            (!f.owner || i.owner === f.owner) &&
            (!f.issueType || i.issue_type === f.issueType) &&
            (!f.date || i.scan_time.startsWith(f.date)) &&
            (!f.scanTime || i.scan_time === new Date(f.scanTime).toISOString()),
        )
        .sort(reference[sort]);
      expect(res.data.map((r) => r.issue_id)).toEqual(expected.slice(offset, offset + limit).map((i) => i.issue_id));
      expect(res.pagination).toEqual({ total: expected.length, limit, offset });
    });
  });

  it('answers the exact total and counts to a client asking for one row', async () => {
    const res = await listFailedRows(store, testRef, query({ limit: 1 }));
    expect(res.data).toHaveLength(1);
    expect(res.pagination.total).toBe(issues.filter((i) => i.status === 'open').length);
    expect(res.counts).toEqual({
      open: issues.filter((i) => i.status === 'open').length,
      resolved: issues.filter((i) => i.status === 'resolved').length,
      muted: issues.filter((i) => i.status === 'muted').length,
    });
    expect(Object.values(res.issueTypeCounts).reduce((a, b) => a + b, 0)).toBe(res.counts.open);
  });

  it('never reads more than half a cell plus the page', async () => {
    store.readCellCalls = [];
    await listFailedRows(store, testRef, query({ offset: 150, limit: 15 }));
    for (const call of store.readCellCalls) expect(call.skip).toBeLessThanOrEqual(15);
  });

  it('sorts small views by any column in memory, empty values last', async () => {
    const res = await listFailedRows(store, testRef, query({ sort: 'current_value:desc', limit: 1000 }));
    const values = res.data.map((r) => r.current_value);
    const filled = values.filter((v): v is string => v !== null);
    expect(filled).toEqual([...filled].sort((a, b) => Number(b) - Number(a)));
    expect(values.slice(filled.length).every((v) => v === null)).toBe(true);
  });

  it('answers rows with the dataset’s record key column, display status and issue type label', async () => {
    const res = await listFailedRows(store, testRef, query({ limit: 1 }));
    expect(res.data[0]).toMatchObject({ record_key: 'opportunity_id', opportunity_id: res.data[0]!.record_id, display_status: 'open', is_expired: false });
    expect(res.data[0]!.issue_type_label).toMatch(/\w/);
  });

  it('refuses an in-memory sort of a view that is too large, naming sort', async () => {
    const big = new MemoryIssueStore(testDataset, makeIssues(16_000));
    await expect(listFailedRows(big, testRef, query({ sort: 'record_id' }))).rejects.toThrow(ValidationFailed);
  });

  it('answers 404 for an unknown dataset', async () => {
    await expect(listFailedRows(store, { ...testRef, datasetId: 'nope' }, query({}))).rejects.toThrow(NotFound);
  });

  it('answers 404, not the too-large-to-sort 400, for a dataset it cannot see', async () => {
    const big = new MemoryIssueStore(testDataset, makeIssues(16_000));
    big.getDataset = async () => undefined;
    big.getDatasetWithIssues = async (ref, ids) => ({ dataset: undefined, issues: await big.getIssues(ref, ids) });
    await expect(listFailedRows(big, testRef, query({ sort: 'record_id' }))).rejects.toThrow(NotFound);
  });

  it('reads the dataset together with the rows of the page, in one read', async () => {
    const counted = new MemoryIssueStore({ ...testDataset, recordKey: 'lead_id' }, issues);
    const res = await listFailedRows(counted, testRef, query({ limit: 50, offset: 10 }));
    expect(res.data).toHaveLength(50);
    // The rows carry the record key of the dataset that read gave.
    expect(new Set(res.data.map((r) => r.record_key))).toEqual(new Set(['lead_id']));
    expect({ datasetWithIssues: counted.datasetWithIssuesCalls, datasetAlone: counted.datasetCalls }).toEqual({ datasetWithIssues: 1, datasetAlone: 0 });
  });
});
