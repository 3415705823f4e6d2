import type { Candidate } from './candidates';
import { quote, rows, type RuleInput } from './rule-input';

// Values implied by the other columns of the row: when zip -> city holds in most rows, the rows
// that share this row's zip say what its city should be. The failed row itself is one of its
// group (with the failed value), so the evidence is the rest of the group.

const RELIABILITY = 0.97;

export function dependencyCandidates(input: RuleInput): Candidate[] {
  const { index, row, column, current } = input;
  if (!index || !row) return [];
  const out: Candidate[] = [];
  for (const { dependency, lookup } of index.into.get(column) ?? []) {
    const determinant = row[dependency.from];
    if (determinant === null || determinant === undefined) continue;
    const hit = lookup.get(determinant);
    if (!hit || hit.value === current) continue;
    const others = hit.size - 1;
    // Laplace-smoothed share of the other rows of the group that agree.
    const agreement = (hit.count + 0.5) / (others + 1);
    out.push({
      value: hit.value,
      p: Math.min(0.97, agreement * dependency.strength * RELIABILITY),
      family: 'dependency',
      rule: `dependency:${dependency.from}`,
      reason: `Rows with the same ${dependency.from} (${quote(determinant)}) have ${dependency.to} ${quote(hit.value)} (${hit.count} of ${rows(hit.size)}).`,
    });
  }
  return out;
}
