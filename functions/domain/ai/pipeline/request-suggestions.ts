import type { Subscription } from '../../../../shared/constants';
import type { BatchResponse } from '../../../../shared/schemas/ai';
import type { DatasetRef } from '../../issues/issue-store';
import type { Clock } from './clock';
import { requireAiPlan } from './plan-check';
import type { IssueReader, ProcessingStateStore, SuggestionQueue, SuggestionWriter } from './ports';
import { canQueue, initialLease, type LeasePolicy } from './queue-rules';
import { nextAiRev, type AiIssue, type AiJob, type IssueSnapshot, type SuggestionMessage } from './records';
import { loadLiveness } from './user-states';

// POST /api/ai/recommendations/batch: the screen names the open rows it shows; rows that have a
// suggestion or are loading are skipped, the rest are marked queued and get one message each.
// While the user is paused the messages wait server-side (parked) until Resume.

export interface RequestDeps {
  issues: IssueReader;
  writer: SuggestionWriter;
  state: ProcessingStateStore;
  queue: SuggestionQueue;
  clock: Clock;
  lease: LeasePolicy;
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
  const live = await loadLiveness(deps.state, ref.organizationId, issues.values(), deps.lease);
  const stateOf = live.stateOf;
  const liveNow = { ...live, stateOf: (u: string) => (u === requester.email ? state : stateOf(u)) };
  const eligible = [...issues.values()].filter((issue) => canQueue(issue, liveNow, now));
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
    leaseUntil: initialLease(now, deps.lease),
  };
  if (eligible.length === 0) return { success: true, jobId: job.jobId, queued: 0, skipped: unique.length, total: unique.length, paused: state.paused };
  // The job (with its lease) exists before any row names it, so a crash at any point leaves no
  // queued row without a lease: a job whose rows were never marked or sent expires unseen.
  await deps.state.putJob({ ...job, total: eligible.length });
  const marked = await deps.writer.markQueued(ref, eligible.map((issue) => ({ issue, job })), job.createdAt);
  if (marked.length !== eligible.length) await deps.state.putJob({ ...job, total: marked.length, finished: marked.length === 0 });
  if (marked.length > 0) {
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
