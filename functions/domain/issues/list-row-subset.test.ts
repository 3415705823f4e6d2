import { describe, expect, it } from 'vitest';
import { failedRowsQuerySchema } from '../../../shared/schemas/issues';
import { classifyAgainst, type UseCase } from '../../../shared/use-cases';
import { issueDimension } from '../../../shared/issue-type';
import { makeIssue, testDataset, testRef } from '../../test-support/issue-fixtures';
import { MemoryIssueStore } from '../../test-support/memory-issue-store';
import type { IssueRecord } from './issue-record';
import { listRowSubset } from './list-row-subset';

// The subsets of the list that counters cannot tell apart (issue 13): rows assigned to a member,
// and rows that affect one use case (the Impact filter), with exact counts and paging.

const query = (q: Record<string, string> = {}) => failedRowsQuerySchema.parse(q);
const conformity = { dimension: { key: 'conformity', description: 'format' }, subcategory: { name: 'Format', priority: 'medium' } } as unknown as IssueRecord['taxonomy'];

const emailCampaigns: Pick<UseCase, 'id' | 'name' | 'priority' | 'match'> = {
  id: 'email-campaigns',
  name: 'E-mail campaigns',
  priority: 'high',
  match: { columns: ['email'], datasets: [], dimensions: [] },
};
/** Reads this dataset, and cares about format failures in any of its columns. */
const formats: Pick<UseCase, 'id' | 'name' | 'priority' | 'match'> = {
  id: 'formats',
  name: 'Formats',
  priority: 'medium',
  match: { columns: [], datasets: ['opportunities'], dimensions: ['conformity'] },
};

const id = (i: number) => `01SUBSET${String(i).padStart(17, '0')}`;
const issues: IssueRecord[] = [
  makeIssue({ issue_id: id(1), issue_column: 'email', check_name: 'email_missing' }),
  makeIssue({ issue_id: id(2), issue_column: 'contact_email', check_name: 'email_missing', assigned_to: 'ana@a.example' }),
  makeIssue({ issue_id: id(3), issue_column: 'email', check_name: 'email_format', status: 'resolved' }),
  makeIssue({ issue_id: id(4), issue_column: 'amount', check_name: 'amount_out_of_range', assigned_to: 'ana@a.example' }),
  makeIssue({ issue_id: id(5), issue_column: 'close_date', check_name: 'date_format', taxonomy: conformity }),
  makeIssue({ issue_id: id(6), issue_column: 'email', check_name: 'email_missing', status: 'muted' }),
];
const store = new MemoryIssueStore(testDataset, issues);

describe('a subset of the failed rows', () => {
  it('keeps the rows that affect a use case by column, with counts of exactly those rows', async () => {
    const res = await listRowSubset(store, testRef, query(), { useCase: emailCampaigns });
    expect(res.data.map((r) => r.issue_id).sort()).toEqual([id(1), id(2)]);
    expect(res.counts).toEqual({ open: 2, resolved: 1, muted: 1 });
    expect(res.pagination.total).toBe(2);
  });

  it('keeps rows by dataset and check dimension, reading the dimension from the taxonomy', async () => {
    const res = await listRowSubset(store, testRef, query(), { useCase: formats });
    expect(res.data.map((r) => r.issue_id)).toEqual([id(5)]);
    // The same rule as the Impact column (shared classifyAgainst) decides, row by row.
    for (const issue of issues.filter((i) => i.status === 'open')) {
      const affected = classifyAgainst({ column: issue.issue_column, dataset: 'opportunities', dimension: issueDimension(issue) }, formats) !== null;
      expect(res.data.some((r) => r.issue_id === issue.issue_id)).toBe(affected);
    }
  });

  it('combines a use case with an assignee, and pages', async () => {
    const both = await listRowSubset(store, testRef, query(), { useCase: emailCampaigns, assignee: 'ana@a.example' });
    expect(both.data.map((r) => r.issue_id)).toEqual([id(2)]);
    const mine = await listRowSubset(store, testRef, query({ limit: '1', offset: '1', sort: 'owner' }), { assignee: 'ana@a.example' });
    expect(mine.pagination).toEqual({ total: 2, limit: 1, offset: 1 });
    expect(mine.data).toHaveLength(1);
  });

  it('answers the other statuses by the status filter', async () => {
    const res = await listRowSubset(store, testRef, query({ status: 'muted' }), { useCase: emailCampaigns });
    expect(res.data.map((r) => r.issue_id)).toEqual([id(6)]);
  });
});
