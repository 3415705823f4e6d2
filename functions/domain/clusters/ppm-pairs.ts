import { MAX_NN_LENGTH, type Pairs } from './nearest';
import { Alphabet, BASE_BITS, normalizedDistance, PpmCoder } from './ppm';

// Pairs of values within a PPM compression distance (spec 2 §1 nearest-neighbour clustering),
// without comparing all pairs. OpenRefine's blocking: values sharing a substring are compared —
// with 5 characters instead of its 6, so a swap in the middle of a short value still shares a
// block (values of at most 5 characters: sharing the value or one of its single-character
// deletions). Blocks larger than MAX_BLOCK (a substring much of the column shares) are not compared
// pairwise.
//
// Within the blocks the result is exactly that of measuring every pair, but most of the work is
// skipped (issue 13 §8: 100,000 values in seconds). A pair is near when either order of
// concatenation codes short enough, so each order is tried on its own: the model of a value x is
// built once, each neighbour y is coded after it and rolled back, and
//  - coding stops as soon as y's bits so far, plus 8 for each character of y that x lacks and that
//    is still to come, exceed what the radius allows (a code length only grows);
//  - neighbours are taken in order, and the next one is coded on from the prefix it shares with
//    the one before (the model after a prefix does not depend on what follows it);
//  - a pair found one way round is not coded the other.

const BLOCK = 5;
export const MAX_BLOCK = 100;

function blockKeys(s: string): string[] {
  const keys = new Set<string>();
  if (s.length <= BLOCK) {
    keys.add(`=${s}`);
    for (let i = 0; i < s.length; i++) keys.add(`=${s.slice(0, i)}${s.slice(i + 1)}`);
  }
  for (let i = 0; i + BLOCK <= s.length; i++) keys.add(s.substr(i, BLOCK));
  return [...keys];
}

function popcount(v: number): number {
  v -= (v >>> 1) & 0x55555555;
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return Math.imul((v + (v >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

/** The values as the coder reads them, in flat arrays (millions of look-ups stay in cache). */
class Coded {
  /** Every value's characters as alphabet indexes, one after the other: value i is codes[start[i]…start[i + 1]). */
  readonly codes: Uint16Array;
  readonly start: Int32Array;
  /** Each value's own code length. */
  readonly bits: Float64Array;
  /** Each value's characters as two 32-bit masks of their alphabet index modulo 64. */
  private readonly masks: Int32Array;

  constructor(values: readonly string[], blocked: (i: number) => boolean, alphabet: Alphabet, coder: PpmCoder) {
    const n = values.length;
    this.start = new Int32Array(n + 1);
    values.forEach((v, i) => (this.start[i + 1] = this.start[i]! + (blocked(i) ? v.length : 0)));
    this.codes = new Uint16Array(this.start[n]!);
    this.bits = new Float64Array(n);
    this.masks = new Int32Array(n * 2);
    values.forEach((v, i) => {
      if (!blocked(i)) return;
      const code = alphabet.encode(v);
      this.codes.set(code, this.start[i]!);
      coder.reset();
      this.bits[i] = coder.code(code);
      for (const c of code) this.masks[2 * i + ((c >> 5) & 1)]! |= 1 << (c & 31);
    });
  }

  /** A lower bound on the characters of value j that value i lacks (their first use costs 8 bits each after i). */
  novel(j: number, i: number): number {
    const m = this.masks;
    return popcount(m[2 * j]! & ~m[2 * i]!) + popcount(m[2 * j + 1]! & ~m[2 * i + 1]!);
  }

  /** How many leading characters values a and b share, up to `limit`. */
  sharedPrefix(a: number, b: number, limit: number): number {
    const [pa, pb] = [this.start[a]!, this.start[b]!];
    let k = 0;
    while (k < limit && this.codes[pa + k] === this.codes[pb + k]) k++;
    return k;
  }
}

/** Pairs [i, j] (i < j) of values sharing a block whose PPM compression distance is at most `radius`. */
export function ppmPairs(values: readonly string[], radius: number): Pairs {
  const blocks = new Map<string, number[]>();
  const blocksOf: number[][][] = values.map(() => []);
  const alphabet = new Alphabet();
  values.forEach((v, i) => {
    if (v.length === 0 || v.length > MAX_NN_LENGTH) return;
    for (const key of blockKeys(v)) {
      let list = blocks.get(key);
      if (!list) blocks.set(key, (list = []));
      list.push(i);
      blocksOf[i]!.push(list);
    }
    alphabet.learn(v);
  });
  const coder = new PpmCoder(alphabet.size);
  const coded = new Coded(values, (i) => blocksOf[i]!.length > 0, alphabet, coder);
  const { codes, start, bits } = coded;
  const compared = new Int32Array(values.length).fill(-1);
  /** The neighbours found of each value, so a pair found one way round is not coded the other. */
  const nearOf: number[][] = values.map(() => []);
  const found = new Int32Array(values.length);
  const pairs: Pairs = [];
  for (let i = 0; i < values.length; i++) {
    let count = 0;
    for (const members of blocksOf[i]!) {
      if (members.length < 2 || members.length > MAX_BLOCK) continue;
      for (const j of members) {
        if (j === i || compared[j] === i) continue;
        compared[j] = i;
        if (j < i && nearOf[i]!.includes(j)) continue;
        found[count++] = j;
      }
    }
    if (count === 0) continue;
    const cx = bits[i]!;
    coder.reset();
    coder.code(codes, start[i]!, start[i + 1]!);
    const base = coder.position;
    let previous = -1;
    for (const j of found.subarray(0, count).sort()) {
      const cy = bits[j]!;
      // (cx + C(y after x) − min(cx, cy)) / max(cx, cy) ≤ radius
      const budget = radius * Math.max(cx, cy) + Math.min(cx, cy) - cx;
      const novel = coded.novel(j, i);
      if (novel * BASE_BITS > budget) continue;
      const [from, to] = [start[j]!, start[j + 1]!];
      const shared = previous < 0 ? 0 : coded.sharedPrefix(previous, j, Math.min(coder.position - base, to - from));
      coder.rollback(base + shared);
      const prefix = coder.bitsBetween(base, base + shared);
      const left = Math.max(0, novel - coder.freshBetween(base, base + shared));
      const cost = prefix + coder.code(codes, from + shared, to, budget - prefix, left);
      previous = j;
      if (cost <= budget && normalizedDistance(cx, cy, cx + cost) <= radius) {
        nearOf[j]!.push(i);
        pairs.push([Math.min(i, j), Math.max(i, j)]);
      }
    }
  }
  return pairs.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
}
