import { describe, expect, it } from 'vitest';
import type { CounterCell } from '../../domain/issues/counters';
import type { CellReadRequest } from '../../domain/issues/issue-store';
import { MERGED_READ_MAX_ROWS, mergeableGroups } from './issues-repository';

// Which reads of one page share a range read of the status index (the rest of readCells runs
// against DynamoDB Local in test/integration/issues-list.test.ts).

const cell = (scanTime: string, count: number, status: CounterCell['status'] = 'open', owner = 'a@x'): CounterCell => ({ scanTime, status, issueType: 'missing_data', owner, count });
const read = (c: CounterCell): CellReadRequest => ({ cell: c, skip: 0, take: c.count, direction: 'desc' });

describe('mergeableGroups', () => {
  it('reads small neighbouring cells of one status together, in one group', () => {
    const cells = [cell('2026-01-03', 3), cell('2026-01-02', 4), cell('2026-01-01', 2)];
    expect(mergeableGroups(cells.map(read), cells)).toEqual([[2, 1, 0]]);
  });

  it('counts the cells between that the page does not read (e.g. another owner filtered out)', () => {
    const big = cell('2026-01-02', MERGED_READ_MAX_ROWS, 'open', 'b@x');
    const cells = [cell('2026-01-03', 3), big, cell('2026-01-01', 2)];
    const requests = [read(cells[0]!), read(cells[2]!)];
    expect(mergeableGroups(requests, cells)).toEqual([[1], [0]]);
    // Without the big cell between them they go together.
    expect(mergeableGroups(requests, [cells[0]!, cells[2]!])).toEqual([[1, 0]]);
  });

  it('never merges reads of different statuses (different index partitions)', () => {
    const open = cell('2026-01-02', 3);
    const muted = cell('2026-01-02', 3, 'muted');
    const groups = mergeableGroups([read(open), read(muted)], [open, muted]);
    expect(groups.sort()).toEqual([[0], [1]]);
  });

  it('leaves a lone read alone', () => {
    const c = cell('2026-01-02', 3);
    expect(mergeableGroups([read(c)], [c])).toEqual([[0]]);
  });
});
