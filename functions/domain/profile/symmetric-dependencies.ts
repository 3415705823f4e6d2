import { filledRows, groupMappings, MIN_COVERAGE, MIN_LIFT, scorePair, shuffleOf, type EncodedColumn } from './dependencies';
import { combine, MIN_GAIN, MIN_PAIR_STRENGTH, PAIR_DISCOVERY_ROWS, pairParts, pairTargets, singleStrengths } from './pair-dependencies';
import type { Dependency, PairDependency, SymmetricDependency } from './profile';

// Two columns that name the same kind of thing — a flight's origin and destination, the two ends
// of a cable — where a third follows from the two together whichever way round they are written:
// the distance between two airports is the same both ways. Read as an unordered pair, a route
// flown once each way is a group of two, which the pair read in order never sees; and an airport
// with a distance names the airport at the other end, from flights either way. Judged like a pair
// dependency (pair-dependencies.ts), and kept only where reading the pair either way round groups
// more rows than reading it in order.

/**
 * Share of either column's filled rows whose value the other column holds too, the lower of the
 * two: the same kind of thing. Measured over rows, both ways: a column of bitterness units from 5
 * to 130 has its numbers among a column of brewery numbers from 1 to 550, but most breweries'
 * numbers are no bitterness.
 */
const MIN_SHARED = 0.8;

function sharedRows(a: EncodedColumn, b: EncodedColumn, rows: number): number {
  const share = (x: EncodedColumn, y: EncodedColumn) => {
    const held = new Set(y.texts);
    let filled = 0;
    let shared = 0;
    for (let r = 0; r < rows; r++) {
      const id = x.ids[r]!;
      if (id < 0) continue;
      filled++;
      if (held.has(x.texts![id]!)) shared++;
    }
    return filled > 0 ? shared / filled : 0;
  };
  return Math.min(share(a, b), share(b, a));
}

/** The two columns as one whose value is the pair in text order (-1 where either is missing, -2 where either is untracked). */
export function unordered(a: EncodedColumn, b: EncodedColumn, rows: number): { column: EncodedColumn; keys: Array<[string, string]> } {
  const ids = new Int32Array(rows);
  const byKey = new Map<string, number>();
  const counts: number[] = [];
  const keys: Array<[string, string]> = [];
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
    const [x, y] = [a.texts![av]!, b.texts![bv]!].sort() as [string, string];
    const key = `${x}\u0000${y}`;
    let id = byKey.get(key);
    if (id === undefined) {
      id = counts.length;
      byKey.set(key, id);
      counts.push(0);
      keys.push([x, y]);
    }
    ids[r] = id;
    counts[id]!++;
  }
  // Every combination is its own entry: the keys are written out, not indices into value lists.
  return { column: { name: `${a.name}~${b.name}`, ids, counts, listIndex: Int32Array.from(counts, (_, i) => i) }, keys };
}

/**
 * At most one symmetric dependency per dependent column (the strongest), between two of the
 * columns whose values repeat most and share most of their values, for dependents no single
 * column already explains.
 */
export function discoverSymmetricDependencies(columns: readonly EncodedColumn[], rows: number, singles: readonly Dependency[]): SymmetricDependency[] {
  const sample = Math.min(rows, PAIR_DISCOVERY_ROWS);
  const parts = pairParts(columns, sample).filter((c) => c.texts);
  const bestSingle = singleStrengths(singles);
  const targets = pairTargets(columns, sample, bestSingle);
  if (parts.length < 2 || targets.length === 0) return [];
  const best = new Map<EncodedColumn, { a: EncodedColumn; b: EncodedColumn; strength: number; support: number; groups: number }>();
  for (let i = 0; i < parts.length; i++) {
    for (let j = i + 1; j < parts.length; j++) {
      const a = parts[i]!;
      const b = parts[j]!;
      if (sharedRows(a, b, sample) < MIN_SHARED) continue;
      const pair = unordered(a, b, sample).column;
      const ordered = combine(a, b, sample).column;
      const filled = filledRows(pair, sample);
      const repeated = new Uint8Array(sample);
      for (let r = 0; r < sample; r++) if (pair.ids[r]! >= 0 && pair.counts[pair.ids[r]!]! >= 2) repeated[r] = 1;
      for (const to of targets) {
        if (to === a || to === b) continue;
        const score = scorePair(pair, to, sample);
        if (!score || score.strength < MIN_PAIR_STRENGTH || score.lift < MIN_LIFT || score.support / Math.max(1, filled) < MIN_COVERAGE) continue;
        // Either way round must group more rows than in order: otherwise the pair read in order says it.
        if (score.support <= (scorePair(ordered, to, sample)?.support ?? 0)) continue;
        const alone = Math.max(scorePair(a, to, sample, undefined, repeated)?.strength ?? 0, scorePair(b, to, sample, undefined, repeated)?.strength ?? 0);
        const single = Math.max(alone, bestSingle.get(to.name) ?? 0);
        if (single >= 1 || (score.strength - single) / (1 - single) < MIN_GAIN) continue;
        const chance = scorePair(pair, to, sample, shuffleOf(sample))?.strength ?? 0;
        if (chance >= 1 || (score.strength - chance) / (1 - chance) < MIN_LIFT) continue;
        const held = best.get(to);
        if (!held || score.strength > held.strength || (score.strength === held.strength && score.groups > held.groups)) best.set(to, { a, b, ...score });
      }
    }
  }
  const found: SymmetricDependency[] = [];
  for (const [to, { a, b, strength, support }] of best) {
    const { column, keys } = unordered(a, b, rows);
    const groups = groupMappings(column, to, rows);
    const mappings = groups.mappings.map(([key, toIndex, count, size]) => [...keys[key]!, toIndex, count, size] as [string, string, number, number, number]);
    const contested = (groups.contested ?? []).map(([key, lead, leadCount, runnerUp, runnerUpCount, size]) => [...keys[key]!, lead, leadCount, runnerUp, runnerUpCount, size] as [string, string, string, number, string, number, number]);
    if (mappings.length > 0) found.push({ between: [a.name, b.name], to: to.name, strength: Math.round(strength * 1000) / 1000, support, mappings, ...(contested.length > 0 ? { contested } : {}) });
  }
  return found;
}

/**
 * The pair dependencies a symmetric one reads better: the same pair into the same column, and the
 * pair of one of its columns and the dependent into the other ("which way": the airport at this
 * distance from that one), whose rows it reads either way round.
 */
export function supersededBy(symmetric: readonly SymmetricDependency[]): (pair: PairDependency) => boolean {
  return (pair) =>
    symmetric.some(({ between: [a, b], to }) => {
      const parts = new Set([pair.from, pair.and]);
      if (pair.to === to) return parts.has(a) && parts.has(b);
      return (pair.to === a && parts.has(b) && parts.has(to)) || (pair.to === b && parts.has(a) && parts.has(to));
    });
}
