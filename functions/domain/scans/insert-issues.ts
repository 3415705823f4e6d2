import type { DatasetRef } from '../issues/issue-store';
import type { IssueRecord } from '../issues/issue-record';
import { MAX_INSERTS_PER_WRITE, type ScanResultsStore } from './ports';
import { cellsAdded } from './reconcile';

/**
 * Inserts new issues in atomic chunks (each chunk with its counts), one after another; `written`
 * hears of each chunk once it is stored. A crash leaves whole chunks: counts equal a recount.
 */
export async function insertInChunks(store: ScanResultsStore, ref: DatasetRef, scanTime: string, issues: readonly IssueRecord[], written?: (count: number) => void): Promise<void> {
  for (let i = 0; i < issues.length; i += MAX_INSERTS_PER_WRITE) {
    const chunk = issues.slice(i, i + MAX_INSERTS_PER_WRITE);
    await store.insertIssues(ref, scanTime, chunk, cellsAdded(scanTime, chunk, []));
    written?.(chunk.length);
  }
}
