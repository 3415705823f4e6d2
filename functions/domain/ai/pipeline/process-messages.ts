import type { DatasetRef } from '../../issues/issue-store';
import type { SuggestionProvider } from '../provider';
import type { Clock } from './clock';
import type { FeedbackStore, IssueReader, ProcessedRow, ProcessingStateStore, SuggestionContextSource, SuggestionWriter } from './ports';
import { leaseAfterReceive, type LeasePolicy } from './queue-rules';
import type { AiIssue, AiUserState, RowOutcome, SuggestionMessage } from './records';
import { askProvider, loadDatasetContext, type DatasetContext, type ProviderAnswer } from './suggest-for-issue';

// The worker: a batch of queue messages, one failed row each. First it renews the lease of the
// jobs it received messages of (their rows stay "queued" while a message can still come back).
// For every row it asks the configured provider; a row the provider processed to the end (a
// suggestion, or a definite "no confident suggestion") gets its outcome on the issue and its one
// credit in the ledger in ONE transaction, conditioned on the row being open and unchanged since
// it was read — so a redelivered or duplicated message finds the row already done and never
// charges twice, and a crash before the write charges nothing (the message comes back and the
// row is done then). A provider failure records the outcome and the row's status, uncharged, in
// one transaction too.
//
// A row is only started while an answer and the write still fit in the invocation's time; the
// rows left come back through the queue.
//
// A message whose processing throws (DynamoDB unavailable, a bug) is reported failed: the queue
// redelivers it after the visibility timeout, and after maxReceiveCount moves it to the DLQ.

export interface WorkerDeps {
  issues: IssueReader;
  writer: SuggestionWriter;
  state: ProcessingStateStore;
  context: SuggestionContextSource;
  feedback: FeedbackStore;
  provider: SuggestionProvider;
  clock: Clock;
  /** Deadline of one provider answer, retries included. */
  providerTimeoutMs: number;
  /** Rows of one batch processed side by side (remote providers wait on the network). */
  concurrency?: number;
  /** The queue's redelivery settings the jobs' leases are counted in. */
  lease: LeasePolicy;
  /** Time left before the invocation is stopped (Lambda's context); unbounded when absent. */
  remainingMs?: () => number;
}

/** Time kept for a round's write after the last answer. */
export const WRITE_RESERVE_MS = 5_000;

export type MessageOutcome = RowOutcome | 'parked';

export interface ReceivedMessage {
  id: string;
  message: SuggestionMessage;
  /** How many times the queue has delivered this message, this time included (1 when unknown). */
  receiveCount?: number;
}

export interface BatchResult {
  /** Ids of messages to retry (partial batch failure). */
  failed: string[];
  outcomes: Map<string, MessageOutcome>;
}

const refOf = (m: SuggestionMessage): DatasetRef => ({ organizationId: m.orgId, instanceId: m.instanceId, datasetId: m.datasetId });
const refKey = (m: SuggestionMessage) => `${m.orgId}\u0000${m.instanceId}\u0000${m.datasetId}`;

async function inParallel<T>(items: readonly T[], limit: number, run: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) await run(items[next++]!);
    }),
  );
}

export async function processMessages(deps: WorkerDeps, received: readonly ReceivedMessage[]): Promise<BatchResult> {
  const result: BatchResult = { failed: [], outcomes: new Map() };
  try {
    await renewLeases(deps, received);
  } catch {
    // Without a renewed lease the rows could be asked again mid-work: every message comes back.
    return { failed: received.map((r) => r.id), outcomes: new Map() };
  }
  const byDataset = new Map<string, ReceivedMessage[]>();
  for (const r of received) byDataset.set(refKey(r.message), [...(byDataset.get(refKey(r.message)) ?? []), r]);
  const states = new Map<string, Promise<AiUserState>>();
  const stateOf = (m: SuggestionMessage) => {
    const key = `${m.orgId}\u0000${m.user}`;
    if (!states.has(key)) states.set(key, deps.state.getState(m.orgId, m.user));
    return states.get(key)!;
  };
  for (const group of byDataset.values()) {
    try {
      await processDataset(deps, group, stateOf, result);
    } catch {
      // Reading the dataset's rows or context failed: every message of the group comes back.
      for (const r of group) if (!result.outcomes.has(r.id)) result.failed.push(r.id);
    }
  }
  return result;
}

/** Each job's lease, moved on to cover its messages of this batch (the least-received one). */
async function renewLeases(deps: WorkerDeps, received: readonly ReceivedMessage[]): Promise<void> {
  const jobs = new Map<string, { message: SuggestionMessage; receiveCount: number }>();
  for (const r of received) {
    const key = `${r.message.orgId}\u0000${r.message.user}\u0000${r.message.jobId}`;
    const count = r.receiveCount ?? 1;
    const seen = jobs.get(key);
    if (!seen || count < seen.receiveCount) jobs.set(key, { message: r.message, receiveCount: count });
  }
  const now = deps.clock.now();
  await Promise.all([...jobs.values()].map(({ message, receiveCount }) => deps.state.renewLease(message.orgId, message.user, message.jobId, leaseAfterReceive(now, receiveCount, deps.lease))));
}

async function processDataset(
  deps: WorkerDeps,
  group: readonly ReceivedMessage[],
  stateOf: (m: SuggestionMessage) => Promise<AiUserState>,
  result: BatchResult,
): Promise<void> {
  const ref = refOf(group[0]!.message);
  // The rows as queued (from the messages), read only when a message carries none.
  const unread = group.filter((r) => !r.message.snapshot).map((r) => r.message.issueId);
  const rows = new Map<string, AiIssue>(unread.length ? await deps.issues.getIssues(ref, unread) : []);
  for (const { message } of group) if (message.snapshot) rows.set(message.issueId, message.snapshot as AiIssue);
  let context: Promise<DatasetContext> | undefined;
  const contextFor = () => (context ??= loadDatasetContext(deps.context, deps.feedback, ref, [...rows.values()]));

  let pending: readonly ReceivedMessage[] = group;
  for (let round = 0; round < 2 && pending.length > 0; round++) {
    const changed = await processRound(deps, ref, pending, rows, stateOf, contextFor, result, round === 0);
    if (changed.length === 0) break;
    // Rows that changed since they were queued (edited, re-scanned, or done by a redelivery):
    // read them afresh and try once more; nothing was written or charged for them yet.
    const fresh = await deps.issues.getIssues(ref, changed.map((r) => r.message.issueId));
    for (const r of changed) {
      const row = fresh.get(r.message.issueId);
      if (row) rows.set(r.message.issueId, row);
      else rows.delete(r.message.issueId);
    }
    pending = changed;
  }
}

/** One pass over messages; answers those whose write met a changed row (to retry with a fresh read). */
async function processRound(
  deps: WorkerDeps,
  ref: DatasetRef,
  pending: readonly ReceivedMessage[],
  rows: ReadonlyMap<string, AiIssue>,
  stateOf: (m: SuggestionMessage) => Promise<AiUserState>,
  contextFor: () => Promise<DatasetContext>,
  result: BatchResult,
  mayRetry: boolean,
): Promise<ReceivedMessage[]> {
  const answered: Array<{ received: ReceivedMessage; issue: AiIssue; processed: ProcessedRow }> = [];
  await inParallel(pending, deps.concurrency ?? 4, async (received) => {
    const { id, message } = received;
    try {
      const state = await stateOf(message);
      const issue = rows.get(message.issueId);
      if (message.generation < state.generation) {
        // Stopped by its user after it was queued.
        await deps.writer.recordOutcome(ref, issue?.ai_job === message.jobId ? issue : undefined, message, 'dropped');
        result.outcomes.set(id, 'dropped');
      } else if (state.paused) {
        await deps.state.park(message);
        result.outcomes.set(id, 'parked');
      } else if (!issue || issue.status !== 'open' || issue.ai_status !== 'queued' || issue.ai_job !== message.jobId) {
        // Done already (a redelivery or a duplicate), resolved meanwhile, or queued again by another job.
        await deps.writer.recordOutcome(ref, undefined, message, 'skipped');
        result.outcomes.set(id, 'skipped');
      } else if (answered.some((a) => a.issue.issue_id === issue.issue_id)) {
        // The same row twice in one batch (a duplicated message): the first one does the work.
        result.outcomes.set(id, 'skipped');
      } else if (deps.remainingMs && deps.remainingMs() < deps.providerTimeoutMs + WRITE_RESERVE_MS) {
        // Not enough time left for one more answer and the round's write: the message comes back
        // (the row stays queued under its job's lease), instead of the invocation being stopped
        // with answers it could not write.
        result.failed.push(id);
      } else {
        const answer = await askProvider(deps.provider, issue, await contextFor(), deps.providerTimeoutMs);
        if (answer.kind === 'failed') {
          // The provider could not answer: nothing processed, nothing charged.
          await deps.writer.recordOutcome(ref, issue, message, 'failed', answer.reason);
          result.outcomes.set(id, 'failed');
        } else {
          answered.push({ received, issue, processed: processedRow(deps, ref, issue, message.jobId, message.user, answer) });
        }
      }
    } catch {
      result.failed.push(id);
    }
  });
  if (answered.length === 0) return [];
  // The outcomes and credits of the round, written together (each row with its own conditions).
  const changed: ReceivedMessage[] = [];
  try {
    const written = await deps.writer.storeProcessed(ref, answered.map(({ issue, processed }) => ({ issue, processed })));
    for (const { received, issue, processed } of answered) {
      if (written.get(issue.issue_id) === 'written') result.outcomes.set(received.id, processed.outcome);
      else if (mayRetry) changed.push(received);
      else {
        await deps.writer.recordOutcome(ref, undefined, received.message, 'skipped');
        result.outcomes.set(received.id, 'skipped');
      }
    }
  } catch {
    // Nothing of the failed write is charged: the messages come back and are done then.
    for (const { received } of answered) result.failed.push(received.id);
  }
  return changed;
}

/** What a processed row writes: its outcome and its one credit. Shared with the synchronous route. */
export function processedRow(
  deps: Pick<WorkerDeps, 'provider' | 'clock'>,
  ref: DatasetRef,
  issue: AiIssue,
  jobId: string,
  user: string,
  answer: Exclude<ProviderAnswer, { kind: 'failed' }>,
): ProcessedRow {
  const outcome = answer.kind === 'suggestion' ? 'stored' : 'abstained';
  const credit = {
    orgId: ref.organizationId,
    instanceId: ref.instanceId,
    datasetId: ref.datasetId,
    issueId: issue.issue_id,
    jobId,
    user,
    credits: 1,
    chargedAt: deps.clock.now().toISOString(),
    provider: deps.provider.name,
    model: deps.provider.model,
    outcome,
  } as const;
  return answer.kind === 'suggestion'
    ? {
        outcome: 'stored',
        suggestion: { suggestedValue: answer.suggestedValue, confidence: answer.confidence, reasoning: answer.reasoning },
        rule: answer.rule,
        provider: deps.provider.name,
        credit,
      }
    : { outcome: 'abstained', reason: answer.reason, provider: deps.provider.name, credit };
}
