import { describe, expect, it } from 'vitest';
import type { CounterCell } from './counters';
import { orderCells, planPage } from './paging';

const cell = (scanTime: string, count: number, owner = 'a', issueType: CounterCell['issueType'] = 'duplicate'): CounterCell => ({
  scanTime,
  status: 'open',
  issueType,
  owner,
  count,
});

describe('page planning', () => {
  const cells = [cell('t1', 100), cell('t2', 10), cell('t3', 50)];

  it('skips whole cells before the offset without reading them', () => {
    expect(planPage(cells, 103, 15, 'asc')).toEqual([
      { cell: cells[1], skip: 0, take: 7, direction: 'desc', reversed: true },
      { cell: cells[2], skip: 0, take: 8, direction: 'asc', reversed: false },
    ]);
  });

  it('reads from the nearer end of a cell, reversed', () => {
    expect(planPage(cells, 80, 15, 'desc')).toEqual([{ cell: cells[0], skip: 5, take: 15, direction: 'asc', reversed: true }]);
  });

  it('answers no reads past the end', () => {
    expect(planPage(cells, 160, 15, 'asc')).toEqual([]);
  });

  it('orders cells by the sorted field, then newest scan, type and owner', () => {
    const mixed = [cell('t1', 1, 'b'), cell('t2', 1, 'a'), cell('t2', 1, 'b'), cell('t1', 1, 'a', 'missing_data'), cell('t3', 0)];
    const key = (c: CounterCell) => `${c.scanTime}/${c.owner}/${c.issueType}`;
    expect(orderCells(mixed, { field: 'scan_time', direction: 'desc' }).map(key)).toEqual(['t2/a/duplicate', 't2/b/duplicate', 't1/b/duplicate', 't1/a/missing_data']);
    expect(orderCells(mixed, { field: 'owner', direction: 'desc' }).map(key)).toEqual(['t2/b/duplicate', 't1/b/duplicate', 't2/a/duplicate', 't1/a/missing_data']);
    expect(orderCells(mixed, { field: 'issue_type', direction: 'desc' }).map(key)).toEqual(['t1/a/missing_data', 't2/a/duplicate', 't2/b/duplicate', 't1/b/duplicate']);
  });
});
