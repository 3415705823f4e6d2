import { buildProfile } from '../../profile/build-profile';
import { columnOf } from '../../profile/profile';
import type { SourceRecord } from '../provider';
import { suggestBuiltin } from './builtin-provider';
import { columnCells, emptyBehindSlip, isSlip, markerSlipRates, slipReason, type ColumnCells } from './marker-slips';

// Invented data: a harbour's berth log. `draught` is empty where a berth stood idle (about one
// row in three); the other columns are always filled.

describe('where a table writes its stray missing-value markers', () => {
  const idle: ColumnCells = { empty: 300, values: 640, slips: 60 };
  const filled: ColumnCells = { empty: 0, values: 980, slips: 20 };

  it('finds them on empty cells where they gather in the column with empty cells', () => {
    // Sixty markers in the column empty in a third of its rows, none in the always-filled ones.
    const rates = markerSlipRates([idle, { ...filled, slips: 0 }, { ...filled, slips: 0 }]);
    expect(rates.overEmpty).toBeGreaterThan(5 * rates.overValue);
    expect(emptyBehindSlip(rates, idle)).toBeGreaterThan(0.6);
    expect(emptyBehindSlip(rates, filled)).toBeLessThan(0.1);
  });

  it('finds them on values where they spread with the values', () => {
    // About as many markers per value in every column: a marker in the idle column hides an
    // empty cell about as often as that column is empty.
    const rates = markerSlipRates([{ empty: 300, values: 680, slips: 20 }, filled, filled]);
    expect(rates.overEmpty / rates.overValue).toBeGreaterThan(0.5);
    expect(rates.overEmpty / rates.overValue).toBeLessThan(2);
    expect(emptyBehindSlip(rates, idle)).toBeGreaterThan(0.1);
    expect(emptyBehindSlip(rates, idle)).toBeLessThan(0.35);
  });

  it('draws no conclusion from a single marker', () => {
    const half: ColumnCells = { empty: 100, values: 99, slips: 1 };
    const rates = markerSlipRates([half, { empty: 0, values: 200, slips: 0 }, { empty: 0, values: 200, slips: 0 }]);
    expect(emptyBehindSlip(rates, half)).toBeGreaterThan(0.4);
    expect(emptyBehindSlip(rates, half)).toBeLessThan(0.65);
  });

  it('says where they fall', () => {
    const gathered = markerSlipRates([idle, { ...filled, slips: 0 }]);
    expect(slipReason(gathered, idle)).toMatch(/^32% of this column's cells are empty, and this table's stray markers fall on empty cells about \d+ times as often as on values\.$/);
    const spread = markerSlipRates([{ empty: 300, values: 680, slips: 20 }, filled, filled]);
    expect(slipReason(spread, idle)).toBe("32% of this column's cells are empty, and this table's stray markers fall on empty cells and on values alike.");
    expect(slipReason({ overEmpty: 0.01, overValue: 0.04 }, idle)).toBe("32% of this column's cells are empty, and this table's stray markers fall on values about 4 times as often as on empty cells.");
  });

  it('has equal rates where the table has no stray marker', () => {
    const rates = markerSlipRates([{ ...idle, slips: 0 }, { ...filled, slips: 0 }]);
    expect(rates.overEmpty).toBe(rates.overValue);
  });

  it('counts a habitual marker as empty cells and a marker answering the column as values', () => {
    const rows: SourceRecord[] = Array.from({ length: 200 }, (_, i) => ({
      berth: `B${i % 9}`,
      // Written "N/A" for every idle berth by the harbour office's system: a habit.
      pilot: i % 4 === 0 ? 'N/A' : `P${i % 13}`,
      // "None" answers the column: no tug was needed.
      tug: i % 3 === 0 ? 'None' : `T${i % 5}`,
      // Empty for idle berths, with two stray markers.
      draught: i === 7 || i === 11 ? '?' : i % 5 === 0 ? '' : `${(5 + (i % 7) * 0.5).toFixed(1)} m`,
    }));
    const profile = buildProfile(rows);
    expect(columnCells(columnOf(profile, 'pilot')!)).toEqual({ empty: 50, slips: 0, values: 150 });
    expect(columnCells(columnOf(profile, 'tug')!)).toMatchObject({ empty: 0, slips: 0, values: 200 });
    expect(columnCells(columnOf(profile, 'draught')!)).toEqual({ empty: 40, slips: 2, values: 158 });
    expect(isSlip(columnOf(profile, 'draught')!, '?')).toBe(true);
    expect(isSlip(columnOf(profile, 'pilot')!, 'N/A')).toBe(false);
    expect(isSlip(columnOf(profile, 'tug')!, 'None')).toBe(false);
  });
});

describe('a stray marker read with the table', () => {
  /** 600 berth-log rows; `slip` says which cells hold a stray "n/a" instead. */
  function log(slip: (i: number, column: 'berth' | 'draught' | 'pilot' | 'cargo') => boolean): SourceRecord[] {
    return Array.from({ length: 600 }, (_, i) => {
      const draught = i % 5 < 2 ? '' : `${(5 + (i % 7) * 0.5).toFixed(1)} m`;
      return {
        berth: slip(i, 'berth') ? 'n/a' : `B${i % 9}`,
        draught: slip(i, 'draught') ? 'n/a' : draught,
        pilot: slip(i, 'pilot') ? 'n/a' : `P${(i * 7) % 13}`,
        cargo: slip(i, 'cargo') ? 'n/a' : ['timber', 'grain', 'coal', 'salt'][(i * 3) % 4]!,
      };
    });
  }
  const ask = (rows: SourceRecord[], at: number) => {
    const row = rows[at]!;
    return suggestBuiltin({ issue: { issue_column: 'draught', current_value: String(row.draught), row }, profile: buildProfile(rows) });
  };

  it('as an empty cell where the table writes its stray markers over empty cells', () => {
    // One idle row in four got a stray marker in draught; the other columns have none.
    const rows = log((i, column) => column === 'draught' && i % 10 === 0);
    const result = ask(rows, 120);
    expect(result).toMatchObject({ kind: 'suggestion', suggestedValue: '' });
    expect(result.kind === 'suggestion' && result.confidence).toBeGreaterThanOrEqual(80);
    expect(result.kind === 'suggestion' && result.reasoning).toMatch(/33% of this column's cells are empty, and this table's stray markers fall on empty cells about \d+ times as often as on values\./);
  });

  it('as no sure empty cell where the table writes them over values as often', () => {
    // As many markers in every column, in rows where the berth was busy.
    const rows = log((i) => i % 30 === 7);
    expect(ask(rows, 127)).toMatchObject({ kind: 'abstain' });
  });

  it('in a column that writes "N/A" for every empty cell, as the habit is rewritten, not into the habit', () => {
    // The pilot office's system wrote "N/A" for every idle berth's pilot; the other columns leave
    // missing values empty. Stray markers in pilot are rewritten as its "N/A"s are: emptied.
    const rows = log(() => false).map((r, i) => ({ ...r, pilot: i % 5 < 2 ? (i % 50 === 0 ? '?' : 'N/A') : String(r.pilot) }));
    const row = rows[100]!;
    const result = suggestBuiltin({ issue: { issue_column: 'pilot', current_value: '?', row }, profile: buildProfile(rows) });
    expect(result).toMatchObject({ kind: 'suggestion', suggestedValue: '' });
    expect(result.kind === 'suggestion' && result.reasoning).toContain('"?" marks a missing value; this column writes missing values as "N/A"; the dataset\'s other columns write missing values as empty cells.');
  });
});
