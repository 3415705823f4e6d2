import { describe, expect, it } from 'vitest';
import type { Candidate } from './candidates';
import { evidenceFor, FEATURE_NAMES } from './features';
import { noiseModel } from './channel';
import { buildProfile } from '../../profile/build-profile';
import { indexProfile } from './profile-index';

// Invented: a berth written as "n/a", for which the rows with the same vessel name a berth, and the
// missing rule offers leaving the cell empty.

const input = { column: 'berth', current: 'n/a', noise: noiseModel(undefined) };
const proposal = (value: string, p: number, family: Candidate['family']): Candidate => ({ value, p, family, rule: family, reason: '' });
const marginOf = (evidence: ReturnType<typeof evidenceFor>, value: string) => evidence.find((e) => e.value === value)!.x[FEATURE_NAMES.indexOf('margin')]!;

describe('the margin of a candidate value', () => {
  it('is over rival values: leaving the cell empty is weighed apart, not as a rival', () => {
    const alone = evidenceFor([proposal('B7', 0.8, 'dependency')], input);
    const withBlank = evidenceFor([proposal('B7', 0.8, 'dependency'), proposal('', 0.9, 'missing')], input);
    expect(marginOf(withBlank, 'B7')).toBe(marginOf(alone, 'B7'));
    expect(marginOf(withBlank, 'B7')).toBeGreaterThan(0);
  });

  it('shrinks with a rival value, and the blank still counts its rivals', () => {
    const evidence = evidenceFor([proposal('B7', 0.8, 'dependency'), proposal('B9', 0.7, 'dependency'), proposal('', 0.9, 'missing')], input);
    const alone = evidenceFor([proposal('B7', 0.8, 'dependency')], input);
    expect(marginOf(evidence, 'B7')).toBeLessThan(marginOf(alone, 'B7'));
    expect(marginOf(evidence, '')).toBeLessThan(marginOf(evidenceFor([proposal('', 0.9, 'missing')], input), ''));
  });

  it('counts leaving the cell empty as a rival in a column that is often empty', () => {
    // A third of the berths are empty: a marker there most often hides no berth at all.
    const rows = Array.from({ length: 300 }, (_, i) => ({ vessel: `V${i % 40}`, berth: i % 3 === 0 ? '' : `B${i % 12}` }));
    const index = indexProfile(buildProfile(rows));
    const sparse = { ...input, col: index.columns.get('berth'), index };
    const alone = evidenceFor([proposal('B7', 0.8, 'dependency')], sparse);
    const withBlank = evidenceFor([proposal('B7', 0.8, 'dependency'), proposal('', 0.9, 'missing')], sparse);
    expect(marginOf(withBlank, 'B7')).toBeLessThan(marginOf(alone, 'B7'));
  });
});
