import { caseStyleOf, fold, shapeLetterRuns, tidied, toTitleCase, tokensOf, wordsAndBreaks } from '../../profile/values';
import type { ColumnIndex } from './profile-index';

// The column's own spelling of each of its words ("McAdam", "O'Neil", "DuPont"): a value typed
// wholly in capitals or in lower case is written with them, where no column-wide case style
// (title case would give "Mcadam") could.

/** Share of a word's uses (any case) one spelling must have to be the column's way of writing it. */
const WORD_SPELLING_SHARE = 0.9;
const spellingsCache = new WeakMap<ColumnIndex, ReadonlyMap<string, string | null>>();

/** Per lower-cased word, its spellings among the column's words with their counts, commonest first. */
function spellingsByFold(col: ColumnIndex): Map<string, Array<readonly [string, number]>> {
  const byFold = new Map<string, Array<readonly [string, number]>>();
  for (const [token, n] of col.profile.tokens) {
    const key = token.toLowerCase();
    byFold.set(key, [...(byFold.get(key) ?? []), [token, n]]);
  }
  for (const list of byFold.values()) list.sort((a, b) => b[1] - a[1]);
  return byFold;
}

/** Per lower-cased word, the one spelling the column writes it with (null where it writes several). */
function wordSpellings(col: ColumnIndex): ReadonlyMap<string, string | null> {
  const cached = spellingsCache.get(col);
  if (cached) return cached;
  const out = new Map<string, string | null>();
  for (const [key, spellings] of spellingsByFold(col)) {
    const total = spellings.reduce((sum, [, n]) => sum + n, 0);
    const [top, n] = spellings[0]!;
    out.set(key, n >= WORD_SPELLING_SHARE * total ? top : null);
  }
  spellingsCache.set(col, out);
  return out;
}

const habitCache = new WeakMap<ColumnIndex, ReadonlyMap<string, string>>();
/** Share of a word's uses its spelling outside capitals must have to be the first system's way of writing it. */
const BESIDE_SHARE = 0.1;

/**
 * Per lower-cased word, the commonest spelling the column writes it with other than in capitals:
 * the first system's, in a column a second system upper-cased in part.
 */
function spellingsBesideCapitals(col: ColumnIndex): ReadonlyMap<string, string> {
  const cached = habitCache.get(col);
  if (cached) return cached;
  const best = new Map<string, readonly [string, number]>();
  const uses = new Map<string, number>();
  const consider = (token: string, n: number) => {
    const key = token.toLowerCase();
    const seen = best.get(key);
    if (!seen || n > seen[1]) best.set(key, [token, n]);
  };
  for (const [token, n] of col.profile.tokens) {
    const key = token.toLowerCase();
    uses.set(key, (uses.get(key) ?? 0) + n);
    if (token !== token.toUpperCase()) consider(token, n);
  }
  // A word in capitals inside a value that is not ("Varnholm KTB"): the first system writes it so.
  const inWords = new Map<string, number>();
  for (const [value, n] of col.counts) {
    const style = caseStyleOf(value);
    if (style === 'upper' || style === 'none') continue;
    for (const token of tokensOf(value)) if (token === token.toUpperCase() && /\p{L}.*\p{L}/u.test(token)) inWords.set(token, (inWords.get(token) ?? 0) + n);
  }
  for (const [token, n] of inWords) consider(token, n);
  // A spelling a word has in a few of its uses only, the rest in capitals, is a slip's ("pm" among
  // hundreds of "PM"), not the first system's way of writing it.
  const out = new Map([...best].filter(([key, [, n]]) => n >= BESIDE_SHARE * (uses.get(key) ?? n)).map(([key, [token]]) => [key, token]));
  habitCache.set(col, out);
  return out;
}

/** Share of a value's words the column writes other than in capitals (their spelling there is seen, not guessed). */
export function seenBesideCapitals(col: ColumnIndex, value: string, atMarks: boolean): number {
  const words = wordsAndBreaks(value, atMarks).filter((part, i) => i % 2 === 0 && part !== '');
  const beside = spellingsBesideCapitals(col);
  return words.length === 0 ? 0 : words.filter((word) => beside.has(word.toLowerCase())).length / words.length;
}

/** Share of the column's values not in capitals that must be in title case for a word's title case to be guessed. */
const TITLE_SHARE = 0.9;

/**
 * Whether the column's values not written in capitals are written in title case ("Varnholm Field",
 * not "10km NW of Varnholm, VH"): there a word it writes only in capitals is guessed in title case.
 */
function titleCased(col: ColumnIndex): boolean {
  let title = 0;
  let other = 0;
  for (const [shape, share] of col.shapeShare) {
    const runs = shapeLetterRuns(shape);
    if (runs.length === 0 || runs.every((run) => run === 'A+' || run === 'A')) continue;
    if (runs.every((run) => run === 'Aa+' || run === 'A')) title += share;
    else other += share;
  }
  return title > 0 && title >= TITLE_SHARE * (title + other);
}

/**
 * A value written wholly in upper or lower case (two words or more, letters in each), its words
 * written as the column writes each of them, where it writes every one of them in one way.
 * Where writing values in capitals is a habit of part of the column (`capitalsHabit`), a value in
 * capitals is written as the rest of the column writes its words, a word it never writes otherwise
 * in title case ("VARNHOLM FIELD" -> "Varnholm Field"), a word without letters as it stands
 * ("6:15 A.M." -> "6:15 a.m.").
 */
export function inColumnsCase(col: ColumnIndex, tidy: string, atMarks: boolean, capitalsHabit = false): string | undefined {
  const style = caseStyleOf(tidy);
  if (style !== 'upper' && style !== 'lower') return undefined;
  const parts = wordsAndBreaks(tidy, atMarks);
  const words = parts.filter((part, i) => i % 2 === 0 && part !== '');
  const lettered = (word: string) => /\p{L}/u.test(word);
  if (capitalsHabit && style === 'upper') {
    const beside = spellingsBesideCapitals(col);
    const guess = titleCased(col);
    // Words without letters (the numbers of "5:17 P.M.") are kept as they are.
    const out = parts.map((part, i) => (i % 2 === 0 && part !== '' ? (!lettered(part) ? part : (beside.get(part.toLowerCase()) ?? (guess && /^\p{L}+$/u.test(part) ? toTitleCase(part) : undefined))) : part));
    return out.every((part) => typeof part === 'string') ? out.join('') : undefined;
  }
  if (words.length < 2 || !words.every(lettered)) return undefined;
  const spellings = wordSpellings(col);
  const out = parts.map((part, i) => (i % 2 === 0 && part !== '' ? spellings.get(part.toLowerCase()) : part));
  return out.every((part) => typeof part === 'string') ? out.join('') : undefined;
}

/** Whether a value is written in capitals in a column a second system wrote partly in capitals as a habit: that system's way. */
export function inHabitsCapitals(col: ColumnIndex, value: string): boolean {
  return col.spellingHabit && caseStyleOf(value) === 'upper';
}

/**
 * Whether writing `current` as `other` puts it into the capitals of such a habit: never a repair, as
 * a value written the rest of the column's way did not fail for its way.
 */
export function intoHabitsCapitals(col: ColumnIndex, current: string, other: string): boolean {
  return inHabitsCapitals(col, other) && !inHabitsCapitals(col, current);
}

/**
 * A value in capitals, in a column a second system wrote partly in capitals as a habit, as the
 * rest of the column writes it: its spelling the column holds otherwise than in capitals, else its
 * words as the column writes them (inColumnsCase). Undefined for any other value or column.
 * Capitals keep no case, so the other way is the first system's: what a value carried in from
 * other rows names is written as that system writes it, as the format rule writes a failed one.
 */
export function outOfCapitals(col: ColumnIndex, value: string, atMarks: boolean): string | undefined {
  if (!inHabitsCapitals(col, value)) return undefined;
  const folded = fold(value);
  const seen = [col.byFolded.get(folded), col.secondByFolded.get(folded)].find((v) => v !== undefined && caseStyleOf(v) !== 'upper');
  return seen ?? inColumnsCase(col, tidied(value), atMarks, true);
}

/** Share of a column's lettered values that must begin with a capital for a value's first word to be given one. */
const CAPITAL_FIRST_SHARE = 0.95;
/** Share of the column's words (by kind) that must be written one way for a word it never shows to be guessed that way. */
const UNSEEN_WORD_SHARE = 0.9;
/**
 * Share of a word's uses in small letters from which the column writes it so inside a value ("of",
 * "the"): a value's first word takes a capital, so the capitalised spelling of such a word counts
 * its first-word uses too.
 */
const INNER_LOWER_SHARE = 0.2;

interface CaseHabits {
  /** Per lower-cased word, its spellings with counts, commonest first. */
  spellings: ReadonlyMap<string, ReadonlyArray<readonly [string, number]>>;
  capitalFirst: boolean;
  /** How the column writes a word it shows once at most: capitalised, in small letters, or no clear way. */
  unseen: 'title' | 'lower' | undefined;
  /** The column writes values wholly in capitals often enough for a word in either case to be one of its codes. */
  capitals: boolean;
}

/** A word whose way is guessed: letters, with an apostrophe or hyphen inside ("nun's") and a point at its end, never digits ("9V5"). */
const GUESSABLE = /^\p{L}[\p{L}'’-]*\.?$/u;
/** Letters a word in capitals needs for its way to be guessed: a shorter one may be an abbreviation ("AFB"). */
const MIN_GUESSED_CAPITALS = 4;
/** Share of a column's values written wholly in capitals from which one in capitals may be its own. */
const CAPITALS_SHARE = 0.1;

const habitsCache = new WeakMap<ColumnIndex, CaseHabits>();

function caseHabits(col: ColumnIndex): CaseHabits {
  const cached = habitsCache.get(col);
  if (cached) return cached;
  const spellings = spellingsByFold(col);
  // How the column's values begin (with a capital or not), and how many are wholly in capitals
  // (codes: a word in capitals there may be one more of them).
  let capital = 0;
  let small = 0;
  let capitals = 0;
  for (const [shape, share] of col.shapeShare) {
    const runs = shapeLetterRuns(shape);
    if (runs.length === 0) continue;
    if (runs[0]!.startsWith('A')) capital += share;
    else small += share;
    if (runs.some((run) => run === 'A+') && runs.every((run) => run === 'A+' || run === 'A')) capitals += share;
  }
  // The way of the column's longer words (names, not "of" or "the"), each word counted once.
  let title = 0;
  let lower = 0;
  for (const [key, list] of spellings) {
    if (!/^\p{L}{4,}$/u.test(key)) continue;
    const top = list[0]![0];
    if (top === toTitleCase(top)) title++;
    else if (top === key) lower++;
  }
  const words = title + lower;
  const unseen = words === 0 ? undefined : title >= UNSEEN_WORD_SHARE * words ? 'title' : lower >= UNSEEN_WORD_SHARE * words ? 'lower' : undefined;
  const out: CaseHabits = { spellings, capitalFirst: capital > 0 && capital >= CAPITAL_FIRST_SHARE * (capital + small), unseen, capitals: capitals >= CAPITALS_SHARE };
  habitsCache.set(col, out);
  return out;
}

const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/**
 * A value written wholly in upper or lower case, rewritten word by word the way the column writes
 * words where it shows no one spelling for each (a column of titles writes "the" with a capital
 * first and in small letters inside, and shows most of its words once): a word it writes in small
 * letters often enough is so written inside the value; the first word takes a capital where the
 * column's values begin with one; a word the column never shows twice takes the way of its longer
 * words, where nearly all of them are written one way. `seen` is the share of the value's lettered
 * words whose spelling the column shows. Undefined where a word's way is not clear.
 */
export function inColumnsWordCase(col: ColumnIndex, tidy: string, atMarks: boolean): { value: string; seen: number } | undefined {
  const style = caseStyleOf(tidy);
  if (style !== 'upper' && style !== 'lower') return undefined;
  // Only out of a case the column does not mostly write (a code in capitals among codes in capitals stays).
  if ((col.profile.type !== 'text' && col.profile.type !== 'categorical') || col.profile.caseStyle === style || /@|:\/\//.test(tidy)) return undefined;
  const habits = caseHabits(col);
  const parts = wordsAndBreaks(tidy, atMarks);
  // A single word in small letters may have lost its capital with its first letter ("egend"): only
  // a word the column shows is re-cased there.
  const words = parts.filter((part, i) => i % 2 === 0 && /\p{L}/u.test(part)).length;
  let index = 0;
  let lettered = 0;
  let seen = 0;
  const out: string[] = [];
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!;
    if (i % 2 === 1 || part === '' || !/\p{L}/u.test(part)) {
      out.push(part);
      if (i % 2 === 0 && part !== '') index++;
      continue;
    }
    const first = index++ === 0;
    lettered++;
    const key = part.toLowerCase();
    const list = habits.spellings.get(key);
    let word: string | undefined;
    if (list) {
      seen++;
      const uses = list.reduce((sum, [, n]) => sum + n, 0);
      const small = list.find(([spelling]) => spelling === key)?.[1] ?? 0;
      const top = list[0]![0];
      word = !first && top === capitalised(key) && small >= INNER_LOWER_SHARE * uses ? key : top;
    } else if (habits.unseen && !habits.capitals && GUESSABLE.test(part) && (style === 'lower' ? words > 1 : part.length >= MIN_GUESSED_CAPITALS)) word = habits.unseen === 'title' ? toTitleCase(part) : key;
    if (word === undefined) return undefined;
    out.push(first && habits.capitalFirst ? capitalised(word) : word);
  }
  return lettered === 0 ? undefined : { value: out.join(''), seen: seen / lettered };
}
