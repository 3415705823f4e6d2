import { isMissing } from '../../profile/values';
import type { Candidate } from './candidates';
import { quote, type RuleInput } from './rule-input';

// Domain-based repair of a missing value (Baran's domain model): with nothing in the row to go
// by, the value the column holds most often is the best guess, and as likely right as its share
// of the column's filled cells (its runner-up is proposed beside it, as likely as its own share). Strong only in columns dominated by one value; the model weighs
// it against how often the column is legitimately empty.

/** A mode holding fewer of the column's cells than this says too little to propose. */
const MIN_SHARE = 0.3;

export function domainCandidates(input: RuleInput): Candidate[] {
  const { col, current } = input;
  if (!col || !isMissing(current)) return [];
  const [mode, count] = col.profile.values[0] ?? [];
  if (mode === undefined || count === undefined || count < 2) return [];
  const cells = Math.max(1, col.profile.filled + col.profile.missing);
  if (count / cells < MIN_SHARE) return [];
  // The runner-up too: a mode of 52 % beside a second value of 48 % is a coin toss, and the
  // model must see the race (its margin), not one value alone.
  return col.profile.values
    .slice(0, 2)
    .filter(([, n]) => n >= 2)
    .map(([value, n]) => {
      const share = n / cells;
      return {
        value,
        p: Math.min(0.97, share),
        family: 'domain' as const,
        rule: 'domain-mode',
        support: n,
        reason: `${quote(current)} marks a missing value; ${Math.round(share * 100)}% of this column's cells hold ${quote(value)}.`,
      };
    });
}
