import { describe, expect, it } from 'vitest';
import { buildProfile } from '../../profile/build-profile';
import { ledger } from '../../../test-support/ledger';
import type { SourceRecord } from '../provider';
import { userPrompt } from '../llm/prompt';
import { candidatesFor, suggestBuiltin } from './builtin-provider';

/** The ledger with row `at`'s `column` written `value`, and the request for that cell. */
function requestFor(column: string, at: number, value: string, change: (rows: SourceRecord[]) => void = () => {}) {
  const rows: SourceRecord[] = ledger();
  change(rows);
  const row = { ...rows[at]!, [column]: value };
  const profile = buildProfile(rows.map((r, i) => (i === at ? row : r)));
  return { clean: rows[at]![column]!, request: { issue: { issue_column: column, current_value: value, row }, profile } };
}

const arithmetic = (request: Parameters<typeof candidatesFor>[0]) => candidatesFor(request).filter((c) => c.rule.includes(':arithmetic:'));

describe('a number its row\'s arithmetic says', () => {
  it('gives a blank total back as the sum of its parts, and says so', () => {
    const { clean, request } = requestFor('due', 17, '');
    const [candidate] = arithmetic(request);
    expect(candidate).toMatchObject({ value: clean, family: 'dependency', rule: 'due:arithmetic:due = amount + levy' });
    expect(candidate!.reason).toMatch(/^due = amount \+ levy in 100% of rows; in this row amount is "[\d.]+" and levy is "[\d.]+", so due is "[\d.]+"\.$/);
    const result = suggestBuiltin(request);
    expect(result).toMatchObject({ kind: 'suggestion', suggestedValue: clean });
  });

  it('gives a part back from the total and the other part, and a mistyped factor back from the product', () => {
    const levy = requestFor('levy', 40, 'n/a');
    expect(arithmetic(levy.request).map((c) => c.value)).toEqual([levy.clean]);
    const price = requestFor('price', 41, '9.99');
    expect(arithmetic(price.request).map((c) => c.value)).toEqual([price.clean]);
    expect(suggestBuiltin(price.request)).toMatchObject({ kind: 'suggestion', suggestedValue: price.clean });
  });

  it('proposes nothing where another number of the identity lies outside what its column holds', () => {
    // The levy is a few coins; a levy of 950.00 is likely the wrong cell, not the total.
    const { request } = requestFor('due', 17, '', (rows) => {
      rows[17] = { ...rows[17]!, levy: '950.00' };
    });
    expect(arithmetic(request)).toEqual([]);
  });

  it('counts a product and its two ratios as one witness, and another identity as another', () => {
    const { clean, request } = requestFor('amount', 60, '');
    expect(request.profile.arithmetic!.filter((r) => [r.result, r.left, r.right].sort().join() === 'amount,price,quantity').length).toBeGreaterThan(1);
    // The amount is a quantity times a price, and the due amount less the levy.
    const found = arithmetic(request);
    expect(found.map((c) => c.value)).toEqual([clean, clean]);
    expect(found.map((c) => c.rule.replace('amount:arithmetic:', '')).sort()).toEqual(['amount = quantity × price', 'due = amount + levy']);
  });

  it('tells a language model the number each identity implies', () => {
    const { clean, request } = requestFor('amount', 60, '');
    const prompt = JSON.parse(userPrompt(request)) as { impliedByOtherColumns?: Array<{ from: string; value: string; share: string }> };
    expect(prompt.impliedByOtherColumns).toContainEqual({ from: 'amount = quantity × price', value: clean, share: '299/299' });
  });

  it('reads amounts written with their currency or unit, and writes the answer so', () => {
    // The ledger with prices and amounts in pounds, the coil share as a percentage.
    const pounds = (rows: SourceRecord[]) => rows.forEach((r, i) => {
      rows[i] = { ...r, price: `£${r.price}`, amount: `£${r.amount}`, share: `${(Number(r.share) * 100).toFixed(2)}%` };
    });
    const amount = requestFor('amount', 23, '', pounds);
    expect(amount.clean).toMatch(/^£\d+\.\d\d$/);
    expect(arithmetic(amount.request).map((c) => c.value)).toContain(amount.clean);
    expect(suggestBuiltin(amount.request)).toMatchObject({ kind: 'suggestion', suggestedValue: amount.clean });
    const quantity = requestFor('quantity', 24, '', pounds);
    expect(suggestBuiltin(quantity.request)).toMatchObject({ kind: 'suggestion', suggestedValue: quantity.clean });
    const prompt = JSON.parse(userPrompt(amount.request)) as { impliedByOtherColumns?: Array<{ from: string; value: string }> };
    expect(prompt.impliedByOtherColumns).toContainEqual(expect.objectContaining({ from: 'amount = quantity × price', value: amount.clean }));
    // A share written as a percentage is 45 as written and 0.45 to a product: no identity is read from it.
    expect(amount.request.profile.arithmetic?.some((r) => [r.result, r.left, r.right].includes('share'))).toBe(false);
  });
});
