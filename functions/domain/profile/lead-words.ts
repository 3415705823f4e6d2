import { filledRows, relationOf, type EncodedColumn } from './dependencies';
import type { LeadDependency } from './profile';

// A column of names whose first word says what another column holds: a boat's yard (the first
// word of "Halvorsen Tern 24") its country, a genus (the first word of a species' name) its family.
// The whole names are mostly distinct, so no dependency on them is found; their first words
// repeat, and group the rows as the maker or the genus does. Such relations are found as any
// other (dependencies.ts: strength, lift over the dependent's commonest value, and over chance),
// with the first word as the determinant.

/** Share of a column's filled cells that must be names of two words or more. */
const MIN_NAMES = 0.8;
/** The first words must group the rows: at most this share as many first words as names. */
const MAX_WORD_SHARE = 0.5;
/** First words kept per relation. */
const MAX_MAPPINGS = 500;

const FIRST_WORD = /^\s*([\p{L}][\p{L}\p{N}'’.-]*)\s+\S/u;

/** The first word of a name of two words or more, as written; undefined for a single word. */
export const firstWordAsWritten = (value: string): string | undefined => FIRST_WORD.exec(value)?.[1];

/** The first word of a name of two words or more, in small letters (the key it is looked up by). */
export const firstWord = (value: string): string | undefined => firstWordAsWritten(value)?.toLowerCase();

/** The column's cells as their first words (a name of one word, a number or a blank is none). */
function firstWords(column: EncodedColumn, rows: number): { encoded: EncodedColumn; words: string[]; names: number; filled: number } {
  const words: string[] = [];
  const idOf = new Map<string, number>();
  const byValue = new Int32Array(column.counts.length).fill(-1);
  column.texts?.forEach((text, id) => {
    const word = firstWord(text);
    if (word === undefined) return;
    let w = idOf.get(word);
    if (w === undefined) {
      w = words.length;
      idOf.set(word, w);
      words.push(word);
    }
    byValue[id] = w;
  });
  const ids = new Int32Array(rows).fill(-1);
  const counts = new Array<number>(words.length).fill(0);
  let names = 0;
  for (let r = 0; r < rows; r++) {
    const id = column.ids[r]!;
    const w = id < 0 ? -1 : byValue[id]!;
    if (w < 0) continue;
    names++;
    ids[r] = w;
    counts[w]!++;
  }
  const listIndex = Int32Array.from(words, (_, i) => i);
  return { encoded: { name: column.name, ids, counts, listIndex, texts: words }, words, names, filled: filledRows(column, rows) };
}

/**
 * Relations from the first word of a column of names to the other columns (the whole names, mostly
 * distinct, group few rows: a relation from them covers only the names seen twice).
 * `valueOf(column, index)` is a dependent's value at an index of its value list.
 */
export function discoverLeadDependencies(
  columns: readonly EncodedColumn[],
  rows: number,
  valueOf: (column: string, index: number) => string | undefined,
): LeadDependency[] {
  const found: LeadDependency[] = [];
  for (const column of columns) {
    if (!column.texts || column.counts.length < 2) continue;
    const { encoded, words, names, filled } = firstWords(column, rows);
    if (filled === 0 || names < MIN_NAMES * filled || words.length < 2 || words.length > MAX_WORD_SHARE * column.counts.length) continue;
    for (const b of columns) {
      if (b === column || b.counts.length < 2) continue;
      const relation = relationOf(encoded, b, rows);
      if (!relation) continue;
      const mappings: LeadDependency['mappings'] = [];
      for (const [word, valueIndex, count, size] of relation.mappings) {
        const value = valueOf(b.name, valueIndex);
        if (value !== undefined) mappings.push([words[word]!, value, count, size]);
      }
      if (mappings.length > 0) found.push({ from: column.name, to: b.name, strength: relation.strength, support: relation.support, mappings: mappings.slice(0, MAX_MAPPINGS) });
    }
  }
  return found;
}
