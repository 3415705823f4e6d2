import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ValidationFailed } from '../errors';
import { parseGreatExpectationsResult } from './great-expectations';
import { parseSodaScanResult } from './soda';

const fixture = (name: string): unknown => JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../../test/fixtures', name), 'utf8'));

describe('parseSodaScanResult', () => {
  it('turns each sampled row of a failing check into a failed row', () => {
    // Act
    const result = parseSodaScanResult(fixture('soda-scan-result.json'), 'customer_id');

    // Assess
    expect(result.failures).toEqual([
      { checkName: 'Customers have an e-mail', column: 'email', recordId: 'CUST-000104', value: null, dimension: 'completeness' },
      { checkName: 'Customers have an e-mail', column: 'email', recordId: 'CUST-000377', value: null, dimension: 'completeness' },
      { checkName: 'invalid_count(email) = 0', column: 'email', recordId: 'CUST-000012', value: 'ingrid.müller@@globex.com', dimension: 'conformity' },
      { checkName: 'invalid_count(email) = 0', column: 'email', recordId: 'CUST-000058', value: 'ravi.patel globex.com', dimension: 'conformity' },
      { checkName: 'invalid_count(email) = 0', column: 'email', recordId: 'CUST-000231', value: 'chloe.dubois@hooli', dimension: 'conformity' },
      { checkName: 'duplicate_count(tax_id) = 0', column: 'tax_id', recordId: 'CUST-000519', value: 'DE811907980', dimension: 'consistency' },
    ]);
    expect(result.checks.map((c) => [c.name, c.failedRows])).toEqual([
      ['Customers have an e-mail', 2],
      ['invalid_count(email) = 0', 3],
      ['duplicate_count(tax_id) = 0', 1],
    ]);
  });

  it('skips failing checks it cannot place, and ignores passing and warning ones', () => {
    const result = parseSodaScanResult(fixture('soda-scan-result.json'), 'customer_id');
    expect(result.skipped).toEqual([{ name: 'Annual revenue is not negative', reason: 'the check has no failed-row samples' }]);
  });

  it('skips samples without the record key column', () => {
    const result = parseSodaScanResult(fixture('soda-scan-result.json'), 'account_id');
    expect(result.failures).toEqual([]);
    expect(result.skipped[0]!.reason).toMatch(/no "account_id" column/);
  });

  it.each([
    ['an array', []],
    ['checks that are not a list', { checks: 'x' }],
    ['a check without outcome field types', { checks: [{ outcome: 5 }] }],
  ])('rejects %s with a 400 naming the field', (_label, json) => {
    expect(() => parseSodaScanResult(json, 'id')).toThrow(ValidationFailed);
  });
});

describe('parseGreatExpectationsResult', () => {
  it('reads unexpected_index_list of every failed expectation (GX 1.x suite result)', () => {
    // Act
    const result = parseGreatExpectationsResult(fixture('gx-validation-result.json'), 'customer_id');

    // Assess
    expect(result.failures.map((f) => [f.checkName, f.column, f.recordId, f.value, f.dimension])).toEqual([
      ['expect_column_values_to_not_be_null(email)', 'email', 'CUST-000104', null, 'completeness'],
      ['expect_column_values_to_not_be_null(email)', 'email', 'CUST-000377', null, 'completeness'],
      ['expect_column_values_to_be_in_set(country)', 'country', 'CUST-000033', 'USA', 'accuracy'],
      ['expect_column_values_to_be_in_set(country)', 'country', 'CUST-000090', 'Germny', 'accuracy'],
      ['expect_column_values_to_be_in_set(country)', 'country', 'CUST-000412', 'U.K.', 'accuracy'],
      ['Postal codes have 4 or 5 digits', 'postal_code', 'CUST-000201', '1O115', 'conformity'],
      ['Postal codes have 4 or 5 digits', 'postal_code', 'CUST-000745', '80331', 'conformity'],
    ]);
    // An aggregate expectation (mean) fails without rows: reported, not invented.
    expect(result.skipped).toEqual([{ name: 'expect_column_mean_to_be_between(annual_revenue)', reason: 'no unexpected_index_list (run with result_format COMPLETE)' }]);
  });

  it('reads a GX 0.x checkpoint result', () => {
    const result = parseGreatExpectationsResult(fixture('gx-checkpoint-result-v0.json'), 'customer_id');
    expect(result.failures).toEqual([
      { checkName: 'expect_column_value_lengths_to_be_between(name)', column: 'name', recordId: 'CUST-000666', value: 'X', dimension: 'precision' },
    ]);
  });

  it('skips expectations whose index columns lack the record key', () => {
    const result = parseGreatExpectationsResult(fixture('gx-validation-result.json'), 'email');
    expect(result.failures).toEqual([]);
    expect(result.skipped.map((s) => s.reason)).toContain('unexpected_index_column_names does not include "email" (the dataset\'s record key)');
  });

  it('rejects what is not a validation result', () => {
    expect(() => parseGreatExpectationsResult({ hello: 'world' }, 'id')).toThrow(/Not a Great Expectations validation result: result.results/);
  });
});
