import type { FeedbackKind } from '../../../../shared/schemas/ai';
import type { AiSuggestion } from '../../issues/issue-record';
import type { DatasetRef } from '../../issues/issue-store';
import type { DatasetProfile } from '../../profile/profile';
import type { LearnedFix, SourceRecord } from '../provider';
import type { AiIssue, AiJob, AiUserState, CreditEntry, RowOutcome, SuggestionMessage } from './records';

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
  /** The user's jobs that still have rows to process. */
  openJobs(orgId: string, user: string): Promise<AiJob[]>;
  /** Rows of the job that have an outcome: a credit (stored) or an outcome marker (the others). */
  countOutcomes(orgId: string, jobId: string): Promise<number>;
  finishJob(job: AiJob): Promise<void>;
}

/** What the worker writes for a suggestion: on the issue and in the ledger, together. */
export interface StoredSuggestion {
  suggestion: AiSuggestion;
  rule: string;
  provider: string;
  credit: CreditEntry;
}

export interface SuggestionWriter {
  /**
   * Marks rows queued for a job (AI revision moved on by one: nextAiRev), each conditioned on the
   * row being open with the version and AI revision read; answers the ids it marked (a row
   * changed since it was read is left out).
   */
  markQueued(ref: DatasetRef, rows: ReadonlyArray<{ issue: AiIssue; job: AiJob }>, at: string): Promise<string[]>;
  /**
   * For each row, in ONE transaction: the suggestion on the issue (conditioned on the issue being
   * open with the version and AI revision it was read at) and its credit ledger entry
   * (conditioned on not existing). Rows of one call may share a transaction (fewer round trips);
   * a row whose condition fails is 'conflict' and has nothing written, the others are stored.
   */
  storeSuggestions(ref: DatasetRef, rows: ReadonlyArray<{ issue: AiIssue; stored: StoredSuggestion }>): Promise<Map<string, 'stored' | 'conflict'>>;
  /** Records a row's outcome without a charge: the marker once, and the row's AI status (conditioned like above). */
  recordOutcome(ref: DatasetRef, issue: AiIssue | undefined, message: SuggestionMessage, outcome: Exclude<RowOutcome, 'stored'>, reason?: string): Promise<void>;
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
}

export interface IssueReader {
  getIssues(ref: DatasetRef, ids: readonly string[]): Promise<Map<string, AiIssue>>;
}
