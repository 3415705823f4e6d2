import { ISSUE_TYPES, type IssueStatus, type IssueType } from '../../../shared/constants';
import type { StatusCounts } from '../../../shared/schemas/issues';
import type { IssueRecord } from './issue-record';

// Exact issue counts as cells: how many issues of a dataset share one (scan time, status, issue
// type, owner). Every filter of the Issues screen is a set of whole cells, so any total is a sum
// of cells — exact at any size, and cheap (a dataset has few cells, however many issues).

export interface CellId {
  scanTime: string;
  status: IssueStatus;
  issueType: IssueType;
  owner: string;
}

export interface CounterCell extends CellId {
  count: number;
}

export interface IssueFilters {
  status?: IssueStatus;
  owner?: string;
  issueType?: IssueType;
  /** YYYY-MM-DD (UTC) of the scan. */
  date?: string;
  scanTime?: string;
}

export function cellOf(issue: Pick<IssueRecord, 'scan_time' | 'status' | 'issue_type' | 'owner'>): CellId {
  return { scanTime: issue.scan_time, status: issue.status, issueType: issue.issue_type, owner: issue.owner };
}

const cellKey = (c: CellId) => JSON.stringify([c.scanTime, c.status, c.issueType, c.owner]);

/** The cells of a set of issues (seeding, fixtures and full recounts). */
export function countIssues(issues: Iterable<Pick<IssueRecord, 'scan_time' | 'status' | 'issue_type' | 'owner'>>): CounterCell[] {
  const cells = new Map<string, CounterCell>();
  for (const issue of issues) {
    const id = cellOf(issue);
    const key = cellKey(id);
    const cell = cells.get(key) ?? { ...id, count: 0 };
    cell.count++;
    cells.set(key, cell);
  }
  return [...cells.values()];
}

/** What a set of changes does to the counters: one delta per touched cell, zeros left out. */
export function counterDeltas(changes: ReadonlyArray<{ before: IssueRecord; after: IssueRecord }>): CounterCell[] {
  const deltas = new Map<string, CounterCell>();
  const add = (id: CellId, d: number) => {
    const key = cellKey(id);
    const cell = deltas.get(key) ?? { ...id, count: 0 };
    cell.count += d;
    deltas.set(key, cell);
  };
  for (const { before, after } of changes) {
    add(cellOf(before), -1);
    add(cellOf(after), +1);
  }
  return [...deltas.values()].filter((c) => c.count !== 0);
}

const sameOwner = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

export function matchesFilters(cell: CellId, f: IssueFilters): boolean {
  return (
    (f.status === undefined || cell.status === f.status) &&
    (f.owner === undefined || sameOwner(cell.owner, f.owner)) &&
    (f.issueType === undefined || cell.issueType === f.issueType) &&
    (f.date === undefined || cell.scanTime.startsWith(f.date)) &&
    (f.scanTime === undefined || cell.scanTime === f.scanTime)
  );
}

export interface CountSummary {
  /** Rows matching every filter. */
  total: number;
  /** Per status, under every filter but the status. */
  counts: StatusCounts;
  /** Per issue type, under every filter but the issue type. */
  issueTypeCounts: Record<IssueType, number>;
  /** Owners with rows in the dataset, A to Z. */
  owners: string[];
}

export function summarize(cells: readonly CounterCell[], filters: IssueFilters): CountSummary {
  const counts: StatusCounts = { open: 0, resolved: 0, muted: 0 };
  const issueTypeCounts = Object.fromEntries(ISSUE_TYPES.map((t) => [t, 0])) as Record<IssueType, number>;
  const owners = new Set<string>();
  let total = 0;
  for (const cell of cells) {
    if (cell.count > 0) owners.add(cell.owner);
    if (matchesFilters(cell, { ...filters, status: undefined })) counts[cell.status] += cell.count;
    if (matchesFilters(cell, { ...filters, issueType: undefined })) issueTypeCounts[cell.issueType] += cell.count;
    if (matchesFilters(cell, filters)) total += cell.count;
  }
  return { total, counts, issueTypeCounts, owners: [...owners].sort() };
}

/** Dates (YYYY-MM-DD) that have scans with rows, newest first. */
export function scanDates(cells: readonly CounterCell[]): string[] {
  return [...new Set(cells.filter((c) => c.count > 0).map((c) => c.scanTime.slice(0, 10)))].sort().reverse();
}

/** Scan times with rows, newest first; only those of `date` when given. */
export function scanTimesOf(cells: readonly CounterCell[], date?: string): string[] {
  return [...new Set(cells.filter((c) => c.count > 0 && (!date || c.scanTime.startsWith(date))).map((c) => c.scanTime))].sort().reverse();
}

/** Per-status totals of a dataset. */
export function statusTotals(cells: readonly CounterCell[]): StatusCounts {
  return summarize(cells, {}).counts;
}
