import { mulberry32 } from '../../demo/random';
import { buildProfile } from '../../profile/build-profile';
import { neighboursAt, type SourceRecord } from '../provider';
import { candidatesFor, suggestBuiltin } from './builtin-provider';

// Invented series: catches per harbour and year, a harbour's years in a row; a tide log with a row per day.

function series(): SourceRecord[] {
  const rows: SourceRecord[] = [];
  ['Varnholm', 'Ostreby', 'Kellmark', 'Dunsgate'].forEach((harbour, h) => {
    for (let year = 1950; year < 2000; year++) rows.push({ harbour, year: String(year), catch: String(100 + ((year * 37 + h * 23) % 90)) });
  });
  return rows;
}

function ask(rows: SourceRecord[], at: number, column: string, value: string) {
  const dirty = rows.map((r, i) => (i === at ? { ...r, [column]: value } : r));
  return suggestBuiltin({
    issue: { issue_column: column, current_value: value, row: dirty[at]!, neighbours: { previous: dirty[at - 1]!, next: dirty[at + 1]! } },
    profile: buildProfile(dirty),
  });
}

/** As the worker asks: the rows two either side of the failed one, with other cells spoilt too. */
function askAround(rows: SourceRecord[], at: number, column: string, value: string, spoilt: Record<number, string>) {
  const dirty = rows.map((r, i) => (i === at ? { ...r, [column]: value } : i in spoilt ? { ...r, [column]: spoilt[i]! } : r));
  const neighbours = neighboursAt(dirty, at);
  return suggestBuiltin({ issue: { issue_column: column, current_value: value, row: dirty[at]!, ...(neighbours ? { neighbours } : {}) }, profile: buildProfile(dirty) });
}

describe('a column that steps from row to row', () => {
  it('fills a blank year between the years of the rows either side', () => {
    expect(ask(series(), 63, 'year', '')).toMatchObject({ kind: 'suggestion', suggestedValue: '1963', rule: 'year:sequence' });
  });

  it('takes back a year carried in from another row', () => {
    expect(ask(series(), 120, 'year', '1987')).toMatchObject({ kind: 'suggestion', suggestedValue: '1970', rule: 'year:sequence' });
  });

  it('writes a day between its neighbours in the column\'s date layout', () => {
    const log = Array.from({ length: 120 }, (_, i) => {
      const d = new Date(Date.UTC(2021, 0, 1 + i));
      return { day: `${String(d.getUTCDate()).padStart(2, '0')}.${String(d.getUTCMonth() + 1).padStart(2, '0')}.${d.getUTCFullYear()}`, tide: String(2 + (i % 5) / 10) };
    });
    expect(ask(log, 59, 'day', 'N/A')).toMatchObject({ kind: 'suggestion', suggestedValue: '01.03.2021' });
  });

  it('writes the month between its neighbours in a monthly series, in the column\'s layout', () => {
    // Invented monthly landings per harbour, dated on the first of each month with month names.
    const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
    const rows: SourceRecord[] = [];
    for (const harbour of ['Varnholm', 'Ostreby']) {
      for (let m = 0; m < 60; m++) rows.push({ harbour, month: `${months[m % 12]} 1 ${2001 + Math.floor(m / 12)}`, landed: String(300 + ((m * 53) % 70)) });
    }
    // Jan 1 2004 to Mar 1 2004 is 60 days (a leap February), not two steps of 31: months, not days.
    expect(ask(rows, 37, 'month', '')).toMatchObject({ kind: 'suggestion', suggestedValue: 'Feb 1 2004', rule: 'month:sequence' });
    expect(ask(rows, 70, 'month', 'Sep 1 2003')).toMatchObject({ kind: 'suggestion', suggestedValue: 'Nov 1 2001', rule: 'month:sequence' });
  });

  it('reads past a blank neighbour to the row beyond it, counting the steps between', () => {
    const result = askAround(series(), 63, 'year', '', { 62: 'N/A' });
    expect(result).toMatchObject({ kind: 'suggestion', suggestedValue: '1963', rule: 'year:sequence' });
    expect(result.kind === 'suggestion' && result.reasoning).toContain('The row two rows before and the row after hold "1961" and "1964"');
  });

  it('passes over a neighbour holding a year of its own (carried in from another row) where the rows beyond step as they should', () => {
    const after = askAround(series(), 63, 'year', '', { 64: '1987' });
    expect(after).toMatchObject({ kind: 'suggestion', suggestedValue: '1963', rule: 'year:sequence' });
    expect(after.kind === 'suggestion' && after.reasoning).toContain('The row before and the row two rows after hold "1962" and "1965"');
    expect(askAround(series(), 63, 'year', '1936', { 62: '1971' })).toMatchObject({ kind: 'suggestion', suggestedValue: '1963', rule: 'year:sequence' });
  });

  it('reads one side alone where the other holds nothing within two rows, or the table ends', () => {
    const result = askAround(series(), 63, 'year', '', { 64: '', 65: 'N/A' });
    expect(result).toMatchObject({ kind: 'suggestion', suggestedValue: '1963', rule: 'year:sequence' });
    expect(result.kind === 'suggestion' && result.reasoning).toContain('The row before holds "1962"');
    expect(askAround(series(), 0, 'year', '', {})).toMatchObject({ kind: 'suggestion', suggestedValue: '1950', rule: 'year:sequence' });
  });

  it('proposes nothing where the rows either side are not two steps apart (where one series ends and the next begins)', () => {
    const rows = series();
    const result = ask(rows, 50, 'year', '');
    expect(result.kind === 'suggestion' && result.rule.endsWith(':sequence')).toBe(false);
  });
});

describe('a column of codes that number its rows', () => {
  // Invented berth bookings, numbered in the order they were made.
  const bookings = (): SourceRecord[] => Array.from({ length: 120 }, (_, i) => ({ booking: `BRTH-${String(400 + i).padStart(5, '0')}`, harbour: ['Varnholm', 'Ostreby', 'Kellmark'][(i * 7) % 3]! }));

  it('fills a blank or mistyped code with the code between the rows either side, in the column\'s form', () => {
    expect(ask(bookings(), 40, 'booking', '')).toMatchObject({ kind: 'suggestion', suggestedValue: 'BRTH-00440', rule: 'booking:sequence' });
    expect(ask(bookings(), 41, 'booking', 'BRTH-00414')).toMatchObject({ kind: 'suggestion', suggestedValue: 'BRTH-00441', rule: 'booking:sequence' });
  });

  it('passes over a neighbour written in another form to the row beyond it', () => {
    const result = askAround(bookings(), 60, 'booking', '', { 59: 'BTRH-00459' });
    expect(result).toMatchObject({ kind: 'suggestion', suggestedValue: 'BRTH-00460', rule: 'booking:sequence' });
    expect(result.kind === 'suggestion' && result.reasoning).toContain('"BRTH-00458"');
  });

  it('proposes nothing where the codes are not in the order of the rows', () => {
    const draw = mulberry32(11);
    const order = Array.from({ length: 120 }, (_, i) => i).sort(() => draw() - 0.5);
    const shuffled = bookings().map((r, i) => ({ ...r, booking: `BRTH-${String(400 + order[i]!).padStart(5, '0')}` }));
    expect(candidatesFor({ issue: { issue_column: 'booking', current_value: '', row: shuffled[40]!, neighbours: { previous: shuffled[39]!, next: shuffled[41]! } }, profile: buildProfile(shuffled) }).some((c) => c.family === 'sequence')).toBe(false);
  });
});

describe('a column whose rows come grouped by it', () => {
  it('fills a blank harbour with the harbour of the rows either side', () => {
    expect(ask(series(), 63, 'harbour', '')).toMatchObject({ kind: 'suggestion', suggestedValue: 'Ostreby', rule: 'harbour:run' });
  });

  it('takes back a harbour carried in from another row', () => {
    expect(ask(series(), 130, 'harbour', 'Varnholm')).toMatchObject({ kind: 'suggestion', suggestedValue: 'Kellmark', rule: 'harbour:run' });
  });

  it('reads past a blank or misspelt neighbour to the row beyond it', () => {
    expect(askAround(series(), 63, 'harbour', '', { 62: 'Ostrby' })).toMatchObject({ kind: 'suggestion', suggestedValue: 'Ostreby', rule: 'harbour:run' });
    expect(askAround(series(), 63, 'harbour', 'Dunsgate', { 62: '', 64: '?' })).toMatchObject({ kind: 'suggestion', suggestedValue: 'Ostreby', rule: 'harbour:run' });
  });

  it('reads past a neighbour holding another group\'s harbour where the rows beyond agree, less surely', () => {
    const result = askAround(series(), 63, 'harbour', '', { 64: 'Dunsgate' });
    expect(result).toMatchObject({ kind: 'suggestion', suggestedValue: 'Ostreby', rule: 'harbour:run' });
    expect(result.kind === 'suggestion' && result.reasoning).toContain('The row before and the row two rows after both hold "Ostreby"');
    const plain = askAround(series(), 63, 'harbour', '', {});
    expect(result.kind === 'suggestion' && plain.kind === 'suggestion' && result.confidence <= plain.confidence).toBe(true);
    // Where the rows either side are two groups', no pair further out agrees: no run (the boundary rule's).
    const boundary = askAround(series(), 50, 'harbour', '', {});
    expect(boundary.kind === 'suggestion' && boundary.rule).not.toBe('harbour:run');
  });

  it('fills a harbour whose name another column holds more often still, the harbour column holding it again and again', () => {
    // Most boats are named after a harbour: "Ostreby" is a vessel in many more rows than a harbour.
    const vessels = ['Ostreby', 'Ostreby', 'Ostreby', 'Ostreby', 'Ostreby', 'Morwen'];
    const rows = series().map((r, i) => ({ ...r, vessel: vessels[i % vessels.length]! }));
    expect(askAround(rows, 63, 'harbour', '', {})).toMatchObject({ kind: 'suggestion', suggestedValue: 'Ostreby', rule: 'harbour:run' });
  });

  it('reads one side alone where the other holds nothing within two rows, or the table ends', () => {
    const result = askAround(series(), 63, 'harbour', '', { 64: '', 65: '?' });
    expect(result).toMatchObject({ kind: 'suggestion', suggestedValue: 'Ostreby', rule: 'harbour:run' });
    expect(result.kind === 'suggestion' && result.reasoning).toContain('The row before holds "Ostreby"');
    expect(askAround(series(), 0, 'harbour', '', {})).toMatchObject({ kind: 'suggestion', suggestedValue: 'Varnholm', rule: 'harbour:run' });
  });

  it('reads nothing from one side in a column that keeps its value no more often than chance', () => {
    // Landings logged in no order of their harbour, seven in ten at the larger one: the row before
    // holds the larger harbour about as often as any row does, which says nothing of this row.
    const draw = (i: number) => (((Math.sin(i * 78.233) * 43758.5453) % 1) + 1) % 1;
    const rows: SourceRecord[] = Array.from({ length: 300 }, (_, i) => ({ landing: `L${1000 + i}`, harbour: draw(i) < 0.7 ? 'Varnholm' : 'Ostreby', crates: String((i * 37) % 53) }));
    const at = rows.findIndex((r, i) => i > 2 && rows[i - 1]!.harbour === 'Varnholm');
    const dirty = rows.map((r, i) => (i === at || i === at + 1 || i === at + 2 ? { ...r, harbour: '' } : r));
    const input = { issue: { issue_column: 'harbour', current_value: '', row: dirty[at]!, neighbours: neighboursAt(dirty, at)! }, profile: buildProfile(dirty) };
    expect(input.profile.columns.find((c) => c.name === 'harbour')!.runs).toBeDefined();
    expect(candidatesFor(input).filter((c) => c.rule.endsWith(':run'))).toEqual([]);
  });

  it('does not read a failed amount as the commonest amount of a column of numbers in no order, however its neighbours agree', () => {
    // Landings logged in no order, four in five with no fee: the rows either side of a fee mostly
    // charged none, as most rows did; a failed fee is most likely its own amount mistyped.
    const draw = (i: number) => (((Math.sin(i * 78.233) * 43758.5453) % 1) + 1) % 1;
    const rows: SourceRecord[] = Array.from({ length: 300 }, (_, i) => ({ landing: `L${1000 + i}`, fee: draw(i) < 0.8 ? '0' : String(100 + Math.floor(draw(i + 7) * 900)), crates: String((i * 37) % 53) }));
    const at = rows.findIndex((r, i) => i > 2 && i < 290 && r.fee !== '0' && rows[i - 1]!.fee === '0' && rows[i + 1]!.fee === '0');
    const input = { issue: { issue_column: 'fee', current_value: '4123', row: { ...rows[at]!, fee: '4123' }, neighbours: neighboursAt(rows, at)! }, profile: buildProfile(rows) };
    expect(input.profile.columns.find((c) => c.name === 'fee')!.runs).toBeDefined();
    expect(candidatesFor(input).filter((c) => c.rule.endsWith(':run'))).toEqual([]);
    // A blank fee there may still be read from its neighbours, as the column's commonest amount is.
    const blank = { ...input, issue: { ...input.issue, current_value: '', row: { ...rows[at]!, fee: '' } } };
    expect(candidatesFor(blank).some((c) => c.rule.endsWith(':run') && c.value === '0')).toBe(true);
  });

  it('reads a neighbour written in other case or spacing as the group it is written for', () => {
    expect(askAround(series(), 63, 'harbour', '', { 61: ' ostreby', 62: 'OSTREBY' })).toMatchObject({ kind: 'suggestion', suggestedValue: 'Ostreby', rule: 'harbour:run' });
  });

  it('does not suggest a value only neighbours back where fewer than half the rows between equal values hold it', () => {
    // Landings logged in no order of their harbour: each row's harbour one of six, drawn anew, so
    // two equal neighbours say little of the row between them (the column's frequencies, which
    // favour no harbour, say nothing either).
    const harbours = ['Varnholm', 'Ostreby', 'Kellmark', 'Dunsgate', 'Pellarow', 'Brisk'];
    const draw = (i: number) => (((Math.sin(i * 12.9898) * 43758.5453) % 1) + 1) % 1;
    const rows: SourceRecord[] = Array.from({ length: 300 }, (_, i) => ({ landing: `L${1000 + i}`, harbour: harbours[Math.floor(draw(i) * 6)]!, crates: String((i * 37) % 53) }));
    const between = rows.map((_, i) => i).filter((i) => i > 0 && i < rows.length - 1 && rows[i - 1]!.harbour === rows[i + 1]!.harbour).slice(0, 12);
    expect(between.length).toBe(12);
    const copied = between.filter((at) => {
      const result = ask(rows, at, 'harbour', '');
      return result.kind === 'suggestion' && result.suggestedValue === rows[at - 1]!.harbour;
    });
    expect(copied).toEqual([]);
  });

  it('does not copy the neighbours\' value where rows between equal values seldom hold it (two harbours taking turns)', () => {
    const turns: SourceRecord[] = [];
    for (let year = 1900; year < 2000; year++) for (const harbour of ['Varnholm', 'Ostreby']) turns.push({ harbour, year: String(year), catch: String(100 + ((year * 37) % 90)) });
    const result = ask(turns, 81, 'harbour', '');
    expect(result.kind === 'suggestion' && result.suggestedValue === 'Varnholm').toBe(false);
  });
});

describe('a column whose values repeat in a fixed order', () => {
  // Invented watch log: each day's three watches in turn, with the crew on watch.
  const log = (): SourceRecord[] =>
    Array.from({ length: 150 }, (_, i) => ({ day: String(1 + Math.floor(i / 3)), watch: ['dawn', 'noon', 'dusk'][i % 3]!, crew: String(3 + ((i * 7) % 5)) }));

  it('fills a blank watch with the watch between those of the rows either side', () => {
    expect(ask(log(), 64, 'watch', '')).toMatchObject({ kind: 'suggestion', suggestedValue: 'noon', rule: 'watch:cycle' });
  });

  it('takes back a watch carried in from another row', () => {
    expect(ask(log(), 75, 'watch', 'dusk')).toMatchObject({ kind: 'suggestion', suggestedValue: 'dawn', rule: 'watch:cycle' });
  });

  it('reads the order from one neighbour where the other is blank too, or where the table ends', () => {
    const rows = log().map((r, i) => (i === 64 || i === 65 ? { ...r, watch: '' } : r));
    const blankAfter = suggestBuiltin({ issue: { issue_column: 'watch', current_value: '', row: rows[64]!, neighbours: { previous: rows[63]!, next: rows[65]! } }, profile: buildProfile(rows) });
    expect(blankAfter).toMatchObject({ kind: 'suggestion', suggestedValue: 'noon', rule: 'watch:cycle' });
    const first = log().map((r, i) => (i === 0 ? { ...r, watch: '' } : r));
    const atTheTop = suggestBuiltin({ issue: { issue_column: 'watch', current_value: '', row: first[0]!, neighbours: { next: first[1]! } }, profile: buildProfile(first) });
    expect(atTheTop).toMatchObject({ kind: 'suggestion', suggestedValue: 'dawn', rule: 'watch:cycle' });
  });

  it('reads nothing from one neighbour where neither holds a value of the order', () => {
    const rows = log().map((r, i) => (i >= 63 && i <= 65 ? { ...r, watch: '' } : r));
    const input = { issue: { issue_column: 'watch', current_value: '', row: rows[64]!, neighbours: { previous: rows[63]!, next: rows[65]! } }, profile: buildProfile(rows) };
    expect(candidatesFor(input).filter((c) => c.rule.endsWith(':cycle'))).toEqual([]);
  });

  it('reads past blank neighbours to the rows beyond them', () => {
    expect(askAround(log(), 64, 'watch', '', { 63: '', 65: 'N/A' })).toMatchObject({ kind: 'suggestion', suggestedValue: 'noon', rule: 'watch:cycle' });
  });

  it('reads neighbours written in other case or spacing as the values they are written for', () => {
    expect(askAround(log(), 64, 'watch', '', { 62: '', 63: 'DAWN', 65: ' Dusk', 66: '' })).toMatchObject({ kind: 'suggestion', suggestedValue: 'noon', rule: 'watch:cycle' });
  });

  it('gives two harbours taking turns their turn', () => {
    const turns: SourceRecord[] = [];
    for (let year = 1900; year < 2000; year++) for (const harbour of ['Varnholm', 'Ostreby']) turns.push({ harbour, year: String(year), catch: String(100 + ((year * 37) % 90)) });
    expect(ask(turns, 81, 'harbour', '')).toMatchObject({ kind: 'suggestion', suggestedValue: 'Ostreby', rule: 'harbour:cycle' });
  });
});

describe('the row between two groups of a sorted table', () => {
  // Invented ferry timetables sorted by port and, within a port, by year: each port's years go up
  // and the next port's start again lower.
  function timetables(): SourceRecord[] {
    const rows: SourceRecord[] = [];
    for (let k = 0; k < 40; k++) {
      const start = 1990 + ((k * 7) % 6);
      for (let i = 0; i < 3 + (k % 5); i++) rows.push({ port: `Port ${String.fromCharCode(65 + (k % 26))}${Math.floor(k / 26) + 1}`, year: String(start + i), sailings: String(200 + ((k * 31 + i * 17) % 150)) });
    }
    return rows;
  }
  const firstOf = (rows: SourceRecord[], port: string) => rows.findIndex((r) => r.port === port);
  const lastOf = (rows: SourceRecord[], port: string) => rows.length - 1 - [...rows].reverse().findIndex((r) => r.port === port);

  it('puts the first row of a group with the rows after it, where the years start again', () => {
    const rows = timetables();
    const at = firstOf(rows, 'Port K1');
    expect(ask(rows, at, 'port', '')).toMatchObject({ kind: 'suggestion', suggestedValue: 'Port K1', rule: 'port:run-boundary' });
  });

  it('puts the last row of a group with the rows before it', () => {
    const rows = timetables();
    const at = lastOf(rows, 'Port Q1');
    expect(ask(rows, at, 'port', 'N/A')).toMatchObject({ kind: 'suggestion', suggestedValue: 'Port Q1', rule: 'port:run-boundary' });
  });

  it('does not take a neighbour written in other case for a group of its own', () => {
    const rows = timetables();
    const at = firstOf(rows, 'Port Q1') + 2;
    const dirty = rows.map((r, i) => (i === at - 1 ? { ...r, port: 'PORT Q1' } : i === at ? { ...r, port: '' } : r));
    const candidates = candidatesFor({ issue: { issue_column: 'port', current_value: '', row: dirty[at]!, neighbours: neighboursAt(dirty, at)! }, profile: buildProfile(dirty) });
    expect(candidates.filter((c) => c.rule.endsWith('run-boundary'))).toEqual([]);
    expect(candidates.find((c) => c.rule.endsWith(':run'))).toMatchObject({ value: 'Port Q1' });
  });

  it('does not take another column\'s value, carried into the neighbour, for a group', () => {
    // Each sailing names its vessel; the row before the failed one had its vessel written for its port.
    const vessels = ['Skerry Queen', 'Morwen', 'Lantern Bay', 'Tideway'];
    const rows = timetables().map((r, i) => ({ ...r, vessel: vessels[i % vessels.length]! }));
    const at = lastOf(rows, 'Port Q1');
    const dirty = rows.map((r, i) => (i === at - 1 ? { ...r, port: 'Skerry Queen' } : i === at ? { ...r, port: 'N/A' } : r));
    const candidates = candidatesFor({ issue: { issue_column: 'port', current_value: 'N/A', row: dirty[at]!, neighbours: { previous: dirty[at - 1]!, next: dirty[at + 1]! } }, profile: buildProfile(dirty) });
    expect(candidates.filter((c) => c.value === 'Skerry Queen')).toEqual([]);
  });

  it('says nothing where the row holds nothing to place it by', () => {
    const rows = timetables();
    const at = firstOf(rows, 'Port K1');
    const dirty = rows.map((r, i) => (i === at ? { port: '', year: '', sailings: '' } : r));
    const candidates = candidatesFor({ issue: { issue_column: 'port', current_value: '', row: dirty[at]!, neighbours: { previous: dirty[at - 1]!, next: dirty[at + 1]! } }, profile: buildProfile(dirty) });
    expect(candidates.filter((c) => c.rule.endsWith('run-boundary'))).toEqual([]);
  });
});

describe('steps read past neighbours that are written otherwise or are errors of their own', () => {
  // Invented: censuses every five years per district, 1960 to 2010; a second system wrote a third
  // of the years with digit grouping ("1,985").
  function censuses(): SourceRecord[] {
    const rows: SourceRecord[] = [];
    ['Alder', 'Brisk', 'Corran', 'Dunlow', 'Eastmere', 'Fallow'].forEach((district, d) => {
      for (let year = 1960; year <= 2010; year += 5) {
        const grouped = (year / 5 + d) % 3 === 0;
        rows.push({ district, year: grouped ? `${String(year).slice(0, 1)},${String(year).slice(1)}` : String(year), people: String(1000 + ((year * 7 + d * 13) % 400)) });
      }
    });
    return rows;
  }
  const rows = censuses();
  const candidatesAt = (dirty: SourceRecord[], at: number) =>
    candidatesFor({ issue: { issue_column: 'year', current_value: String(dirty[at]!.year), row: dirty[at]!, neighbours: neighboursAt(dirty, at)! }, profile: buildProfile(dirty) });

  it('reads a grouped year as a position, so a group\'s last row steps from its own group, not back from the next one', () => {
    const last = rows.findIndex((r, i) => r.district === 'Brisk' && rows[i + 1]?.district === 'Corran');
    // The failed year has a letter for a digit; the two rows before it are written grouped.
    const dirty = rows.map((r, i) => (i === last ? { ...r, year: '2O10' } : i === last - 1 ? { ...r, year: '2,005' } : i === last - 2 ? { ...r, year: '2,000' } : r));
    const sequence = candidatesAt(dirty, last).filter((c) => c.rule.endsWith(':sequence')).map((c) => c.value);
    // Read, the row before says 2005 and the row after starts the next district: no step is sure.
    expect(sequence).not.toContain('1955');
    expect(sequence).toEqual([]);
  });

  it('does not step from a neighbour far outside the column\'s numbers (another column\'s value swapped in)', () => {
    const at = rows.findIndex((r) => r.district === 'Dunlow' && r.year === '1985');
    const dirty = rows.map((r, i) => (i === at ? { ...r, year: '19B5' } : i === at - 1 ? { ...r, year: '3' } : i === at + 1 ? { ...r, year: '1,990' } : r));
    const sequence = candidatesAt(dirty, at).filter((c) => c.rule.endsWith(':sequence')).map((c) => c.value);
    expect(sequence).not.toContain('8');
    expect(sequence).toEqual(['1985']);
  });
});
