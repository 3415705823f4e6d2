import { ISSUE_STATUSES, ISSUE_TYPES, type IssueStatus, type IssueType } from '../../../shared/constants';
import type { CounterCell } from '../../domain/issues/counters';

// How a scan's counter item holds its cells: packed in one attribute as JSON tuples
// [status, issue type, owner, count], with a version (cv) that every writer conditions on.
//
// Why packed rather than one number attribute per cell with ADD: a page read needs every cell of
// every scan (hundreds to thousands of numbers), and reading cost grows with the number of
// attributes (DynamoDB Local triples its time; the SDK unmarshals each one). One attribute per
// scan keeps that read at a few milliseconds; the version keeps concurrent writers exact.

export interface CounterState {
  cells: CounterCell[];
  /** Absent before the item exists. */
  cv?: number;
}

type Tuple = [IssueStatus, IssueType, string, number];

const isStatus = (s: unknown): s is IssueStatus => (ISSUE_STATUSES as readonly unknown[]).includes(s);
const isType = (s: unknown): s is IssueType => (ISSUE_TYPES as readonly unknown[]).includes(s);

/** The cells of one scan, zeros left out. */
export function packCells(cells: readonly CounterCell[]): string {
  const tuples: Tuple[] = cells.filter((c) => c.count !== 0).map((c) => [c.status, c.issueType, c.owner, c.count]);
  return JSON.stringify(tuples);
}

export function unpackCounterItem(item: Record<string, unknown>): CounterState {
  const scanTime = item.scan_time;
  const packed = item.cells;
  if (typeof scanTime !== 'string' || typeof packed !== 'string') return { cells: [] };
  const cells: CounterCell[] = [];
  for (const t of JSON.parse(packed) as unknown[]) {
    if (!Array.isArray(t) || !isStatus(t[0]) || !isType(t[1]) || typeof t[2] !== 'string' || typeof t[3] !== 'number') continue;
    cells.push({ scanTime, status: t[0], issueType: t[1], owner: t[2], count: t[3] });
  }
  return { cells, cv: typeof item.cv === 'number' ? item.cv : undefined };
}

/** A scan's cells after adding the deltas (cell by cell). */
export function applyDeltas(cells: readonly CounterCell[], deltas: readonly CounterCell[]): CounterCell[] {
  const key = (c: CounterCell) => JSON.stringify([c.status, c.issueType, c.owner]);
  const next = new Map(cells.map((c) => [key(c), { ...c }]));
  for (const d of deltas) {
    const cell = next.get(key(d));
    if (cell) cell.count += d.count;
    else next.set(key(d), { ...d });
  }
  return [...next.values()].filter((c) => c.count !== 0);
}
