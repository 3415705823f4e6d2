import { PLAIN_NUMBER, shapeOf } from '../../profile/values';
import type { Candidate } from './candidates';
import { writesEveryWord } from './profile-index';
import { quote, type RuleInput } from './rule-input';

// A mark typed or pasted at either end of a value ("Dag Holm.", "\"Varnholm\"", "'Ostreby'",
// "(Kellmark)", "Varnholm;") in a column whose values never start or end with it. The typo rule
// repairs such a value where the column repeats it; a value seen once (a name, a title) needs
// the column's shapes to say the mark is none of its own.

/** Marks a value may carry at an end that are no part of it. */
const MARKS = `.,;:!?'"\`*_`;
const PAIRS: ReadonlyArray<readonly [string, string]> = [['"', '"'], ["'", "'"], ['(', ')'], ['[', ']'], ['\u201c', '\u201d'], ['\u2018', '\u2019']];
/** Share of the column's values (its frequent shapes) that may start or end with the mark for it to be none of its own. */
const OWN_MARK_SHARE = 0.01;
/** Share of the column's values the result's shape must have. */
const SHAPE_SHARE = 0.2;

/** The value without its stray end marks, and the marks taken off. */
function stripped(text: string): { value: string; marks: string[] } | undefined {
  for (const [open, close] of PAIRS) {
    if (text.length > 2 && text.startsWith(open) && text.endsWith(close)) return { value: text.slice(1, -1).trim(), marks: [open, close] };
  }
  let start = 0;
  let end = text.length;
  while (start < end && MARKS.includes(text[start]!)) start++;
  while (end > start && MARKS.includes(text[end - 1]!)) end--;
  if (start === 0 && end === text.length) return undefined;
  const value = text.slice(start, end).trim();
  // A point or comma beside a digit belongs to a number (".7 km", "12."): the number rules read it.
  if ((end < text.length && /\d$/.test(value) && /[.,]/.test(text[end]!)) || (start > 0 && /^\d/.test(value) && /[.,]/.test(text[start - 1]!))) return undefined;
  return { value, marks: [...text.slice(0, start), ...text.slice(end)] };
}

/** The column's values start or end with this mark (more than a few of its frequent shapes). */
function ownMark(col: NonNullable<RuleInput['col']>, mark: string): boolean {
  let share = 0;
  for (const [shape, n] of col.shapeShare) if (shape.startsWith(mark) || shape.endsWith(mark)) share += n;
  return share > OWN_MARK_SHARE;
}

export function strayMarkCandidates(input: RuleInput): Candidate[] {
  const { col, current } = input;
  const text = current.trim();
  if (!col || text === '') return [];
  // A value the column repeats as it stands, mark and all ("St.", "Inc."), is its own.
  if ((col.counts.get(text) ?? 0) >= 2) return [];
  const found = stripped(text);
  if (!found || found.value === '' || found.marks.some((mark) => ownMark(col, mark))) return [];
  // A number in parentheses is a negative as accounts write it ("(12)" is -12): the number rule's.
  if (found.marks.includes('(') && PLAIN_NUMBER.test(found.value)) return [];
  const held = col.counts.get(found.value) ?? 0;
  // A value seen once must take a shape of the column's, in words the column writes in other rows.
  if (held === 0 && ((col.shapeShare.get(shapeOf(found.value)) ?? 0) < SHAPE_SHARE || !writesEveryWord(col, found.value))) return [];
  return [{ value: found.value, p: held > 0 ? 0.9 : 0.8, family: 'format', rule: 'format-stray-mark', reason: `No value of the column starts or ends with ${quote(found.marks.join(' '))}: ${quote(found.value)}.` }];
}
