import { isMissing } from '../../profile/values';
import type { Candidate } from './candidates';
import { quote, type RuleInput } from './rule-input';

// A missing-value marker written as text ("N/A", "null", "-") where the dataset writes missing
// values another way: rewrite it the dataset's way (most often an empty cell).

export function missingCandidates(input: RuleInput): Candidate[] {
  const { index, col, current } = input;
  if (!index || current === '' || !isMissing(current)) return [];
  const convention = index.missingConvention;
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
      reason: `${quote(current)} marks a missing value; this dataset writes missing values as ${convention === '' ? 'empty cells' : quote(convention)}${usedBy >= 2 ? ` in ${usedBy} columns` : ''}.`,
    },
  ];
}
