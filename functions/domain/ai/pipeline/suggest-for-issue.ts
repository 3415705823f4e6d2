import type { DatasetRef } from '../../issues/issue-store';
import { ProviderUnavailable } from '../llm/retry';
import type { DatasetProfile } from '../../profile/profile';
import type { Learned, LearnedFix, Neighbours, SourceRecord, SuggestionProvider, SuggestionResult } from '../provider';
import type { FeedbackStore, SuggestionContextSource } from './ports';
import type { AiIssue } from './records';

// Asking the provider for one row: the row's source record and the records either side of it, the
// dataset's profile, the fixes people made and the penalties from feedback. Shared by the worker
// and the synchronous route.

/** A rule's penalty from feedback: Beta-smoothed share of negative votes, at most 0.9. */
export function penaltyOf(votes: { negative: number; positive: number }): number {
  return votes.negative === 0 ? 0 : Math.min(0.9, votes.negative / (votes.negative + votes.positive + 2));
}

export interface DatasetContext {
  learned: Learned;
  profile?: DatasetProfile;
  rows: Map<string, SourceRecord>;
  /** The rows either side of each in the source file (a column that steps from row to row). */
  neighbours?: Map<string, Neighbours>;
}

export async function loadDatasetContext(context: SuggestionContextSource, feedback: FeedbackStore, ref: DatasetRef, issues: readonly AiIssue[]): Promise<DatasetContext> {
  const ids = issues.map((i) => i.record_id);
  const [profile, fixes, votes, rows, neighbours] = await Promise.all([context.profile(ref), context.fixes(ref), feedback.ruleVotes(ref), context.rows(ref, ids), context.neighbours(ref, ids)]);
  const penalties: Record<string, number> = {};
  for (const [rule, v] of votes) {
    const p = penaltyOf(v);
    if (p > 0) penalties[rule] = p;
  }
  return { ...(profile ? { profile } : {}), rows, neighbours, learned: learnedOf(fixes, penalties) };
}

const learnedCache = new WeakMap<readonly LearnedFix[], { key: string; learned: Learned }>();

/**
 * The same fixes and penalties give the same Learned object, so what the provider learned from
 * them (cached by object) is reused from batch to batch instead of learned again.
 */
function learnedOf(fixes: readonly LearnedFix[], penalties: Record<string, number>): Learned {
  const key = JSON.stringify(penalties);
  const hit = learnedCache.get(fixes);
  if (hit && hit.key === key) return hit.learned;
  const learned = { fixes, penalties };
  learnedCache.set(fixes, { key, learned });
  return learned;
}

export type ProviderAnswer = SuggestionResult | { kind: 'failed'; reason: string };

export async function askProvider(provider: SuggestionProvider, issue: AiIssue, ctx: DatasetContext, timeoutMs: number): Promise<ProviderAnswer> {
  const row = ctx.rows.get(issue.record_id);
  const neighbours = ctx.neighbours?.get(issue.record_id);
  try {
    return await provider.suggest(
      {
        issue: {
          issue_column: issue.issue_column,
          current_value: issue.current_value,
          ...(row ? { row } : {}),
          ...(neighbours ? { neighbours } : {}),
          check_name: issue.check_name,
          ...(issue.taxonomy ? { taxonomy: issue.taxonomy } : {}),
        },
        ...(ctx.profile ? { profile: ctx.profile } : {}),
        learned: ctx.learned,
      },
      AbortSignal.timeout(timeoutMs),
    );
  } catch (error) {
    // The provider could not answer (after its own retries): no suggestion, no charge.
    if (error instanceof ProviderUnavailable || (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError'))) {
      return { kind: 'failed', reason: error instanceof ProviderUnavailable ? error.message : 'The AI provider timed out.' };
    }
    throw error;
  }
}
