import { issueTypeOf } from '../../../shared/issue-type';
import type { IssueStatus, IssueType } from '../../../shared/constants';
import { cellOf, type CounterCell } from '../issues/counters';
import type { IssueRecord, Taxonomy } from '../issues/issue-record';
import { issueIdFor } from './issue-identity';

// Decides, for each failing cell a scan (or an import) finds, what happens to the dataset's
// issues (issue 4 §3): a new failed row is inserted; an open row found again moves to this scan
// (same id, its value refreshed); a resolved or muted row keeps its state. After the scan, the
// open rows of the scan's checks that were not found again have passed: they are closed as
// resolved by scan (see staleOpen).

/** What a scan needs to know of an existing issue (a projection, not the whole item). */
export interface IndexedIssue {
  issue_id: string;
  status: IssueStatus;
  scan_time: string;
  check_name: string;
  issue_type: IssueType;
  owner: string;
  version: number;
  current_value: string | null;
}

export interface FoundFailure {
  checkName: string;
  column: string;
  recordId: string;
  value: string | null;
  name: string;
  owner: string;
  /** Absent when the check has none (issue type then from the check name). */
  taxonomy?: Taxonomy;
}

/** An open issue found again: it moves to this scan's time with the value seen now. */
export interface IssueMove {
  before: IndexedIssue;
  value: string | null;
}

export class Reconciler {
  private readonly seen = new Set<string>();
  inserts: IssueRecord[] = [];
  moves: IssueMove[] = [];
  /** Found again but resolved or muted: left as they are. */
  kept = 0;
  inserted = 0;
  moved = 0;

  constructor(
    private readonly index: ReadonlyMap<string, IndexedIssue>,
    private readonly context: { datasetId: string; recordKey: string; scanTime: string },
  ) {}

  add(failure: FoundFailure): void {
    const id = issueIdFor(this.context.datasetId, failure.recordId, failure.checkName);
    if (this.seen.has(id)) return;
    this.seen.add(id);
    const existing = this.index.get(id);
    if (!existing) {
      this.inserts.push({
        issue_id: id,
        dataset_id: this.context.datasetId,
        record_key: this.context.recordKey,
        record_id: failure.recordId,
        name: failure.name,
        issue_column: failure.column,
        current_value: failure.value,
        status: 'open',
        check_name: failure.checkName,
        owner: failure.owner,
        scan_time: this.context.scanTime,
        ...(failure.taxonomy ? { taxonomy: failure.taxonomy } : {}),
        issue_type: issueTypeOf({ check_name: failure.checkName, taxonomy: failure.taxonomy }),
        version: 1,
      });
      return;
    }
    if (existing.status !== 'open') {
      this.kept++;
      return;
    }
    if (existing.scan_time === this.context.scanTime && existing.current_value === failure.value) return;
    this.moves.push({ before: existing, value: failure.value });
  }

  /** Takes the pending inserts and moves (to write them), leaving the reconciler empty. */
  drain(): { inserts: IssueRecord[]; moves: IssueMove[] } {
    const out = { inserts: this.inserts, moves: this.moves };
    this.inserts = [];
    this.moves = [];
    return out;
  }

  /** Open issues of the given checks that this scan did not find: they pass now. */
  staleOpen(checkNames: ReadonlySet<string>): IndexedIssue[] {
    const out: IndexedIssue[] = [];
    for (const issue of this.index.values()) {
      if (issue.status === 'open' && checkNames.has(issue.check_name) && !this.seen.has(issue.issue_id)) out.push(issue);
    }
    return out;
  }
}

/** The counter cells that written inserts and moves add to the scan's time. */
export function cellsAdded(scanTime: string, inserts: readonly IssueRecord[], moves: readonly IssueMove[]): CounterCell[] {
  const cells = new Map<string, CounterCell>();
  const add = (issueType: IssueType, owner: string) => {
    const id = cellOf({ scan_time: scanTime, status: 'open', issue_type: issueType, owner });
    const key = `${id.issueType}\u0000${id.owner}`;
    const cell = cells.get(key) ?? { ...id, count: 0 };
    cell.count++;
    cells.set(key, cell);
  };
  for (const issue of inserts) add(issue.issue_type, issue.owner);
  for (const move of moves) add(move.before.issue_type, move.before.owner);
  return [...cells.values()];
}
