import { ruleInput } from '../../../test-support/rule-input';
import { buildProfile } from '../../profile/build-profile';
import type { SourceRecord } from '../provider';
import { suggestBuiltin } from './builtin-provider';
import { fullYearCandidates, monthCandidates, periodCandidates } from './months';
import { indexProfile } from './profile-index';

// Invented data: a harbour's monthly landings, the month kept by name.
const FULL = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

function landings(month: (m: number) => string): SourceRecord[] {
  return Array.from({ length: 240 }, (_, i) => ({ harbour: ['Varnholm', 'Ostreby', 'Kellmark'][i % 3]!, month: month(i % 12), tonnes: String(40 + ((i * 37) % 90)) }));
}

const propose = (rows: SourceRecord[], current: string) => {
  const index = indexProfile(buildProfile(rows));
  return monthCandidates(ruleInput(index, 'month', current)).map((c) => c.value);
};

describe('months by name', () => {
  it("writes a month's number, or its name in another language or form, as the column names its months", () => {
    const rows = landings((m) => FULL[m]!);
    expect(propose(rows, '3')).toEqual(['March']);
    expect(propose(rows, '03')).toEqual(['March']);
    expect(propose(rows, 'März')).toEqual(['March']);
    expect(propose(rows, 'septiembre')).toEqual(['September']);
    expect(propose(rows, 'Sept')).toEqual(['September']);
    // No month has the number 13, and a word that names none is no month.
    expect(propose(rows, '13')).toEqual([]);
    expect(propose(rows, 'Marsh')).toEqual([]);
  });

  it('writes a month the column does not hold in its form and case', () => {
    // Short upper-case names, and no October in the column.
    const rows = landings((m) => (m === 9 ? 'NOV' : FULL[m]!.slice(0, 3).toUpperCase()));
    expect(propose(rows, '10')).toEqual(['OCT']);
    expect(propose(rows, 'February')).toEqual(['FEB']);
  });

  it('leaves a column that is not one of month names alone', () => {
    // A column of harbours with one named after a month is no column of months.
    const rows = landings((m) => (m === 0 ? 'May' : ['Varnholm', 'Ostreby', 'Kellmark'][m % 3]!));
    expect(propose(rows, '5')).toEqual([]);
  });

  it('is suggested by the provider', () => {
    const rows = landings((m) => FULL[m]!);
    const row = { ...rows[5]!, month: '7' };
    const result = suggestBuiltin({ issue: { issue_column: 'month', current_value: '7', row }, profile: buildProfile(rows.map((r, i) => (i === 5 ? row : r))) });
    expect(result).toMatchObject({ kind: 'suggestion', suggestedValue: 'July' });
  });
});

describe('months of a year', () => {
  const periods = (write: (year: number, month: number) => string): SourceRecord[] =>
    Array.from({ length: 240 }, (_, i) => ({ harbour: ['Varnholm', 'Ostreby', 'Kellmark'][i % 3]!, period: write(2029 + (i % 4), 1 + (i % 12)), tonnes: String(40 + ((i * 37) % 90)) }));
  const proposeFor = (rows: SourceRecord[], current: string) => {
    const index = indexProfile(buildProfile(rows));
    return periodCandidates(ruleInput(index, 'period', current)).map((c) => c.value);
  };

  it("writes a month of a year in the column's form, whichever form it came in", () => {
    const rows = periods((y, m) => `${y}-${String(m).padStart(2, '0')}`);
    expect(proposeFor(rows, '03/2031')).toEqual(['2031-03']);
    expect(proposeFor(rows, 'March 2031')).toEqual(['2031-03']);
    expect(proposeFor(rows, 'März 2031')).toEqual(['2031-03']);
    expect(proposeFor(rows, '2031/3')).toEqual(['2031-03']);
    // No month 13; a number with a point is no period.
    expect(proposeFor(rows, '13/2031')).toEqual([]);
    expect(proposeFor(rows, '2031.3')).toEqual([]);
  });

  it('writes a named form in its case, and months 10 to 12 do not decide whether months are padded', () => {
    expect(proposeFor(periods((y, m) => `${['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][m - 1]} ${y}`), '2031-09')).toEqual(['Sep 2031']);
    expect(proposeFor(periods((y, m) => `${m}/${y}`), '2031-09')).toEqual(['9/2031']);
  });

  it('leaves a column that is not one of periods alone', () => {
    const rows = periods((y, m) => (m % 2 === 0 ? `${y}-${String(m).padStart(2, '0')}` : `Q${1 + Math.floor((m - 1) / 3)} ${y}`));
    expect(proposeFor(rows, '03/2031')).toEqual([]);
  });
});

describe('years written with two digits', () => {
  it('writes the year in full where the column holds the value so, in one century only', () => {
    // Invented product seasons.
    const seasons = ['Spring', 'Summer', 'Autumn', 'Winter'];
    const rows: SourceRecord[] = Array.from({ length: 200 }, (_, i) => ({ item: `Cleat ${i}`, launched: `${seasons[i % 4]} ${2029 + (i % 3)}`, code: `FY${2029 + (i % 3)}` }));
    const index = indexProfile(buildProfile(rows));
    const full = (column: string, current: string) => fullYearCandidates(ruleInput(index, column, current)).map((c) => c.value);
    expect(full('launched', 'Spring 31')).toEqual(['Spring 2031']);
    expect(full('launched', "Autumn '30")).toEqual(['Autumn 2030']);
    expect(full('code', 'FY29')).toEqual(['FY2029']);
    // A year the column does not hold, or a value that is no short year, gets nothing.
    expect(full('launched', 'Spring 41')).toEqual([]);
    expect(full('launched', 'Spring 2031')).toEqual([]);
  });
});
