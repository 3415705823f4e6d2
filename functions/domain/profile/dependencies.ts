import { LIMITS } from './column-stats';
import type { Dependency } from './profile';

// Functional dependencies that hold in most rows (zip -> city, provider id -> name) and weaker
// relations between columns (meadow -> bee breed), found on dictionary-encoded columns so a pair
// costs one pass of integer map updates.
//
// A dependency A -> B counts only rows whose A value occurs at least twice: a value seen once
// "determines" anything and proves nothing. It is kept when
//   strength (rows agreeing with their group's majority B) >= MIN_STRENGTH,
//   the repeated groups cover enough rows,
//   it predicts B clearly better than B's most common value alone (lift), so near-constant
//   columns do not look like dependencies of everything, and
//   it predicts B clearly better than the same groups do over B's values shuffled among the rows
//   (a column of many small groups, a date or a measurement, agrees with anything by chance).

/**
 * Most rows of a repeated determinant value agree with its group's majority. Weak relations are
 * kept too: their strength scales every proposal they make, and several weak ones that agree are
 * the vicinity evidence of Baran-style repair (a breed from meadow and keeper together).
 */
export const MIN_STRENGTH = 0.5;
export const MIN_LIFT = 0.3;
export const MIN_COVERAGE = 0.3;
/** Determinants kept per dependent column (several, because a determinant can be dirty too). */
export const MAX_DETERMINANTS = 6;
const DISCOVERY_ROWS = 20_000;
const MAX_MAPPINGS = 2000;

export interface EncodedColumn {
  name: string;
  /** Per row: value id, -1 for missing, -2 for an untracked value. */
  ids: Int32Array;
  /** Per value id: its count. */
  counts: number[];
  /** Per value id: its index in the profile's `values` list, or -1. */
  listIndex: Int32Array;
  /** Per value id: the value (source names; contested groups name values the value list leaves out). */
  texts?: readonly string[];
}

const MISSING = -1;

export interface PairScore {
  strength: number;
  support: number;
  groups: number;
  lift: number;
}

/** A fixed shuffle of the first `rows` rows (seeded, so discovery stays deterministic). */
function shuffledRows(rows: number): Int32Array {
  const order = new Int32Array(rows);
  for (let i = 0; i < rows; i++) order[i] = i;
  let state = 0x9e3779b9;
  for (let i = rows - 1; i > 0; i--) {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    const j = state % (i + 1);
    const t = order[i]!;
    order[i] = order[j]!;
    order[j] = t;
  }
  return order;
}
let shuffleCache: Int32Array | undefined;
export const shuffleOf = (rows: number) => (shuffleCache && shuffleCache.length === rows ? shuffleCache : (shuffleCache = shuffledRows(rows)));

/**
 * Group sizes and majority counts of B within each repeated A value, over the first `rows` rows
 * (B's rows reordered by `order`; only the rows `only` marks, when given).
 */
export function scorePair(a: EncodedColumn, b: EncodedColumn, rows: number, order?: Int32Array, only?: Uint8Array): PairScore | undefined {
  const width = b.counts.length + 2;
  const cells = new Map<number, number>();
  for (let r = 0; r < rows; r++) {
    if (only && !only[r]) continue;
    const av = a.ids[r]!;
    if (av < 0) continue;
    const bv = b.ids[order ? order[r]! : r]!;
    // A blank is no value: counting it would make a relation look weakest exactly where blanks
    // need filling.
    if (bv < 0) continue;
    const key = av * width + (bv + 2);
    cells.set(key, (cells.get(key) ?? 0) + 1);
  }
  const groupSize = new Map<number, number>();
  const groupMajority = new Map<number, number>();
  const bTotals = new Map<number, number>();
  for (const [key, n] of cells) {
    const av = Math.floor(key / width);
    groupSize.set(av, (groupSize.get(av) ?? 0) + n);
    if (n > (groupMajority.get(av) ?? 0)) groupMajority.set(av, n);
  }
  let support = 0;
  let agreeing = 0;
  let groups = 0;
  for (const [av, size] of groupSize) {
    if (size < 2) continue;
    groups++;
    support += size;
    agreeing += groupMajority.get(av)!;
  }
  if (groups < 2 || support === 0) return undefined;
  for (const [key, n] of cells) {
    const av = Math.floor(key / width);
    if ((groupSize.get(av) ?? 0) < 2) continue;
    const bv = key % width;
    bTotals.set(bv, (bTotals.get(bv) ?? 0) + n);
  }
  const modeShare = Math.max(...bTotals.values()) / support;
  const strength = agreeing / support;
  const lift = modeShare >= 1 ? 0 : (strength - modeShare) / (1 - modeShare);
  return { strength, support, groups, lift };
}

export function filledRows(col: EncodedColumn, rows: number): number {
  let n = 0;
  for (let r = 0; r < rows; r++) if (col.ids[r]! !== MISSING) n++;
  return n;
}

interface Leader {
  bv: number;
  n: number;
  w: number;
}

/**
 * The majority mappings of A -> B over all rows (groups of `minSize` rows or more), as indices
 * into the two value lists, the contested groups (see `Dependency.contested`) and, for groups of
 * two or more, the lone rows (see `Dependency.lone`). Blank B cells are left out (they are what
 * needs filling, not evidence). With row weights (the trust in each row's source, see sources.ts) the
 * majority is the weighted one: truth discovery.
 */
export function groupMappings(a: EncodedColumn, b: EncodedColumn, rows: number, weights?: Float64Array, minSize = 2): Pick<Dependency, 'mappings' | 'contested' | 'lone'> {
  const width = b.counts.length + 2;
  const cells = new Map<number, { n: number; w: number }>();
  for (let r = 0; r < rows; r++) {
    const av = a.ids[r]!;
    if (av < 0 || a.listIndex[av]! < 0) continue;
    const bv = b.ids[r]!;
    if (bv < 0) continue;
    const key = av * width + (bv + 2);
    const cell = cells.get(key) ?? { n: 0, w: 0 };
    cell.n++;
    cell.w += weights ? weights[r]! : 1;
    cells.set(key, cell);
  }
  const groups = new Map<number, { first: Leader; second?: Leader; size: number; weight: number }>();
  for (const [key, { n, w }] of cells) {
    const av = Math.floor(key / width);
    const leader = { bv: (key % width) - 2, n, w };
    const g = groups.get(av);
    if (!g) {
      groups.set(av, { first: leader, size: n, weight: w });
      continue;
    }
    g.size += n;
    g.weight += w;
    if (w > g.first.w) {
      g.second = g.first;
      g.first = leader;
    } else if (!g.second || w > g.second.w) g.second = leader;
  }
  const mappings: Dependency['mappings'] = [];
  const contested: NonNullable<Dependency['contested']> = [];
  const r2 = (x: number) => Math.round(x * 100) / 100;
  const lone: NonNullable<Dependency['lone']> = [];
  for (const [av, { first, second, size, weight }] of groups) {
    // A key whose other rows all left B blank: its one filled row is all there is to fill them.
    if (size === 1 && minSize === 2 && a.counts[av]! >= 2) {
      const value = b.texts?.[first.bv];
      if (value !== undefined && value.length <= LIMITS.valueLength) lone.push(weights ? [a.listIndex[av]!, value, r2(first.w)] : [a.listIndex[av]!, value]);
      continue;
    }
    if (size < minSize) continue;
    const from = a.listIndex[av]!;
    const bIndex = b.listIndex[first.bv]!;
    // Ties say nothing.
    if (bIndex >= 0 && (!second || first.w > second.w)) mappings.push(weights ? [from, bIndex, first.n, size, r2(first.w), r2(weight)] : [from, bIndex, first.n, size]);
    // A group one row can turn: the failed row may be that row. Its values are written out, as a
    // group of two rows that disagree holds two values seen once, which no value list keeps.
    const lead = b.texts?.[first.bv];
    const runnerUp = second ? b.texts?.[second.bv] : undefined;
    if (second && lead !== undefined && runnerUp !== undefined && second.n >= first.n - 1 && Math.max(lead.length, runnerUp.length) <= LIMITS.valueLength) {
      contested.push(weights ? [from, lead, first.n, runnerUp, second.n, size, r2(first.w), r2(second.w), r2(weight)] : [from, lead, first.n, runnerUp, second.n, size]);
    }
  }
  mappings.sort((x, y) => y[3] - x[3] || x[0] - y[0]);
  contested.sort((x, y) => y[5] - x[5] || x[0] - y[0]);
  lone.sort((x, y) => x[0] - y[0]);
  return { mappings: mappings.slice(0, MAX_MAPPINGS), ...(contested.length > 0 ? { contested: contested.slice(0, MAX_MAPPINGS) } : {}), ...(lone.length > 0 ? { lone: lone.slice(0, MAX_MAPPINGS) } : {}) };
}

/** A -> B's score if discovery keeps the pair (lift waived on request), or undefined. */
function keptScore(a: EncodedColumn, b: EncodedColumn, sample: number, filledA: number, options: { ignoreLift?: boolean } = {}): PairScore | undefined {
  const score = scorePair(a, b, sample);
  if (!score || score.strength < MIN_STRENGTH || (!options.ignoreLift && score.lift < MIN_LIFT)) return undefined;
  if (!options.ignoreLift) {
    // Small groups agree by chance (two rows of one weight are often on one island): the same
    // groups over B's values in shuffled rows say how much, and the relation must beat that too.
    const chance = scorePair(a, b, sample, shuffleOf(sample))?.strength ?? 0;
    if (chance < 1 && (score.strength - chance) / (1 - chance) < MIN_LIFT) return undefined;
  }
  return score.support / Math.max(1, filledA) >= MIN_COVERAGE ? score : undefined;
}

/** The dependency A -> B with its majority mappings, or undefined when no group has a majority. */
function relationFrom(a: EncodedColumn, b: EncodedColumn, rows: number, score: PairScore): Dependency | undefined {
  const { mappings, contested, lone } = groupMappings(a, b, rows);
  return mappings.length > 0 ? { from: a.name, to: b.name, strength: round(score.strength), support: score.support, mappings, ...(contested ? { contested } : {}), ...(lone ? { lone } : {}) } : undefined;
}

/** A -> B as discovery keeps it (lift waived on request), or undefined. */
export function relationOf(a: EncodedColumn, b: EncodedColumn, rows: number, options: { ignoreLift?: boolean } = {}): Dependency | undefined {
  const sample = Math.min(rows, DISCOVERY_ROWS);
  const score = keptScore(a, b, sample, filledRows(a, sample), options);
  return score ? relationFrom(a, b, rows, score) : undefined;
}

/** Share of the column's filled cells among its first `rows` whose value passes `test`. */
export function shareOfFilled(column: EncodedColumn, rows: number, test: (text: string) => boolean): number {
  let filled = 0;
  let passing = 0;
  for (let r = 0; r < rows; r++) {
    const id = column.ids[r]!;
    if (id < 0) continue;
    filled++;
    if (test(column.texts?.[id] ?? '')) passing++;
  }
  return filled > 0 ? passing / filled : 0;
}

/** Share of the column's filled cells among its first `rows` whose value occurs at least twice. */
export function repeatedShare(c: EncodedColumn, rows: number): number {
  let repeated = 0;
  let filledCount = 0;
  for (let r = 0; r < rows; r++) {
    const id = c.ids[r]!;
    if (id === MISSING) continue;
    filledCount++;
    if (id >= 0 && c.counts[id]! >= 2) repeated++;
  }
  return filledCount ? repeated / filledCount : 0;
}

export function discoverDependencies(columns: readonly EncodedColumn[], rows: number): Dependency[] {
  const sample = Math.min(rows, DISCOVERY_ROWS);
  // A column whose values mostly occur once cannot be a determinant (its groups cover too few rows).
  const determinants = columns.filter((c) => c.counts.length >= 2 && repeatedShare(c, sample) >= MIN_COVERAGE);
  const filled = new Map(determinants.map((c) => [c, filledRows(c, sample)]));
  const found: Dependency[] = [];
  for (const b of columns) {
    if (b.counts.length < 2) continue;
    const scored: Array<{ a: EncodedColumn; score: PairScore }> = [];
    for (const a of determinants) {
      if (a === b) continue;
      const score = keptScore(a, b, sample, filled.get(a)!);
      if (score) scored.push({ a, score });
    }
    scored.sort((x, y) => y.score.strength - x.score.strength || y.score.groups - x.score.groups || (x.a.name < y.a.name ? -1 : 1));
    for (const { a, score } of scored.slice(0, MAX_DETERMINANTS)) {
      const relation = relationFrom(a, b, rows, score);
      if (relation) found.push(relation);
    }
  }
  return found;
}

const round = (x: number) => Math.round(x * 1000) / 1000;
