import { buildProfile } from '../../profile/build-profile';
import type { SourceRecord } from '../provider';
import { suggestBuiltin } from './builtin-provider';
import { noiseModel } from './channel';
import { domainCandidates } from './domain';
import { indexProfile } from './profile-index';

// Invented data: an imaginary ferry line's crossings, nearly all under one flag, with the crew
// count varying freely.

function crossings(n: number, flagOf: (i: number) => string): SourceRecord[] {
  return Array.from({ length: n }, (_, i) => ({ crossing: `X${1000 + i}`, flag: flagOf(i), crew: String(4 + ((i * 7) % 23)) }));
}

/** The provider's answer for a "null" flag written into row `at`. */
function ask(rows: SourceRecord[], at: number) {
  const row = { ...rows[at]!, flag: 'null' };
  const profile = buildProfile(rows.map((r, i) => (i === at ? row : r)));
  return suggestBuiltin({ issue: { issue_column: 'flag', current_value: 'null', row }, profile });
}

function input(rows: SourceRecord[], column: string, current: string) {
  const index = indexProfile(buildProfile(rows));
  return { column, current, col: index.columns.get(column), index, noise: noiseModel(undefined) };
}

describe('domain-based repair of a missing value', () => {
  it("proposes the column's dominant value, as likely as its share, beside its runner-up", () => {
    const rows = crossings(200, (i) => (i % 20 === 0 ? 'Tarvonia' : 'Ostmark'));
    const [candidate, runnerUp, ...rest] = domainCandidates(input(rows, 'flag', 'N/A'));
    expect(rest).toHaveLength(0);
    expect(candidate).toMatchObject({ value: 'Ostmark', family: 'domain', support: 190 });
    expect(candidate!.p).toBeCloseTo(190 / 201, 2);
    expect(runnerUp).toMatchObject({ value: 'Tarvonia', support: 10 });
  });

  it('states a near coin toss between two values as one, not as the mode alone', () => {
    const dense = ask(crossings(200, (i) => (i % 20 === 0 ? 'Tarvonia' : 'Ostmark')), 7);
    const even = ask(crossings(200, (i) => (i % 25 < 13 ? 'Ostmark' : 'Tarvonia')), 7);
    const stated = (r: typeof even) => (r.kind === 'suggestion' ? r.confidence : 0);
    expect(stated(even)).toBeLessThan(stated(dense) - 15);
  });

  it('states a mode nothing in the row backs at its share of the column, and abstains under half', () => {
    // Flags in k : (20 - k) / 2 : (20 - k) / 2 per twenty crossings; the crew count says nothing
    // about the flag, so a blank flag is as likely the mode as the mode's share of the column.
    const flags = (k: number) => crossings(200, (i) => (i % 20 < k ? 'Ostmark' : i % 20 < k + (20 - k) / 2 ? 'Tarvonia' : 'Lindqvar'));
    const stated = (r: ReturnType<typeof ask>) => (r.kind === 'suggestion' ? r.confidence : 0);
    expect(stated(ask(flags(9), 7))).toBe(0);
    for (const k of [11, 13, 15, 17]) expect(Math.abs(stated(ask(flags(k), 7)) - k * 5)).toBeLessThanOrEqual(1);
  });

  it('proposes nothing for a filled value or a column without a dominant value', () => {
    const rows = crossings(200, (i) => (i % 20 === 0 ? 'Tarvonia' : 'Ostmark'));
    expect(domainCandidates(input(rows, 'flag', 'Ostmrak'))).toEqual([]);
    expect(domainCandidates(input(rows, 'crew', 'n/a'))).toEqual([]);
  });

  it('lets the provider fill a marker in a column dominated by one value, with less confidence where the column is often left empty', () => {
    const dense = ask(crossings(200, (i) => (i % 20 === 0 ? 'Tarvonia' : 'Ostmark')), 7);
    expect(dense).toMatchObject({ kind: 'suggestion', suggestedValue: 'Ostmark', rule: 'flag:domain-mode' });
    expect(dense.kind === 'suggestion' && dense.confidence).toBeGreaterThanOrEqual(85);
    // Half the cells are legitimately empty: a marker there is a coin toss between blank and the mode.
    const sparse = ask(crossings(200, (i) => (i % 2 === 0 ? '' : 'Ostmark')), 8);
    const sparseConfidence = sparse.kind === 'suggestion' ? sparse.confidence : 0;
    expect(sparseConfidence).toBeLessThan(75);
    expect(sparseConfidence).toBeLessThan(dense.kind === 'suggestion' ? dense.confidence - 15 : 0);
  });
});
