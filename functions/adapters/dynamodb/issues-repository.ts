import { BatchGetCommand, GetCommand, QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import type { CellId } from '../../domain/issues/counters';
import type { IssueHistoryEvent } from '../../domain/issues/issue-history';
import type { IssueRecord } from '../../domain/issues/issue-record';
import type { CellReadRequest, DatasetRef, IssueStore } from '../../domain/issues/issue-store';
import type { IssueSketch, IssueSketchSource } from '../../domain/clusters/ports';
import type { IssueStatus } from '../../../shared/constants';
import { inView, type DatasetRecord } from '../../domain/tenancy/records';
import { documentClient, table } from './client';
import { backoff, commitChanges } from './issue-commit';
import { readCounterCells } from './issue-counters';
import { keys, stripKeys } from './keys';
import { queryAll } from './query';

// The issues of a dataset in DynamoDB (access patterns in table-definition.ts): the reads here,
// the transactional writes in issue-commit.ts.

type Item = Record<string, unknown>;

const BATCH_GET_SIZE = 100;

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
export async function listIssueSketches(ref: DatasetRef, status: IssueStatus): Promise<IssueSketch[]> {
  const items = await queryAll({
    IndexName: 'issuesByStatus',
    KeyConditionExpression: 'gsi2pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.issueStatusPartition(ref.organizationId, ref.instanceId, ref.datasetId, status).gsi2pk },
    ProjectionExpression: SKETCH_PROJECTION,
    ExpressionAttributeNames: { '#status': 'status', '#name': 'name', '#owner': 'owner' },
  });
  return items as unknown as IssueSketch[];
}

export const issuesRepository: IssueStore & IssueSketchSource = {
  listSketches: listIssueSketches,

  async getDataset(ref) {
    const out = await documentClient().send(
      new GetCommand({ TableName: table(), Key: keys.dataset(ref.organizationId, ref.instanceId, ref.datasetId), ConsistentRead: true }),
    );
    const dataset = out.Item ? (stripKeys(out.Item) as unknown as DatasetRecord) : undefined;
    // A hidden agent dataset (its agent disconnected) answers as an unknown one.
    return dataset && inView(dataset) ? dataset : undefined;
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

  async listCell(ref, cell) {
    return (await queryAll(cellQuery(ref, cell))).map(asIssue);
  },

  async getIssues(ref, ids) {
    const found = new Map<string, IssueRecord>();
    const unique = [...new Set(ids)];
    const batches: string[][] = [];
    for (let i = 0; i < unique.length; i += BATCH_GET_SIZE) batches.push(unique.slice(i, i + BATCH_GET_SIZE));
    await Promise.all(
      batches.map(async (batch) => {
        let request: Record<string, { Keys: Item[]; ConsistentRead: boolean }> | undefined = {
          [table()]: { Keys: batch.map((id) => keys.issue(ref.organizationId, ref.instanceId, ref.datasetId, id)), ConsistentRead: true },
        };
        for (let attempt = 0; request && Object.keys(request).length > 0; attempt++) {
          if (attempt > 0) await backoff(attempt);
          const out = await documentClient().send(new BatchGetCommand({ RequestItems: request }));
          for (const item of out.Responses?.[table()] ?? []) {
            const issue = asIssue(item);
            found.set(issue.issue_id, issue);
          }
          request = out.UnprocessedKeys as typeof request;
        }
      }),
    );
    return found;
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
