import { mulberry32 } from '../../demo/random';
import { buildProfile } from '../../profile/build-profile';
import { suggestBuiltin } from './builtin-provider';
import { noiseModel } from './channel';
import { contextNumberCandidates, slipReadings } from './context-number';
import { outlierCandidates } from './outlier';
import { indexProfile } from './profile-index';

// An invented orchard: three apple varieties of very different fruit weights (grams), and two
// numbers unrelated to them (the crate and the picker's badge).
const VARIETIES: Array<[string, number]> = [
  ['crabling', 40],
  ['russetine', 160],
  ['goldhaven', 420],
];

function orchard(n: number) {
  const random = mulberry32(11);
  return Array.from({ length: n }, (_, i) => {
    const [variety, grams] = VARIETIES[i % VARIETIES.length]!;
    const weight = Math.round(grams * (0.9 + random() * 0.2));
    return { variety, weight: String(weight), crate: String(1 + Math.floor(random() * 60)), badge: String(1000 + Math.floor(random() * 9000)) };
  });
}

const rows = orchard(300);
const index = indexProfile(buildProfile(rows));
const input = (row: Record<string, string>, column = 'weight') => ({ column, current: row[column]!, row, col: index.columns.get(column), index, noise: noiseModel(undefined) });

describe('numbers out of their row\'s context', () => {
  it('undoes a tenfold slip that the column\'s range alone would not show', () => {
    // 1,620 g is not far outside the column's range (goldhavens weigh about 420 g), but it is far
    // from the 160 g of russetines.
    const row = { variety: 'russetine', weight: '1620', crate: '12', badge: '4821' };
    const [best] = contextNumberCandidates(input(row));
    expect(best?.value).toBe('162');
    expect(best!.p).toBeGreaterThan(0.8);
    expect(best!.reason).toContain('whose variety is "russetine"');
  });

  it('leaves a number that fits its row alone', () => {
    expect(contextNumberCandidates(input({ variety: 'goldhaven', weight: '405', crate: '7', badge: '1200' }))).toEqual([]);
    // Same number, another variety: far from crablings' 40 g, but no single slip of 405 gives a
    // crabling's weight, so nothing is proposed strongly.
    const far = contextNumberCandidates(input({ variety: 'crabling', weight: '405', crate: '7', badge: '1200' }));
    expect(far.every((c) => c.p < 0.5)).toBe(true);
  });

  it('proposes the row\'s other number when the two cells look swapped', () => {
    const row = { variety: 'russetine', weight: '27', crate: '158', badge: '3310' };
    const [best] = contextNumberCandidates(input(row));
    expect(best?.value).toBe('158');
    expect(best!.reason).toContain("crate's value");
  });

  it('needs the row\'s group: no determinant, no proposal', () => {
    expect(contextNumberCandidates(input({ variety: '', weight: '1620', crate: '12', badge: '4821' }))).toEqual([]);
  });

  it('reads a number under each single slip', () => {
    const readings = slipReadings('1620');
    for (const v of ['162', '16200', '1.62', '6120', '1260', '1720', '16520']) expect(readings.has(v)).toBe(true);
    // No reading starts with a zero, and the number itself is no reading.
    expect(readings.has('0620')).toBe(false);
    expect(readings.has('1620')).toBe(false);
  });

  it('gives the builtin provider a confident suggestion for the slip', () => {
    const row = { variety: 'russetine', weight: '1620', crate: '12', badge: '4821' };
    const result = suggestBuiltin({ issue: { issue_column: 'weight', current_value: '1620', row }, profile: index.profile });
    expect(result.kind).toBe('suggestion');
    if (result.kind === 'suggestion') expect(result.suggestedValue).toBe('162');
  });
});

// An invented tide gauge: a monthly level written with two decimals (trailing zeros kept) rising
// over the years, and its seasonally adjusted level, which follows it within a few centimetres.
function gauge(n: number) {
  const random = mulberry32(5);
  return Array.from({ length: n }, (_, i) => {
    const level = 300 + i * 0.3 + random() * 4;
    return { level: level.toFixed(2), adjusted: (level - 1.5 + random() * 2).toFixed(2) };
  });
}

describe('numbers in a gauge\'s padded columns that follow each other', () => {
  const levels = gauge(400);
  const gaugeIndex = indexProfile(buildProfile(levels));
  const ask = (row: Record<string, string>, column: string) => contextNumberCandidates({ column, current: row[column]!, row, col: gaugeIndex.columns.get(column), index: gaugeIndex, noise: noiseModel(undefined) });

  it('writes a reading with the decimals the column pads its numbers to', () => {
    const row = { ...levels[200]!, level: '3581' };
    const values = ask(row, 'level').map((c) => c.value);
    expect(values).toContain('358.10');
    expect(values).not.toContain('358.1');
  });

  it('writes a number far outside the column\'s range, read back, with the column\'s decimals too', () => {
    const row = { ...levels[200]!, level: '35810' };
    const values = outlierCandidates({ column: 'level', current: row.level, row, col: gaugeIndex.columns.get('level'), index: gaugeIndex, noise: noiseModel(undefined) }).map((c) => c.value);
    expect(values).toContain('358.10');
    expect(values).not.toContain('358.1');
  });

  it('does not pad a lone short number with a zero as if only its format were off: a digit may have been lost', () => {
    const row = { ...levels[200]!, level: levels[200]!.level.slice(0, -1) };
    const dirty = levels.map((r, i) => (i === 200 ? row : r));
    const result = suggestBuiltin({ issue: { issue_column: 'level', current_value: row.level, row }, profile: buildProfile(dirty) });
    expect(result.kind === 'suggestion' && result.suggestedValue === `${row.level}0`).toBe(false);
  });

  it('does not take the row\'s other level for a swap when this number would not fit beside it either', () => {
    // A level from another year in the adjusted column: the row's level fits here, but the number
    // found here is far from what the level column holds beside an adjusted level like that.
    const row = { ...levels[200]!, adjusted: '401.77' };
    expect(ask(row, 'adjusted').map((c) => c.value)).not.toContain(row.level);
  });
});
