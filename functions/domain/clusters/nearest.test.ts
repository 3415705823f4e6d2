import { distance } from 'fastest-levenshtein';
import { describe, expect, it } from 'vitest';
import { levenshteinPairs } from './nearest';
import { MAX_BLOCK, ppmPairs } from './ppm-pairs';
import { compressionDistance } from './ppm';

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

// The PPM pairs skip work (stopping at the radius, sharing prefixes, a pair found one way round)
// but must find exactly the block-sharing pairs a plain distance per pair finds.
describe('PPM blocking', () => {
  it('finds exactly the pairs within the radius among values that share a block', () => {
    let seed = 5;
    const rnd = (k: number) => ((seed = (seed * 1103515245 + 12345) % 2147483648), Math.floor(seed / 65536) % k);
    const word = () => Array.from({ length: 3 + rnd(10) }, () => 'abcdefgh '[rnd(9)]).join('');
    const base = Array.from({ length: 80 }, word);
    const edit = (v: string) => {
      const i = rnd(v.length);
      return [v.slice(0, i) + v.slice(i + 1), v.slice(0, i) + 'xy'[rnd(2)] + v.slice(i), `${v} ${word()}`][rnd(3)]!;
    };
    const values = [...new Set([...base, ...base.map(edit), ...base.map(edit)])].filter((v) => v.length > 0).sort();
    const shareBlock = (a: string, b: string) => {
      const keys = (s: string) => {
        const out = new Set<string>();
        if (s.length <= 5) [s, ...[...s].map((_, i) => s.slice(0, i) + s.slice(i + 1))].forEach((k) => out.add(`=${k}`));
        for (let i = 0; i + 5 <= s.length; i++) out.add(s.slice(i, i + 5));
        return out;
      };
      const kb = keys(b);
      return [...keys(a)].some((k) => kb.has(k));
    };
    expect(values.length).toBeLessThan(MAX_BLOCK * 3);
    for (const radius of [0.3, 0.4, 0.6]) {
      const expected = new Set<string>();
      for (let i = 0; i < values.length; i++) {
        for (let j = i + 1; j < values.length; j++) {
          if (shareBlock(values[i]!, values[j]!) && compressionDistance(values[i]!, values[j]!) <= radius) expected.add(`${i},${j}`);
        }
      }
      const found = ppmPairs(values, radius).map(([i, j]) => `${i},${j}`);
      expect(new Set(found)).toEqual(expected);
      expect(found).toHaveLength(expected.size);
      expect(expected.size).toBeGreaterThan(20);
    }
  });
});
