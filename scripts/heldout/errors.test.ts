import { mulberry32 } from '../seed/random';
import { clockIn, ERROR_KINDS, format, generateErrors, outlier, typo, type TableSpec } from './errors';

/** An invented multi-source table: a key, an attribute that depends on it, a measure. */
function spec(): TableSpec {
  const colours = ['teal', 'amber', 'violet', 'ochre'];
  const rows: string[][] = [];
  for (let i = 0; i < 400; i++) {
    const key = `K-${100 + (i % 40)}`;
    rows.push([key, colours[(i % 40) % 4]!, String(10 + ((i * 7) % 90)), i % 9 === 0 ? '' : '2021-03-04', ['north', 'south', 'east'][i % 3]!]);
  }
  return { header: ['key', 'colour', 'weight', 'day', 'feed'], rows, units: { weight: 'kg' }, dependents: ['colour'], sourceColumn: 'feed', sourceNoise: { north: 0.5, south: 1, east: 2 } };
}

describe('held-out error generator', () => {
  it('is deterministic for a seed and differs between seeds', () => {
    const a = generateErrors(spec(), { seed: 1, rate: 0.1 });
    expect(generateErrors(spec(), { seed: 1, rate: 0.1 })).toEqual(a);
    expect(generateErrors(spec(), { seed: 2, rate: 0.1 }).dirty).not.toEqual(a.dirty);
  });

  it('makes about the asked share of cells erroneous, counts each kind, and never touches the source column', () => {
    const s = spec();
    const { dirty, counts, kindAt } = generateErrors(s, { seed: 3, rate: 0.1 });
    let changed = 0;
    const perKind = Object.fromEntries(ERROR_KINDS.map((k) => [k, 0]));
    dirty.forEach((row, r) =>
      row.forEach((v, c) => {
        // A cell has a kind exactly when it was spoiled.
        expect(kindAt[r]![c] !== undefined).toBe(v !== s.rows[r]![c]);
        if (v !== s.rows[r]![c]) changed++;
        if (kindAt[r]![c]) perKind[kindAt[r]![c]!]!++;
      }),
    );
    const total = Object.values(counts).reduce((x, y) => x + y, 0);
    expect(changed).toBe(total);
    expect(perKind).toEqual(counts);
    expect(changed / (400 * 4)).toBeGreaterThan(0.05);
    expect(changed / (400 * 4)).toBeLessThan(0.2);
    expect(dirty.map((r) => r[4])).toEqual(s.rows.map((r) => r[4]));
    for (const kind of ERROR_KINDS) expect(counts[kind]).toBeGreaterThan(0);
  });

  it('makes the noisier source err more often', () => {
    const s = spec();
    const { dirty } = generateErrors(s, { seed: 4, rate: 0.1 });
    const rate = (feed: string) => {
      let n = 0;
      let bad = 0;
      dirty.forEach((row, r) => {
        if (s.rows[r]![4] !== feed) return;
        n += 4;
        bad += row.slice(0, 4).filter((v, c) => v !== s.rows[r]![c]).length;
      });
      return bad / n;
    };
    expect(rate('east')).toBeGreaterThan(rate('north') * 2);
  });

  it("writes a source's values its own way, a spoilt value included, and counts the rest as format errors", () => {
    // An invented ferry timetable from three feeds: one writes times on a 24-hour clock.
    const rows = Array.from({ length: 300 }, (_, i) => [`F-${i % 30}`, `${1 + (i % 30) % 12}:${String((i * 7) % 60).padStart(2, '0')} ${i % 2 ? 'p' : 'a'}.m.`, ['quay', 'office', 'board'][i % 3]!]);
    const styled: TableSpec = { header: ['ferry', 'sails', 'feed'], rows, sourceColumn: 'feed', sourceStyles: { board: { sails: (v) => clockIn(v, '24', '') } } };
    const { dirty, kindAt, counts } = generateErrors(styled, { seed: 5, rate: 0.1 });
    const board = rows.map((r, i) => i).filter((i) => rows[i]![2] === 'board');
    // No board time is left in the table's own layout; a conflicting one is in the board's.
    for (const i of board) expect(dirty[i]![1]).not.toMatch(/^\d{1,2}:\d{2} [ap]\.m\.$/);
    const conflicts = board.filter((i) => kindAt[i]![1] === 'conflict');
    expect(conflicts.length).toBeGreaterThan(0);
    for (const i of conflicts) expect(dirty[i]![1]).toMatch(/^\d{2}:\d{2}$/);
    // Every board time the random errors left alone is a format error now; other feeds keep theirs.
    expect(board.filter((i) => kindAt[i]![1] === 'format').length).toBeGreaterThan(board.length * 0.8);
    expect(counts.format).toBe(kindAt.flat().filter((k) => k === 'format').length);
    expect(clockIn('7:05 p.m.', '24', '')).toBe('19:05');
    expect(clockIn('12:40 a.m.', 'AM', '')).toBe('12:40 AM');
    expect(clockIn('7:05 p.m.', 'day', 'Mar 7')).toBe('Mar 7 7:05 p.m.');
    expect(clockIn('noon', '24', '')).toBeUndefined();
  });

  it('writes slips, formats and scale errors that differ from the value', () => {
    const rand = mulberry32(5);
    for (let i = 0; i < 50; i++) {
      const t = typo('lighthouse', rand);
      expect(t).toBeDefined();
      expect(t).not.toBe('lighthouse');
    }
    expect(format('42', 'weight', spec(), mulberry32(6))).toMatch(/^42(?: ?kg|\.0)$/);
    expect(format('2021-03-04', 'day', spec(), mulberry32(7))).toMatch(/^(03\/04\/2021|04\.03\.2021)$/);
    // A time of day on another clock, spelt or padded otherwise, or after a day: the same time.
    const seen = new Set<string>();
    for (let i = 0; i < 60; i++) seen.add(format('7:10 p.m.', 'departs', spec(), mulberry32(100 + i))!);
    expect([...seen].sort()).toEqual(['07:10 p.m.', '19:10', '19:10:00', '7:10 PM', '7:10pm', ...[...seen].filter((v) => / 7:10 p\.m\.$/.test(v) && v !== '07:10 p.m.')].sort());
    expect([...seen].some((v) => /^[A-Z][a-z]{2} \d{1,2} 7:10 p\.m\.$/.test(v))).toBe(true);
    expect(format('07:10', 'departs', spec(), mulberry32(9))).toMatch(/^(7:10am|7:10 AM|7:10|07:10:00|07:10 a\.m\.|[A-Z][a-z]{2} \d{1,2} 07:10)$/);
    // A number in a larger unit of its dimension, as well as with its own unit.
    const variants = (value: string, unit: string) => {
      const out = new Set<string>();
      for (let i = 0; i < 60; i++) out.add(format(value, 'x', { ...spec(), units: { x: unit } }, mulberry32(200 + i))!);
      return [...out].sort();
    };
    expect(variants('39.2', 'mm')).toEqual(['3.92 cm', '39.2 mm', '39.2mm'].sort());
    expect(variants('3250', 'g')).toEqual(['3,250', '3.25 kg', '3250 g', '3250.0', '3250g'].sort());
    expect(variants('125', 'min')).toContain('2 hr 5 min');
    expect(variants('120', 'min')).toContain('2 hr');
    expect(variants('45', 'min').some((v) => v.includes('hr'))).toBe(false);
    // A value that carries its unit: bare, the unit unspaced or cased otherwise, or a larger unit.
    expect(variants('39.2 mm', 'mm')).toEqual(['3.92 cm', '39.2', '39.2 MM', '39.2mm'].sort());
    expect(variants('125 min', 'min')).toEqual(['125', '125 MIN', '125min', '2 hr 5 min'].sort());
    expect(variants('14.5 °C', '°C')).toEqual(['14.5', '14.5°C'].sort());
    expect(variants('$27.40', '$')).toEqual(['$ 27.40', '27.40'].sort());
    // A code's leading zeros, dropped as a spreadsheet drops them.
    expect(variants('02134', 'x')).toContain('2134');
    expect(variants('2134', 'x')).not.toContain('2134');
    // Its scale slips keep the unit.
    for (let i = 0; i < 20; i++) {
      const spoilt = (value: string, unit: string) => generateErrors({ header: ['x'], rows: [[value]], units: { x: unit } }, { seed: 300 + i, rate: 1, kinds: ['outlier'] }).dirty[0]![0]!;
      expect(spoilt('39.2 mm', 'mm')).toMatch(/^\d+(\.\d+)? mm$/);
      expect(spoilt('39.2 mm', 'mm')).not.toBe('39.2 mm');
      expect(spoilt('$27.40', '$')).toMatch(/^\$\d+(\.\d+)?$/);
      expect(spoilt('$27.40', '$')).not.toBe('$27.40');
    }
    const o = outlier('350', mulberry32(8));
    expect(o).toBeDefined();
    expect(o).not.toBe('350');
  });

  it('spoils a table written with a decimal comma as numbers, and writes some with a point', () => {
    // Invented rainfall by day, written as a European export writes numbers.
    const rows = Array.from({ length: 200 }, (_, i) => [`2024-01-${String(1 + (i % 28)).padStart(2, '0')}`, `${(i / 8).toFixed(2).replace('.', ',')}`]);
    const { dirty, kindAt } = generateErrors({ header: ['day', 'rain'], rows, decimalComma: true }, { seed: 11, rate: 0.5 });
    const rain = dirty.map((r, i) => ({ value: r[1]!, kind: kindAt[i]![1] }));
    // No marker of the generator's own is left in a value.
    expect(dirty.flat().some((v) => v.includes('\u0000'))).toBe(false);
    // Slips of the numbers keep the comma; the format kind writes some with a point.
    expect(rain.filter((c) => c.kind === 'outlier').every((c) => !c.value.includes('.'))).toBe(true);
    expect(rain.some((c) => c.kind === 'format' && /^\d+\.\d+$/.test(c.value))).toBe(true);
    // Untouched cells are the clean ones, dates keep their dashes.
    rain.forEach((c, i) => c.kind === undefined && expect(c.value).toBe(rows[i]![1]));
    expect(dirty.filter((r, i) => kindAt[i]![0] === undefined).every((r) => /^2024-01-\d{2}$/.test(r[0]!))).toBe(true);
  });
});

