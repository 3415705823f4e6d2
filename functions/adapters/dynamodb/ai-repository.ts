import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { BatchWriteCommand, GetCommand, PutCommand, TransactWriteCommand, UpdateCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { encodeTime } from 'ulid';
import type {
  CreditLedger,
  FeedbackStore,
  IssueReader,
  ProcessedRow,
  ProcessingStateStore,
  SuggestionWriter,
} from '../../domain/ai/pipeline/ports';
import { nextAiRev, type AiIssue, type AiJob, type AiUserState, type RowOutcome, type SuggestionMessage } from '../../domain/ai/pipeline/records';
import type { DatasetRef } from '../../domain/issues/issue-store';
import { countJobOutcomes } from './ai-job-progress';
import { backoff } from './backoff';
import { documentClient, table } from './client';
import { creditGroupItems, entriesOfItem, sumCredits } from './credit-items';
import { stampBump } from './dataset-stamp';
import { feedbackRepository } from './feedback-repository';
import { issueLookupKeys, openValueKeys } from './items';
import { issuesRepository } from './issues-repository';
import * as keys from './keys';
import { stripKeys } from './keys';
import { batchGetAll, queryAll } from './query';

// The AI pipeline's state in the single table (keys in keys.ts): the AI attributes of issues,
// users' processing state, jobs and their row outcomes, parked messages, the credit ledger and
// feedback (feedback-repository.ts). The one transaction that stores a suggestion and charges its
// credit is here.

type Item = Record<string, unknown>;

/** Jobs, outcomes and parked messages expire (TTL); the ledger and feedback are kept. */
const WORK_TTL_SECONDS = 30 * 86_400;
/** Ledger rows sort by the job's ULID (when work was asked); a row is charged within this of it. */
const CHARGE_LAG_MS = 7 * 86_400_000;
/** Tries of a transaction that met another writer on one of its items. */
const CONFLICT_RETRIES = 8;
/** DynamoDB takes at most 100 items per transaction. */
const MAX_TRANSACTION_ITEMS = 100;

const expiresAt = () => Math.floor(Date.now() / 1000) + WORK_TTL_SECONDS;
const isConditionFailure = (error: unknown) => error instanceof Error && error.name === 'ConditionalCheckFailedException';

const issueKey = (ref: DatasetRef, issueId: string) => keys.issue(ref.organizationId, ref.instanceId, ref.datasetId, issueId);

/**
 * The condition every AI write on an issue carries: still open, with the version and AI revision
 * it was read (or queued) at. The issue's own changes move the version, AI writes the revision.
 */
function unchanged(issue: AiIssue) {
  const values: Item = { ':open': 'open', ':version': issue.version };
  if (issue.ai_rev !== undefined) values[':rev'] = issue.ai_rev;
  return {
    ConditionExpression: `#status = :open AND #version = :version AND ${issue.ai_rev === undefined ? 'attribute_not_exists(ai_rev)' : 'ai_rev = :rev'}`,
    ExpressionAttributeNames: { '#status': 'status', '#version': 'version' },
    ExpressionAttributeValues: values,
  };
}
const nextRev = nextAiRev;

function queuedUpdate(ref: DatasetRef, issue: AiIssue, job: AiJob, at: string) {
  const condition = unchanged(issue);
  return {
    TableName: table(),
    Key: issueKey(ref, issue.issue_id),
    UpdateExpression: 'SET ai_status = :queued, ai_job = :job, ai_user = :user, ai_gen = :gen, ai_queued_at = :at, ai_rev = :next REMOVE ai_reason',
    ConditionExpression: condition.ConditionExpression,
    ExpressionAttributeNames: condition.ExpressionAttributeNames,
    ExpressionAttributeValues: { ...condition.ExpressionAttributeValues, ':queued': 'queued', ':job': job.jobId, ':user': job.user, ':gen': job.generation, ':at': at, ':next': nextRev(issue) },
  };
}

function outcomeItem(orgId: string, jobId: string, issueId: string, outcome: RowOutcome) {
  return { ...keys.aiJobOutcome(orgId, jobId, issueId), kind: 'aiJobOutcome', outcome, at: new Date().toISOString(), expiresAt: expiresAt() };
}

/** The write of one processed row on its issue: its outcome (its credit goes in its group, credit-items.ts). */
function processedUpdate(ref: DatasetRef, issue: AiIssue, processed: ProcessedRow) {
  const condition = unchanged(issue);
  const common = { ...condition.ExpressionAttributeValues, ':provider': processed.provider, ':job': processed.credit.jobId, ':next': nextRev(issue) };
  // The issue's version stays: an AI outcome annotates the row, it does not change its data, so
  // an edit the user started from the row as listed must not fail with 409 because of it.
  let update;
  if (processed.outcome === 'stored') {
    // A high-confidence suggestion puts the open row in its dataset's quick wins (issue 12); a
    // lower one leaves it findable by value (learned fixes), also when it replaces a higher one.
    const quickWin = issueLookupKeys(ref.organizationId, ref.instanceId, { ...issue, ai_suggestion: processed.suggestion });
    update = {
      UpdateExpression: `SET ai_suggestion = :s, ai_status = :ready, ai_rule = :rule, ai_provider = :provider, ai_job = :job, ai_rev = :next${quickWin.gsi1pk ? ', gsi1pk = :qwpk, gsi1sk = :qwsk' : ''} REMOVE ai_reason`,
      ExpressionAttributeValues: {
        ...common,
        ':s': processed.suggestion,
        ':ready': 'ready',
        ':rule': processed.rule,
        ...(quickWin.gsi1pk ? { ':qwpk': quickWin.gsi1pk, ':qwsk': quickWin.gsi1sk } : {}),
      },
    };
  } else {
    update = {
      UpdateExpression: 'SET ai_status = :abstained, ai_reason = :reason, ai_provider = :provider, ai_job = :job, ai_rev = :next',
      ExpressionAttributeValues: { ...common, ':abstained': 'abstained', ':reason': processed.reason.slice(0, 500) },
    };
  }
  return { Update: { TableName: table(), Key: issueKey(ref, issue.issue_id), ConditionExpression: condition.ConditionExpression, ExpressionAttributeNames: condition.ExpressionAttributeNames, ...update } };
}

/**
 * The transaction of some processed rows: each row's update, then one ledger item per credit group
 * (written once), then the dataset's stamp when a suggestion was stored. `rowOf` maps an item's
 * position back to its row: an update to its own, a group to its first row.
 */
function processedTransaction(ref: DatasetRef, rows: ReadonlyArray<{ issue: AiIssue; processed: ProcessedRow }>) {
  const groups = creditGroupItems(rows.map(({ processed }) => processed.credit));
  const items: object[] = [
    ...rows.map(({ issue, processed }) => processedUpdate(ref, issue, processed)),
    ...groups.map(({ item }) => ({ Put: { TableName: table(), Item: item, ConditionExpression: 'attribute_not_exists(pk)' } })),
  ];
  if (rows.some(({ processed }) => processed.outcome === 'stored')) items.push(stampBump(ref, { counters: false, quickWins: true }));
  const rowOf = (index: number): number | undefined => (index < rows.length ? index : groups[index - rows.length]?.rows[0]);
  return { items, rowOf };
}

const defaultState = (orgId: string, user: string): AiUserState => ({ orgId, user, paused: false, generation: 0, countersResetAt: null });

function asState(orgId: string, user: string, item: Item | undefined): AiUserState {
  if (!item) return defaultState(orgId, user);
  return { orgId, user, paused: item.paused === true, generation: Number(item.generation ?? 0), countersResetAt: typeof item.countersResetAt === 'string' ? item.countersResetAt : null };
}

export const aiRepository: IssueReader & SuggestionWriter & ProcessingStateStore & CreditLedger & FeedbackStore = {
  // ---- issues ------------------------------------------------------------------------------
  getIssues: (ref, ids) => issuesRepository.getIssues(ref, ids) as Promise<Map<string, AiIssue>>,

  async markQueued(ref, rows, at) {
    // Transactions of up to 100 rows: one round trip for a page of rows. A row whose condition
    // fails (changed since read) is left out and the rest written again.
    const chunks: Array<typeof rows> = [];
    for (let i = 0; i < rows.length; i += MAX_TRANSACTION_ITEMS) chunks.push(rows.slice(i, i + MAX_TRANSACTION_ITEMS));
    const marked: string[] = [];
    await Promise.all(
      chunks.map(async (chunk) => {
        let remaining = [...chunk];
        for (let attempt = 0; remaining.length > 0; attempt++) {
          try {
            await documentClient().send(new TransactWriteCommand({ TransactItems: remaining.map(({ issue, job }) => ({ Update: queuedUpdate(ref, issue, job, at) })) }));
            marked.push(...remaining.map((r) => r.issue.issue_id));
            return;
          } catch (error) {
            if (!(error instanceof TransactionCanceledException)) throw error;
            const failed = new Set<number>();
            (error.CancellationReasons ?? []).forEach((r, i) => r.Code === 'ConditionalCheckFailed' && failed.add(i));
            if (failed.size === 0) {
              // Another writer held one of the rows: wait a little and try again.
              if (attempt >= CONFLICT_RETRIES) throw error;
              await backoff(attempt);
            }
            remaining = remaining.filter((_, i) => !failed.has(i));
          }
        }
      }),
    );
    const order = new Map(rows.map((r, i) => [r.issue.issue_id, i]));
    return marked.sort((a, b) => order.get(a)! - order.get(b)!);
  },

  async storeProcessed(ref, rows) {
    // Each row's update and its credit, together: the rows of a job share one ledger item (its
    // credit group), and up to 49 rows share one transaction (at most 100 items, counting a group
    // per row and the stamp). A row whose condition fails is left out (nothing of it written) and
    // the others are written again; a conflict with another writer is retried, then thrown (the
    // messages come back and nothing was charged).
    const out = new Map<string, 'written' | 'conflict'>();
    const rowsPerTransaction = Math.floor((MAX_TRANSACTION_ITEMS - 1) / 2);
    for (let i = 0; i < rows.length; i += rowsPerTransaction) {
      let remaining = rows.slice(i, i + rowsPerTransaction);
      for (let attempt = 0; remaining.length > 0; attempt++) {
        const { items, rowOf } = processedTransaction(ref, remaining);
        try {
          await documentClient().send(new TransactWriteCommand({ TransactItems: items as never }));
          for (const { issue } of remaining) out.set(issue.issue_id, 'written');
          remaining = [];
        } catch (error) {
          if (!(error instanceof TransactionCanceledException)) throw error;
          const failed = new Set<number>();
          (error.CancellationReasons ?? []).forEach((r, index) => {
            const row = r.Code === 'ConditionalCheckFailed' ? rowOf(index) : undefined;
            if (row !== undefined) failed.add(row);
          });
          if (failed.size === 0) {
            if (attempt >= CONFLICT_RETRIES) throw error;
            await backoff(attempt);
            continue;
          }
          for (const index of failed) out.set(remaining[index]!.issue.issue_id, 'conflict');
          remaining = remaining.filter((_, index) => !failed.has(index));
        }
      }
    }
    return out;
  },

  async recordOutcome(ref, issue, message: SuggestionMessage, outcome, reason) {
    // The job's marker (overwritten on redelivery: it only says the row has an outcome) and the
    // row's AI status in one transaction; when the row moved on meanwhile, the marker alone.
    const marker = { Put: { TableName: table(), Item: outcomeItem(ref.organizationId, message.jobId, message.issueId, outcome) } };
    if (issue && outcome !== 'skipped') {
      const condition = unchanged(issue);
      try {
        await documentClient().send(
          new TransactWriteCommand({
            TransactItems: [
              marker,
              {
                Update: {
                  TableName: table(),
                  Key: issueKey(ref, issue.issue_id),
                  UpdateExpression: `SET ai_status = :state, ai_rev = :next${reason ? ', ai_reason = :reason' : ''}`,
                  ConditionExpression: condition.ConditionExpression,
                  ExpressionAttributeNames: condition.ExpressionAttributeNames,
                  ExpressionAttributeValues: { ...condition.ExpressionAttributeValues, ':state': outcome === 'dropped' ? 'none' : outcome, ':next': nextRev(issue), ...(reason ? { ':reason': reason.slice(0, 500) } : {}) },
                },
              },
            ],
          }),
        );
        return;
      } catch (error) {
        const rowMovedOn = error instanceof TransactionCanceledException && (error.CancellationReasons ?? [])[1]?.Code === 'ConditionalCheckFailed';
        if (!rowMovedOn) throw error;
      }
    }
    await documentClient().send(new PutCommand(marker.Put));
  },

  async dismiss(ref, issue) {
    const { ai_suggestion: _dropped, ...withoutSuggestion } = issue;
    const byValue = openValueKeys(ref.organizationId, ref.instanceId, withoutSuggestion);
    const update = {
      TableName: table(),
      Key: issueKey(ref, issue.issue_id),
      // Out of the quick-win list; an open row is findable by its value again (learned fixes).
      UpdateExpression: byValue.gsi1pk
        ? 'SET ai_status = :dismissed, ai_rev = :next, gsi1pk = :vpk, gsi1sk = :vsk REMOVE ai_suggestion'
        : 'SET ai_status = :dismissed, ai_rev = :next REMOVE ai_suggestion, gsi1pk, gsi1sk',
      // Not conditioned on open: a suggestion may be dismissed on a muted row too.
      ConditionExpression: issue.ai_rev === undefined ? 'attribute_not_exists(ai_rev)' : 'ai_rev = :rev',
      ExpressionAttributeValues: {
        ':dismissed': 'dismissed',
        ':next': nextRev(issue),
        ...(issue.ai_rev === undefined ? {} : { ':rev': issue.ai_rev }),
        ...(byValue.gsi1pk ? { ':vpk': byValue.gsi1pk, ':vsk': byValue.gsi1sk } : {}),
      },
    };
    // With the dataset's stamp: the row may leave the quick wins.
    for (let attempt = 0; ; attempt++) {
      try {
        await documentClient().send(new TransactWriteCommand({ TransactItems: [{ Update: update }, stampBump(ref, { counters: false, quickWins: true })] }));
        return;
      } catch (error) {
        if (!(error instanceof TransactionCanceledException)) throw error;
        // The row moved on since it was read: nothing to dismiss any more.
        if (error.CancellationReasons?.[0]?.Code === 'ConditionalCheckFailed') return;
        if (attempt >= CONFLICT_RETRIES) throw error;
        await backoff(attempt);
      }
    }
  },

  // ---- processing state ------------------------------------------------------------------------
  async getState(orgId, user) {
    const out = await documentClient().send(new GetCommand({ TableName: table(), Key: keys.aiUserState(orgId, user), ConsistentRead: true }));
    return asState(orgId, user, out.Item as Item | undefined);
  },
  async setPaused(orgId, user, paused) {
    const out = await documentClient().send(
      new UpdateCommand({ TableName: table(), Key: keys.aiUserState(orgId, user), UpdateExpression: 'SET paused = :p, kind = :kind', ExpressionAttributeValues: { ':p': paused, ':kind': 'aiUserState' }, ReturnValues: 'ALL_NEW' }),
    );
    return asState(orgId, user, out.Attributes as Item | undefined);
  },
  async nextGeneration(orgId, user) {
    const out = await documentClient().send(
      new UpdateCommand({ TableName: table(), Key: keys.aiUserState(orgId, user), UpdateExpression: 'ADD generation :one SET kind = :kind', ExpressionAttributeValues: { ':one': 1, ':kind': 'aiUserState' }, ReturnValues: 'ALL_NEW' }),
    );
    return asState(orgId, user, out.Attributes as Item | undefined);
  },
  async resetCounters(orgId, user, at) {
    const out = await documentClient().send(
      new UpdateCommand({ TableName: table(), Key: keys.aiUserState(orgId, user), UpdateExpression: 'SET countersResetAt = :at, kind = :kind', ExpressionAttributeValues: { ':at': at, ':kind': 'aiUserState' }, ReturnValues: 'ALL_NEW' }),
    );
    return asState(orgId, user, out.Attributes as Item | undefined);
  },
  async park(message) {
    await documentClient().send(
      new PutCommand({ TableName: table(), Item: { ...keys.aiParked(message.orgId, message.user, message.jobId, message.issueId), kind: 'aiParked', message, expiresAt: expiresAt() } }),
    );
  },
  async takeParked(orgId, user) {
    const items = await queryAll({ KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': keys.aiParkedMessages(orgId, user).pk }, ConsistentRead: true });
    for (let i = 0; i < items.length; i += 25) {
      let request: Record<string, Array<{ DeleteRequest: { Key: Item } }>> | undefined = {
        [table()]: items.slice(i, i + 25).map((item) => ({ DeleteRequest: { Key: { pk: item.pk, sk: item.sk } } })),
      };
      while (request && Object.keys(request).length > 0) {
        const out = await documentClient().send(new BatchWriteCommand({ RequestItems: request }));
        request = out.UnprocessedItems as typeof request;
      }
    }
    return items.map((item) => item.message as SuggestionMessage);
  },
  async putJob(job) {
    await documentClient().send(new PutCommand({ TableName: table(), Item: { ...keys.aiJob(job.orgId, job.user, job.jobId), kind: 'aiJob', ...job, expiresAt: expiresAt() } }));
  },
  async getJobs(orgId, jobs) {
    const out = new Map<string, AiJob>();
    for (const item of await batchGetAll(jobs.map((j) => keys.aiJob(orgId, j.user, j.jobId)))) {
      const { kind: _kind, expiresAt: _e, ...job } = stripKeys(item);
      out.set(String(job.jobId), job as unknown as AiJob);
    }
    return out;
  },
  async renewLease(orgId, user, jobId, until) {
    try {
      await documentClient().send(
        new UpdateCommand({
          TableName: table(),
          Key: keys.aiJob(orgId, user, jobId),
          UpdateExpression: 'SET leaseUntil = :until',
          // Only an existing job, and only forward: two batches of one job may renew side by side.
          ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(leaseUntil) OR leaseUntil < :until)',
          ExpressionAttributeValues: { ':until': until },
        }),
      );
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
  },
  async openJobs(orgId, user) {
    const prefix = keys.aiJobPrefix(orgId, user);
    const items = await queryAll({
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :sk)',
      FilterExpression: 'finished = :no',
      ExpressionAttributeValues: { ':pk': prefix.pk, ':sk': prefix.skPrefix, ':no': false },
      ConsistentRead: true,
    });
    return items.map((item) => {
      const { kind: _kind, expiresAt: _e, ...job } = stripKeys(item);
      return job as unknown as AiJob;
    });
  },
  countOutcomes: (orgId, jobId) => countJobOutcomes(orgId, jobId),
  async finishJob(job) {
    await documentClient().send(
      new UpdateCommand({ TableName: table(), Key: keys.aiJob(job.orgId, job.user, job.jobId), UpdateExpression: 'SET finished = :yes', ExpressionAttributeValues: { ':yes': true } }),
    );
  },

  // ---- credit ledger ---------------------------------------------------------------------------
  count: (orgId, range) => sumCredits(ledgerQuery(orgId, range)),
  async list(orgId, range) {
    return (await queryAll(ledgerQuery(orgId, range))).flatMap(entriesOfItem);
  },

  // Feedback lives in its own module (wrapped, not spread: a spread would keep this whole object in
  // every bundle that reads the votes).
  add: (ref, record) => feedbackRepository.add(ref, record),
  ruleVotes: (ref) => feedbackRepository.ruleVotes(ref),
};

/** A user's credits by charge time (their index), or the organization's ledger (by job time, then filtered). */
function ledgerQuery(orgId: string, range: { from?: string; to?: string; user?: string }): Omit<QueryCommandInput, 'TableName' | 'Select'> {
  const from = range.from ?? '0000';
  const to = range.to ?? '9999';
  if (range.user) {
    return {
      IndexName: 'byLookup',
      KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk BETWEEN :from AND :to',
      ExpressionAttributeValues: { ':pk': keys.creditByUserPartition(orgId, range.user).gsi1pk, ':from': from, ':to': to },
    };
  }
  const ledger = keys.creditLedger(orgId);
  const fromMs = range.from ? Date.parse(range.from) - CHARGE_LAG_MS : 0;
  const toMs = range.to ? Date.parse(range.to) : Date.now() + 86_400_000;
  return {
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :fromKey AND :toKey',
    FilterExpression: 'chargedAt >= :from AND chargedAt < :to',
    ExpressionAttributeValues: {
      ':pk': ledger.pk,
      ':fromKey': `${ledger.skPrefix}${encodeTime(Math.max(0, fromMs), 10)}`,
      ':toKey': `${ledger.skPrefix}${encodeTime(Math.max(0, toMs), 10)}~`,
      ':from': from,
      ':to': to,
    },
    ConsistentRead: true,
  };
}
