import { describe, expect, it } from 'vitest';
import { buildProfile } from './build-profile';
import { holdsIn, roundClock, solveClockSum } from './clock-sums';

// Invented ferry crossings: a departure on a 12-hour clock, the crossing's minutes, the arrival.
const clock = (m: number) => {
  const t = roundClock(m);
  return `${Math.floor(t / 60) % 12 || 12}:${String(t % 60).padStart(2, '0')} ${t < 720 ? 'a' : 'p'}.m.`;
};
const crossings = (n: number, minutesOf: (i: number) => number) =>
  Array.from({ length: n }, (_, i) => {
    const departs = (i * 97 + 13) % 1440;
    return { ferry: `ferry ${i}`, departs: clock(departs), crossing: String(minutesOf(i)), arrives: clock(departs + 20 + ((i * 7) % 90)) };
  });

describe('times of day that are another time plus minutes', () => {
  it('finds arrives = departs + crossing, round the clock', () => {
    const rows = crossings(200, (i) => 20 + ((i * 7) % 90));
    expect(buildProfile(rows).clockSums).toEqual([{ result: 'arrives', start: 'departs', minutes: 'crossing', holds: 1, rows: 200 }]);
    // A crossing past midnight still holds: 11:50 p.m. and 20 minutes is 12:10 a.m.
    expect(holdsIn({ result: 'arrives', start: 'departs', minutes: 'crossing', holds: 1, rows: 1 }, { departs: '11:50 p.m.', crossing: '20', arrives: '12:10 a.m.' })).toBe(true);
  });

  it('finds none where the minutes do not add up', () => {
    const rows = crossings(200, (i) => 20 + ((i * 13) % 90));
    expect(buildProfile(rows).clockSums).toBeUndefined();
  });

  it('solves each of the three from the other two, minutes the nearer way round first', () => {
    const sum = { result: 'arrives', start: 'departs', minutes: 'crossing', holds: 1, rows: 200 };
    expect(solveClockSum(sum, 'arrives', { departs: '11:50 p.m.', crossing: '20' })).toEqual([10]);
    expect(solveClockSum(sum, 'departs', { arrives: '12:10 a.m.', crossing: '20' })).toEqual([23 * 60 + 50]);
    expect(solveClockSum(sum, 'crossing', { departs: '11:50 p.m.', arrives: '12:10 a.m.' })).toEqual([20, 20 - 1440]);
    // Arriving before departing: a negative number of minutes first (an early arrival, a delay below zero).
    expect(solveClockSum(sum, 'crossing', { departs: '8:10 a.m.', arrives: '8:04 a.m.' })).toEqual([-6, 1434]);
    expect(solveClockSum(sum, 'arrives', { departs: 'N/A', crossing: '20' })).toBeUndefined();
  });
});
