import { describe, expect, it } from 'vitest';
import { ISSUE_DIMENSIONS, ISSUE_TYPES } from './constants';
import { dimensionFromCheckName, ISSUE_TYPE_BY_DIMENSION, issueTypeLabel, issueTypeOf, parseIssueType } from './issue-type';

describe('the issue-type keyword fallback', () => {
  it.each([
    ['missing_amount', 'completeness'],
    ['contact_is_null', 'completeness'],
    ['empty_lead_source', 'completeness'],
    ['invalid_stage', 'accuracy'],
    ['close_date_invalid_format', 'accuracy'],
    ['phone_pattern', 'accuracy'],
    ['duplicate_lead_email', 'consistency'],
    ['inconsistent_currency', 'consistency'],
    ['country_conformance', 'conformity'],
    ['valid_format_check', 'conformity'],
    ['probability_range', 'precision'],
    ['price_precision', 'precision'],
    ['stock_quantity_limit', 'precision'],
    ['stale_price_update_date', 'timeliness'],
    ['contract_expired', 'timeliness'],
    ['missingAccountReference', 'completeness'],
    ['account_reference', 'referential_integrity'],
    ['foreign_key_check', 'referential_integrity'],
    ['unique_constraint', 'referential_integrity'],
    ['country_not_iso_code', 'other'],
    ['', 'other'],
  ] as const)('reads %s as %s', (checkName, dimension) => {
    expect(dimensionFromCheckName(checkName)).toBe(dimension);
  });

  it('keeps "invalid format" with accuracy although it contains "valid format"', () => {
    expect(dimensionFromCheckName('invalid format')).toBe('accuracy');
    expect(dimensionFromCheckName('valid format')).toBe('conformity');
  });

  it('takes the dimension from the taxonomy when there is one, whatever the check is called', () => {
    const taxonomy = { dimension: { key: 'precision' } };
    expect(issueTypeOf({ check_name: 'missing_amount', taxonomy })).toBe('out_of_range');
    expect(issueTypeOf({ check_name: 'missing_amount' })).toBe('missing_data');
    expect(issueTypeOf({ check_name: 'missing_amount', taxonomy: { dimension: { key: 'nonsense' } } })).toBe('missing_data');
  });

  it('maps every dimension to one of the six fallback labels', () => {
    for (const d of ISSUE_DIMENSIONS) expect(ISSUE_TYPES).toContain(ISSUE_TYPE_BY_DIMENSION[d]);
    expect(ISSUE_TYPES.map(issueTypeLabel)).toEqual(['Missing Data', 'Invalid Value', 'Duplicate', 'Format Error', 'Out of Range', 'Data Quality']);
  });

  it.each([
    ['out_of_range', 'out_of_range'],
    ['Out of Range', 'out_of_range'],
    [' missing data ', 'missing_data'],
    ['Nope', undefined],
  ])('parses the issue type %j', (value, type) => {
    expect(parseIssueType(value)).toBe(type);
  });
});
