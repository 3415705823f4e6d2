import { buildProfile } from '../../profile/build-profile';
import type { SourceRecord } from '../provider';
import { suggestBuiltin } from './builtin-provider';
import { CONTEXT_BOUND, missingContext, withContext } from './missing-context';
import { indexProfile } from './profile-index';

// Invented data: a clinic's visit log. A walk-in (one visit in three) has neither a referrer nor a
// referral date; four referral dates were written "?" by a slip, two on walk-ins, two not.

const walkIn = (i: number) => i % 3 === 0;
const SLIPS = new Set([30, 61, 90, 121]);
const rows: SourceRecord[] = Array.from({ length: 400 }, (_, i) => ({
  patient: `P${1000 + i}`,
  referrer: walkIn(i) ? '' : `Dr ${['Ines Vale', 'Omar Reyes', 'Lea Brandt', 'Kofi Mensah'][i % 4]}`,
  referral_date: SLIPS.has(i) ? '?' : walkIn(i) ? '' : `2031-04-${String((i % 28) + 1).padStart(2, '0')}`,
  fee: String(40 + (i % 5) * 10),
}));
const profile = buildProfile(rows);
const ask = (i: number) => suggestBuiltin({ issue: { issue_column: 'referral_date', current_value: '?', row: rows[i]! }, profile });

describe('a stray marker read with the rest of its row', () => {
  it('is an empty cell, surely, where the row lacks what goes missing with it', () => {
    expect(walkIn(30)).toBe(true);
    const result = ask(30);
    expect(result).toMatchObject({ kind: 'suggestion', suggestedValue: '' });
    expect(result.kind === 'suggestion' && result.confidence).toBeGreaterThanOrEqual(85);
    expect(result.kind === 'suggestion' && result.reasoning).toContain('this column has no value in 100% of the rows where "referrer" has none, as in this row.');
  });

  it('is no sure empty cell where the row has what goes missing with it', () => {
    expect(walkIn(61)).toBe(false);
    const result = ask(61);
    // A date was lost there: no rule can tell which, and a blank would be a guess against the row.
    expect(result).toMatchObject({ kind: 'abstain' });
    expect(result.kind === 'abstain' && result.reason).toMatch(/too uncertain \(\d%\)/);
  });

  it('moves the probability by the row, within a bound, and not at all without links', () => {
    const index = indexProfile(profile);
    const context = missingContext(index, 'referral_date', rows[30]!);
    expect(context.logOdds).toBe(CONTEXT_BOUND);
    expect(withContext(0.5, context)).toBeGreaterThan(0.95);
    expect(withContext(0.5, missingContext(index, 'referral_date', rows[61]!))).toBeLessThan(0.1);
    // `fee` is always filled: no column goes missing with it.
    expect(missingContext(index, 'fee', rows[30]!)).toEqual({ logOdds: 0 });
    expect(withContext(0.4, { logOdds: 0 })).toBe(0.4);
  });
});
