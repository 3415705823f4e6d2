import { describe, expect, it } from 'vitest';
import { layoutOfOrder, orderByAgreement, secondLayout, evenSplit, type DateReadings } from './date-order';
import { readDate, type DateLayout } from './dates';
import { buildProfile } from './build-profile';

// Invented tide surveys and ferry logs.

const read = (values: readonly string[]): DateReadings[] => values.map((v) => [readDate(v), 1] as const);
const pad = (n: number) => String(n).padStart(2, '0');

/** A monthly survey from March 2031, taken on the 1st: ISO dates, and every other one written month first. */
function monthly(n: number, slashEvery = 2): string[] {
  return Array.from({ length: n }, (_, i) => {
    const [year, month] = [2031 + Math.floor((i + 2) / 12), ((i + 2) % 12) + 1];
    return i % slashEvery === 1 ? `${pad(month)}/01/${year}` : `${year}-${pad(month)}-01`;
  });
}

describe('orderByAgreement', () => {
  it('reads dates that read both ways in the order under which they fall as the column\'s other dates do', () => {
    // Every ISO date is on the 1st; "05/01/2031" read day first would be the 5th of January.
    expect(orderByAgreement(read(monthly(48)))).toBe('month-first');
    // Written day first ("01/05/2031"), the same survey reads day first.
    const dayFirst = monthly(48).map((v) => v.replace(/^(\d{2})\/01\/(\d{4})$/, '01/$1/$2'));
    expect(orderByAgreement(read(dayFirst))).toBe('day-first');
  });

  it('says nothing where dates of any day and month read both ways about as well, or too few dates read one way', () => {
    // A year of daily ferry departures, every third one whose day is 12 or less written month
    // first with slashes, so that each reads both ways.
    const daily = Array.from({ length: 365 }, (_, i) => {
      const iso = new Date(Date.UTC(2031, 0, 1 + i)).toISOString().slice(0, 10);
      const [year, month, day] = iso.split('-');
      return i % 3 === 0 && Number(day) <= 12 ? `${month}/${day}/${year}` : iso;
    });
    expect(orderByAgreement(read(daily))).toBeUndefined();
    expect(orderByAgreement(read(monthly(12)))).toBeUndefined();
  });
});

describe('layoutOfOrder and secondLayout', () => {
  const counts = new Map<DateLayout, number>([
    ['DD/MM/YYYY', 30],
    ['MM/DD/YYYY', 30],
    ['YYYY-MM-DD', 25],
  ]);

  it('takes of two slash layouts that read the same dates the one of the column\'s order', () => {
    expect(layoutOfOrder('DD/MM/YYYY', 'month-first', counts)).toBe('MM/DD/YYYY');
    expect(layoutOfOrder('DD/MM/YYYY', 'day-first', counts)).toBe('DD/MM/YYYY');
    expect(layoutOfOrder('DD/MM/YYYY', undefined, counts)).toBe('DD/MM/YYYY');
    // A slash layout the dates read in less often is not the column's, whatever the order.
    expect(layoutOfOrder('DD/MM/YYYY', 'month-first', new Map([['DD/MM/YYYY', 30], ['MM/DD/YYYY', 12]]))).toBe('DD/MM/YYYY');
    expect(layoutOfOrder('YYYY-MM-DD', 'month-first', counts)).toBe('YYYY-MM-DD');
  });

  it('counts as a second layout only dates that do not read in the first', () => {
    const dates = read(monthly(40));
    expect(secondLayout(dates, 'YYYY-MM-DD', 'month-first')).toEqual(['MM/DD/YYYY', 20]);
    // The slash dates' other reading is the same dates, not a second layout.
    expect(secondLayout(dates, 'MM/DD/YYYY', 'month-first')).toEqual(['YYYY-MM-DD', 20]);
    expect(secondLayout(read(['2031-03-01', '2031-04-01']), 'YYYY-MM-DD')).toBeUndefined();
  });
});

describe('a date column two systems wrote', () => {
  const profileOf = (values: readonly string[]) => buildProfile(values.map((surveyed, i) => ({ id: `r${i}`, surveyed }))).columns.find((c) => c.name === 'surveyed')!;

  it('keeps the order its dates agree on, its second layout and whether the two split it about evenly', () => {
    // Three in five written month first, all on the 1st: the slash layout is the column's, month first.
    const col = profileOf(monthly(100, 100).map((v, i) => (i % 5 < 3 ? v.replace(/^(\d{4})-(\d{2})-01$/, '$2/01/$1') : v)));
    expect(col.slashDates).toBe('month-first');
    expect(col.dateLayout).toBe('MM/DD/YYYY');
    expect(col.dateLayoutShare).toBeCloseTo(0.6, 2);
    expect(col.otherDateLayout).toMatchObject({ layout: 'YYYY-MM-DD', share: 0.4 });
    expect(evenSplit(col)?.layout).toBe('YYYY-MM-DD');
    // One in three written with slashes: a second layout, but no even split.
    const few = profileOf(monthly(99, 3));
    expect(few.dateLayout).toBe('YYYY-MM-DD');
    expect(few.otherDateLayout).toMatchObject({ layout: 'MM/DD/YYYY', share: 0.333 });
    expect(evenSplit(few)).toBeUndefined();
  });
});
