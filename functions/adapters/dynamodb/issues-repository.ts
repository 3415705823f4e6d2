import { GetCommand, QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import type { CellId, CounterCell } from '../../domain/issues/counters';
import type { IssueHistoryEvent } from '../../domain/issues/issue-history';
import type { IssueRecord } from '../../domain/issues/issue-record';
import type { CellReadRequest, DatasetRef, IssueStore } from '../../domain/issues/issue-store';
import type { IssueSketch, IssueSketchSource, SketchOptions } from '../../domain/clusters/ports';
import type { IssueStatus } from '../../../shared/constants';
import { inView, type DatasetRecord } from '../../domain/tenancy/records';
import { documentClient, table } from './client';
import { commitChanges } from './issue-commit';
import { readCounterCells } from './issue-counters';
import * as keys from './keys';
import { stripKeys } from './keys';
import { batchGetAll, queryAll } from './query';

// The issues of a dataset in DynamoDB (access patterns in table-definition.ts): the reads here,
// the transactional writes in issue-commit.ts.

type Item = Record<string, unknown>;

/**
 * The reads of one page are made as one range read when the index holds at most this many rows
 * from the first cell read to the last (the cells between included, read or not): one request
 * instead of one per cell, where a page spans many small cells (many scans of a few rows each).
 */
export const MERGED_READ_MAX_ROWS = 400;

const prefixOf = (cell: CellId) => keys.issueCellRange(cell.scanTime, cell.issueType, cell.owner).from;

/**
 * Which reads of a page can share one range read: those of one status whose cells, with every
 * non-empty cell between them in index order, hold at most MERGED_READ_MAX_ROWS rows. Answers
 * groups of request positions; a group of one is read on its own.
 */
export function mergeableGroups(requests: readonly CellReadRequest[], cells: readonly CounterCell[]): number[][] {
  const groups: number[][] = [];
  const byStatus = new Map<string, number[]>();
  requests.forEach((r, i) => byStatus.set(r.cell.status, [...(byStatus.get(r.cell.status) ?? []), i]));
  for (const [status, positions] of byStatus) {
    const inIndex = cells
      .filter((c) => c.status === status && c.count > 0)
      .map((c) => ({ prefix: prefixOf(c), count: c.count }))
      .sort((a, b) => (a.prefix < b.prefix ? -1 : a.prefix > b.prefix ? 1 : 0));
    // Rows of the cells before position k, and the first position whose prefix is above p.
    const before = [0];
    for (const c of inIndex) before.push(before[before.length - 1]! + c.count);
    const firstAbove = (p: string, inclusive: boolean) => {
      let lo = 0;
      let hi = inIndex.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (inIndex[mid]!.prefix < p || (inclusive && inIndex[mid]!.prefix === p)) lo = mid + 1;
        else hi = mid;
      }
      return lo;
    };
    const rowsBetween = (from: string, to: string) => before[firstAbove(to, true)]! - before[firstAbove(from, false)]!;
    const ordered = [...positions].sort((a, b) => (prefixOf(requests[a]!.cell) < prefixOf(requests[b]!.cell) ? -1 : 1));
    let group: number[] = [];
    let first = '';
    for (const position of ordered) {
      const prefix = prefixOf(requests[position]!.cell);
      if (group.length === 0) {
        group = [position];
        first = prefix;
        continue;
      }
      if (rowsBetween(first, prefix) <= MERGED_READ_MAX_ROWS) group.push(position);
      else {
        groups.push(group);
        group = [position];
        first = prefix;
      }
    }
    if (group.length) groups.push(group);
  }
  return groups;
}

const asIssue = (item: Item) => stripKeys(item) as unknown as IssueRecord;

function cellQuery(ref: DatasetRef, cell: CellId): Pick<QueryCommandInput, 'IndexName' | 'KeyConditionExpression' | 'ExpressionAttributeValues'> {
  const range = keys.issueCellRange(cell.scanTime, cell.issueType, cell.owner);
  return {
    IndexName: 'issuesByStatus',
    KeyConditionExpression: 'gsi2pk = :pk AND gsi2sk BETWEEN :from AND :to',
    ExpressionAttributeValues: {
      ':pk': keys.issueStatusPartition(ref.organizationId, ref.instanceId, ref.datasetId, cell.status).gsi2pk,
      ':from': range.from,
      ':to': range.to,
    },
  };
}

/** The fields of an issue that clusters, related issues and the assignee view read (issue 13). */
const SKETCH_PROJECTION = 'issue_id, record_id, #name, issue_column, check_name, current_value, #status, issue_type, ai_suggestion, scan_time, #owner, assigned_to';

/** The rows of one status of a dataset, with only the sketch fields: one index partition, paged. */
export async function listIssueSketches(ref: DatasetRef, status: IssueStatus, options: SketchOptions = {}): Promise<IssueSketch[]> {
  const items = await queryAll({
    IndexName: 'issuesByStatus',
    KeyConditionExpression: 'gsi2pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.issueStatusPartition(ref.organizationId, ref.instanceId, ref.datasetId, status).gsi2pk },
    ProjectionExpression: options.taxonomy ? `${SKETCH_PROJECTION}, taxonomy` : SKETCH_PROJECTION,
    ExpressionAttributeNames: { '#status': 'status', '#name': 'name', '#owner': 'owner' },
  });
  return items as unknown as IssueSketch[];
}

/** A dataset item as the issue calls see it: a hidden agent dataset (its agent disconnected) answers as an unknown one. */
function datasetInView(item: Record<string, unknown> | undefined): DatasetRecord | undefined {
  const dataset = item ? (stripKeys(item) as unknown as DatasetRecord) : undefined;
  return dataset && inView(dataset) ? dataset : undefined;
}

function issuesById(items: ReadonlyArray<Record<string, unknown>>): Map<string, IssueRecord> {
  const found = new Map<string, IssueRecord>();
  for (const item of items) {
    const issue = asIssue(item);
    found.set(issue.issue_id, issue);
  }
  return found;
}

export const issuesRepository: IssueStore & IssueSketchSource = {
  listSketches: listIssueSketches,

  async getDataset(ref) {
    const out = await documentClient().send(
      new GetCommand({ TableName: table(), Key: keys.dataset(ref.organizationId, ref.instanceId, ref.datasetId), ConsistentRead: true }),
    );
    return datasetInView(out.Item);
  },

  async getDatasetWithIssues(ref, ids) {
    const datasetKey = keys.dataset(ref.organizationId, ref.instanceId, ref.datasetId);
    const items = await batchGetAll([datasetKey, ...[...new Set(ids)].map((id) => keys.issue(ref.organizationId, ref.instanceId, ref.datasetId, id))]);
    const isDataset = (item: Record<string, unknown>) => item.pk === datasetKey.pk && item.sk === datasetKey.sk;
    return { dataset: datasetInView(items.find(isDataset)), issues: issuesById(items.filter((item) => !isDataset(item))) };
  },

  readCounters: (ref, scanTimePrefix) => readCounterCells(ref.organizationId, ref.instanceId, ref.datasetId, scanTimePrefix),

  async readCell(ref: DatasetRef, request: CellReadRequest) {
    const wanted = request.skip + request.take;
    const ids: string[] = [];
    let start: Record<string, unknown> | undefined;
    do {
      const out = await documentClient().send(
        new QueryCommand({
          TableName: table(),
          ...cellQuery(ref, request.cell),
          ProjectionExpression: 'issue_id',
          ScanIndexForward: request.direction === 'asc',
          Limit: wanted - ids.length,
          ExclusiveStartKey: start,
        }),
      );
      for (const item of out.Items ?? []) ids.push(String(item.issue_id));
      start = out.LastEvaluatedKey;
    } while (start && ids.length < wanted);
    return ids.slice(request.skip, wanted);
  },

  async readCells(ref: DatasetRef, requests: readonly CellReadRequest[], cells: readonly CounterCell[]) {
    const answers: string[][] = requests.map(() => []);
    await Promise.all(
      mergeableGroups(requests, cells).map(async (group) => {
        if (group.length === 1) {
          answers[group[0]!] = await issuesRepository.readCell(ref, requests[group[0]!]!);
          return;
        }
        // One range read over the group's cells, in index (id) order; each request then takes its
        // rows from its own cell as readCell would.
        const prefixes = group.map((i) => prefixOf(requests[i]!.cell)).sort();
        const items = await queryAll({
          IndexName: 'issuesByStatus',
          KeyConditionExpression: 'gsi2pk = :pk AND gsi2sk BETWEEN :from AND :to',
          ExpressionAttributeValues: {
            ':pk': keys.issueStatusPartition(ref.organizationId, ref.instanceId, ref.datasetId, requests[group[0]!]!.cell.status).gsi2pk,
            ':from': prefixes[0],
            ':to': `${prefixes[prefixes.length - 1]}\uffff`,
          },
          ProjectionExpression: 'issue_id, gsi2sk',
        });
        const byCell = new Map<string, string[]>();
        for (const item of items) {
          const key = String(item.gsi2sk);
          const prefix = key.slice(0, key.length - String(item.issue_id).length);
          byCell.set(prefix, [...(byCell.get(prefix) ?? []), String(item.issue_id)]);
        }
        for (const i of group) {
          const request = requests[i]!;
          const ids = [...(byCell.get(prefixOf(request.cell)) ?? [])];
          if (request.direction === 'desc') ids.reverse();
          answers[i] = ids.slice(request.skip, request.skip + request.take);
        }
      }),
    );
    return answers;
  },

  async listCell(ref, cell) {
    return (await queryAll(cellQuery(ref, cell))).map(asIssue);
  },

  async getIssues(ref, ids) {
    return issuesById(await batchGetAll([...new Set(ids)].map((id) => keys.issue(ref.organizationId, ref.instanceId, ref.datasetId, id))));
  },

  commit: commitChanges,

  async listHistory(ref, issueId) {
    const prefix = keys.issueEventPrefix(ref.organizationId, ref.instanceId, ref.datasetId, issueId);
    const events = await queryAll({
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :sk)',
      ExpressionAttributeValues: { ':pk': prefix.pk, ':sk': prefix.skPrefix },
      ScanIndexForward: false,
      ConsistentRead: true,
    });
    return events.map((e) => {
      const { kind: _kind, ...event } = stripKeys(e);
      return event as unknown as IssueHistoryEvent;
    });
  },

  async listResolved(ref) {
    const items = await queryAll({
      IndexName: 'issuesByStatus',
      KeyConditionExpression: 'gsi2pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.issueStatusPartition(ref.organizationId, ref.instanceId, ref.datasetId, 'resolved').gsi2pk },
    });
    return items.map(asIssue);
  },
};
