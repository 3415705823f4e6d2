import { generateErrors, type TableSpec } from './errors';
import { addHabits, codeOf, habitsFor } from './habits';

/** An invented harbour log: a berth, a vessel name, a survey date, a draught, a crew count, a remark mostly left empty. */
function spec(): TableSpec {
  const rows: string[][] = [];
  for (let i = 0; i < 300; i++) {
    const day = String((i % 28) + 1).padStart(2, '0');
    rows.push([`B-${300 + (i % 50)}`, `Tern ${i % 50}`, `2031-03-${day}`, (4 + (i % 9) / 10).toFixed(1), String(1200 + i * 7), i % 10 === 0 ? 'swell' : '', i % 2 === 0 ? 'quay' : 'office']);
  }
  return { header: ['berth', 'vessel', 'surveyed', 'draught', 'crew', 'remark', 'feed'], rows, units: { draught: 'm' }, sourceColumn: 'feed' };
}

describe('held-out habits (systematic errors)', () => {
  it('offers only the habits that fit a column, and none for the source column', () => {
    const s = spec();
    expect(habitsFor(s, 1)).toEqual(['upper']);
    expect(habitsFor(s, 2)).toEqual(['month-first']);
    expect(habitsFor(s, 3)).toEqual(['unit']);
    expect(habitsFor(s, 4)).toEqual(['point-zero', 'grouping']);
    expect(habitsFor(s, 5)).toEqual(['upper', 'marker']);
    expect(habitsFor(s, 6)).toEqual([]);
  });

  it('rewrites a share of one column per habit, leaves cells the random errors spoilt, and is seeded', () => {
    const s = spec();
    const spoilt = generateErrors(s, { seed: 4, rate: 0.05 }).dirty;
    const a = addHabits(s, spoilt, { seed: 9, columns: 3 });
    expect(addHabits(s, spoilt, { seed: 9, columns: 3 })).toEqual(a);
    expect(a.habits).toHaveLength(3);
    expect(new Set(a.habits.map((h) => h.column)).size).toBe(3);
    for (const h of a.habits) {
      const c = s.header.indexOf(h.column);
      let changed = 0;
      s.rows.forEach((row, r) => {
        if (a.dirty[r]![c] === spoilt[r]![c]) return;
        // Only a cell the random errors left clean is rewritten.
        expect(spoilt[r]![c]).toBe(row[c]);
        changed++;
      });
      expect(changed).toBe(h.cells);
      // 30-60 % of the values it applies to (all the empty cells, for the marker habit).
      const filled = s.rows.filter((row) => row[c] !== '').length;
      if (h.habit === 'marker') expect(h.cells).toBeGreaterThan(0.9 * (s.rows.length - filled));
      else expect(h.cells / filled).toBeGreaterThan(0.2);
    }
    // Columns without a habit are as the random errors left them.
    const touched = new Set(a.habits.map((h) => s.header.indexOf(h.column)));
    s.header.forEach((_, c) => {
      if (!touched.has(c)) expect(a.dirty.map((r) => r[c])).toEqual(spoilt.map((r) => r[c]));
    });
  });

  it('rewrites the share given of every habit column: 1 is the whole column', () => {
    const s = spec();
    // The survey dates (month first) and the draughts (a unit after them), alone: every value has the habit's form.
    for (const column of ['surveyed', 'draught']) {
      const c = s.header.indexOf(column);
      const one: TableSpec = { header: [column], rows: s.rows.map((r) => [r[c]!]), units: s.units };
      const whole = addHabits(one, one.rows, { seed: 3, columns: 1, share: 1 });
      expect(whole.habits[0]!.cells).toBe(one.rows.length);
      expect(whole.dirty.every((row, r) => row[0] !== one.rows[r]![0])).toBe(true);
      // A share of 0.5 rewrites about half of them; without a share, 30-60 %.
      const half = addHabits(one, one.rows, { seed: 3, columns: 1, share: 0.5 }).habits[0]!.cells / one.rows.length;
      expect(half).toBeGreaterThan(0.4);
      expect(half).toBeLessThan(0.6);
    }
  });

  it('writes a category as a code: initials of its words, or a word\'s first three letters', () => {
    expect(codeOf('Europe')).toBe('EUR');
    expect(codeOf('Gull or tern')).toBe('GOT');
    expect(codeOf('north-east quay')).toBe('NEQ');
    // A column of few worded categories whose codes differ is offered the code habit; names are not.
    const port: TableSpec = { header: ['region', 'vessel'], rows: Array.from({ length: 40 }, (_, i) => [['North Quay', 'Harbour', 'East Pier'][i % 3]!, `Tern ${i}`]) };
    expect(habitsFor(port, 0)).toContain('code');
    expect(habitsFor(port, 1)).not.toContain('code');
    const whole = addHabits({ ...port, header: ['region'], rows: port.rows.map((r) => [r[0]!]) }, port.rows.map((r) => [r[0]!]), { seed: 5, columns: 1, share: 1 });
    expect(whole.habits[0]!.habit).toBe('code');
    expect(new Set(whole.dirty.map((r) => r[0]))).toEqual(new Set(['NQ', 'HAR', 'EP']));
  });

  it('writes each habit its own way', () => {
    const s = spec();
    // One column of the log alone: its habit is the one drawn for it.
    const rewritten = (column: string) => {
      const c = s.header.indexOf(column);
      const one: TableSpec = { header: [column], rows: s.rows.map((r) => [r[c]!]), units: s.units };
      const { dirty } = addHabits(one, one.rows, { seed: 1, columns: 1 });
      const r = dirty.findIndex((row, i) => row[0] !== one.rows[i]![0]);
      return [one.rows[r]![0]!, dirty[r]![0]!];
    };
    const [vessel, upper] = rewritten('vessel');
    expect(upper).toBe(vessel!.toUpperCase());
    const [surveyed, monthFirst] = rewritten('surveyed');
    expect(monthFirst).toBe(surveyed!.replace(/^(\d{4})-(\d{2})-(\d{2})$/, '$2/$3/$1'));
    const [draught, withUnit] = rewritten('draught');
    expect(withUnit).toBe(`${draught} m`);
  });
});
