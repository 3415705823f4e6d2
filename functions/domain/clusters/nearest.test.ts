import { distance } from 'fastest-levenshtein';
import { describe, expect, it } from 'vitest';
import { levenshteinPairs } from './nearest';

// PassJoin's partition filter must find every pair within the radius that all-pairs finds.
describe('Levenshtein blocking', () => {
  it('finds exactly the pairs all-pairs comparison finds, for radius 1 to 3', () => {
    let seed = 11;
    const rnd = (k: number) => ((seed = (seed * 1103515245 + 12345) % 2147483648), Math.floor(seed / 65536) % k);
    const base = Array.from({ length: 60 }, () => Array.from({ length: 3 + rnd(9) }, () => 'abcde'[rnd(5)]).join(''));
    const values = [...new Set([...base, ...base.map((v) => v.slice(0, -1) + 'x'), ...base.map((v) => v.slice(1)), ...base.map((v) => `${v}y`)])];
    for (const r of [1, 2, 3]) {
      const expected = new Set<string>();
      for (let i = 0; i < values.length; i++) {
        for (let j = i + 1; j < values.length; j++) {
          const a = values[i]!;
          const b = values[j]!;
          if (distance(a, b) <= Math.min(r, Math.floor(Math.max(a.length, b.length) / 3))) expected.add(`${i},${j}`);
        }
      }
      const found = new Set(levenshteinPairs(values, r).map(([i, j]) => `${i},${j}`));
      expect(found).toEqual(expected);
      expect(expected.size).toBeGreaterThan(10);
    }
  });
});
