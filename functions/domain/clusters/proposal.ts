import type { ClusterStrategy } from '../../../shared/schemas/clusters';
import type { ClusterRow } from './build-clusters';

// The value a cluster proposes, with its reason (issue 13 §1): the AI suggestion most members
// share when at least half of them share it; else, for spellings of one thing, the most frequent
// spelling, equally frequent ones broken by how well-formed they are. Rows that share a failing
// value or only a shape propose nothing but a shared suggestion: their own value failed the check.

export interface Proposal {
  value: string | null;
  reason: string;
}

/** Higher is better formed: no stray spaces, mixed or title case, no doubled punctuation. */
export function formScore(value: string): number {
  let score = 0;
  if (value === value.trim()) score += 4;
  if (!/\s{2,}/.test(value)) score += 2;
  const letters = value.replace(/[^\p{L}]/gu, '');
  if (letters.length > 0 && letters !== letters.toLowerCase() && letters !== letters.toUpperCase()) score += 2;
  if (/^\p{Lu}/u.test(value.trim())) score += 1;
  if (!/([^\p{L}\p{N}\s])\1/u.test(value)) score += 1;
  return score;
}

export function proposeValue(strategy: ClusterStrategy, values: ReadonlyArray<{ value: string | null; count: number }>, rows: readonly ClusterRow[]): Proposal {
  const suggested = new Map<string, number>();
  for (const row of rows) if (row.suggestion !== undefined && row.suggestion !== '') suggested.set(row.suggestion, (suggested.get(row.suggestion) ?? 0) + 1);
  const [topSuggestion] = [...suggested].sort((a, b) => b[1] - a[1] || formScore(b[0]) - formScore(a[0]) || (a[0] < b[0] ? -1 : 1));
  if (topSuggestion && topSuggestion[1] * 2 >= rows.length) {
    return { value: topSuggestion[0], reason: `The AI suggestion of ${topSuggestion[1]} of ${rows.length} rows.` };
  }
  if (strategy === 'same_check_value') {
    return { value: null, reason: 'Every row failed this check with this value: type the right value, or accept each row’s AI suggestion.' };
  }
  if (strategy === 'shape') {
    return { value: null, reason: 'The rows share a format, not a value: accept each row’s AI suggestion, or type one value for all.' };
  }
  const spelled = values.filter((v): v is { value: string; count: number } => v.value !== null && v.value.trim() !== '');
  const top = spelled[0];
  if (!top) return { value: null, reason: 'No value to propose.' };
  const tied = spelled.filter((v) => v.count === top.count);
  if (tied.length === 1) return { value: top.value.trim(), reason: `The most frequent spelling (${top.count} of ${rows.length} rows).` };
  const best = [...tied].sort((a, b) => formScore(b.value) - formScore(a.value) || (a.value < b.value ? -1 : 1))[0]!;
  return { value: best.value.trim(), reason: `The best-formed of ${tied.length} equally frequent spellings (${best.count} rows each).` };
}
