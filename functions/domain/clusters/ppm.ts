// A PPM (prediction by partial matching) model's code length, for the compression distance of
// OpenRefine's "PPM" nearest-neighbour method: two values are close when the second compresses
// well after the first. Order-2 contexts, escape method C (Cleary & Witten 1984; Moffat 1990), no
// exclusion; an order −1 model over 256 symbols ends every escape chain. Only the code length is
// computed (no bits are written): that is all a distance needs.

const ORDER = 2;
const BASE_BITS = 8; // order −1: every byte equally likely

/** Bits an adaptive order-2 PPM-C model needs to code `text`. */
export function ppmBits(text: string): number {
  // context → (symbol → count), and the context's total count
  const tables = new Map<string, Map<string, number>>();
  const totals = new Map<string, number>();
  let bits = 0;
  for (let i = 0; i < text.length; i++) {
    const symbol = text[i]!;
    let coded = false;
    for (let k = Math.min(ORDER, i); k >= 0 && !coded; k--) {
      const ctx = text.slice(i - k, i) + '\u0000' + k;
      const table = tables.get(ctx);
      if (!table) continue; // never seen: nothing to escape from
      const total = totals.get(ctx)!;
      const distinct = table.size;
      const seen = table.get(symbol);
      if (seen !== undefined) {
        bits += -Math.log2(seen / (total + distinct));
        coded = true;
      } else {
        bits += -Math.log2(distinct / (total + distinct));
      }
    }
    if (!coded) bits += BASE_BITS;
    for (let k = Math.min(ORDER, i); k >= 0; k--) {
      const ctx = text.slice(i - k, i) + '\u0000' + k;
      const table = tables.get(ctx) ?? new Map<string, number>();
      table.set(symbol, (table.get(symbol) ?? 0) + 1);
      tables.set(ctx, table);
      totals.set(ctx, (totals.get(ctx) ?? 0) + 1);
    }
  }
  return bits;
}

/**
 * Normalized compression distance (Cilibrasi & Vitányi 2005) with the PPM model, symmetric:
 * (min(C(xy), C(yx)) − min(C(x), C(y))) / max(C(x), C(y)). About 0.1 for equal values, towards 1
 * for unrelated ones. `cx`/`cy` may be passed when already known.
 */
export function compressionDistance(x: string, y: string, cx = ppmBits(x), cy = ppmBits(y)): number {
  const joint = Math.min(ppmBits(x + y), ppmBits(y + x));
  const hi = Math.max(cx, cy);
  return hi === 0 ? 0 : (joint - Math.min(cx, cy)) / hi;
}
