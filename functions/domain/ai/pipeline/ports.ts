import type { FeedbackKind } from '../../../../shared/schemas/ai';
import type { AiSuggestion } from '../../issues/issue-record';
import type { DatasetRef } from '../../issues/issue-store';
import type { DatasetProfile } from '../../profile/profile';
import type { LearnedFix, Neighbours, SourceRecord } from '../provider';
import type { AiIssue, AiJob, AiUserState, CreditEntry, RowOutcome, SuggestionMessage } from './records';

export type UnchargedOutcome = Exclude<RowOutcome, 'stored' | 'abstained'>;

// The ports of the AI pipeline. DynamoDB and SQS (or the in-process queue) implement them; unit
// tests use in-memory ones.

export interface SuggestionQueue {
  send(messages: readonly SuggestionMessage[]): Promise<void>;
}

export interface ProcessingStateStore {
  /** The user's state; the default (active, generation 0) when they never changed it. */
  getState(orgId: string, user: string): Promise<AiUserState>;
  setPaused(orgId: string, user: string, paused: boolean): Promise<AiUserState>;
  /** Moves the generation on: every queued message of an older generation is dropped. */
  nextGeneration(orgId: string, user: string): Promise<AiUserState>;
  resetCounters(orgId: string, user: string, at: string): Promise<AiUserState>;
  /** Holds a message while its user is paused. */
  park(message: SuggestionMessage): Promise<void>;
  /** Takes (and removes) the user's parked messages. */
  takeParked(orgId: string, user: string): Promise<SuggestionMessage[]>;
  putJob(job: AiJob): Promise<void>;
  /** Jobs by id (those that exist), to read their leases. */
  getJobs(orgId: string, jobs: ReadonlyArray<{ user: string; jobId: string }>): Promise<Map<string, AiJob>>;
  /** Moves the job's lease on to `until` (never back). */
  renewLease(orgId: string, user: string, jobId: string, until: string): Promise<void>;
  /** The user's jobs that still have rows to process. */
  openJobs(orgId: string, user: string): Promise<AiJob[]>;
  /** Rows of the job that have an outcome: a credit (stored) or an outcome marker (the others). */
  countOutcomes(orgId: string, jobId: string): Promise<number>;
  finishJob(job: AiJob): Promise<void>;
}

/**
 * What the worker writes for a row the provider processed to the end, on the issue and in the
 * ledger together: a suggestion, or a definite abstention (shown in the cell). Both cost the
 * row's one credit; the row's credit in the ledger is its job outcome.
 */
export type ProcessedRow =
  | { outcome: 'stored'; suggestion: AiSuggestion; rule: string; provider: string; credit: CreditEntry }
  | { outcome: 'abstained'; reason: string; provider: string; credit: CreditEntry };

export interface SuggestionWriter {
  /**
   * Marks rows queued for a job (AI revision moved on by one: nextAiRev), each conditioned on the
   * row being open with the version and AI revision read; answers the ids it marked (a row
   * changed since it was read is left out).
   */
  markQueued(ref: DatasetRef, rows: ReadonlyArray<{ issue: AiIssue; job: AiJob }>, at: string): Promise<string[]>;
  /**
   * For each row, in ONE transaction: the outcome on the issue (suggestion or abstention,
   * conditioned on the issue being open with the version and AI revision it was read at) and its
   * credit in the ledger (written once), which is also the job's record of the row. Rows of one
   * call may share a transaction (fewer round trips) and the rows of one job there one ledger
   * item; a row whose condition fails is 'conflict' and has nothing written, the others are written.
   */
  storeProcessed(ref: DatasetRef, rows: ReadonlyArray<{ issue: AiIssue; processed: ProcessedRow }>): Promise<Map<string, 'written' | 'conflict'>>;
  /**
   * Records an uncharged outcome: the job's marker and the row's AI status in ONE transaction
   * (the row conditioned like above); when the row changed meanwhile, the marker alone. A crash
   * leaves both or neither.
   */
  recordOutcome(ref: DatasetRef, issue: AiIssue | undefined, message: SuggestionMessage, outcome: UnchargedOutcome, reason?: string): Promise<void>;
  /** Dismiss: removes the suggestion from the row (the credit stays: the row was processed). */
  dismiss(ref: DatasetRef, issue: AiIssue): Promise<void>;
}

export interface CreditLedger {
  /** Credits of the organization (one user's, when given) charged in [from, to). */
  count(orgId: string, range: { from?: string; to?: string; user?: string }): Promise<number>;
  list(orgId: string, range: { from?: string; to?: string; user?: string }): Promise<CreditEntry[]>;
}

export interface FeedbackRecord {
  datasetId: string;
  issueId: string;
  recommendationId?: string;
  rule?: string;
  feedback: FeedbackKind;
  rating?: number;
  comments?: string;
  by: string;
  at: string;
}

export interface FeedbackStore {
  add(ref: DatasetRef, feedback: FeedbackRecord): Promise<void>;
  /** Per rule key: negative and positive votes (dismissed counts as negative, accepted as positive). */
  ruleVotes(ref: DatasetRef): Promise<Map<string, { negative: number; positive: number }>>;
}

/** What a provider gets to know about a dataset besides the row. */
export interface SuggestionContextSource {
  profile(ref: DatasetRef): Promise<DatasetProfile | undefined>;
  /** Manual fixes of the dataset (learning from fixes). */
  fixes(ref: DatasetRef): Promise<LearnedFix[]>;
  /** The source records of rows, by record id (missing when the dataset has no source data). */
  rows(ref: DatasetRef, recordIds: readonly string[]): Promise<Map<string, SourceRecord>>;
  /** The source records just before and after each row in its file, by record id. */
  neighbours(ref: DatasetRef, recordIds: readonly string[]): Promise<Map<string, Neighbours>>;
}

export interface IssueReader {
  getIssues(ref: DatasetRef, ids: readonly string[]): Promise<Map<string, AiIssue>>;
}
