import type { DatasetRef } from '../../issues/issue-store';
import type { Suggestion, SuggestionProvider } from '../provider';
import type { Clock } from './clock';
import type { FeedbackStore, IssueReader, ProcessingStateStore, StoredSuggestion, SuggestionContextSource, SuggestionWriter } from './ports';
import type { AiIssue, AiUserState, RowOutcome, SuggestionMessage } from './records';
import { askProvider, loadDatasetContext, type DatasetContext } from './suggest-for-issue';

// The worker: a batch of queue messages, one failed row each. For every row it asks the
// configured provider, then stores the suggestion on the issue and writes the credit ledger entry
// in ONE transaction, conditioned on the row being open and unchanged since it was read — so a
// redelivered or duplicated message finds the row already done and never charges twice, and a
// crash before the write charges nothing (the message comes back and the row is done then).
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
}

export type MessageOutcome = RowOutcome | 'parked';

export interface ReceivedMessage {
  id: string;
  message: SuggestionMessage;
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
  const answered: Array<{ received: ReceivedMessage; issue: AiIssue; stored: StoredSuggestion }> = [];
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
      } else {
        const answer = await askProvider(deps.provider, issue, await contextFor(), deps.providerTimeoutMs);
        if (answer.kind === 'suggestion') {
          answered.push({ received, issue, stored: storedOf(deps, ref, issue, message, answer) });
        } else {
          const outcome = answer.kind === 'abstain' ? 'abstained' : 'failed';
          await deps.writer.recordOutcome(ref, issue, message, outcome, answer.reason);
          result.outcomes.set(id, outcome);
        }
      }
    } catch {
      result.failed.push(id);
    }
  });
  if (answered.length === 0) return [];
  // The suggestions and credits of the round, written together (each row with its own conditions).
  const changed: ReceivedMessage[] = [];
  try {
    const written = await deps.writer.storeSuggestions(ref, answered.map(({ issue, stored }) => ({ issue, stored })));
    for (const { received, issue } of answered) {
      if (written.get(issue.issue_id) === 'stored') result.outcomes.set(received.id, 'stored');
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

function storedOf(deps: WorkerDeps, ref: DatasetRef, issue: AiIssue, message: SuggestionMessage, answer: Suggestion): StoredSuggestion {
  return {
    suggestion: { suggestedValue: answer.suggestedValue, confidence: answer.confidence, reasoning: answer.reasoning },
    rule: answer.rule,
    provider: deps.provider.name,
    credit: {
      orgId: ref.organizationId,
      instanceId: ref.instanceId,
      datasetId: ref.datasetId,
      issueId: issue.issue_id,
      jobId: message.jobId,
      user: message.user,
      credits: 1,
      chargedAt: deps.clock.now().toISOString(),
      provider: deps.provider.name,
      model: deps.provider.model,
    },
  };
}
