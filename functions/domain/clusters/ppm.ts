// A PPM (prediction by partial matching) model's code length, for the compression distance of
// OpenRefine's "PPM" nearest-neighbour method: two values are close when the second compresses
// well after the first. Order-2 contexts, escape method C (Cleary & Witten 1984; Moffat 1990), no
// exclusion; an order −1 model over 256 symbols ends every escape chain. Only the code length is
// computed (no bits are written): that is all a distance needs.
//
// Speed (issue 13 §8: 100,000 values in seconds means millions of distances): characters are
// coded as small integers of the alphabet of the values at hand, so a context and its symbol
// counts are array cells, not string keys; the model can be rolled back to any earlier position
// (the symbols coded say which counts to take back), so the model of a value is built once and
// then reused for every value it is compared with, and values that start alike share the work.

/** Order −1: every byte equally likely. */
export const BASE_BITS = 8;

/** Above this many cells (contexts × symbols) the counts live in a map instead of an array. */
const MAX_DENSE_CELLS = 1 << 22;

/** log2 of small whole numbers, looked up (a code length is a sum of them). */
const LOG2 = Float64Array.from({ length: 2048 }, (_, i) => (i === 0 ? 0 : Math.log2(i)));
const log2 = (n: number) => (n < LOG2.length ? LOG2[n]! : Math.log2(n));

/** Characters (UTF-16 code units) as indexes 0…size−1 of the alphabet of the texts it has seen. */
export class Alphabet {
  private readonly index = new Map<number, number>();
  get size(): number {
    return this.index.size;
  }
  /** Adds the characters of `text` to the alphabet. */
  learn(text: string): void {
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (!this.index.has(c)) this.index.set(c, this.index.size);
    }
  }
  /** The indexes of `text`'s characters (all of them learnt before), one per code unit. */
  encode(text: string): Uint16Array {
    return Uint16Array.from({ length: text.length }, (_, i) => this.index.get(text.charCodeAt(i))!);
  }
}

/**
 * Symbol counts per context. Contexts are numbered 0 (order 0), 1 + a (order 1, after symbol a)
 * and 1 + size + b × size + a (order 2, after b then a); a cell is context × size + symbol.
 */
interface Counts {
  total(ctx: number): number;
  distinct(ctx: number): number;
  seen(ctx: number, symbol: number): number;
  add(ctx: number, symbol: number): void;
  remove(ctx: number, symbol: number): void;
}

/** Counts in arrays: for alphabets whose contexts × symbols fit. */
class ArrayCounts implements Counts {
  private readonly cells: Uint32Array;
  private readonly totals: Uint32Array;
  private readonly distincts: Uint32Array;
  constructor(private readonly size: number) {
    const contexts = 1 + size + size * size;
    this.cells = new Uint32Array(contexts * size);
    this.totals = new Uint32Array(contexts);
    this.distincts = new Uint32Array(contexts);
  }
  total(ctx: number): number {
    return this.totals[ctx]!;
  }
  distinct(ctx: number): number {
    return this.distincts[ctx]!;
  }
  seen(ctx: number, symbol: number): number {
    return this.cells[ctx * this.size + symbol]!;
  }
  add(ctx: number, symbol: number): void {
    if (this.cells[ctx * this.size + symbol]!++ === 0) this.distincts[ctx]!++;
    this.totals[ctx]!++;
  }
  remove(ctx: number, symbol: number): void {
    if (--this.cells[ctx * this.size + symbol]! === 0) this.distincts[ctx]!--;
    this.totals[ctx]!--;
  }
}

/** Counts in maps: for large alphabets (most cells stay empty). */
class MapCounts implements Counts {
  private readonly cells = new Map<number, number>();
  private readonly totals = new Map<number, number>();
  private readonly distincts = new Map<number, number>();
  constructor(private readonly size: number) {}
  private static bump(map: Map<number, number>, key: number, by: number): number {
    const next = (map.get(key) ?? 0) + by;
    if (next === 0) map.delete(key);
    else map.set(key, next);
    return next;
  }
  total(ctx: number): number {
    return this.totals.get(ctx) ?? 0;
  }
  distinct(ctx: number): number {
    return this.distincts.get(ctx) ?? 0;
  }
  seen(ctx: number, symbol: number): number {
    return this.cells.get(ctx * this.size + symbol) ?? 0;
  }
  add(ctx: number, symbol: number): void {
    if (MapCounts.bump(this.cells, ctx * this.size + symbol, 1) === 1) MapCounts.bump(this.distincts, ctx, 1);
    MapCounts.bump(this.totals, ctx, 1);
  }
  remove(ctx: number, symbol: number): void {
    if (MapCounts.bump(this.cells, ctx * this.size + symbol, -1) === 0) MapCounts.bump(this.distincts, ctx, -1);
    MapCounts.bump(this.totals, ctx, -1);
  }
}

/**
 * An adaptive order-2 PPM-C model over an alphabet of `size` symbols. `code` codes symbols after
 * everything coded since the last `reset` and learns them; `rollback` forgets back to a position.
 */
export class PpmCoder {
  private readonly size: number;
  private readonly counts: Counts;
  /** Per position since the reset: the symbol, and the bits and never-seen symbols before it. */
  private symbols = new Int32Array(256);
  private bitsBefore = new Float64Array(257);
  private freshBefore = new Int32Array(257);
  private at = 0;

  constructor(size: number) {
    this.size = Math.max(1, size);
    const n = this.size;
    this.counts = (1 + n + n * n) * n <= MAX_DENSE_CELLS ? new ArrayCounts(n) : new MapCounts(n);
  }

  /** Symbols coded since the reset. */
  get position(): number {
    return this.at;
  }

  /** Bits the symbols coded between two positions took. */
  bitsBetween(from: number, to: number): number {
    return this.bitsBefore[to]! - this.bitsBefore[from]!;
  }

  /** How many of the symbols coded between two positions the model had never seen. */
  freshBetween(from: number, to: number): number {
    return this.freshBefore[to]! - this.freshBefore[from]!;
  }

  private grow(more: number): void {
    const need = this.at + more + 1;
    if (need <= this.bitsBefore.length) return;
    const length = Math.max(need, this.bitsBefore.length * 2);
    const symbols = new Int32Array(length);
    symbols.set(this.symbols);
    const bits = new Float64Array(length);
    bits.set(this.bitsBefore);
    const fresh = new Int32Array(length);
    fresh.set(this.freshBefore);
    [this.symbols, this.bitsBefore, this.freshBefore] = [symbols, bits, fresh];
  }

  /**
   * Bits to code `symbols[from…to)`; the model learns them. With a `budget`, coding
   * stops as soon as the bits so far, plus 8 for each of at least `novel` symbols the model has
   * never seen that are still to come, exceed it (a code length only grows); what was coded stays
   * learnt, and the bound, above the budget, is returned.
   */
  code(symbols: ArrayLike<number>, from = 0, to = symbols.length, budget = Infinity, novel = 0): number {
    this.grow(to - from);
    const { size, counts } = this;
    const history = this.symbols;
    let at = this.at;
    let ahead = novel * BASE_BITS;
    let bits = 0;
    for (let s = from; s < to && bits + ahead <= budget; s++) {
      const symbol = symbols[s]!;
      const last1 = at > 0 ? history[at - 1]! : 0;
      const c1 = at >= 1 ? 1 + last1 : -1;
      const c2 = at >= 2 ? 1 + size + history[at - 2]! * size + last1 : -1;
      let cost = 0;
      let found = false;
      // From the highest context that has seen anything down to order 0, escaping where the
      // symbol was never seen; order −1 codes what no context knows.
      for (let k = c2 >= 0 ? 2 : c1 >= 0 ? 1 : 0; k >= 0 && !found; k--) {
        const ctx = k === 2 ? c2 : k === 1 ? c1 : 0;
        const total = counts.total(ctx);
        if (total === 0) continue; // never seen: nothing to escape from
        const d = counts.distinct(ctx);
        const seen = counts.seen(ctx, symbol);
        found = seen > 0;
        cost += log2(total + d) - log2(found ? seen : d);
      }
      const fresh = counts.seen(0, symbol) === 0;
      if (fresh) cost += BASE_BITS;
      if (fresh && ahead > 0) ahead -= BASE_BITS;
      counts.add(0, symbol);
      if (c1 >= 0) counts.add(c1, symbol);
      if (c2 >= 0) counts.add(c2, symbol);
      history[at] = symbol;
      this.bitsBefore[at + 1] = this.bitsBefore[at]! + cost;
      this.freshBefore[at + 1] = this.freshBefore[at]! + (fresh ? 1 : 0);
      bits += cost;
      at++;
    }
    this.at = at;
    return bits + ahead;
  }

  /** Forgets everything coded after the first `to` symbols. */
  rollback(to: number): void {
    const { size, counts } = this;
    const history = this.symbols;
    while (this.at > to) {
      const at = --this.at;
      const symbol = history[at]!;
      counts.remove(0, symbol);
      if (at >= 1) counts.remove(1 + history[at - 1]!, symbol);
      if (at >= 2) counts.remove(1 + size + history[at - 2]! * size + history[at - 1]!, symbol);
    }
  }

  /** Forgets everything. */
  reset(): void {
    this.rollback(0);
  }
}

/** Bits an adaptive order-2 PPM-C model needs to code `text`. */
export function ppmBits(text: string): number {
  const alphabet = new Alphabet();
  alphabet.learn(text);
  return new PpmCoder(alphabet.size).code(alphabet.encode(text));
}

/**
 * Normalized compression distance (Cilibrasi & Vitányi 2005) with the PPM model, symmetric:
 * (min(C(xy), C(yx)) − min(C(x), C(y))) / max(C(x), C(y)). About 0.1 for equal values, towards 1
 * for unrelated ones.
 */
export function compressionDistance(x: string, y: string): number {
  const alphabet = new Alphabet();
  alphabet.learn(x);
  alphabet.learn(y);
  const coder = new PpmCoder(alphabet.size);
  const [a, b] = [alphabet.encode(x), alphabet.encode(y)];
  const cx = coder.code(a);
  const xy = cx + coder.code(b);
  coder.reset();
  const cy = coder.code(b);
  const yx = cy + coder.code(a);
  return normalizedDistance(cx, cy, Math.min(xy, yx));
}

/** (joint − min) / max of the code lengths: the normalized compression distance. */
export function normalizedDistance(cx: number, cy: number, joint: number): number {
  const hi = Math.max(cx, cy);
  return hi === 0 ? 0 : (joint - Math.min(cx, cy)) / hi;
}
