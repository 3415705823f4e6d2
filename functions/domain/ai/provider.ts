import type { Taxonomy } from '../issues/issue-record';
import type { DatasetProfile } from '../profile/profile';

// The one port every suggestion provider implements (builtin, bedrock, openai). A provider gets
// the failed row, the dataset's column profile and what was learned from earlier manual fixes,
// and answers one suggested value with an honest confidence, or abstains.

export type SourceRecord = Readonly<Record<string, string | null>>;

/** The records either side of a row in its source file, and the ones beyond those. */
export interface Neighbours {
  previous?: SourceRecord;
  next?: SourceRecord;
  /** The record before `previous` (where a neighbour is blank or misspelt, the next one says more). */
  previousButOne?: SourceRecord;
  /** The record after `next`. */
  nextButOne?: SourceRecord;
}

/** The records either side of record `at` of records in file order, two each way (none at all: undefined). */
export function neighboursAt(records: readonly SourceRecord[], at: number): Neighbours | undefined {
  const previous = records[at - 1];
  const next = records[at + 1];
  const previousButOne = records[at - 2];
  const nextButOne = records[at + 2];
  return previous || next
    ? { ...(previous ? { previous } : {}), ...(next ? { next } : {}), ...(previousButOne ? { previousButOne } : {}), ...(nextButOne ? { nextButOne } : {}) }
    : undefined;
}

export interface IssueForSuggestion {
  issue_column: string;
  current_value: string | null;
  /** The full source record of the failed row, when the dataset's source data is available. */
  row?: SourceRecord;
  /** The source records just before and after the failed row in the file, where it has them. */
  neighbours?: Neighbours;
  check_name?: string;
  taxonomy?: Taxonomy;
}

/** A manual fix of a failed row: the value before and after, who made it, and the row then. */
export interface LearnedFix {
  column: string;
  oldValue: string | null;
  newValue: string;
  fixedBy: string;
  row?: SourceRecord;
}

/**
 * What earlier work on the dataset taught: manual fixes, and penalties for the rules whose
 * suggestions people dismissed or voted down (rule key -> penalty in [0, 1); the rule's
 * confidence is multiplied by 1 - penalty).
 */
export interface Learned {
  fixes: readonly LearnedFix[];
  penalties?: Readonly<Record<string, number>>;
}

export interface SuggestionRequest {
  issue: IssueForSuggestion;
  profile?: DatasetProfile;
  learned?: Learned;
}

export interface Suggestion {
  kind: 'suggestion';
  suggestedValue: string;
  /** 0–100: how often a suggestion like this is right. */
  confidence: number;
  reasoning: string;
  /** Key of the rule (or learned transformation) that produced it; feedback penalises this key. */
  rule: string;
}

export interface Abstention {
  kind: 'abstain';
  reason: string;
}

export type SuggestionResult = Suggestion | Abstention;

export type ProviderName = 'builtin' | 'bedrock' | 'openai';

export interface SuggestionProvider {
  readonly name: ProviderName;
  /** Model identifier shown in health and usage (the builtin provider's rule-set version). */
  readonly model: string;
  suggest(request: SuggestionRequest, signal?: AbortSignal): Promise<SuggestionResult>;
}

export const abstain = (reason: string): Abstention => ({ kind: 'abstain', reason });
