import { describe, expect, it } from 'vitest';
import { buildProfile } from '../../profile/build-profile';
import { outlierCandidates } from './outlier';
import { indexProfile } from './profile-index';

// Invented shares of a harbour's tonnage, written as a tool writes floats: every digit it has
// (up to 17 significant digits), from 0.002 to 0.006.
const rows = Array.from({ length: 300 }, (_, i) => ({ id: `r${i}`, share: String(0.002 + ((i * 0.000123456789012345678) % 0.004)) }));
const index = indexProfile(buildProfile(rows));
const readings = (current: string) =>
  outlierCandidates({ column: 'share', current, col: index.columns.get('share'), index, noise: index.noise, row: { id: 'x', share: current } }).map((c) => c.value);

describe('numbers far outside their column\'s range', () => {
  it('reads a unit slip back with every digit the number has, not rounded through a float', () => {
    // 0.003518296407385124 written a hundred times too large.
    expect(readings('0.3518296407385124')).toContain('0.003518296407385124');
  });

  it('undoes two swapped digits of a long number exactly', () => {
    // 0.004731902815527461 with its first two significant places swapped.
    expect(readings('0.040731902815527461')).toContain('0.004731902815527461');
  });
});
