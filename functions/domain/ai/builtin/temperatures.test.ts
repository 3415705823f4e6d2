import { ruleInput } from '../../../test-support/rule-input';
import { buildProfile } from '../../profile/build-profile';
import type { SourceRecord } from '../provider';
import { indexProfile } from './profile-index';
import { temperatureCandidates } from './temperatures';

// Invented data: water temperatures at an imaginary harbour's buoys.
const rows: SourceRecord[] = Array.from({ length: 200 }, (_, i) => ({
  buoy: `B${i % 9}`,
  'Water temp (°C)': (6 + ((i * 37) % 120) / 10).toFixed(1),
  reading: `${(6 + ((i * 53) % 120) / 10).toFixed(1)} °C`,
  temp_f: String(43 + ((i * 7) % 30)),
  depth_c: String(3 + (i % 20)),
}));
const index = indexProfile(buildProfile(rows));
const propose = (column: string, current: string) => temperatureCandidates(ruleInput(index, column, current)).map((c) => c.value);

describe('temperatures in the other scale', () => {
  it('converts a temperature into the scale its column holds, to its decimals and in its form', () => {
    expect(propose('Water temp (°C)', '54.1 °F')).toEqual(['12.3']);
    expect(propose('Water temp (°C)', '54.1F')).toEqual(['12.3']);
    expect(propose('reading', '54.1 Fahrenheit')).toEqual(['12.3 °C']);
    expect(propose('temp_f', '12 °C')).toEqual(['54']);
  });

  it('reads no scale a column does not name, nor a temperature outside its usual range', () => {
    // "c" after no word for temperature is no scale ("depth_c").
    expect(propose('depth_c', '50 °F')).toEqual([]);
    expect(propose('Water temp (°C)', '12.3 °C')).toEqual([]);
    expect(propose('Water temp (°C)', '212 °F')).toEqual([]);
  });
});
