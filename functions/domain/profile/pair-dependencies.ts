import { filledRows, groupMappings, MIN_COVERAGE, MIN_LIFT, repeatedShare, scorePair, shuffleOf, type EncodedColumn, type PairScore } from './dependencies';
import type { Dependency, PairDependency } from './profile';

// Dependencies on two columns together: a route's distance follows from its origin and its
// destination, a price from the product and the region, where neither column alone says it. The
// pair is read as one determinant column (a value per combination) and judged like a single
// determinant (see dependencies.ts: repeated groups, coverage, lift over the dependent's mode and
// over chance in shuffled rows), and must also say clearly more than the better of its two
// columns alone. A pair of columns has many small groups, so it is held to a higher strength
// than one column; not much higher, since a true relation's strength falls with the data's noise
// (a dependent written wrong in a third of the rows leaves about two thirds) and chance is judged
// on shuffled rows.

/**
 * Most rows of a repeated pair agree with its group's majority. At 0.8 no pair survived 30 % noise
 * on the tune split; 0.6 keeps them there and changed nothing at 6 or 15 %.
 */
const MIN_PAIR_STRENGTH = 0.6;
/** The pair must close at least this share of what its better column alone leaves unexplained. */
const MIN_GAIN = 0.5;
/** A dependent its best single determinant already explains this well needs no pair. */
const EXPLAINED = 0.95;
/** Columns examined as halves of a pair (those whose values repeat most): pairs grow as their square. */
const MAX_PARTS = 8;
/** Rows read to discover pairs: groups of combinations repeat well within this many. */
const PAIR_DISCOVERY_ROWS = 5000;

interface PairColumn {
  column: EncodedColumn;
  /** Per combination id of the pair column: [index in `from`'s values, index in `and`'s values]. */
  keys: Array<[number, number]>;
}

/**
 * Two columns read as one: an id per distinct `keyOf(a's value id, b's value id)`, -1 where either
 * is missing, -2 where either is untracked; `added` sees each new combination once, in id order.
 */
export function pairIds<K>(a: EncodedColumn, b: EncodedColumn, rows: number, keyOf: (av: number, bv: number) => K, added: (av: number, bv: number) => void): { ids: Int32Array; counts: number[] } {
  const ids = new Int32Array(rows);
  const byKey = new Map<K, number>();
  const counts: number[] = [];
  for (let r = 0; r < rows; r++) {
    const av = a.ids[r]!;
    const bv = b.ids[r]!;
    if (av === -1 || bv === -1) {
      ids[r] = -1;
      continue;
    }
    if (av < 0 || bv < 0) {
      ids[r] = -2;
      continue;
    }
    const key = keyOf(av, bv);
    let id = byKey.get(key);
    if (id === undefined) {
      id = counts.length;
      byKey.set(key, id);
      counts.push(0);
      added(av, bv);
    }
    ids[r] = id;
    counts[id]!++;
  }
  return { ids, counts };
}

/** The two columns as one: an id per combination of their values, keyed by their value-list indices. */
export function combine(a: EncodedColumn, b: EncodedColumn, rows: number): PairColumn {
  const keys: Array<[number, number]> = [];
  const listIndex: number[] = [];
  const width = b.counts.length;
  const { ids, counts } = pairIds(a, b, rows, (av, bv) => av * width + bv, (av, bv) => {
    const ai = a.listIndex[av]!;
    const bi = b.listIndex[bv]!;
    listIndex.push(ai >= 0 && bi >= 0 ? keys.length : -1);
    if (ai >= 0 && bi >= 0) keys.push([ai, bi]);
  });
  return { column: { name: `${a.name}+${b.name}`, ids, counts, listIndex: Int32Array.from(listIndex) }, keys };
}

/** The columns examined as halves of a pair: those whose values repeat most. */
function pairParts(columns: readonly EncodedColumn[], sample: number): EncodedColumn[] {
  if (sample < 4) return [];
  return columns
    .filter((c) => c.counts.length >= 2)
    .map((c) => ({ c, share: repeatedShare(c, sample) }))
    .filter((x) => x.share >= MIN_COVERAGE)
    .sort((x, y) => y.share - x.share || (x.c.name < y.c.name ? -1 : 1))
    .slice(0, MAX_PARTS)
    .map((x) => x.c);
}

/** Per dependent column, the strength of its best single determinant. */
function singleStrengths(singles: readonly Dependency[]): Map<string, number> {
  const best = new Map<string, number>();
  for (const d of singles) best.set(d.to, Math.max(best.get(d.to) ?? 0, d.strength));
  return best;
}

/**
 * The columns a pair may determine: those no single column already explains (`bestSingle`), whose
 * values repeat enough for agreement within a group to mean anything — a column whose values
 * mostly occur once cannot reach the pair's strength over its coverage.
 */
function pairTargets(columns: readonly EncodedColumn[], sample: number, bestSingle: ReadonlyMap<string, number>): EncodedColumn[] {
  if (sample < 4) return [];
  return columns.filter((c) => c.counts.length >= 2 && (bestSingle.get(c.name) ?? 0) < EXPLAINED && repeatedShare(c, sample) >= MIN_PAIR_STRENGTH * MIN_COVERAGE);
}

/**
 * The strongest qualifying pair per dependent column, among the columns whose values repeat most
 * (`parts` of them), for dependents no single column already explains: `read` turns two columns
 * into a pair column (undefined: not a pair to examine), `accept` may ask more of a qualifying one.
 * Discovered on the first rows.
 */
export function strongestPairs(
  columns: readonly EncodedColumn[],
  rows: number,
  singles: readonly Dependency[],
  read: (a: EncodedColumn, b: EncodedColumn, sample: number) => EncodedColumn | undefined,
  accept: (score: PairScore, a: EncodedColumn, b: EncodedColumn, to: EncodedColumn, sample: number) => boolean = () => true,
): StrongestPairs {
  const best: StrongestPairs = new Map();
  const sample = Math.min(rows, PAIR_DISCOVERY_ROWS);
  const parts = pairParts(columns, sample);
  const bestSingle = singleStrengths(singles);
  const targets = pairTargets(columns, sample, bestSingle);
  if (parts.length < 2 || targets.length === 0) return best;
  for (let i = 0; i < parts.length; i++) {
    for (let j = i + 1; j < parts.length; j++) {
      const a = parts[i]!;
      const b = parts[j]!;
      const pair = read(a, b, sample);
      if (!pair) continue;
      const { filled, repeated, repeatedRows } = repeatedRowsOf(pair, sample);
      // Pairs of values that seldom occur again cover too few rows to determine anything.
      if (repeatedRows / Math.max(1, filled) < MIN_COVERAGE) continue;
      for (const to of targets) {
        if (to === a || to === b) continue;
        const score = pairScore({ pair, a, b, to, sample, filled, repeated, bestSingle });
        if (score && accept(score, a, b, to, sample)) keepStrongest(best, to, a, b, score);
      }
    }
  }
  return best;
}

/** At most one pair per dependent column (the strongest), mapped over all rows. */
export function discoverPairDependencies(columns: readonly EncodedColumn[], rows: number, singles: readonly Dependency[]): PairDependency[] {
  const found: PairDependency[] = [];
  for (const [to, { a, b, strength, support }] of strongestPairs(columns, rows, singles, (a, b, sample) => combine(a, b, sample).column)) {
    const { column, keys } = combine(a, b, rows);
    const { mappings, contested } = keyedMappings(column, keys, to, rows);
    if (mappings.length > 0) found.push({ from: a.name, and: b.name, to: to.name, strength: Math.round(strength * 1000) / 1000, support, mappings, ...(contested.length > 0 ? { contested } : {}) });
  }
  return found;
}

/** The rows of the sample whose pair of values occurs again, and the filled rows. */
function repeatedRowsOf(pair: EncodedColumn, sample: number): { filled: number; repeated: Uint8Array; repeatedRows: number } {
  const repeated = new Uint8Array(sample);
  let repeatedRows = 0;
  for (let r = 0; r < sample; r++) {
    if (pair.ids[r]! < 0 || pair.counts[pair.ids[r]!]! < 2) continue;
    repeated[r] = 1;
    repeatedRows++;
  }
  return { filled: filledRows(pair, sample), repeated, repeatedRows };
}

/**
 * The pair's score as a determinant of `to`, where it qualifies: strength, coverage and lift like a
 * single determinant, a clear gain over each of its columns alone, and over chance in shuffled rows.
 */
function pairScore(input: { pair: EncodedColumn; a: EncodedColumn; b: EncodedColumn; to: EncodedColumn; sample: number; filled: number; repeated: Uint8Array; bestSingle: ReadonlyMap<string, number> }): PairScore | undefined {
  const { pair, a, b, to, sample, filled, repeated, bestSingle } = input;
  const score = scorePair(pair, to, sample);
  if (!score || score.strength < MIN_PAIR_STRENGTH || score.lift < MIN_LIFT || score.support / Math.max(1, filled) < MIN_COVERAGE) return undefined;
  // Each column alone is judged on the same rows as the pair: a near-key refined by a second
  // column splits its disagreeing rows off into groups of one, which the pair's strength
  // leaves out, and that alone is no gain.
  const alone = Math.max(scorePair(a, to, sample, undefined, repeated)?.strength ?? 0, scorePair(b, to, sample, undefined, repeated)?.strength ?? 0);
  const single = Math.max(alone, bestSingle.get(to.name) ?? 0);
  if (single >= 1 || (score.strength - single) / (1 - single) < MIN_GAIN) return undefined;
  const chance = scorePair(pair, to, sample, shuffleOf(sample))?.strength ?? 0;
  if (chance >= 1 || (score.strength - chance) / (1 - chance) < MIN_LIFT) return undefined;
  return score;
}

/** Per dependent column, the strongest pair found so far (more groups on a tie). */
export type StrongestPairs = Map<EncodedColumn, { a: EncodedColumn; b: EncodedColumn } & PairScore>;

function keepStrongest(best: StrongestPairs, to: EncodedColumn, a: EncodedColumn, b: EncodedColumn, score: PairScore): void {
  const held = best.get(to);
  if (!held || score.strength > held.strength || (score.strength === held.strength && score.groups > held.groups)) best.set(to, { a, b, ...score });
}

/** The majority mappings and contested groups of pair -> to over all rows, keyed by each combination's key. */
export function keyedMappings<K extends readonly [unknown, unknown]>(column: EncodedColumn, keys: readonly K[], to: EncodedColumn, rows: number, minSize = 2): { mappings: Array<[...K, number, number, number]>; contested: Array<[...K, string, number, string, number, number]> } {
  const groups = groupMappings(column, to, rows, undefined, minSize);
  return {
    mappings: groups.mappings.map(([key, toIndex, count, size]) => [...keys[key]!, toIndex, count, size] as [...K, number, number, number]),
    contested: (groups.contested ?? []).map(([key, lead, leadCount, runnerUp, runnerUpCount, size]) => [...keys[key]!, lead, leadCount, runnerUp, runnerUpCount, size] as [...K, string, number, string, number, number]),
  };
}
