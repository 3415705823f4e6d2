import { shapeOf } from '../../profile/values';
import type { Candidate } from './candidates';
import { writesEveryWord } from './profile-index';
import { quote, type RuleInput } from './rule-input';

// "Kell, Ada" in a column that writes "Ada Kell": a name written last word first, after a comma,
// as directories and address books sort them. The comma says where the words were turned; the
// words are the column's own.

/** Share of the column's values (its frequent shapes) that may hold a comma for it to write none. */
const COMMA_SHARE = 0.01;
/** Share of the column's values the turned value's shape must have. */
const NAME_SHAPE_SHARE = 0.3;
/** Words on either side of the comma: a name's parts, not a list. */
const MAX_WORDS = 3;

/** The column writes its values as words with spaces and (nearly) never a comma. */
function writesWordsWithoutCommas(col: NonNullable<RuleInput['col']>): boolean {
  let commas = 0;
  let spaced = 0;
  for (const [shape, share] of col.shapeShare) {
    if (shape.includes(',')) commas += share;
    else if (/[Aa+] [Aa]/.test(shape)) spaced += share;
  }
  return commas <= COMMA_SHARE && spaced >= 0.5;
}

/** The value in the column's word order, where it is one of its names written last word first ("Kell, Ada" for "Ada Kell"). */
export function inOrder(col: RuleInput['col'], current: string): string | undefined {
  const m = /^\s*([^,\d]+?)\s*,\s*([^,\d]+?)\s*$/.exec(current);
  if (!col || !m || !writesWordsWithoutCommas(col)) return undefined;
  const [last, first] = [m[1]!.split(/\s+/), m[2]!.split(/\s+/)];
  if (last.length > MAX_WORDS || first.length > MAX_WORDS) return undefined;
  // Every word one the column writes in other rows: the column's own words, only turned round.
  const value = [...first, ...last].join(' ');
  if (!writesEveryWord(col, value)) return undefined;
  // A column of names writes most of them in one shape ("Aa+ Aa+"): the turned value takes it.
  // Titles and phrases come in many shapes, and a comma in one is no sign of turned words.
  if ((col.shapeShare.get(shapeOf(value)) ?? 0) < NAME_SHAPE_SHARE || first.some((word) => last.includes(word))) return undefined;
  return value;
}

export function wordOrderCandidates(input: RuleInput): Candidate[] {
  const value = inOrder(input.col, input.current);
  if (value === undefined) return [];
  return [{ value, p: 0.85, family: 'format', rule: 'format-word-order', reason: `${quote(input.current)} writes the last word first, after a comma; the column writes its values in order: ${quote(value)}.` }];
}
