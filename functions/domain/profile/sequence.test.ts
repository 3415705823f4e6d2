import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../demo/random';
import { positionReader, rowBoundaries, rowCycle, rowRuns, rowSequence, writePosition } from './sequence';
import { buildProfile } from './build-profile';

// Invented watch logs: each day's three watches in turn (dawn, noon, dusk), and variants of it.

const WATCHES = ['dawn', 'noon', 'dusk'];
// As the profile builder reads a column: no value for a blank.
const cycleOf = (values: readonly string[]) => rowCycle({ distinct: new Set(values).size, filled: values.length }, values.length, (row) => values[row] || undefined);
/** The order read from dawn (it starts at the commonest value). */
const fromDawn = (order: readonly string[] | undefined) => order && [...order.slice(order.indexOf('dawn')), ...order.slice(0, order.indexOf('dawn'))];

describe('a column whose values repeat in a fixed order', () => {
  it('finds the order and how often a row between two neighbours holds the value between them', () => {
    const log = Array.from({ length: 90 }, (_, i) => WATCHES[i % 3]!);
    log[40] = 'dusk'; // one watch written in the wrong row
    const cycle = cycleOf(log);
    expect(fromDawn(cycle?.order)).toEqual(['dawn', 'noon', 'dusk']);
    expect(cycle!.share).toBeGreaterThan(0.95);
    expect(cycle!.share).toBeLessThan(1);
    // One step: the stray breaks the step into it and the step out of it.
    expect(cycle!.stepShare).toBeGreaterThan(0.95);
    expect(cycle!.stepShare).toBeLessThan(cycle!.share);
  });

  it('reads blanks and misspelt values as errors of their own, not as breaks in the order', () => {
    const draw = mulberry32(3);
    const log = Array.from({ length: 300 }, (_, i) => WATCHES[i % 3]!);
    for (let i = 0; i < log.length; i++) if (draw() < 0.2) log[i] = draw() < 0.5 ? '' : `${log[i]}x${i}`;
    const cycle = cycleOf(log);
    expect(fromDawn(cycle?.order)).toEqual(['dawn', 'noon', 'dusk']);
    expect(cycle!.share).toBeGreaterThan(0.95);
  });

  it('keeps none where each value mostly follows itself (the rows come grouped by it: a run)', () => {
    const grouped = WATCHES.flatMap((w) => Array.from({ length: 30 }, () => w));
    expect(cycleOf(grouped)).toBeUndefined();
  });

  it('keeps none where the column holds, again and again, a value the order leaves out', () => {
    // Most days log three watches; some also log a midnight watch after dusk: one day in twelve
    // (a stray the order may leave out), or two days in five (the order is not the column's).
    const withMidnight = (days: readonly number[]) => Array.from({ length: 120 }, (_, day) => (days.includes(day % 12) ? [...WATCHES, 'midnight'] : WATCHES)).flat();
    expect(fromDawn(cycleOf(withMidnight([0]))?.order)).toEqual(['dawn', 'noon', 'dusk']);
    expect(cycleOf(withMidnight([0, 1, 5, 6, 10]))).toBeUndefined();
  });

  it('keeps none where values follow each other in no order', () => {
    const draw = mulberry32(11);
    expect(cycleOf(Array.from({ length: 300 }, () => WATCHES[Math.floor(draw() * 3)]!))).toBeUndefined();
  });
});

describe('a column whose values keep from row to row (runs)', () => {
  // As the profile builder reads a column: no value for a blank, and each value's count.
  const runsOf = (values: readonly string[]) => {
    const counts = new Map<string, number>();
    for (const v of values) if (v) counts.set(v, (counts.get(v) ?? 0) + 1);
    const filled = values.filter(Boolean).length;
    const singletons = [...counts.values()].filter((n) => n === 1).length;
    return rowRuns({ filled, singletons }, values.length, (row) => values[row] || undefined, (row) => counts.get(values[row]!) ?? 0);
  };
  // Each ship's watches logged together: runs of twelve rows per ship.
  const SHIPS = ['Tern', 'Gannet', 'Skua', 'Fulmar', 'Petrel'];
  const grouped = () => Array.from({ length: 600 }, (_, i) => SHIPS[Math.floor(i / 12) % SHIPS.length]!);

  it('reads blanks and misspelt names between two rows of a ship as errors of their own, not as breaks in its run', () => {
    const draw = mulberry32(8);
    const log = grouped();
    // Three rows in ten wrong: most of them blank, one in four misspelt (a name seen once).
    for (let i = 0; i < log.length; i++) if (draw() < 0.3) log[i] = draw() < 0.75 ? '' : `${log[i]}x${i}`;
    expect(runsOf(log)!.share).toBeGreaterThan(0.95);
  });

  it('keeps how often a row holds the value of the row before: eleven rows in twelve of a ship', () => {
    expect(runsOf(grouped())!.stepShare).toBeCloseTo(11 / 12, 2);
  });

  it('still counts a ship written where another belongs as a break', () => {
    const draw = mulberry32(9);
    const log = grouped();
    for (let i = 0; i < log.length; i++) if (draw() < 0.3) log[i] = SHIPS[Math.floor(draw() * SHIPS.length)]!;
    expect(runsOf(log)!.share).toBeLessThan(0.9);
  });

  it('counts a value seen once as a break where most values are seen once (amounts, not misspelt names)', () => {
    // Cargo weights: mostly distinct, with stretches of empty holds (0) between loaded ones.
    const draw = mulberry32(10);
    const weights = Array.from({ length: 600 }, (_, i) => (Math.floor(i / 6) % 2 === 0 ? '0' : String(1000 + Math.floor(draw() * 90_000))));
    for (let i = 0; i < weights.length; i += 7) weights[i] = String(200_000 + i);
    const share = runsOf(weights)!.share;
    expect(share).toBeLessThan(0.95);
  });
});

describe('the rows between two groups (boundaries)', () => {
  // Invented lighthouse logs sorted by lighthouse, then by night: the nights go up within a
  // lighthouse and start again at the next one; the keeper's initials say nothing of the order.
  const LIGHTS = ['Skerry', 'Holm', 'Noss', 'Rona', 'Fladda', 'Sule'];
  const log = Array.from({ length: 480 }, (_, i) => ({ light: LIGHTS[Math.floor(i / 8) % LIGHTS.length]!, night: String((i % 8) + 1), keeper: ['AB', 'CD', 'EF'][(i * 7) % 3]! }));
  const column = (name: 'light' | 'night' | 'keeper', rows: typeof log) => ({ name, valueAt: (row: number) => rows[row]?.[name] });
  const runsOf = (rows: typeof log) => rowRuns({ filled: rows.length, singletons: 0 }, rows.length, (row) => rows[row]!.light, () => 2);

  it('keeps the columns that move otherwise across groups than within them', () => {
    const found = rowBoundaries({ filled: log.length, singletons: 0 }, runsOf(log), log.length, (row) => log[row]?.light, () => 80, [column('night', log), column('keeper', log)]);
    expect(found?.columns.map((c) => c.column)).toEqual(['night']);
    const [night] = found!.columns;
    // Within a lighthouse the nights go up; across, they start again (go down).
    expect(night!.within[2]).toBeGreaterThan(0.9);
    expect(night!.across[0]).toBeGreaterThan(0.9);
    // Every row between two lighthouses holds one of them.
    expect(found!.share).toBeGreaterThan(0.95);
  });

  it('reads a misspelt name as a slip, not as a group between two rows of one lighthouse', () => {
    // One row in ten misspelt (each misspelling its own), none at a lighthouse's first or last row.
    const slipped = log.map((r, i) => (i % 10 === 3 ? { ...r, light: `${r.light}x${i}` } : r));
    const counts = new Map<string, number>();
    for (const r of slipped) counts.set(r.light, (counts.get(r.light) ?? 0) + 1);
    const singletons = [...counts.values()].filter((n) => n === 1).length;
    const found = rowBoundaries({ filled: slipped.length, singletons }, runsOf(log), slipped.length, (row) => slipped[row]?.light, (row) => counts.get(slipped[row]!.light)!, [column('night', slipped), column('keeper', slipped)]);
    // Across lighthouses the nights still start again: the slips add no boundaries where they go up.
    expect(found!.columns[0]!.across[0]).toBeGreaterThan(0.9);
  });

  it('reads none where the rows are not grouped', () => {
    const draw = mulberry32(3);
    const shuffled = log.map((r) => ({ r, k: draw() })).sort((a, b) => a.k - b.k).map(({ r }) => r);
    expect(rowBoundaries({ filled: shuffled.length, singletons: 0 }, runsOf(shuffled), shuffled.length, (row) => shuffled[row]?.light, () => 80, [column('night', shuffled), column('keeper', shuffled)])).toBeUndefined();
  });
});

describe('a column of codes that number its rows', () => {
  const column = (values: readonly string[]) => buildProfile(values.map((v) => ({ code: v }))).columns[0]!;

  it('reads the number of codes of the form most values share, and writes positions back in it', () => {
    const values = Array.from({ length: 60 }, (_, i) => `INV-${String(7 + i).padStart(4, '0')}`);
    values[10] = 'IVN-0017'; // a slip in the head: another form, not read
    const col = column(values);
    const sequence = rowSequence(col, values.length, (row) => values[row]);
    expect(sequence).toMatchObject({ step: 1, code: { head: 'INV-', width: 4 } });
    expect(sequence!.share).toBeGreaterThan(0.9);
    const read = positionReader({ ...col, sequence })!;
    expect(read('INV-0042')).toBe(42);
    expect(read('IVN-0017')).toBeUndefined();
    expect(read('INV-42')).toBeUndefined();
    expect(writePosition({ ...col, sequence }, 9, 'INV-0008', 1)).toBe('INV-0009');
  });

  it('reads no codes where fewer than four in five values share one form, nor in a column of numbers', () => {
    const mixed = Array.from({ length: 60 }, (_, i) => (i % 3 === 0 ? `PIER-${100 + i}` : `DOCK-${100 + i}`));
    expect(rowSequence(column(mixed), mixed.length, (row) => mixed[row])).toBeUndefined();
    const numbers = Array.from({ length: 60 }, (_, i) => String(500 + i));
    expect(rowSequence(column(numbers), numbers.length, (row) => numbers[row])).toEqual({ step: 1, share: expect.any(Number) });
  });
});

describe('a column of dates two systems wrote', () => {
  const column = (values: readonly string[]) => buildProfile(values.map((v) => ({ surveyed: v }))).columns[0]!;
  // Invented daily surveys from 2031-03-01, every third written month first by a second system.
  const day = (i: number) => new Date(Date.UTC(2031, 2, 1 + i)).toISOString().slice(0, 10);
  const values = Array.from({ length: 90 }, (_, i) => (i % 3 === 2 ? day(i).replace(/^(\d{4})-(\d{2})-(\d{2})$/, '$2/$3/$1') : day(i)));

  it('reads each date in its own layout where it reads one way only, so the series keeps its rows', () => {
    const col = column(values);
    expect(col.dateLayout).toBe('YYYY-MM-DD');
    expect(col.dateLayoutShare).toBeCloseTo(0.667, 2);
    const sequence = rowSequence(col, values.length, (row) => values[row]);
    expect(sequence).toMatchObject({ step: 1 });
    const read = positionReader({ ...col, sequence })!;
    expect(read('03/20/2031')! - read('2031-03-19')!).toBe(1);
    // A date that reads both ways is read in the column's layout only.
    expect(read('03/04/2031')).toBeUndefined();
  });
});
