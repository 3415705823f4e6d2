import { caseStyleOf, wordsAndBreaks } from '../../profile/values';
import type { ColumnIndex } from './profile-index';

// The column's own spelling of each of its words ("McAdam", "O'Neil", "DuPont"): a value typed
// wholly in capitals or in lower case is written with them, where no column-wide case style
// (title case would give "Mcadam") could.

/** Share of a word's uses (any case) one spelling must have to be the column's way of writing it. */
const WORD_SPELLING_SHARE = 0.9;
const spellingsCache = new WeakMap<ColumnIndex, ReadonlyMap<string, string | null>>();

/** Per lower-cased word, the one spelling the column writes it with (null where it writes several). */
function wordSpellings(col: ColumnIndex): ReadonlyMap<string, string | null> {
  const cached = spellingsCache.get(col);
  if (cached) return cached;
  const byFold = new Map<string, Array<readonly [string, number]>>();
  for (const [token, n] of col.profile.tokens) {
    const key = token.toLowerCase();
    byFold.set(key, [...(byFold.get(key) ?? []), [token, n]]);
  }
  const out = new Map<string, string | null>();
  for (const [key, spellings] of byFold) {
    const total = spellings.reduce((sum, [, n]) => sum + n, 0);
    const [top, n] = [...spellings].sort((a, b) => b[1] - a[1])[0]!;
    out.set(key, n >= WORD_SPELLING_SHARE * total ? top : null);
  }
  spellingsCache.set(col, out);
  return out;
}

/**
 * A value written wholly in upper or lower case (two words or more, letters in each), its words
 * written as the column writes each of them, where it writes every one of them in one way.
 */
export function inColumnsCase(col: ColumnIndex, tidy: string, atMarks: boolean): string | undefined {
  const style = caseStyleOf(tidy);
  if (style !== 'upper' && style !== 'lower') return undefined;
  const parts = wordsAndBreaks(tidy, atMarks);
  const words = parts.filter((part, i) => i % 2 === 0 && part !== '');
  if (words.length < 2 || !words.every((word) => /\p{L}/u.test(word))) return undefined;
  const spellings = wordSpellings(col);
  const out = parts.map((part, i) => (i % 2 === 0 && part !== '' ? spellings.get(part.toLowerCase()) : part));
  return out.every((part) => typeof part === 'string') ? out.join('') : undefined;
}
