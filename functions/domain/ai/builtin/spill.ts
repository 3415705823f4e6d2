import { isMissing } from '../../profile/values';
import type { Candidate } from './candidates';
import type { ColumnIndex } from './profile-index';
import { quote, type RuleInput } from './rule-input';

// A value that spilled over from a neighbouring column: "Tarnby QX" in a town column whose
// row has no region, where "QX" is a common value of the region column. The repair drops the
// stray word here, and fills the other column from it.

const MIN_OTHER_COUNT = 3;

function splitEdge(value: string): Array<{ rest: string; word: string }> {
  const m = /^(.+?)[\s,;/|]+(\S+)$/.exec(value.trim());
  const n = /^(\S+)[\s,;/|]+(.+)$/.exec(value.trim());
  const out: Array<{ rest: string; word: string }> = [];
  if (m) out.push({ rest: m[1]!, word: m[2]! });
  if (n) out.push({ rest: n[2]!, word: n[1]! });
  return out;
}

function frequentIn(col: ColumnIndex | undefined, value: string): number {
  const n = col?.counts.get(value) ?? 0;
  return n >= MIN_OTHER_COUNT ? n : 0;
}

/** The failed value carries a word that belongs to another column: drop it. */
function strayWord(input: RuleInput): Candidate[] {
  const { index, col, current, column, row } = input;
  if (!index || !col || isMissing(current)) return [];
  const out: Candidate[] = [];
  for (const { rest, word } of splitEdge(current)) {
    for (const other of index.columns.values()) {
      if (other.profile.name === column || !frequentIn(other, word)) continue;
      const there = row?.[other.profile.name];
      // A spill leaves its own column empty. Where the neighbour already holds the word, the
      // value legitimately contains it (names carry their account's name): not a spill.
      if (!row || (there !== undefined && there !== null && !isMissing(there))) continue;
      // What is left must read as a value: it starts and ends with a letter or digit.
      if (!/^[\p{L}\p{N}].*[\p{L}\p{N}.]$|^[\p{L}\p{N}]$/u.test(rest)) continue;
      const restKnown = (col.counts.get(rest) ?? 0) >= 2;
      // The neighbour is empty in this very row; a remainder the column knows makes it stronger.
      const p = restKnown ? 0.93 : 0.7;
      out.push({
        value: rest,
        p,
        family: 'spill',
        rule: 'spill-drop',
        support: other.counts.get(word) ?? 0,
        reason: `${quote(word)} is a value of ${other.profile.name}, which is empty in this row; without it the value is ${quote(rest)}${restKnown ? ', a common value of this column' : ''}.`,
      });
    }
  }
  return out;
}

/** The failed value is empty and another column of the row carries a word of this column: take it. */
function strayFromNeighbour(input: RuleInput): Candidate[] {
  const { index, col, current, column, row } = input;
  if (!index || !col || !row || !isMissing(current)) return [];
  const out: Candidate[] = [];
  for (const [name, value] of Object.entries(row)) {
    if (name === column || value === null || isMissing(value)) continue;
    const other = index.columns.get(name);
    for (const { rest, word } of splitEdge(value)) {
      if (!frequentIn(col, word)) continue;
      const restKnown = (other?.counts.get(rest) ?? 0) >= 2;
      out.push({
        value: word,
        p: restKnown ? 0.8 : 0.55,
        family: 'spill',
        rule: 'spill-take',
        reason: `${name} holds ${quote(value)}, whose ${quote(word)} is a common value of this column.`,
      });
    }
  }
  return out;
}

export function spillCandidates(input: RuleInput): Candidate[] {
  return [...strayWord(input), ...strayFromNeighbour(input)];
}
