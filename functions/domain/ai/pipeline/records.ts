import type { AiSuggestion, IssueRecord } from '../../issues/issue-record';

// What the AI pipeline stores, independent of how (ARCHITECTURE §7).

/**
 * What the worker needs of a row, as it was right after it was queued. The worker works from it
 * without reading the row again; its write is conditioned on the row still being exactly that
 * (open, same version, same AI revision), and a row that changed is read afresh.
 */
export type IssueSnapshot = Pick<
  AiIssue,
  'issue_id' | 'dataset_id' | 'record_key' | 'record_id' | 'name' | 'issue_column' | 'current_value' | 'status' | 'check_name' | 'owner' | 'scan_time' | 'issue_type' | 'taxonomy' | 'version' | 'ai_status' | 'ai_job' | 'ai_user' | 'ai_gen' | 'ai_queued_at' | 'ai_rev'
>;

/** One SQS message: one failed row to process for one user's job. */
export interface SuggestionMessage {
  v: 1;
  orgId: string;
  instanceId: string;
  datasetId: string;
  issueId: string;
  jobId: string;
  /** Who asked (the ledger charges their row to them). */
  user: string;
  /** The user's processing generation when queued; Stop moves it on, dropping older work. */
  generation: number;
  enqueuedAt: string;
  /** The row as queued (absent when too large for a message: the worker reads it). */
  snapshot?: IssueSnapshot;
  /** The correlation id of the request that queued it (logs of the worker carry it on). */
  correlationId?: string;
}

/** A user's server-side processing state (spec 1 §4 AI processing: Active or Idle). */
export interface AiUserState {
  orgId: string;
  user: string;
  paused: boolean;
  generation: number;
  /** Reset Counters: figures are counted from here (the ledger itself is never erased). */
  countersResetAt: string | null;
}

export interface AiJob {
  jobId: string;
  orgId: string;
  instanceId: string;
  datasetId: string;
  user: string;
  generation: number;
  /** Rows queued by the job. */
  total: number;
  createdAt: string;
  finished: boolean;
  /**
   * The job's lease on its queued rows: while it runs, its rows count as queued and are not asked
   * again. Set when the job starts and renewed by every batch the worker receives, from the
   * queue's visibility timeout and the messages' receive count (leaseAfterReceive); past it,
   * every message of the job is gone (dead-lettered or lost) and its rows may be asked again.
   */
  leaseUntil?: string;
}

/**
 * How a queued row ended. A row the provider processed to the end costs one credit: 'stored' (a
 * suggestion) and 'abstained' (a definite "no confident suggestion", shown in the cell). A
 * provider failure or timeout ('failed') and rows never processed ('skipped', 'dropped') cost
 * nothing (spec 1 §1, §9: credits equal processed rows).
 */
export type RowOutcome = 'stored' | 'abstained' | 'failed' | 'skipped' | 'dropped';

/** One credit for one AI-processed row; the key (job, row) makes a second charge impossible. */
export interface CreditEntry {
  orgId: string;
  instanceId: string;
  datasetId: string;
  issueId: string;
  jobId: string;
  user: string;
  credits: number;
  chargedAt: string;
  provider: string;
  model: string;
  /** What the row's processing produced (absent on entries written before abstentions were charged: 'stored'). */
  outcome?: ChargedOutcome;
}

export type ChargedOutcome = 'stored' | 'abstained';

export type AiRowStatus = 'queued' | 'ready' | 'abstained' | 'failed' | 'dismissed' | 'none';

/** The AI attributes an issue item carries next to the issue's own fields. */
export interface AiIssueFields {
  ai_status?: AiRowStatus;
  ai_job?: string;
  ai_user?: string;
  ai_gen?: number;
  ai_queued_at?: string;
  /** Bumped by every AI write: writers condition on the value they read. */
  ai_rev?: number;
  ai_reason?: string;
  ai_rule?: string;
  ai_provider?: string;
  ai_suggestion?: AiSuggestion;
}

export type AiIssue = IssueRecord & AiIssueFields;

/** Every AI write moves the row's AI revision on by one; writers condition on the one they read. */
export const nextAiRev = (issue: Pick<AiIssue, 'ai_rev'>) => (issue.ai_rev ?? 0) + 1;
