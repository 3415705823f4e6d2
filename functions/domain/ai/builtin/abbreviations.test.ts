import { describe, expect, it } from 'vitest';
import { buildProfile } from '../../profile/build-profile';
import { abbreviationOf } from './abbreviations';
import { indexProfile } from './profile-index';
import { suggestBuiltin } from './builtin-provider';

// Invented harbour readings: visibility in three words, the month in full.
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
let seed = 11;
const pick = <T,>(values: readonly T[]) => {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return values[Math.floor((seed / 2147483648) * values.length)]!;
};
// Drawn independently: no column says what another holds.
const rows = Array.from({ length: 360 }, (_, i) => ({ id: `r${i}`, visibility: pick(['good', 'moderate', 'poor', 'good']), month: pick(MONTHS) }));

describe('values cut short', () => {
  it('reads a value as the one value of its column it starts', () => {
    const col = indexProfile(buildProfile(rows)).columns.get('visibility')!;
    expect(abbreviationOf(col, 'mod')).toBe('moderate');
    expect(abbreviationOf(col, 'Mod.')).toBe('moderate');
    // Too short to say, a value the column writes whole in another case, or no value it starts.
    expect(abbreviationOf(col, 'mo')).toBeUndefined();
    expect(abbreviationOf(col, 'GOOD')).toBeUndefined();
    expect(abbreviationOf(col, 'gud')).toBeUndefined();
  });

  it('suggests the value rather than a commoner one a few slips away', () => {
    const ask = (column: string, value: string) => suggestBuiltin({ issue: { issue_column: column, current_value: value, row: { ...rows[3]!, [column]: value } }, profile: buildProfile(rows) });
    // "mod" is two slips from "good", the commonest value: it was suggested so at 99 %.
    expect(ask('visibility', 'mod')).toMatchObject({ kind: 'suggestion', suggestedValue: 'moderate' });
    expect(ask('month', 'Sept')).toMatchObject({ kind: 'suggestion', suggestedValue: 'September' });
    // Two values start "Ju": no guess between June and July.
    expect(abbreviationOf(indexProfile(buildProfile(rows)).columns.get('month')!, 'Ju')).toBeUndefined();
  });

  it('reads no slip repeated in a few rows as the word abbreviated', () => {
    // A noisy column of invented berth zones: "harbuor" written in three rows, "harbour" in most.
    const noisy = Array.from({ length: 300 }, (_, i) => ({ id: `r${i}`, zone: i < 3 ? 'harbuor' : i % 2 ? 'harbour' : 'quay' }));
    expect(abbreviationOf(indexProfile(buildProfile(noisy)).columns.get('zone')!, 'harbu')).toBeUndefined();
  });
});
