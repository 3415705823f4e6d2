import { buildProfile } from './build-profile';
import { discoverMissingLinks, FILLED, logOddsRatio, MISSING, missingEvidence, UNKNOWN, type MissingStates } from './missing-links';

// Invented data: a clinic's visit log. A walk-in visit leaves both `referrer` and `referral_date`
// empty; `allergies` is empty at random, whatever the visit.

const states = (name: string, of: (i: number) => number, rows = 200): MissingStates => ({ name, states: Uint8Array.from({ length: rows }, (_, i) => of(i)) });

describe('columns that go missing together', () => {
  const walkIn = (i: number) => i % 3 === 0;
  const referrer = states('referrer', (i) => (walkIn(i) ? MISSING : FILLED));
  const referralDate = states('referral_date', (i) => (walkIn(i) ? MISSING : FILLED));
  const allergies = states('allergies', (i) => (i % 4 === 1 ? MISSING : FILLED));

  it('links the two that move together and leaves the independent one alone', () => {
    const links = discoverMissingLinks([referrer, referralDate, allergies]);
    expect(links).toHaveLength(1);
    expect(links[0]!.columns.slice().sort()).toEqual(['referral_date', 'referrer']);
    // 67 walk-ins, 133 referred visits; never one without the other.
    expect(links[0]!.counts).toEqual([67, 0, 0, 133]);
  });

  it('links columns that exclude each other too (one missing where the other is filled)', () => {
    const cash = states('cash_amount', (i) => (walkIn(i) ? FILLED : MISSING));
    const links = discoverMissingLinks([referrer, cash]);
    expect(links).toHaveLength(1);
    expect(logOddsRatio(links[0]!.counts)).toBeLessThan(-3);
  });

  it('does not count a rare marker (the cell being judged) either way', () => {
    const withSlips = states('referral_date', (i) => (i < 10 ? UNKNOWN : walkIn(i) ? MISSING : FILLED));
    const [link] = discoverMissingLinks([referrer, withSlips]);
    expect(link!.counts.reduce((a, b) => a + b, 0)).toBe(190);
  });

  it('leaves out columns never or always missing', () => {
    const always = states('notes', () => MISSING);
    const never = states('patient', () => FILLED);
    expect(discoverMissingLinks([always, never, allergies])).toEqual([]);
  });

  it('weighs a linked cell as evidence, either way round', () => {
    const [link] = discoverMissingLinks([referrer, referralDate]);
    // The other empty: strong evidence this one is empty; the other filled: strong evidence it is not.
    expect(missingEvidence(link!, 'referrer', true)).toBeGreaterThan(3);
    expect(missingEvidence(link!, 'referrer', false)).toBeLessThan(-3);
    expect(missingEvidence(link!, 'referral_date', true)).toBeCloseTo(missingEvidence(link!, 'referrer', true), 10);
  });

  it('is found by the profile, each column read with its usual way of writing a missing value', () => {
    const rows = Array.from({ length: 120 }, (_, i) => ({
      patient: `P${i}`,
      // The referral system writes "N/A" for a walk-in; one stray "?" slipped in.
      referrer: i === 5 ? '?' : walkIn(i) ? 'N/A' : `Dr ${['Ines Vale', 'Omar Reyes', 'Lea Brandt'][i % 3]}`,
      referral_date: walkIn(i) ? '' : `2031-04-${String((i % 28) + 1).padStart(2, '0')}`,
    }));
    const profile = buildProfile(rows);
    expect(profile.missingLinks).toHaveLength(1);
    const { counts } = profile.missingLinks![0]!;
    // Row 5 (the "?") is left out; the others agree.
    expect(counts.reduce((a, b) => a + b, 0)).toBe(119);
    expect(counts[1] + counts[2]).toBe(0);
  });
});
