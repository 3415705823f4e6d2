import { describe, expect, it } from 'vitest';
import { buildProfile } from '../../profile/build-profile';
import { outlierCandidates } from './outlier';
import { indexProfile } from './profile-index';

// Invented shares of a harbour's tonnage, written as a tool writes floats: every digit it has
// (up to 17 significant digits), from 0.002 to 0.006.
const rows = Array.from({ length: 300 }, (_, i) => ({ id: `r${i}`, share: String(0.002 + ((i * 0.000123456789012345678) % 0.004)) }));
const index = indexProfile(buildProfile(rows));
const readings = (current: string) =>
  outlierCandidates({ column: 'share', current, col: index.columns.get('share'), index, noise: index.noise, row: { id: 'x', share: current } }).map((c) => c.value);

describe('numbers far outside their column\'s range', () => {
  it('reads a unit slip back with every digit the number has, not rounded through a float', () => {
    // 0.003518296407385124 written a hundred times too large.
    expect(readings('0.3518296407385124')).toContain('0.003518296407385124');
  });

  it('undoes two swapped digits of a long number exactly', () => {
    // 0.004731902815527461 with its first two significant places swapped.
    expect(readings('0.040731902815527461')).toContain('0.004731902815527461');
  });
});

// Invented ferry timetable: crossing speeds in knots from 90 to 300 (none repeats often), and the
// survey year of each ferry, one of the decades 1850-2000.
const ferries = Array.from({ length: 400 }, (_, i) => ({ id: `f${i}`, knots: String(90 + ((i * 37) % 211)), surveyed: String(1850 + 10 * (i % 16)) }));
const ferryIndex = indexProfile(buildProfile(ferries));
const slips = (column: 'knots' | 'surveyed', current: string) =>
  outlierCandidates({ column, current, col: ferryIndex.columns.get(column), index: ferryIndex, noise: ferryIndex.noise, row: { id: 'x', knots: '150', surveyed: '1900', [column]: current } });

describe('readings of a number far out', () => {
  it('keeps the readings inside the range most of the column lies in, where there are any', () => {
    // 2300 knots: 230 (a digit too long, or ten times over) is a usual speed; 23, a hundred times over, is not.
    expect(slips('knots', '2300').map((c) => [c.value, c.rule])).toEqual([['230', 'outlier']]);
  });
});

describe('slips in numbers that are not far out', () => {
  it('reads a number just below the usual range back into it', () => {
    const out = slips('knots', '23');
    expect(out.map((c) => [c.value, c.rule])).toContainEqual(['230', 'outlier-near']);
    expect(out.every((c) => Number(c.value) >= 90 && Number(c.value) <= 300)).toBe(true);
  });

  it('turns a year the column never holds into the decade it does, by swapped digits', () => {
    const out = slips('surveyed', '1907');
    expect(out.map((c) => [c.value, c.rule])).toEqual([['1970', 'outlier-member']]);
    expect(out[0]!.reason).toContain('25 rows');
  });

  it('leaves numbers in range alone where the column gives no reason', () => {
    expect(slips('knots', '173')).toEqual([]);
    expect(slips('surveyed', '1950')).toEqual([]);
    // A decade written with a decimal is the decade (the format rule's business), not 1980 with
    // two digits swapped.
    expect(slips('surveyed', '1890.0')).toEqual([]);
  });
});

describe('a slip that recurs', () => {
  it('reads a number with a decimal in a column of whole minutes as a slip even where the same slip recurs', () => {
    // Invented ferry departures: minutes late, whole, from -10 to 30, each in about ten rows; the
    // point slipped into "-7" in three of them.
    const late = Array.from({ length: 400 }, (_, i) => ({ id: `d${i}`, late: i < 3 ? '-0.7' : String(((i * 7) % 41) - 10) }));
    const lateIndex = indexProfile(buildProfile(late));
    const out = outlierCandidates({ column: 'late', current: '-0.7', col: lateIndex.columns.get('late'), index: lateIndex, noise: lateIndex.noise, row: { id: 'x', late: '-0.7' } });
    expect(out.map((c) => [c.value, c.rule])).toEqual([['-7', 'outlier-member']]);
  });
});

describe('whole numbers that never repeat', () => {
  it('reads no unit slip in a whole number a digit short among numbers that never repeat (account numbers), but does among repeated ones', () => {
    // Invented harbour accounts (eight digits, one per row) and berth fees in whole crowns that recur.
    const accounts = Array.from({ length: 300 }, (_, i) => ({ id: `a${i}`, account: String(70000000 + i * 33331), fee: String(200 + 50 * (i % 9)) }));
    const accountIndex = indexProfile(buildProfile(accounts));
    const read = (column: string, current: string) => outlierCandidates({ column, current, col: accountIndex.columns.get(column), index: accountIndex, noise: accountIndex.noise, row: { id: 'x', [column]: current } }).map((c) => c.value);
    expect(read('account', '7123456')).not.toContain('71234560');
    expect(read('fee', '35')).toContain('350');
  });
});

describe('readings of a number far out, weighed', () => {
  it('weighs each reading by how the column\'s numbers lie about it', () => {
    // Invented harbour delays in minutes: mostly up to twelve minutes, otherwise a quarter of an
    // hour to an hour.
    const delays = Array.from({ length: 500 }, (_, i) => ({ id: `d${i}`, delay: String(i % 10 < 6 ? i % 13 : 15 + (i % 46)) }));
    const delayIndex = indexProfile(buildProfile(delays));
    const read = outlierCandidates({ column: 'delay', current: '500', col: delayIndex.columns.get('delay'), index: delayIndex, noise: delayIndex.noise, row: { id: 'x', delay: '500' } });
    const p = (value: string) => read.find((c) => c.value === value)?.p ?? 0;
    // 500 is 5 written a hundred times over, or 50 with a zero typed twice: more delays lie about 5.
    expect(p('5')).toBeGreaterThan(2 * p('50'));
    expect(read.reduce((sum, c) => sum + c.p, 0)).toBeCloseTo(0.5, 6);
  });

  it('does not let the smallest reading win in a column whose amounts spread over orders of magnitude', () => {
    // Invented harbour dues: a third of the ships pay nothing, the rest from a few to 40,000.
    const dues = Array.from({ length: 300 }, (_, i) => ({ id: `s${i}`, due: i % 3 === 0 ? '0' : (10 ** (1 + ((i * 7) % 36) / 10) + (i % 100) / 100).toFixed(2) }));
    const duesIndex = indexProfile(buildProfile(dues));
    const read = outlierCandidates({ column: 'due', current: '31457', col: duesIndex.columns.get('due'), index: duesIndex, noise: duesIndex.noise, row: { id: 'x', due: '31457' } });
    expect(read.length).toBeGreaterThan(1);
    for (const c of read) expect(c.p).toBeLessThan(0.35);
  });
});
