import { scorePair, shareOfFilled, type EncodedColumn } from './dependencies';
import { combine, keyedMappings, pairIds, strongestPairs } from './pair-dependencies';
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
 * two: the same kind of thing. Measured over rows, both ways: a column of crew counts from 3 to 40
 * has its numbers among a column of berth numbers from 1 to 400, but most berths' numbers are no
 * crew count.
 */
const MIN_SHARED = 0.8;
/** Strength a relation read either way round may lose against it read in order. */
const SYMMETRY_SLACK = 0.1;

function sharedRows(a: EncodedColumn, b: EncodedColumn, rows: number): number {
  const share = (x: EncodedColumn, y: EncodedColumn) => {
    const held = new Set(y.texts);
    return shareOfFilled(x, rows, (text) => held.has(text));
  };
  return Math.min(share(a, b), share(b, a));
}

/** The two columns as one whose value is the pair in text order (-1 where either is missing, -2 where either is untracked). */
function unordered(a: EncodedColumn, b: EncodedColumn, rows: number): { column: EncodedColumn; keys: Array<[string, string]> } {
  const inOrder = (av: number, bv: number) => [a.texts![av]!, b.texts![bv]!].sort() as [string, string];
  const keys: Array<[string, string]> = [];
  const { ids, counts } = pairIds(a, b, rows, (av, bv) => inOrder(av, bv).join('\u0000'), (av, bv) => keys.push(inOrder(av, bv)));
  // Every combination is its own entry: the keys are written out, not indices into value lists.
  return { column: { name: `${a.name}~${b.name}`, ids, counts, listIndex: Int32Array.from(counts, (_, i) => i) }, keys };
}

/**
 * At most one symmetric dependency per dependent column (the strongest), between two of the
 * columns whose values repeat most and share most of their values, for dependents no single
 * column already explains.
 */
export function discoverSymmetricDependencies(columns: readonly EncodedColumn[], rows: number, singles: readonly Dependency[]): SymmetricDependency[] {
  const best = strongestPairs(
    columns,
    rows,
    singles,
    (a, b, sample) => (a.texts && b.texts && sharedRows(a, b, sample) >= MIN_SHARED ? unordered(a, b, sample).column : undefined),
    // Either way round must group more rows than in order (otherwise the pair read in order says
    // it) and hold about as well: read either way round, a relation that differs by direction
    // mixes the two directions' values and loses strength that noise alone does not explain.
    (score, a, b, to, sample) => {
      const inOrder = scorePair(combine(a, b, sample).column, to, sample);
      return score.support > (inOrder?.support ?? 0) && score.strength >= (inOrder?.strength ?? 0) - SYMMETRY_SLACK;
    },
  );
  const found: SymmetricDependency[] = [];
  for (const [to, { a, b, strength, support }] of best) {
    const { column, keys } = unordered(a, b, rows);
    // Groups of one row are kept too: a route flown once each way is one row once the failed
    // crossing is left out, and that row names the other end (stated 98 %, right 96 % on the tune split).
    const { mappings, contested } = keyedMappings(column, keys, to, rows, 1);
    if (mappings.length > 0) found.push({ between: [a.name, b.name], to: to.name, strength: Math.round(strength * 1000) / 1000, support, mappings, ...(contested.length > 0 ? { contested } : {}) });
  }
  return found;
}

/**
 * The pair dependencies a symmetric one reads better: the same pair into the same column, and the
 * pair of one of its columns and the dependent into the other ("which way": the airport at this
 * distance from that one), whose rows it reads either way round.
 */
/**
 * A dependency of one end on the value two ends determine either way round (distance -> origin)
 * is that relation's shadow: the distance names a pair of ends, so alone it says one of two, right
 * about half the time; the ends rule reads the same relation with the row's other end.
 */
export function shadowOf(symmetric: readonly SymmetricDependency[], dependency: Dependency): boolean {
  return symmetric.some(({ between, to }) => dependency.from === to && between.includes(dependency.to));
}

export function supersededBy(symmetric: readonly SymmetricDependency[]): (pair: PairDependency) => boolean {
  return (pair) =>
    symmetric.some(({ between: [a, b], to }) => {
      const parts = new Set([pair.from, pair.and]);
      if (pair.to === to) return parts.has(a) && parts.has(b);
      return (pair.to === a && parts.has(b) && parts.has(to)) || (pair.to === b && parts.has(a) && parts.has(to));
    });
}
