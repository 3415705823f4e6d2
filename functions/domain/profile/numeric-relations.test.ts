import { mulberry32 } from '../demo/random';
import { buildProfile } from './build-profile';
import { bandOf, usesLogScale } from './numeric-relations';

// An invented kennel: three breeds of very different weights, a height that grows with the
// length, a price spanning several orders of magnitude, and a column of pure noise.
const BREEDS: Array<[string, number]> = [
  ['tumbler', 12],
  ['harrow', 20],
  ['mastiel', 34],
];

function kennelRows(n: number) {
  const random = mulberry32(3);
  return Array.from({ length: n }, (_, i) => {
    const [breed, weight] = BREEDS[i % BREEDS.length]!;
    const length = 40 + Math.floor(random() * 60);
    return {
      breed,
      weight: (weight * (0.9 + random() * 0.2)).toFixed(1),
      length: String(length),
      height: String(Math.round(length * 0.6 + random() * 4)),
      price: String(Math.round(10 ** (1 + random() * 4))),
      noise: (random() * 100).toFixed(2),
    };
  });
}

describe('numeric relations', () => {
  it('finds the category that predicts a number, with its median and spread per group', () => {
    const profile = buildProfile(kennelRows(300));
    const rel = profile.numericRelations?.find((r) => r.column === 'weight');
    expect(rel?.by).toBe('breed');
    expect(rel?.log).toBe(false);
    const medians = Object.fromEntries(rel!.groups.map(([key, m]) => [key, m]));
    expect(medians['tumbler']).toBeCloseTo(12, 0);
    expect(medians['mastiel']).toBeGreaterThan(32);
    // Each breed's spread is far below the column's.
    for (const [, , spread] of rel!.groups) expect(spread).toBeLessThan(rel!.overall[1] * 0.3);
  });

  it('bands a numeric determinant at its quantiles', () => {
    const rel = buildProfile(kennelRows(300)).numericRelations?.find((r) => r.column === 'height');
    expect(rel?.by).toBe('length');
    expect(rel?.edges?.length).toBeGreaterThan(5);
    expect(rel!.groups.length).toBeGreaterThan(5);
  });

  it('keeps no relation for a number that no other column predicts', () => {
    const profile = buildProfile(kennelRows(300));
    expect(profile.numericRelations?.some((r) => r.column === 'noise')).toBe(false);
  });

  it('reads money-like numbers on a log scale, measurements on a plain one', () => {
    expect(usesLogScale([10, 50, 200, 1000, 5000, 20000, 90000])).toBe(true);
    expect(usesLogScale([40, 45, 50, 55, 60])).toBe(false);
    expect(usesLogScale([-5, -3, -1, 10, 1000])).toBe(false);
    // Zeros aside: counts that are often zero are still counts.
    expect(usesLogScale([0, 0, 3, 40, 500, 7000])).toBe(true);
  });

  it('puts a number in the band its edges give', () => {
    expect(bandOf(1, [10, 20, 30])).toBe(0);
    expect(bandOf(10, [10, 20, 30])).toBe(1);
    expect(bandOf(25, [10, 20, 30])).toBe(2);
    expect(bandOf(99, [10, 20, 30])).toBe(3);
  });
});
