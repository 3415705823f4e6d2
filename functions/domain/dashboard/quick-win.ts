import { PRIORITIES, type Priority } from '../../../shared/schemas/priorities';
import { DEFAULT_PRIORITY, QUICK_WIN_MIN_CONFIDENCE } from '../../../shared/quality-score';
import type { IssueRecord } from '../issues/issue-record';

// Which rows are quick wins (issue 12 §3): open rows whose stored AI suggestion has high
// confidence. They are listed by impact (the priority of their check, critical first), then by
// effort (the more confident the suggestion, the less checking it needs).

export interface QuickWinRank {
  priority: Priority;
  confidence: number;
}

/** The row's rank when it is a quick win, otherwise undefined. */
export function quickWinRank(issue: Pick<IssueRecord, 'status' | 'ai_suggestion' | 'taxonomy'>): QuickWinRank | undefined {
  const suggestion = issue.ai_suggestion;
  if (issue.status !== 'open' || !suggestion || !(suggestion.confidence >= QUICK_WIN_MIN_CONFIDENCE)) return undefined;
  return { priority: issue.taxonomy?.subcategory.priority ?? DEFAULT_PRIORITY, confidence: suggestion.confidence };
}

/** Sorts by impact, then effort: critical before low, then higher confidence first. */
export function quickWinSortKey(rank: QuickWinRank, issueId: string): string {
  const impact = PRIORITIES.indexOf(rank.priority);
  const effort = String(1000 - Math.round(Math.min(100, Math.max(0, rank.confidence)) * 10)).padStart(4, '0');
  return `${impact}#${effort}#${issueId}`;
}

/** Effort of a quick win as the spec's cards show it. */
export function effortOf(confidence: number): 'low' | 'medium' {
  return confidence >= 95 ? 'low' : 'medium';
}

/** Sorts open rows found by value (learned-fix candidates) by impact, then id. */
export function learnedWinSortKey(issue: Pick<IssueRecord, 'taxonomy' | 'issue_id'>): string {
  return `${PRIORITIES.indexOf(issue.taxonomy?.subcategory.priority ?? DEFAULT_PRIORITY)}#${issue.issue_id}`;
}

/** Whether an open row can be found by its value: it holds a value to fix and is no AI quick win. */
export function findableByValue(issue: Pick<IssueRecord, 'status' | 'ai_suggestion' | 'taxonomy' | 'current_value'>): issue is typeof issue & { current_value: string } {
  return issue.status === 'open' && quickWinRank(issue) === undefined && typeof issue.current_value === 'string' && issue.current_value.trim() !== '';
}
