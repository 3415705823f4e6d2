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

// "refund;billing" in a column that writes "billing;refund": the items of a list (tags, names,
// codes) in another order than the column writes that list. The column's own list with the same
// items says how it orders them.

/** Words in another order than one value the column repeats: likely that value, though word order can make another. */
const WORDS_P = 0.7;

/** Characters that separate the items of a list value. */
const LIST_SEPARATOR = /[;|,/]/;
const lists = new WeakMap<object, Map<string, string | null>>();

/** The items of a list value, sorted and trimmed, as one key; undefined for a value of one item. */
function itemsKey(value: string): string | undefined {
  const separator = LIST_SEPARATOR.exec(value)?.[0];
  if (separator === undefined) return undefined;
  const items = value.split(separator).map((item) => item.trim());
  // Items of words: numbers in another order are other numbers ("2031/05/03" is no "2031/03/05").
  if (items.length < 2 || items.some((item) => item === '' || !/\p{L}/u.test(item))) return undefined;
  return `${separator}\u0000${items.sort().join('\u0000')}`;
}

/** The words of a value of several words, sorted and in small letters, as one key ("North Varnholm" is "Varnholm North"); undefined for one word, or words with no letter. */
function wordsKey(value: string): string | undefined {
  const words = value.trim().toLowerCase().split(/\s+/);
  if (words.length < 2 || words.some((word) => !/\p{L}/u.test(word))) return undefined;
  return ` \u0000${words.sort().join('\u0000')}`;
}

/** The column's repeated list values by their items (null where two of its values hold the same items). */
function listsOf(col: NonNullable<RuleInput['col']>): Map<string, string | null> {
  let found = lists.get(col);
  if (!found) {
    found = new Map();
    for (const [value, n] of col.profile.values) {
      if (n < 2) continue;
      for (const key of [itemsKey(value), wordsKey(value)]) if (key !== undefined) found.set(key, found.has(key) ? null : value);
    }
    lists.set(col, found);
  }
  return found;
}

export function listOrderCandidates(input: RuleInput): Candidate[] {
  const { col, current } = input;
  if (!col || col.counts.has(current)) return [];
  const key = itemsKey(current);
  const value = key === undefined ? undefined : listsOf(col).get(key);
  if (value && value !== current) {
    const held = col.counts.get(value) ?? 0;
    return [{ value, p: 0.85, family: 'format', rule: 'format-list-order', support: held, reason: `The column writes these items in another order: ${quote(value)} (${held} rows).` }];
  }
  // The words of a value in another order ("North Varnholm" where the column writes "Varnholm North").
  const words = wordsKey(current);
  const reordered = words === undefined ? undefined : listsOf(col).get(words);
  if (!reordered || reordered === current) return [];
  const held = col.counts.get(reordered) ?? 0;
  return [{ value: reordered, p: WORDS_P, family: 'format', rule: 'format-word-order', support: held, reason: `The column writes these words in another order: ${quote(reordered)} (${held} rows).` }];
}
