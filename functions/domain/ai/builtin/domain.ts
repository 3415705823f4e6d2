import { isMissing } from '../../profile/values';
import type { Candidate } from './candidates';
import { quote, type RuleInput } from './rule-input';

// Domain-based repair of a missing value (Baran's domain model): with nothing in the row to go
// by, the value the column holds most often is the best guess, and as likely right as its share
// of the column's filled cells. Strong only in columns dominated by one value; the model weighs
// it against how often the column is legitimately empty.

/** A mode holding fewer of the column's cells than this says too little to propose. */
const MIN_SHARE = 0.3;

export function domainCandidates(input: RuleInput): Candidate[] {
  const { col, current } = input;
  if (!col || !isMissing(current)) return [];
  const [mode, count] = col.profile.values[0] ?? [];
  if (mode === undefined || count === undefined || count < 2) return [];
  const share = count / Math.max(1, col.profile.filled + col.profile.missing);
  if (share < MIN_SHARE) return [];
  return [
    {
      value: mode,
      p: Math.min(0.97, share),
      family: 'domain',
      rule: 'domain-mode',
      support: count,
      reason: `${quote(current)} marks a missing value; ${Math.round(share * 100)}% of this column's cells hold ${quote(mode)}.`,
    },
  ];
}
