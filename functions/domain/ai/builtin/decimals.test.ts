import { describe, expect, it } from 'vitest';
import { buildProfile } from '../../profile/build-profile';
import { decimalsCandidates } from './decimals';
import { indexProfile } from './profile-index';

// Invented tide-gauge readings: metres with one decimal, 0.5 to 9.9.
const rows = Array.from({ length: 200 }, (_, i) => ({ id: `r${i}`, tide: (0.5 + ((i * 3.7) % 9.4)).toFixed(1) }));
const index = indexProfile(buildProfile(rows));
const proposals = (current: string, column = 'tide', idx = index) =>
  decimalsCandidates({ column, current, col: idx.columns.get(column), index: idx, noise: idx.noise, row: { id: 'x', [column]: current } }).map((c) => [c.value, Math.round(c.p * 100)] as const);

describe('numbers that do not show their column\'s decimals', () => {
  it('reads a number with more decimals than the column writes as a moved point, when that gives a usual value', () => {
    const [best] = proposals('0.47');
    expect(best?.[0]).toBe('4.7');
    expect(best?.[1]).toBeGreaterThan(60);
  });

  it('reads a whole number out of the column\'s range as a lost point, written with the column\'s decimals', () => {
    expect(proposals('47')[0]?.[0]).toBe('4.7');
    expect(proposals('80')[0]?.[0]).toBe('8.0');
  });

  it('leaves a whole number within the range to the format rules, and the column\'s own form alone', () => {
    expect(proposals('4')).toEqual([]);
    expect(proposals('4.7')).toEqual([]);
  });

  it('says nothing in a column without one number of decimals', () => {
    const mixed = indexProfile(buildProfile(rows.map((r, i) => ({ ...r, tide: i % 2 ? r.tide : `${r.tide}5` }))));
    expect(proposals('0.47', 'tide', mixed)).toEqual([]);
  });

  it('says nothing in a column of codes that holds a stray number', () => {
    // Invented stock codes, one of them written as its digits alone.
    const codes = indexProfile(buildProfile(Array.from({ length: 200 }, (_, i) => ({ id: `r${i}`, sku: i === 7 ? '00142' : `SKU-${String(100 + i * 3).padStart(5, '0')}` }))));
    expect(proposals('00142', 'sku', codes)).toEqual([]);
  });
});

describe('decimals in a column of whole numbers', () => {
  // Invented ferry crossings: whole kilometres (120-2,400), and the crossing's hours with one decimal.
  const crossings = Array.from({ length: 240 }, (_, i) => ({ id: `r${i}`, km: String(120 + ((i * 97) % 2280)), hours: (1 + ((i * 0.37) % 20)).toFixed(1) }));
  const ferry = indexProfile(buildProfile(crossings));
  const ask = (current: string, hours = '6.2') =>
    decimalsCandidates({ column: 'km', current, col: ferry.columns.get('km'), index: ferry, noise: ferry.noise, row: { id: 'x', km: current, hours } }).map((c) => c.value);

  it('reads a point typed into a whole number as a slip, never leaving a bare point', () => {
    expect(ask('183.6')[0]).toBe('1836');
    for (const value of ask('2519.3')) expect(value).not.toMatch(/\.$/);
  });

  it('leaves zeros after the point to the format rules', () => {
    expect(ask('1480.0')).toEqual([]);
  });

  it('leaves a number that another column of the row writes, beside an odd value there, to the swap rule', () => {
    // "12.5" is a usual crossing time and the row's hours hold "1250": the two were swapped.
    expect(ask('12.5', '1250')).toEqual([]);
    // Beside usual hours, the same number is read as a slip here.
    expect(ask('12.5', '6.2')).not.toEqual([]);
  });
});

describe('a column that is mostly one value', () => {
  it('still weighs readings by how usual they are, though more than half its numbers are 0', () => {
    // Invented daily snowfall in cm with one decimal: 0.0 on most days, up to about 30.
    const days = Array.from({ length: 300 }, (_, i) => ({ id: `d${i}`, snow: i % 5 < 3 ? '0.0' : (((i * 7.3) % 30) + 0.1).toFixed(1) }));
    const snowIndex = indexProfile(buildProfile(days));
    expect(snowIndex.columns.get('snow')!.profile.numeric!.mad).toBe(0);
    const [best] = decimalsCandidates({ column: 'snow', current: '2140', col: snowIndex.columns.get('snow'), index: snowIndex, noise: snowIndex.noise, row: { id: 'x', snow: '2140' } });
    expect(best?.value).toBe('21.4');
  });
});

describe('a leading zero the column never writes', () => {
  // Invented ferry speeds in whole knots, 40-200; and the same ferries' berth codes, two digits
  // written with their leading zero ("04").
  const ferries = Array.from({ length: 240 }, (_, i) => ({ id: `r${i}`, knots: String(40 + ((i * 37) % 161)), berth: String(1 + (i % 40)).padStart(2, '0') }));
  const fleet = indexProfile(buildProfile(ferries));
  const ask = (column: string, current: string) => proposals(current, column, fleet);

  it('weighs a digit moved to the front or one left out against dropping the zero', () => {
    // "07" is no speed of this column; "70" (the zero moved to the front) is nearer its usual
    // speeds than 7, and "107" (a digit left out) too.
    const readings = ask('knots', '07');
    expect(readings[0]?.[0]).toBe('70');
    expect(readings.find(([v]) => v === '7')?.[1] ?? 0).toBeLessThan(25);
    // A zero typed twice in front of a usual speed: dropping it is the likeliest reading.
    expect(ask('knots', '0140')[0]?.[0]).toBe('140');
  });

  it('leaves the leading zeros of a column that writes them to the format rules', () => {
    expect(ask('berth', '04')).toEqual([]);
  });
});
