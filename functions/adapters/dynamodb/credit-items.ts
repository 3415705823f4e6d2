import type { QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import type { ChargedOutcome, CreditEntry } from '../../domain/ai/pipeline/records';
import * as keys from './keys';
import { sumAll } from './query';

// How the credit ledger is stored. The rows of one job charged in one transaction share one ledger
// item (a credit group): its key is that of its first row, it holds every row with its outcome and
// credits, and its `credits` is their sum. A write of 24 rows thus puts one ledger item instead of
// 24 (a third of DynamoDB's work per processed row; see `npm run bench -- ai`). Exactly once still
// holds: the group is written in the transaction that updates each of its rows on its condition,
// so a row already charged fails its own condition and is never in a second group. Entries written
// before groups existed (one item per row, `kind: 'credit'`) read as groups of one.

type Item = Record<string, unknown>;

interface GroupRow {
  issueId: string;
  outcome?: ChargedOutcome;
  credits: number;
}

/** What rows of one group have in common. */
const groupOf = (e: CreditEntry) => JSON.stringify([e.orgId, e.instanceId, e.datasetId, e.jobId, e.user, e.provider, e.model]);

/**
 * The ledger items for these credits, in order of their first row: one per job (and requester,
 * provider and model), each with the positions of its rows in `entries`. A group is charged at the
 * latest of its rows' charge times (the transaction's).
 */
export function creditGroupItems(entries: readonly CreditEntry[]): Array<{ item: Item; rows: number[] }> {
  const groups = new Map<string, number[]>();
  entries.forEach((entry, index) => {
    const key = groupOf(entry);
    const rows = groups.get(key);
    if (rows) rows.push(index);
    else groups.set(key, [index]);
  });
  return [...groups.values()].map((rows) => {
    const first = entries[rows[0]!]!;
    const chargedAt = rows.map((i) => entries[i]!.chargedAt).reduce((a, b) => (b > a ? b : a));
    const groupRows: GroupRow[] = rows.map((i) => {
      const { issueId, outcome, credits } = entries[i]!;
      return { issueId, credits, ...(outcome ? { outcome } : {}) };
    });
    const item: Item = {
      ...keys.creditEntry(first.orgId, first),
      ...keys.creditByUser(first.orgId, first.user, { chargedAt, jobId: first.jobId, issueId: first.issueId }),
      kind: 'creditGroup',
      orgId: first.orgId,
      instanceId: first.instanceId,
      datasetId: first.datasetId,
      jobId: first.jobId,
      user: first.user,
      provider: first.provider,
      model: first.model,
      chargedAt,
      credits: groupRows.reduce((sum, row) => sum + row.credits, 0),
      rows: groupRows,
    };
    return { item, rows };
  });
}

/** The credits a ledger item charges (a group's sum; 1 for an entry of one row). */
export function creditsOfItem(item: Item): number {
  const credits = Number(item.credits ?? 1);
  return Number.isFinite(credits) ? credits : 0;
}

/** The rows a ledger item charges: a group's rows, or the one row of an entry written before groups. */
export function rowsOfItem(item: Item): number {
  return Array.isArray(item.rows) ? item.rows.length : 1;
}

/** The row credits a ledger item holds, one entry per row. */
export function entriesOfItem(item: Item): CreditEntry[] {
  const common = {
    orgId: String(item.orgId),
    instanceId: String(item.instanceId),
    datasetId: String(item.datasetId),
    jobId: String(item.jobId),
    user: String(item.user),
    chargedAt: String(item.chargedAt),
    provider: String(item.provider),
    model: String(item.model),
  };
  if (!Array.isArray(item.rows)) {
    return [{ ...common, issueId: String(item.issueId), credits: creditsOfItem(item), ...(item.outcome ? { outcome: item.outcome as ChargedOutcome } : {}) }];
  }
  return (item.rows as GroupRow[]).map((row) => ({ ...common, issueId: row.issueId, credits: row.credits, ...(row.outcome ? { outcome: row.outcome } : {}) }));
}

/** The ids of the rows a ledger item charges. */
export function issueIdsOfItem(item: Item): string[] {
  return Array.isArray(item.rows) ? (item.rows as GroupRow[]).map((row) => row.issueId) : [String(item.issueId)];
}

type LedgerQuery = Omit<QueryCommandInput, 'TableName' | 'ExclusiveStartKey' | 'ProjectionExpression'>;

/** A ledger query that reads only what counting needs: an item's credits, rows or row ids. */
export function countingProjection(query: LedgerQuery): LedgerQuery & Pick<QueryCommandInput, 'ProjectionExpression'> {
  return { ...query, ProjectionExpression: 'credits, #rows, issueId', ExpressionAttributeNames: { ...query.ExpressionAttributeNames, '#rows': 'rows' } };
}

/** The credits the ledger items a query matches charge. */
export const sumCredits = (query: LedgerQuery) => sumAll(countingProjection(query), creditsOfItem);

/** The rows the ledger items a query matches charge. */
export const sumChargedRows = (query: LedgerQuery) => sumAll(countingProjection(query), rowsOfItem);
