import { describe, expect, it } from 'vitest';
import { discoverArithmetic, holdsWithin, solveArithmetic } from './arithmetic';
import { buildProfile } from './build-profile';
import type { ArithmeticRelation } from './profile';
import { ledger } from '../../test-support/ledger';

const relationsOf = (rows: Array<Record<string, string>>) => buildProfile(rows).arithmetic ?? [];
const named = (r: ArithmeticRelation) => `${r.result}=${r.left}${r.op}${r.right}`;

describe('arithmetic identities between columns', () => {
  it('finds a product, a sum and a rounded ratio, and nothing among unrelated numbers', () => {
    const found = relationsOf(ledger()).map(named);
    expect(found).toContain('amount=quantity*price');
    expect(found).toContain('due=amount+levy');
    expect(found).toContain('share=quantity/dayCoils');
    // The berth number is arithmetic of nothing.
    expect(found.some((f) => f.includes('berth'))).toBe(false);
  });

  it('still holds with a few wrong rows, and does not with many', () => {
    const rows = ledger();
    for (let i = 0; i < 6; i++) rows[i * 40]!.due = '999.99';
    expect(relationsOf(rows).map(named)).toContain('due=amount+levy');
    // With a third of its rows broken (as a third of the cells wrong leaves it) it still holds.
    for (let i = 0; i < 100; i++) rows[i * 3]!.due = '999.99';
    expect(relationsOf(rows).map(named)).toContain('due=amount+levy');
    // In a quarter of its rows it is no identity.
    for (let i = 0; i < 300; i++) if (i % 4 !== 0) rows[i]!.due = '999.99';
    expect(relationsOf(rows).map(named)).not.toContain('due=amount+levy');
  });

  it('looks among two dozen numeric columns, not only the twelve most filled', () => {
    // Invented: sixteen unrelated gauges read in every row come first; the sum among three
    // columns left blank in a few rows.
    const rows = ledger().map((r, i) => ({
      ...Object.fromEntries(Array.from({ length: 16 }, (_, g) => [`gauge${g}`, String(1000 + ((i * (g + 7) * 7919) % 9000))])),
      ...r,
      due: i % 50 === 0 ? '' : r.due,
    }));
    expect(relationsOf(rows).map(named)).toContain('due=amount+levy');
  });

  it('needs rows where the identity is not true by a zero: a part that is nearly always 0 makes the total equal the other part', () => {
    const rows = ledger().map((r, i) => ({ ...r, levy: i % 30 === 0 ? '0.15' : '0.00', due: (Number(r.amount) + (i % 30 === 0 ? 0.15 : 0)).toFixed(2) }));
    // Ten lines with a levy are too few to tell a sum from a copy of the amount.
    expect(relationsOf(rows).map(named)).not.toContain('due=amount+levy');
  });

  it('reads a result to its written decimals', () => {
    expect(holdsWithin(0.3333, 4, 1 / 3)).toBe(true);
    expect(holdsWithin(0.3334, 4, 1 / 3)).toBe(false);
    expect(holdsWithin(15, 0, 15.4)).toBe(true);
    expect(holdsWithin(15, 0, 15.6)).toBe(false);
  });

  it('finds nothing where no three numeric columns are related', () => {
    const rows = ledger().map(({ line, quantity, levy, berth }) => ({ line, quantity, levy, berth }));
    expect(relationsOf(rows)).toEqual([]);
    expect(discoverArithmetic([], 0)).toEqual([]);
  });
});

describe('the number a failed cell must hold', () => {
  const sum: ArithmeticRelation = { result: 'due', left: 'amount', op: '+', right: 'levy', holds: 1, rows: 300 };
  const product: ArithmeticRelation = { result: 'amount', left: 'quantity', op: '*', right: 'price', holds: 1, rows: 300 };
  const ratio: ArithmeticRelation = { result: 'share', left: 'quantity', op: '/', right: 'dayCoils', holds: 1, rows: 300 };

  it('solves for the result or either operand, at the column\'s decimals', () => {
    const row = { amount: '61.20', levy: '1.35', due: '', quantity: '12', price: '5.10', dayCoils: '150', share: '0.0800' };
    expect(solveArithmetic(sum, 'due', row, 2)).toEqual({ value: '62.55', known: ['61.20', '1.35'] });
    expect(solveArithmetic(sum, 'amount', { ...row, due: '62.55', amount: 'n/a' }, 2)?.value).toBe('61.20');
    expect(solveArithmetic(sum, 'levy', { ...row, due: '62.55', levy: '?' }, 2)?.value).toBe('1.35');
    expect(solveArithmetic(product, 'price', { ...row, price: '' }, 2)?.value).toBe('5.10');
    expect(solveArithmetic(product, 'quantity', { ...row, quantity: '21' }, 0)?.value).toBe('12');
    expect(solveArithmetic(ratio, 'share', { ...row, share: '' }, 4)?.value).toBe('0.0800');
    // The share is rounded, yet it pins the whole number of coils down.
    expect(solveArithmetic(ratio, 'quantity', { ...row, quantity: '' }, 0)?.value).toBe('12');
  });

  it('proposes nothing where the identity leaves the value open or the row lacks a number', () => {
    // A share rounded to two decimals fits several coil counts out of 1,500 (115 to 124).
    expect(solveArithmetic(ratio, 'quantity', { quantity: '', dayCoils: '1500', share: '0.08' }, 0)).toBeUndefined();
    expect(solveArithmetic(sum, 'due', { amount: '61.20', levy: 'unknown', due: '' }, 2)).toBeUndefined();
    expect(solveArithmetic(product, 'price', { quantity: '0', amount: '0.00', price: '' }, 2)).toBeUndefined();
  });

  it('writes the fewest exact decimals where the column has no usual number of them', () => {
    expect(solveArithmetic(sum, 'due', { amount: '2.5', levy: '0.25', due: '' }, undefined)?.value).toBe('2.75');
    expect(solveArithmetic(sum, 'due', { amount: '-2.5', levy: '2.5', due: '' }, undefined)?.value).toBe('0');
  });
});
