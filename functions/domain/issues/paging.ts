import type { SortDirection, SortField } from '../../../shared/schemas/issues';
import type { CounterCell } from './counters';

// Where a page lies: the counters give the size of every cell, and within a cell the index keeps
// rows in issue-id order, so a page at any offset is a few reads of known cells, each skipping at
// most half a cell (it reads from the nearer end). Nothing before the page's first cell is read.

export interface CellRead {
  cell: CounterCell;
  /** Rows to pass over in `direction` before taking. */
  skip: number;
  take: number;
  direction: SortDirection;
  /** Read from the far end: reverse what comes back to get page order. */
  reversed: boolean;
}

const compare = (a: string, b: string, direction: SortDirection) => (a < b ? -1 : a > b ? 1 : 0) * (direction === 'asc' ? 1 : -1);

/**
 * Cells in page order for an index-served sort. The sorted field leads; the other cell
 * dimensions follow (newest scan first, then issue type and owner A to Z). Status is constant
 * within a status tab, so it sorts like the default.
 */
export function orderCells(cells: readonly CounterCell[], sort: { field: SortField; direction: SortDirection }): CounterCell[] {
  const byScan = (a: CounterCell, b: CounterCell, d: SortDirection = 'desc') => compare(a.scanTime, b.scanTime, d);
  const byType = (a: CounterCell, b: CounterCell, d: SortDirection = 'asc') => compare(a.issueType, b.issueType, d);
  const byOwner = (a: CounterCell, b: CounterCell, d: SortDirection = 'asc') => compare(a.owner, b.owner, d);
  const order =
    sort.field === 'owner'
      ? (a: CounterCell, b: CounterCell) => byOwner(a, b, sort.direction) || byScan(a, b) || byType(a, b)
      : sort.field === 'issue_type'
        ? (a: CounterCell, b: CounterCell) => byType(a, b, sort.direction) || byScan(a, b) || byOwner(a, b)
        : (a: CounterCell, b: CounterCell) =>
            byScan(a, b, sort.field === 'scan_time' ? sort.direction : 'desc') || byType(a, b) || byOwner(a, b);
  return cells.filter((c) => c.count > 0).sort(order);
}

/** Row order inside a cell: newest issue first when the newest scan comes first, else oldest. */
export function inCellDirection(sort: { field: SortField; direction: SortDirection }): SortDirection {
  if (sort.field === 'scan_time') return sort.direction;
  return sort.field === 'status' ? 'desc' : 'asc';
}

export function planPage(ordered: readonly CounterCell[], offset: number, limit: number, direction: SortDirection): CellRead[] {
  const reads: CellRead[] = [];
  let position = 0;
  let remaining = limit;
  for (const cell of ordered) {
    if (remaining <= 0) break;
    if (position + cell.count <= offset) {
      position += cell.count;
      continue;
    }
    const skip = Math.max(0, offset - position);
    const take = Math.min(cell.count - skip, remaining);
    const fromEnd = cell.count - skip - take;
    if (fromEnd < skip) reads.push({ cell, skip: fromEnd, take, direction: direction === 'asc' ? 'desc' : 'asc', reversed: true });
    else reads.push({ cell, skip, take, direction, reversed: false });
    remaining -= take;
    position += cell.count;
  }
  return reads;
}
