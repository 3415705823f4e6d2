import type { Subscription } from '../../../../shared/constants';
import type { BatchResponse } from '../../../../shared/schemas/ai';
import type { DatasetRef } from '../../issues/issue-store';
import type { Clock } from './clock';
import { requireAiPlan } from './plan-check';
import type { IssueReader, ProcessingStateStore, SuggestionQueue, SuggestionWriter } from './ports';
import { canQueue } from './queue-rules';
import { nextAiRev, type AiIssue, type AiJob, type IssueSnapshot, type SuggestionMessage } from './records';
import { loadStates } from './user-states';

// POST /api/ai/recommendations/batch: the screen names the open rows it shows; rows that have a
// suggestion or are loading are skipped, the rest are marked queued and get one message each.
// While the user is paused the messages wait server-side (parked) until Resume.

export interface RequestDeps {
  issues: IssueReader;
  writer: SuggestionWriter;
  state: ProcessingStateStore;
  queue: SuggestionQueue;
  clock: Clock;
}

export interface Requester {
  email: string;
  subscription: Subscription;
}

export async function requestSuggestions(deps: RequestDeps, ref: DatasetRef, requester: Requester, issueIds: readonly string[]): Promise<BatchResponse> {
  requireAiPlan(requester.subscription);
  const unique = [...new Set(issueIds)];
  const now = deps.clock.now();
  const issues = await deps.issues.getIssues(ref, unique);
  const state = await deps.state.getState(ref.organizationId, requester.email);
  const stateOf = await loadStates(deps.state, ref.organizationId, [...issues.values()].map((i) => i.ai_user));
  const eligible = [...issues.values()].filter((issue) => canQueue(issue, (u) => (u === requester.email ? state : stateOf(u)), now));
  const job: AiJob = {
    jobId: deps.clock.newId(),
    orgId: ref.organizationId,
    instanceId: ref.instanceId,
    datasetId: ref.datasetId,
    user: requester.email,
    generation: state.generation,
    total: 0,
    createdAt: now.toISOString(),
    finished: false,
  };
  const marked = eligible.length ? await deps.writer.markQueued(ref, eligible.map((issue) => ({ issue, job })), job.createdAt) : [];
  if (marked.length > 0) {
    await deps.state.putJob({ ...job, total: marked.length });
    const byId = new Map(eligible.map((issue) => [issue.issue_id, issue]));
    const messages: SuggestionMessage[] = marked.map((issueId) => ({
      v: 1,
      orgId: ref.organizationId,
      instanceId: ref.instanceId,
      datasetId: ref.datasetId,
      issueId,
      jobId: job.jobId,
      user: requester.email,
      generation: state.generation,
      enqueuedAt: job.createdAt,
      ...snapshotOf(byId.get(issueId)!, job),
    }));
    if (state.paused) for (const message of messages) await deps.state.park(message);
    else await deps.queue.send(messages);
  }
  return { success: true, jobId: job.jobId, queued: marked.length, skipped: unique.length - marked.length, total: unique.length, paused: state.paused };
}

/** SQS takes 256 KiB a message; a row with a very long value goes without its snapshot. */
const MAX_SNAPSHOT_CHARS = 16_000;

/** The row as markQueued left it: the worker's starting point. */
function snapshotOf(issue: AiIssue, job: AiJob): { snapshot?: IssueSnapshot } {
  const snapshot: IssueSnapshot = {
    issue_id: issue.issue_id,
    dataset_id: issue.dataset_id,
    record_key: issue.record_key,
    record_id: issue.record_id,
    name: issue.name,
    issue_column: issue.issue_column,
    current_value: issue.current_value,
    status: issue.status,
    check_name: issue.check_name,
    owner: issue.owner,
    scan_time: issue.scan_time,
    issue_type: issue.issue_type,
    ...(issue.taxonomy ? { taxonomy: issue.taxonomy } : {}),
    version: issue.version,
    ai_status: 'queued',
    ai_job: job.jobId,
    ai_user: job.user,
    ai_gen: job.generation,
    ai_queued_at: job.createdAt,
    ai_rev: nextAiRev(issue),
  };
  return JSON.stringify(snapshot).length <= MAX_SNAPSHOT_CHARS ? { snapshot } : {};
}
