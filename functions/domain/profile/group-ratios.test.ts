import { describe, expect, it } from 'vitest';
import { candidatesFor, suggestBuiltin } from '../ai/builtin/builtin-provider';
import { userPrompt } from '../ai/llm/prompt';
import { mulberry32 } from '../demo/random';
import { buildProfile } from './build-profile';
import { solveGroupRatio } from './group-ratios';

// Invented harbour returns: per season, each harbour's tonnage and its share of the season's total
// tonnage, written with all its digits; and each landing's price in the seller's coin with its
// value in crowns at the coin's rate, to two decimals.
const SEASONS = ['spring', 'summer', 'autumn', 'winter'];
const HARBOURS = Array.from({ length: 30 }, (_, i) => `${['Sker', 'Holm', 'Var', 'Brand', 'Kel', 'Oy'][i % 6]}${['vik', 'sund', 'nes', 'by', 'holt'][Math.floor(i / 6)]}`);

function returns(seed = 7) {
  const draw = mulberry32(seed);
  const rows = SEASONS.flatMap((season) => HARBOURS.map((harbour) => ({ season, harbour, tonnage: 100 + Math.floor(draw() * 90_000) })));
  const totals = new Map(SEASONS.map((s) => [s, rows.filter((r) => r.season === s).reduce((sum, r) => sum + r.tonnage, 0)]));
  return { totals, rows: rows.map((r) => ({ season: r.season, harbour: r.harbour, tonnage: String(r.tonnage), share: String(r.tonnage / totals.get(r.season)!) })) };
}

const RATES: Record<string, number> = { mark: 0.37, thaler: 1.85, florin: 0.62 };
function landings(n = 240, seed = 3) {
  const draw = mulberry32(seed);
  return Array.from({ length: n }, (_, i) => {
    const coin = Object.keys(RATES)[i % 3]!;
    const price = 10 + Math.floor(draw() * 5000);
    return { landing: `L${i}`, coin, price: String(price), crowns: (price * RATES[coin]!).toFixed(2) };
  });
}

describe('a number over a total of its group', () => {
  it('finds a share of its season\'s total, with the totals as whole divisors', () => {
    const { rows, totals } = returns();
    // Once: the tonnage read back from a share is not found again as a second relation.
    const [relation, ...others] = buildProfile(rows).groupRatios ?? [];
    expect(others).toEqual([]);
    expect(relation).toMatchObject({ column: 'share', of: 'tonnage', by: 'season', holds: 1 });
    expect(new Map(relation!.divisors)).toEqual(totals);
  });

  it('finds a value at a rate per coin, to two decimals, the finer way round, and gives back the crowns from the price and the price from the crowns', () => {
    const rows = landings();
    // The crowns to the cent are the number computed: a whole price would take any crowns near it.
    expect(buildProfile(rows).groupRatios).toEqual([expect.objectContaining({ column: 'crowns', of: 'price', by: 'coin' })]);
    const priced = { ...rows[101]!, price: '' };
    const pricedProfile = buildProfile(rows.map((r, i) => (i === 101 ? priced : r)));
    expect(suggestBuiltin({ issue: { issue_column: 'price', current_value: '', row: priced }, profile: pricedProfile })).toMatchObject({ kind: 'suggestion', suggestedValue: rows[101]!.price });
    const row = { ...rows[100]!, crowns: '' };
    const profile = buildProfile(rows.map((r, i) => (i === 100 ? row : r)));
    expect(suggestBuiltin({ issue: { issue_column: 'crowns', current_value: '', row }, profile })).toMatchObject({ kind: 'suggestion', suggestedValue: rows[100]!.crowns });
  });

  it('finds nothing where both numbers are one value per group: any ratio of them is constant', () => {
    const { rows } = returns();
    // Each harbour's berths and quay length, whatever the season.
    const fixed = rows.map((r) => ({ harbour: r.harbour, season: r.season, berths: String(3 + (HARBOURS.indexOf(r.harbour) % 11)), quay: String(120 + HARBOURS.indexOf(r.harbour) * 17) }));
    expect(buildProfile(fixed).groupRatios ?? []).toEqual([]);
  });

  it('gives a share back with all its digits, and a tonnage back from its share', () => {
    const { rows, totals } = returns();
    const relation = { column: 'share', of: 'tonnage', by: 'season', divisors: [...totals], holds: 1, rows: 120 };
    const divisors = new Map(relation.divisors);
    const row = rows[37]!;
    expect(solveGroupRatio(relation, divisors, 'share', { ...row, share: '' }, undefined)?.value).toBe(row.share);
    expect(solveGroupRatio(relation, divisors, 'tonnage', { ...row, tonnage: 'n/a' }, 0)?.value).toBe(row.tonnage);
    expect(solveGroupRatio(relation, divisors, 'tonnage', { ...row, tonnage: '' }, undefined)?.value).toBe(row.tonnage);
    // No group, no divisor.
    expect(solveGroupRatio(relation, divisors, 'share', { ...row, season: 'monsoon', share: '' }, undefined)).toBeUndefined();
  });

  it('proposes the share for a failed cell and says how', () => {
    const { rows } = returns();
    const at = 45;
    const row = { ...rows[at]!, share: String(Number(rows[at]!.share) * 10) };
    const profile = buildProfile(rows.map((r, i) => (i === at ? row : r)));
    const candidate = candidatesFor({ issue: { issue_column: 'share', current_value: row.share, row }, profile }).find((c) => c.rule.includes(':group-ratio:'));
    expect(candidate).toMatchObject({ value: rows[at]!.share, family: 'dependency' });
    expect(candidate!.reason).toMatch(/^share is tonnage divided by one number per season in [\d.]+% of rows; for season "\w+" it is \d+, so share is "\d+" \/ \d+ = "0\.\d+"\.$/);
    expect(suggestBuiltin({ issue: { issue_column: 'share', current_value: row.share, row }, profile })).toMatchObject({ kind: 'suggestion', suggestedValue: rows[at]!.share });
    const prompt = JSON.parse(userPrompt({ issue: { issue_column: 'share', current_value: row.share, row }, profile })) as { impliedByOtherColumns?: Array<{ from: string; value: string }> };
    expect(prompt.impliedByOtherColumns).toContainEqual(expect.objectContaining({ from: 'tonnage per season', value: rows[at]!.share }));
  });
});
