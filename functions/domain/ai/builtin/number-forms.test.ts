import { mulberry32 } from '../../demo/random';
import { buildProfile } from '../../profile/build-profile';
import type { SourceRecord } from '../provider';
import { candidatesFor } from './builtin-provider';
import { slipReadings } from './context-number';

// Invented data: a vineyard's harvest log. `yield` (tonnes per hectare, 1.2 to 8) is measured to
// two decimals and written in shortest form, as JSON and many exports write numbers: 4.6, not 4.60
// (about one reading in ten then shows one decimal). `acidity` is a share, 0.2 to 0.9.

const random = mulberry32(41);
const rows: SourceRecord[] = Array.from({ length: 400 }, (_, i) => ({
  block: `B${(i % 12) + 1}`,
  yield: String(Number((1.2 + random() * 6.8).toFixed(2))),
  acidity: String(Number((0.2 + random() * 0.7).toFixed(2))),
}));
const profile = buildProfile(rows);
const proposed = (column: string, current: string) => candidatesFor({ issue: { issue_column: column, current_value: current, row: { ...rows[0]!, [column]: current } }, profile }).map((c) => c.value);

describe('numbers written the way their column writes them', () => {
  it('pads no number in a column that drops trailing zeros: "4.6" is already its form', () => {
    expect(proposed('yield', '4.6')).not.toContain('4.60');
  });

  it('reads a number written from its point as one lacking its leading zero only where the column holds such numbers', () => {
    // Shares below 1 are the acidity column's own: ".37" is 0.37.
    expect(proposed('acidity', '.37')).toContain('0.37');
    // Yields seldom come that small (though 0.37 lies within the range the column's spread allows):
    // a digit before the point was dropped, which no format gives back.
    expect(proposed('yield', '.37')).not.toContain('0.37');
  });

  it('drops float noise from a unit slip read back', () => {
    // 22.37 × 10 in binary floating point.
    expect(String(22.37 * 10)).toBe('223.70000000000002');
    const unitSlips = [...slipReadings('223.70000000000002')].filter(([, r]) => r.how.includes('unit slip')).map(([value]) => value);
    expect(unitSlips).toEqual(expect.arrayContaining(['22.37', '2.237', '0.2237', '2237']));
    expect(unitSlips.every((v) => v.length <= 8)).toBe(true);
  });
});
