import { isMissing } from '../../profile/values';
import type { Candidate } from './candidates';
import { quote, type RuleInput } from './rule-input';

// A missing-value marker written as text ("N/A", "null", "-") where the dataset writes missing
// values another way: rewrite it the column's way where the column clearly has one, else the
// dataset's (most often an empty cell).

/** Missing cells a column must have for its own way of writing them to count. */
const OWN_CONVENTION_CELLS = 5;

/** How the column itself writes most of its missing values, when it clearly has a way. */
function columnConvention(col: RuleInput['col']): string | undefined {
  if (!col || col.profile.missing < OWN_CONVENTION_CELLS) return undefined;
  const [marker, n] = [...col.profile.markers].sort((a, b) => b[1] - a[1])[0] ?? [];
  return marker !== undefined && n !== undefined && n >= OWN_CONVENTION_CELLS && n >= col.profile.missing / 2 ? marker : undefined;
}

export function missingCandidates(input: RuleInput): Candidate[] {
  const { index, col, current } = input;
  if (!index || current === '' || !isMissing(current)) return [];
  const own = columnConvention(col);
  const convention = own ?? index.missingConvention;
  if (convention === current) return [];
  const usedBy = index.profile.columns.filter((c) => c.markers.some(([m]) => m === convention)).length;
  const numeric = col?.profile.numeric !== undefined && col.profile.numeric.count >= col.profile.filled * 0.8;
  const p = (usedBy >= 2 ? 0.7 : 0.6) + (numeric ? 0.05 : 0);
  return [
    {
      value: convention,
      p,
      family: 'missing',
      rule: 'missing-marker',
      reason: `${quote(current)} marks a missing value; this ${own !== undefined ? 'column' : 'dataset'} writes missing values as ${convention === '' ? 'empty cells' : quote(convention)}${own === undefined && usedBy >= 2 ? ` in ${usedBy} columns` : ''}.`,
    },
  ];
}
