import type { DatasetRef } from '../domain/issues/issue-store';
import type { DatasetProfile } from '../domain/profile/profile';
import { neighboursAt, type LearnedFix, type Neighbours, type SourceRecord } from '../domain/ai/provider';
import type {
  CreditLedger,
  FeedbackRecord,
  FeedbackStore,
  IssueReader,
  ProcessedRow,
  ProcessingStateStore,
  SuggestionContextSource,
  SuggestionQueue,
  SuggestionWriter,
  UnchargedOutcome,
} from '../domain/ai/pipeline/ports';
import type { AiIssue, AiJob, AiUserState, CreditEntry, RowOutcome, SuggestionMessage } from '../domain/ai/pipeline/records';

/**
 * The AI pipeline's ports in memory, for unit tests: one dataset's issues, with the same
 * conditions as the DynamoDB adapter (the AI revision read, open status, one ledger entry per job
 * and row), so duplicate, stale and concurrent writes behave as they do there.
 */
export class MemoryAi implements IssueReader, SuggestionWriter, ProcessingStateStore, CreditLedger, FeedbackStore, SuggestionContextSource, SuggestionQueue {
  issues = new Map<string, AiIssue>();
  ledger = new Map<string, CreditEntry>();
  outcomes = new Map<string, RowOutcome>();
  states = new Map<string, AiUserState>();
  parked: SuggestionMessage[] = [];
  jobs = new Map<string, AiJob>();
  sent: SuggestionMessage[] = [];
  feedbackRecords: FeedbackRecord[] = [];
  profileOf?: DatasetProfile;
  fixList: LearnedFix[] = [];
  records = new Map<string, SourceRecord>();
  /** Runs inside storeProcessed before anything is written; throw to simulate a crash. */
  beforeStore?: (issueId: string) => void;

  constructor(issues: AiIssue[] = []) {
    for (const issue of issues) this.issues.set(issue.issue_id, structuredClone(issue));
  }

  // ---- IssueReader ----
  async getIssues(_ref: DatasetRef, ids: readonly string[]) {
    const out = new Map<string, AiIssue>();
    for (const id of ids) {
      const issue = this.issues.get(id);
      if (issue) out.set(id, structuredClone(issue));
    }
    return out;
  }

  // ---- SuggestionWriter ----
  private unchanged(read: AiIssue): AiIssue | undefined {
    const current = this.issues.get(read.issue_id);
    return current && current.status === 'open' && current.version === read.version && (current.ai_rev ?? 0) === (read.ai_rev ?? 0) ? current : undefined;
  }

  async markQueued(_ref: DatasetRef, rows: ReadonlyArray<{ issue: AiIssue; job: AiJob }>, at: string) {
    const marked: string[] = [];
    for (const { issue, job } of rows) {
      const current = this.unchanged(issue);
      if (!current) continue;
      Object.assign(current, { ai_status: 'queued', ai_job: job.jobId, ai_user: job.user, ai_gen: job.generation, ai_queued_at: at, ai_rev: (current.ai_rev ?? 0) + 1 });
      delete current.ai_reason;
      marked.push(issue.issue_id);
    }
    return marked;
  }

  async storeProcessed(_ref: DatasetRef, rows: ReadonlyArray<{ issue: AiIssue; processed: ProcessedRow }>) {
    for (const { issue } of rows) this.beforeStore?.(issue.issue_id);
    const out = new Map<string, 'written' | 'conflict'>();
    for (const { issue, processed } of rows) {
      const current = this.unchanged(issue);
      const key = `${processed.credit.jobId}/${issue.issue_id}`;
      if (!current || this.ledger.has(key)) {
        out.set(issue.issue_id, 'conflict');
        continue;
      }
      if (processed.outcome === 'stored') {
        Object.assign(current, { ai_suggestion: processed.suggestion, ai_status: 'ready', ai_rule: processed.rule });
        delete current.ai_reason;
      } else Object.assign(current, { ai_status: 'abstained', ai_reason: processed.reason });
      Object.assign(current, { ai_provider: processed.provider, ai_job: processed.credit.jobId, ai_rev: (current.ai_rev ?? 0) + 1 });
      this.ledger.set(key, structuredClone(processed.credit));
      out.set(issue.issue_id, 'written');
    }
    return out;
  }

  /** Runs inside recordOutcome before anything is written; throw to simulate a crash. */
  beforeOutcome?: (issueId: string) => void;

  async recordOutcome(_ref: DatasetRef, issue: AiIssue | undefined, message: SuggestionMessage, outcome: UnchargedOutcome, reason?: string) {
    this.beforeOutcome?.(message.issueId);
    // Marker and row together (one transaction in DynamoDB); the marker alone when the row moved on.
    this.outcomes.set(`${message.jobId}/${message.issueId}`, outcome);
    if (!issue || outcome === 'skipped') return;
    const current = this.unchanged(issue);
    if (!current) return;
    Object.assign(current, { ai_status: outcome === 'dropped' ? 'none' : outcome, ai_rev: (current.ai_rev ?? 0) + 1, ...(reason ? { ai_reason: reason } : {}) });
  }

  async dismiss(_ref: DatasetRef, issue: AiIssue) {
    const current = this.issues.get(issue.issue_id);
    if (!current || (current.ai_rev ?? 0) !== (issue.ai_rev ?? 0)) return;
    delete current.ai_suggestion;
    Object.assign(current, { ai_status: 'dismissed', ai_rev: (current.ai_rev ?? 0) + 1 });
  }

  // ---- ProcessingStateStore ----
  async getState(orgId: string, user: string): Promise<AiUserState> {
    return structuredClone(this.states.get(`${orgId}/${user}`) ?? { orgId, user, paused: false, generation: 0, countersResetAt: null });
  }
  private async update(orgId: string, user: string, change: Partial<AiUserState>) {
    const next = { ...(await this.getState(orgId, user)), ...change };
    this.states.set(`${orgId}/${user}`, next);
    return structuredClone(next);
  }
  setPaused = (orgId: string, user: string, paused: boolean) => this.update(orgId, user, { paused });
  async nextGeneration(orgId: string, user: string) {
    return this.update(orgId, user, { generation: (await this.getState(orgId, user)).generation + 1 });
  }
  resetCounters = (orgId: string, user: string, at: string) => this.update(orgId, user, { countersResetAt: at });
  async park(message: SuggestionMessage) {
    this.parked.push(structuredClone(message));
  }
  async takeParked(orgId: string, user: string) {
    const mine = this.parked.filter((m) => m.orgId === orgId && m.user === user);
    this.parked = this.parked.filter((m) => !(m.orgId === orgId && m.user === user));
    return mine;
  }
  async putJob(job: AiJob) {
    this.jobs.set(job.jobId, structuredClone(job));
  }
  async getJobs(_orgId: string, jobs: ReadonlyArray<{ user: string; jobId: string }>) {
    return new Map(jobs.flatMap((j) => (this.jobs.has(j.jobId) ? [[j.jobId, structuredClone(this.jobs.get(j.jobId)!)] as const] : [])));
  }
  async renewLease(_orgId: string, _user: string, jobId: string, until: string) {
    const job = this.jobs.get(jobId);
    if (job && (!job.leaseUntil || job.leaseUntil < until)) job.leaseUntil = until;
  }
  async openJobs(orgId: string, user: string) {
    return [...this.jobs.values()].filter((j) => j.orgId === orgId && j.user === user && !j.finished);
  }
  async countOutcomes(_orgId: string, jobId: string) {
    // Rows with an outcome marker or a ledger entry of the job (stored rows have only the latter).
    return new Set([...this.outcomes.keys(), ...this.ledger.keys()].filter((k) => k.startsWith(`${jobId}/`))).size;
  }
  async finishJob(job: AiJob) {
    const stored = this.jobs.get(job.jobId);
    if (stored) stored.finished = true;
  }

  // ---- CreditLedger ----
  async list(_orgId: string, range: { from?: string; to?: string; user?: string }) {
    return [...this.ledger.values()].filter(
      (e) => (!range.user || e.user === range.user) && (!range.from || e.chargedAt >= range.from) && (!range.to || e.chargedAt < range.to),
    );
  }
  async count(orgId: string, range: { from?: string; to?: string; user?: string }) {
    return (await this.list(orgId, range)).reduce((s, e) => s + e.credits, 0);
  }

  // ---- FeedbackStore ----
  async add(_ref: DatasetRef, feedback: FeedbackRecord) {
    this.feedbackRecords.push(feedback);
  }
  async ruleVotes() {
    const votes = new Map<string, { negative: number; positive: number }>();
    for (const f of this.feedbackRecords) {
      if (!f.rule) continue;
      const v = votes.get(f.rule) ?? { negative: 0, positive: 0 };
      if (f.feedback === 'down' || f.feedback === 'dismissed') v.negative++;
      else v.positive++;
      votes.set(f.rule, v);
    }
    return votes;
  }

  // ---- SuggestionContextSource ----
  async profile() {
    return this.profileOf;
  }
  async fixes() {
    return this.fixList;
  }
  async rows(_ref: DatasetRef, ids: readonly string[]) {
    return new Map(ids.flatMap((id) => (this.records.has(id) ? [[id, this.records.get(id)!] as const] : [])));
  }
  /** The records are in file order as they were added. */
  async neighbours(_ref: DatasetRef, ids: readonly string[]) {
    const order = [...this.records.values()];
    const at = new Map([...this.records.keys()].map((id, i) => [id, i]));
    const out = new Map<string, Neighbours>();
    for (const id of ids) {
      const near = at.has(id) ? neighboursAt(order, at.get(id)!) : undefined;
      if (near) out.set(id, near);
    }
    return out;
  }

  // ---- SuggestionQueue ----
  async send(messages: readonly SuggestionMessage[]) {
    this.sent.push(...structuredClone(messages));
  }

  /** Distinct rows that hold a stored suggestion. */
  rowsWithSuggestion(): number {
    return [...this.issues.values()].filter((i) => i.ai_suggestion).length;
  }
  /** Distinct rows the provider processed to the end: a suggestion (kept or dismissed) or an abstention. */
  rowsProcessed(): number {
    return [...this.issues.values()].filter((i) => i.ai_suggestion || i.ai_status === 'abstained' || i.ai_status === 'dismissed').length;
  }
  /** Rows still marked queued. */
  rowsQueued(): number {
    return [...this.issues.values()].filter((i) => i.ai_status === 'queued').length;
  }
  credits(): number {
    return [...this.ledger.values()].reduce((s, e) => s + e.credits, 0);
  }
}
