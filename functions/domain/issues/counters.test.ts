import { describe, expect, it } from 'vitest';
import { makeIssue, makeIssues } from '../../test-support/issue-fixtures';
import { countIssues, counterDeltas, scanDates, scanTimesOf, summarize } from './counters';

describe('issue counters', () => {
  it('counts issues per (scan time, status, type, owner) cell', () => {
    const issues = makeIssues(500);
    const cells = countIssues(issues);
    expect(cells.reduce((s, c) => s + c.count, 0)).toBe(500);
    for (const c of cells) {
      expect(issues.filter((i) => i.scan_time === c.scanTime && i.status === c.status && i.issue_type === c.issueType && i.owner === c.owner)).toHaveLength(c.count);
    }
  });

  it('turns changes into one delta per touched cell, leaving out changes that cancel', () => {
    const open = makeIssue({ issue_id: 'a' });
    const other = makeIssue({ issue_id: 'b' });
    const deltas = counterDeltas([
      { before: open, after: { ...open, status: 'resolved' } },
      { before: other, after: { ...other, status: 'resolved' } },
      { before: { ...open, status: 'muted' }, after: { ...open, status: 'muted' } },
    ]);
    expect(deltas).toEqual([
      { scanTime: open.scan_time, status: 'open', issueType: open.issue_type, owner: open.owner, count: -2 },
      { scanTime: open.scan_time, status: 'resolved', issueType: open.issue_type, owner: open.owner, count: 2 },
    ]);
  });

  it('sums exactly what each filter selects, status counts without the status filter and type counts without the type filter', () => {
    const issues = makeIssues(800);
    const cells = countIssues(issues);
    const filters = { status: 'open', owner: 'BEN@a.example', date: '2026-03-02', issueType: 'duplicate' } as const;
    const summary = summarize(cells, filters);

    const base = issues.filter((i) => i.owner === 'ben@a.example' && i.scan_time.startsWith('2026-03-02'));
    expect(summary.total).toBe(base.filter((i) => i.status === 'open' && i.issue_type === 'duplicate').length);
    expect(summary.counts).toEqual({
      open: base.filter((i) => i.status === 'open' && i.issue_type === 'duplicate').length,
      resolved: base.filter((i) => i.status === 'resolved' && i.issue_type === 'duplicate').length,
      muted: base.filter((i) => i.status === 'muted' && i.issue_type === 'duplicate').length,
    });
    expect(summary.issueTypeCounts.invalid_value).toBe(base.filter((i) => i.status === 'open' && i.issue_type === 'invalid_value').length);
    expect(summary.owners).toEqual(['ana@a.example', 'ben@a.example', 'cy@a.example']);
  });

  it('lists scan dates and a date’s scan times newest first', () => {
    const cells = countIssues(makeIssues(100));
    expect(scanDates(cells)).toEqual(['2026-03-02', '2026-03-01']);
    expect(scanTimesOf(cells, '2026-03-01')).toEqual(['2026-03-01T18:00:00.000Z', '2026-03-01T06:00:00.000Z']);
  });

  it('leaves out scans whose cells all count zero', () => {
    expect(scanDates([{ scanTime: '2026-01-01T00:00:00.000Z', status: 'open', issueType: 'duplicate', owner: 'a', count: 0 }])).toEqual([]);
  });
});
