import { distance as levenshtein } from 'fastest-levenshtein';

// Nearest-neighbour clustering (spec 2 §1) without comparing all pairs. Values are compared
// case-insensitively and trimmed.
//  - Levenshtein with radius r: candidate pairs come from PassJoin's partition filter (Li, Deng,
//    Wang, Feng 2011): split a value into r+1 segments; any value within r edits contains one of
//    them unchanged near the same position. Only candidates are measured (fastest-levenshtein).
//    Exact: no pair within the radius is missed.
//  - PPM compression distance: values sharing a block are compared (ppm-pairs.ts).
// Neighbour pairs become clusters around centres: the most frequent value not yet taken is a
// centre and takes its unassigned neighbours. Unlike linking neighbours transitively, "CA"–"CO"–
// "CT"… can not chain into one cluster: every member is within the radius of its centre.

export interface Counted {
  /** The value as keyed (lower-cased, trimmed). */
  norm: string;
  count: number;
}

/** Index pairs [i, j] (i < j) of values within the radius. */
export type Pairs = Array<[number, number]>;

/** Values shorter than this differ too much relative to their length with one edit. */
const allowedEdits = (a: string, b: string, radius: number) => Math.min(radius, Math.floor(Math.max(a.length, b.length) / 3));

/** Longer values are not nearest-neighbour clustered (a key of their first part would say little). */
export const MAX_NN_LENGTH = 200;

function segments(length: number, r: number): Array<[number, number]> {
  const parts = r + 1;
  const short = Math.floor(length / parts);
  const longCount = length - short * parts;
  const out: Array<[number, number]> = [];
  let start = 0;
  for (let i = 0; i < parts; i++) {
    const len = i < parts - longCount ? short : short + 1;
    out.push([start, len]);
    start += len;
  }
  return out;
}

/** Pairs of values within `radius` edits (whole number ≥ 1). */
export function levenshteinPairs(values: readonly string[], radius: number): Pairs {
  const r = Math.max(1, Math.floor(radius));
  const order = values.map((_, i) => i).filter((i) => values[i]!.length > 0 && values[i]!.length <= MAX_NN_LENGTH);
  order.sort((a, b) => values[a]!.length - values[b]!.length);
  // index[length][segment] = segment text → value indexes
  const index = new Map<number, Array<Map<string, number[]>>>();
  const tiny: number[] = []; // values of at most r characters have empty segments: compared directly
  const pairs: Pairs = [];
  for (const t of order) {
    const s = values[t]!;
    const seen = new Set<number>();
    const check = (c: number) => {
      if (seen.has(c)) return;
      seen.add(c);
      const other = values[c]!;
      const k = allowedEdits(s, other, r);
      if (k > 0 && Math.abs(s.length - other.length) <= k && levenshtein(s, other) <= k) pairs.push(c < t ? [c, t] : [t, c]);
    };
    for (const c of tiny) if (s.length - values[c]!.length <= r) check(c);
    for (let l = Math.max(1, s.length - r); l <= s.length; l++) {
      const byLength = index.get(l);
      if (!byLength) continue;
      segments(l, r).forEach(([start, len], i) => {
        const table = byLength[i]!;
        const from = Math.max(0, start - r);
        const to = Math.min(s.length - len, start + r);
        for (let p = from; p <= to; p++) {
          const hits = table.get(s.substr(p, len));
          if (hits) for (const c of hits) check(c);
        }
      });
    }
    if (s.length <= r) {
      tiny.push(t);
      continue;
    }
    let byLength = index.get(s.length);
    if (!byLength) {
      byLength = Array.from({ length: r + 1 }, () => new Map<string, number[]>());
      index.set(s.length, byLength);
    }
    segments(s.length, r).forEach(([start, len], i) => {
      const key = s.substr(start, len);
      const table = byLength[i]!;
      const list = table.get(key);
      if (list) list.push(t);
      else table.set(key, [t]);
    });
  }
  return pairs;
}

/**
 * Groups of value indexes: the most frequent value not yet in a group is a centre and takes its
 * neighbours not yet in a group. Only groups of two or more values are returned.
 */
export function centreGroups(counted: readonly Counted[], pairs: Pairs): number[][] {
  const neighbours = new Map<number, number[]>();
  for (const [i, j] of pairs) {
    (neighbours.get(i) ?? neighbours.set(i, []).get(i)!).push(j);
    (neighbours.get(j) ?? neighbours.set(j, []).get(j)!).push(i);
  }
  const candidates = [...neighbours.keys()].sort((a, b) => counted[b]!.count - counted[a]!.count || (counted[a]!.norm < counted[b]!.norm ? -1 : 1));
  const taken = new Set<number>();
  const groups: number[][] = [];
  for (const centre of candidates) {
    if (taken.has(centre)) continue;
    const members = [centre, ...neighbours.get(centre)!.filter((m) => !taken.has(m))];
    if (members.length < 2) continue;
    for (const m of members) taken.add(m);
    groups.push(members);
  }
  return groups;
}
