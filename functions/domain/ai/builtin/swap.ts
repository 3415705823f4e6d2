import { isMissing, parseNumberLike, shapeOf } from '../../profile/values';
import type { Candidate } from './candidates';
import type { ColumnIndex } from './profile-index';
import { quote, type RuleInput } from './rule-input';

// Values swapped between two columns of a row: the failed value does not look like its own column
// but like another column of the row, whose value in turn looks like this column. The repair takes
// the other column's value back.

/** How well a value fits a column: 2 = a value the column holds, 1 = its usual form, 0 = neither. */
export function fit(col: ColumnIndex, value: string): 0 | 1 | 2 {
  if ((col.counts.get(value) ?? 0) >= 1) return 2;
  const stats = col.profile.numeric;
  if (stats && stats.count >= col.profile.filled * 0.8) {
    const n = parseNumberLike(value);
    return n && n.form === 'plain' && n.value >= stats.min && n.value <= stats.max && (col.shapeShare.get(shapeOf(value)) ?? 0) >= 0.05 ? 1 : 0;
  }
  return (col.shapeShare.get(shapeOf(value)) ?? 0) >= 0.2 ? 1 : 0;
}

export function swapCandidates(input: RuleInput): Candidate[] {
  const { index, col, current, column, row } = input;
  if (!index || !col || !row || isMissing(current) || fit(col, current) === 2) return [];
  const out: Candidate[] = [];
  for (const [name, other] of Object.entries(row)) {
    if (name === column || other === null || isMissing(other) || other === current) continue;
    const there = index.columns.get(name);
    if (!there) continue;
    const mineThere = fit(there, current);
    const theirsHere = fit(col, other);
    // Both directions must fit, and the failed value must fit the other column better than its own.
    if (mineThere === 0 || theirsHere === 0 || mineThere <= fit(col, current)) continue;
    const p = 0.45 + 0.2 * (mineThere - 1) + 0.2 * (theirsHere - 1);
    out.push({
      value: other,
      p,
      family: 'swap',
      rule: `swap:${name}`,
      reason: `${quote(current)} looks like a value of ${name}, and ${name} holds ${quote(other)}, which looks like a value of this column: the two seem swapped.`,
    });
  }
  return out;
}
