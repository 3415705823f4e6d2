import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Alphabet, compressionDistance, PpmCoder, ppmBits } from './ppm';

// The coder counts in arrays of alphabet indexes and rolls its model back; this reference counts
// in string-keyed maps, one fresh model per text, as the PPM-C definition reads. Both must give
// the same code length to the bit.
function referenceBits(text: string): number {
  const tables = new Map<string, Map<string, number>>();
  let bits = 0;
  const chars = [...text];
  chars.forEach((symbol, i) => {
    let coded = false;
    for (let k = Math.min(2, i); k >= 0 && !coded; k--) {
      const table = tables.get(chars.slice(i - k, i).join('') + '\u0000' + k);
      if (!table) continue;
      const total = [...table.values()].reduce((a, b) => a + b, 0);
      const seen = table.get(symbol);
      bits += seen !== undefined ? -Math.log2(seen / (total + table.size)) : -Math.log2(table.size / (total + table.size));
      coded = seen !== undefined;
    }
    if (!coded) bits += 8;
    for (let k = Math.min(2, i); k >= 0; k--) {
      const ctx = chars.slice(i - k, i).join('') + '\u0000' + k;
      const table = tables.get(ctx) ?? new Map<string, number>();
      table.set(symbol, (table.get(symbol) ?? 0) + 1);
      tables.set(ctx, table);
    }
  });
  return bits;
}

describe('PPM code length', () => {
  it('equals the definition on any text', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('a', 'b', 'c', ' ', 'é', '1'), maxLength: 60 }), (text) => {
        expect(ppmBits(text)).toBeCloseTo(referenceBits(text), 9);
      }),
    );
    expect(ppmBits('')).toBe(0);
    // A fresh symbol costs its escapes plus 8 bits; a repeat in a known context costs far less.
    expect(ppmBits('abababababab') / 12).toBeLessThan(ppmBits('abcdefghijkl') / 12);
  });

  it('gives the normalized compression distance of both concatenations', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 30 }), fc.string({ maxLength: 30 }), (x, y) => {
        const [cx, cy] = [referenceBits(x), referenceBits(y)];
        const hi = Math.max(cx, cy);
        const expected = hi === 0 ? 0 : (Math.min(referenceBits(x + y), referenceBits(y + x)) - Math.min(cx, cy)) / hi;
        expect(compressionDistance(x, y)).toBeCloseTo(expected, 9);
      }),
    );
    expect(compressionDistance('new york', 'new yrok')).toBeLessThan(0.4);
    expect(compressionDistance('new york', 'hamburg')).toBeGreaterThan(0.6);
  });
});

describe('PPM coder', () => {
  const texts = fc.string({ unit: fc.constantFrom('a', 'b', 'c', 'd', ' '), maxLength: 25 });

  it('rolled back to a position, codes on as if the rest had never been coded', () => {
    fc.assert(
      fc.property(texts, texts, texts, fc.nat(), (x, y, z, cut) => {
        const alphabet = new Alphabet();
        [x, y, z].forEach((t) => alphabet.learn(t));
        const [a, b, c] = [alphabet.encode(x), alphabet.encode(y), alphabet.encode(z)];
        const coder = new PpmCoder(alphabet.size);
        coder.code(a);
        const keep = a.length + (b.length === 0 ? 0 : cut % (b.length + 1));
        coder.code(b);
        coder.rollback(keep);
        const resumed = coder.code(c);
        expect(resumed).toBeCloseTo(referenceBits(x + y.slice(0, keep - a.length) + z) - referenceBits(x + y.slice(0, keep - a.length)), 9);
        expect(coder.bitsBetween(0, a.length)).toBeCloseTo(referenceBits(x), 9);
      }),
    );
  });

  it('stops at a budget with a bound above it, and never stops a text that fits', () => {
    fc.assert(
      fc.property(texts, texts, fc.double({ min: 0, max: 80, noNaN: true }), (x, y, budget) => {
        const alphabet = new Alphabet();
        alphabet.learn(x);
        alphabet.learn(y);
        const [a, b] = [alphabet.encode(x), alphabet.encode(y)];
        const coder = new PpmCoder(alphabet.size);
        coder.code(a);
        const full = referenceBits(x + y) - referenceBits(x);
        // Characters of y that x lacks: a lower bound on the symbols the model has never seen.
        const novel = new Set([...y].filter((ch) => !x.includes(ch))).size;
        const bounded = coder.code(b, 0, b.length, budget, novel);
        // (A code length within rounding of the budget may go either way.)
        if (full <= budget - 1e-9) expect(bounded).toBeCloseTo(full, 9);
        if (full >= budget + 1e-9) expect(bounded).toBeGreaterThan(budget);
      }),
    );
  });

  it('counts in maps for alphabets too large for arrays, with the same code lengths', () => {
    const wide = Array.from({ length: 400 }, (_, i) => String.fromCharCode(0x4e00 + ((i * 37) % 300))).join('');
    expect(ppmBits(wide)).toBeCloseTo(referenceBits(wide), 9);
    expect(compressionDistance(wide, wide.slice(5))).toBeLessThan(0.4);
  });
});
