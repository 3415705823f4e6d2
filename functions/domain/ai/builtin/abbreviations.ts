import type { Candidate } from './candidates';
import type { ColumnIndex } from './profile-index';
import { quote, rows, type RuleInput } from './rule-input';

// "mod" for "moderate", "Jan" for "January", "Sept." for "September": a value cut short, as people
// abbreviate a word they type often. The typo channel reads such a value as the nearest frequent
// value by edits ("mod" two slips from "good"); where the value starts exactly one of the column's
// repeated values, that value is what it was meant as.

/** Characters an abbreviation keeps: fewer say too little ("mo" may be many things). */
const MIN_KEPT = 3;
/**
 * Share of the column's filled rows the value it abbreviates must hold: a slip repeated in a few
 * rows ("harbuor") is no word people abbreviate, and "harbu" is "harbour" mistyped.
 */
const MIN_SHARE = 0.05;

/** The one value of the column (held in MIN_SHARE of its rows) that the value starts, case and a closing point aside; undefined where none or several do. */
export function abbreviationOf(col: Pick<ColumnIndex, 'spellings' | 'counts' | 'profile'>, current: string): string | undefined {
  const text = current.trim().replace(/\.$/, '').toLowerCase();
  if (text.length < MIN_KEPT || /\d/.test(text) || col.counts.has(current.trim())) return undefined;
  let found: string | undefined;
  // Its values and the no-value words it writes in several rows ("None" as one of its levels).
  for (const [value, n] of col.spellings.entries) {
    // A value the column writes whole, in any case ("OPEN" among "Open"), is no abbreviation.
    if (value.trim().toLowerCase() === text) return undefined;
    if (n < Math.max(2, MIN_SHARE * col.profile.filled) || value.length <= text.length || !value.toLowerCase().startsWith(text)) continue;
    if (found !== undefined && found.toLowerCase() !== value.toLowerCase()) return undefined;
    found ??= value;
  }
  return found;
}

export function abbreviationCandidates(input: RuleInput): Candidate[] {
  const { col, current } = input;
  if (!col) return [];
  const value = abbreviationOf(col, current);
  if (value === undefined) return [];
  const held = col.counts.get(value) ?? 0;
  return [{ value, p: 0.75, family: 'format', rule: 'format-abbreviation', support: held, reason: `${quote(current)} is the start of one value of the column only: ${quote(value)} (${rows(held)}).` }];
}
