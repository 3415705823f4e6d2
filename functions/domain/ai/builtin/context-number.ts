import { bandOf, toScale } from '../../profile/numeric-relations';
import { decimalsFit, inUsualRange, paddedDecimals } from '../../profile/profile';
import { canonicalNumber, exactNumber, LEADING_ZERO, padDecimals, PLAIN_NUMBER, shiftDecimal } from '../../profile/values';
import type { Candidate } from './candidates';
import type { RelationIndex } from './profile-index';
import { quote, type RuleInput } from './rule-input';

// A number that its row makes unlikely: the column's value in rows like this one (same category,
// or a similar number in a related column) sits far from it, while a usual slip undone — a unit
// slip (x10, /1000), two digits swapped, a digit typed twice, left out or mistyped — gives a value
// that fits the row. Each reading is weighed by how likely the slip is times how well the value
// fits the row's group, against two other explanations: the number is right though unusual, or
// it is a value from elsewhere that no slip explains. The share of the best reading is its
// probability, so a slip that several readings fit equally well is proposed weakly or not at all.

/** How far (in group spreads) a number must sit from its group's median to be examined. */
const OUT_OF_CONTEXT = 4;
/**
 * Prior weight of each kind of slip (per reading), against a right value (1); `column`: the row's
 * other number belongs here (two cells swapped).
 */
export const NUMBER_SLIP = { column: 0.02, scale: 0.02, swap: 0.01, doubled: 0.01, dropped: 0.002, neighbour: 0.004, other: 0.0005 } as const;
/** Prior weight of "a value from elsewhere" (another row's, a wrong column's), spread over the column. */
const ELSEWHERE = 0.05;
/** A group's spread is at least this share of the column's: few rows make spreads look too tight. */
const MIN_SPREAD_SHARE = 0.1;
/** Proposals below this share of the readings are not offered. */
const MIN_SHARE = 0.05;

/** Laplace density: robust to the heavy tails real columns have. */
export function density(x: number, centre: number, mad: number): number {
  const b = mad / Math.LN2;
  return Math.exp(-Math.abs(x - centre) / b) / (2 * b);
}

/** The row's group in a relation: its median and spread, when the row has the determinant. */
function groupOf(rel: RelationIndex, row: RuleInput['row']): readonly [number, number, number] | undefined {
  const raw = row?.[rel.relation.by];
  if (raw === undefined || raw === null) return undefined;
  const text = String(raw).trim();
  if (rel.relation.edges) {
    if (!PLAIN_NUMBER.test(text)) return undefined;
    return rel.groups.get(String(bandOf(Number(text), rel.relation.edges)));
  }
  return rel.groups.get(text);
}

/** A group's spread in the relation's scale: at least a share of the column's (few rows make spreads look too tight). */
const groupSpread = (rel: RelationIndex, group: readonly [number, number, number]) => Math.max(group[1], rel.relation.overall[1] * MIN_SPREAD_SHARE, 1e-9);

/** Whether a number sits among its group: within OUT_OF_CONTEXT spreads of the group's median. */
function fitsGroup(rel: RelationIndex, group: readonly [number, number, number], value: number): boolean {
  return Math.abs(toScale(value, rel.relation.log) - group[0]) <= OUT_OF_CONTEXT * groupSpread(rel, group);
}

/**
 * Readings of a number's text under one slip each, with the slip's prior weight. `scale` false
 * leaves out the unit slips (a text a unit slip cannot have written, such as "07"). A unit slip
 * read back drops float noise ("12.299999999999999" divided by 10 is "1.23"), as a format repair does.
 */
export function slipReadings(text: string, scale = true): Map<string, { weight: number; how: string }> {
  const out = new Map<string, { weight: number; how: string }>();
  const self = shiftDecimal(text, 0);
  const add = (value: string, weight: number, how: string) => {
    if (!PLAIN_NUMBER.test(value) || LEADING_ZERO.test(value)) return;
    const key = shiftDecimal(value, 0);
    if (key === self) return;
    const prev = out.get(key);
    if (prev) prev.weight += weight;
    else out.set(key, { weight, how });
  };
  for (const k of scale ? [1, 2, 3] : []) {
    add(exactNumber(text, -k), NUMBER_SLIP.scale, `divided by ${10 ** k} (a unit slip)`);
    add(exactNumber(text, k), NUMBER_SLIP.scale, `multiplied by ${10 ** k} (a unit slip)`);
  }
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (!/\d/.test(c)) continue;
    const next = text[i + 1];
    if (next !== undefined && /\d/.test(next) && next !== c) add(text.slice(0, i) + next + c + text.slice(i + 2), NUMBER_SLIP.swap, 'with two swapped digits put back');
    if (next === c) add(text.slice(0, i) + text.slice(i + 1), NUMBER_SLIP.doubled, 'with a digit typed twice removed');
    for (let d = 0; d <= 9; d++) {
      const digit = String(d);
      if (digit === c) continue;
      const neighbour = Math.abs(d - Number(c)) === 1;
      add(text.slice(0, i) + digit + text.slice(i + 1), neighbour ? NUMBER_SLIP.neighbour : NUMBER_SLIP.other, 'with a mistyped digit corrected');
    }
  }
  // A digit left out: put one back anywhere among the digits.
  for (let i = 0; i <= text.length; i++) {
    if (!/\d/.test(text[i - 1] ?? '') && !/\d/.test(text[i] ?? '')) continue;
    for (let d = 0; d <= 9; d++) add(text.slice(0, i) + String(d) + text.slice(i), NUMBER_SLIP.dropped, 'with a left-out digit put back');
  }
  return out;
}

/**
 * Whether this number could be `other`'s with the two cells swapped back, where `other` follows
 * this column (a reading and its adjusted value): there the row's other number always "fits here",
 * but a number from another row does not fit `other` beside it.
 */
function fitsSwapped(index: RuleInput['index'], other: string, column: string, otherText: string, value: number): boolean {
  const rel = index?.relations.get(other);
  if (!rel || rel.relation.by !== column) return true;
  const group = groupOf(rel, { [column]: otherText });
  if (!group) return true;
  return !(rel.relation.log && value <= 0) && fitsGroup(rel, group, value);
}

export function contextNumberCandidates(input: RuleInput): Candidate[] {
  const { col, current, index, row, column } = input;
  const rel = index?.relations.get(column);
  const stats = col?.profile.numeric;
  const text = current.trim();
  if (!rel || !stats || !PLAIN_NUMBER.test(text)) return [];
  const group = groupOf(rel, row);
  if (!group) return [];
  const { log, overall } = rel.relation;
  const value = Number(text);
  if (log && value <= 0) return [];
  if (fitsGroup(rel, group, value)) return [];
  const centre = group[0];
  const mad = groupSpread(rel, group);
  const at = (x: number) => toScale(x, log);
  // A reading must look like the column: not more decimals than nearly all its numbers show.
  const byValue = new Map<string, { value: string; score: number; how: string }>();
  // Readings that land on the same value add up; the stronger one explains it. A reading is written
  // with the decimals the column pads its numbers to ("6125" read as 612.5 in a column of 612.50s).
  const decimals = paddedDecimals(stats);
  const offer = (raw: string, score: number, how: string) => {
    const reading = padDecimals(raw, decimals);
    const prev = byValue.get(reading);
    byValue.set(reading, { value: reading, score: (prev?.score ?? 0) + score, how: prev && prev.score >= score ? prev.how : how });
  };
  for (const [reading, { weight, how }] of slipReadings(text)) {
    const x = Number(reading);
    if ((log && x <= 0) || !decimalsFit(stats, reading)) continue;
    offer(reading, weight * density(at(x), centre, mad), how);
  }
  // Another cell of the row whose number fits here, where this number could be that column's:
  // the two cells may have been swapped.
  for (const [other, raw] of Object.entries(row ?? {})) {
    const t = raw === null || raw === undefined ? '' : String(raw).trim();
    if (other === column || !PLAIN_NUMBER.test(t) || t === text) continue;
    const y = Number(t);
    const otherStats = index?.columns.get(other)?.profile.numeric;
    if ((log && y <= 0) || !decimalsFit(stats, t) || !otherStats || !inUsualRange(otherStats, value)) continue;
    if (!fitsSwapped(index, other, column, t, value)) continue;
    offer(shiftDecimal(t, 0), NUMBER_SLIP.column * density(at(y), centre, mad), `as ${other}'s value in this row (two cells swapped)`);
  }
  const scored = [...byValue.values()];
  const right = density(at(value), centre, mad);
  const elsewhere = ELSEWHERE * density(at(value), overall[0], Math.max(overall[1], 1e-9));
  const total = scored.reduce((s, r) => s + r.score, 0) + right + elsewhere;
  if (!(total > 0)) return [];
  scored.sort((a, b) => b.score - a.score || (a.value < b.value ? -1 : 1));
  const median = canonicalNumber(log ? 10 ** centre : centre);
  return scored
    .slice(0, 2)
    .filter((r) => r.score / total >= MIN_SHARE)
    .map((r) => ({
      value: r.value,
      p: r.score / total,
      family: 'context' as const,
      rule: 'outlier-context',
      support: group[2],
      reason: `${quote(current)} is far from this column's values in rows ${rel.relation.edges ? `with a similar ${rel.relation.by}` : `whose ${rel.relation.by} is ${quote(String(row?.[rel.relation.by] ?? '').trim())}`} (median ${median}); ${r.how} it fits them.`,
    }));
}
