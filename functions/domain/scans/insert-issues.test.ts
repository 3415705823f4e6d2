import { describe, expect, it } from 'vitest';
import { countIssues } from '../issues/counters';
import type { IssueRecord } from '../issues/issue-record';
import type { DatasetRecord } from '../tenancy/records';
import { MemoryIssueStore } from '../../test-support/memory-issue-store';
import { MemoryScanResults } from '../../test-support/memory-scan-stores';
import { insertInChunks } from './insert-issues';
import { MAX_INSERTS_PER_WRITE } from './ports';

const ref = { organizationId: 'org_a', instanceId: 'inst_a', datasetId: 'contacts' };
const SCAN = '2026-05-01T06:00:00.000Z';
const dataset = { id: 'contacts', name: 'contacts', organizationId: 'org_a', instanceId: 'inst_a', onboardingStatus: 'onboarded', recordKey: 'id', totalRecords: 0, createdAt: SCAN } as unknown as DatasetRecord;

const issue = (i: number): IssueRecord =>
  ({
    issue_id: `I${i}`,
    dataset_id: 'contacts',
    record_id: `R${i}`,
    status: 'open',
    scan_time: SCAN,
    issue_type: i % 2 === 0 ? 'Missing Value' : 'Invalid Format',
    owner: i % 3 === 0 ? 'ana@example.com' : 'ben@example.com',
    check_name: 'email_check',
    issue_column: 'email',
    current_value: '',
    version: 1,
  }) as unknown as IssueRecord;

describe('inserting a scan’s new issues', () => {
  it('writes them in atomic chunks, each with its own counts, so a stop between chunks leaves counts equal to a recount', async () => {
    const store = new MemoryIssueStore(dataset);
    const results = new MemoryScanResults(store);
    const issues = Array.from({ length: 2 * MAX_INSERTS_PER_WRITE + 5 }, (_, i) => issue(i));
    const heard: number[] = [];
    await insertInChunks(results, ref, SCAN, issues, (n) => heard.push(n));

    expect(results.insertCalls).toBe(3);
    expect(heard).toEqual([MAX_INSERTS_PER_WRITE, MAX_INSERTS_PER_WRITE, 5]);
    expect(store.issues.size).toBe(issues.length);
    const counted = store.counters.reduce((n, c) => n + c.count, 0);
    expect(counted).toBe(issues.length);
    expect(countIssues([...store.issues.values()]).reduce((n, c) => n + c.count, 0)).toBe(counted);
  });

  it('stops at a failed chunk with the earlier chunks whole and counted', async () => {
    const store = new MemoryIssueStore(dataset);
    const results = new MemoryScanResults(store);
    let calls = 0;
    const failing = Object.assign(Object.create(results) as MemoryScanResults, {
      insertIssues: async (...args: Parameters<MemoryScanResults['insertIssues']>) => {
        calls += 1;
        if (calls === 2) throw new Error('killed');
        return results.insertIssues(...args);
      },
    });
    const issues = Array.from({ length: 3 * MAX_INSERTS_PER_WRITE }, (_, i) => issue(i));
    await expect(insertInChunks(failing, ref, SCAN, issues)).rejects.toThrow('killed');
    expect(store.issues.size).toBe(MAX_INSERTS_PER_WRITE);
    expect(store.counters.reduce((n, c) => n + c.count, 0)).toBe(MAX_INSERTS_PER_WRITE);
  });

  it('refuses more than one transaction can hold in a single write', async () => {
    const results = new MemoryScanResults(new MemoryIssueStore(dataset));
    const issues = Array.from({ length: MAX_INSERTS_PER_WRITE + 1 }, (_, i) => issue(i));
    await expect(results.insertIssues(ref, SCAN, issues, [])).rejects.toThrow(/at most/);
  });
});
