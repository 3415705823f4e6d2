import type { DateFormat, ValueFormat } from '../../../shared/schemas/checks';
import { formatValidator, matchesDateFormat } from './formats';
import { codePointLength, isBlank, parseNumber, parseTimestamp } from './values';

describe('formatValidator', () => {
  it.each<[ValueFormat, string, boolean]>([
    ['email', 'emma.smith@acme.com', true],
    ['email', 'ingrid.müller@globex.de', true],
    ['email', 'kwame@例え.jp', true],
    ['email', 'emma.smithacme.com', false],
    ['email', 'emma smith@acme.com', false],
    ['email', 'emma@acme', false],
    ['email', 'emma..smith@acme.com', false],
    ['email', '.emma@acme.com', false],
    ['email', 'emma@@acme.com', false],
    ['phone', '+1 415-555-0100', true],
    ['phone', '(415) 555-0100', true],
    ['phone', '+49 30 901820', true],
    ['phone', '555-01', false],
    ['phone', '+1 415 555 0100 ext 2', false],
    ['phone', '(415 555-0100', false],
    ['phone', '1234567890123456', false],
    ['uuid', '3f2504e0-4f89-41d3-9a0c-0305e82c3301', true],
    ['uuid', '3F2504E0-4F89-41D3-9A0C-0305E82C3301', true],
    ['uuid', '3f2504e04f8941d39a0c0305e82c3301', false],
    ['integer', '42', true],
    ['integer', '-7', true],
    ['integer', '+0', true],
    ['integer', '4.0', false],
    ['integer', '1,000', false],
    ['integer', '٤٢', false], // Arabic-Indic digits are not ASCII digits
    ['decimal', '3.14', true],
    ['decimal', '3,14', true],
    ['decimal', '.5', true],
    ['decimal', '-10', true],
    ['decimal', '1.2.3', false],
    ['decimal', '12abc', false],
    ['decimal', 'NaN', false],
    ['percentage', '45%', true],
    ['percentage', '12.5 %', true],
    ['percentage', '45', false],
    ['percentage', '%45', false],
    ['money', '$1,234.50', true],
    ['money', '1.234,50 €', true],
    ['money', 'EUR 99', true],
    ['money', '-£12.00', true],
    ['money', '12.3456', false], // neither a grouping nor two decimals
    ['money', '12.345', true], // European thousands grouping
    ['money', '$', false],
    ['money', 'twelve dollars', false],
    ['ip', '192.168.0.1', true],
    ['ip', '2001:db8::1', true],
    ['ip', '256.1.1.1', false],
    ['ip', '192.168.0', false],
  ])('%s: %j → %s', (format, value, valid) => {
    expect(formatValidator(format)(value)).toBe(valid);
  });

  it('validates dates against the configured layouts only', () => {
    const usOrIso = formatValidator('date', ['ISO', 'MM/DD/YYYY']);
    expect(usOrIso('2026-02-28')).toBe(true);
    expect(usOrIso('02/28/2026')).toBe(true);
    expect(usOrIso('28.02.2026')).toBe(false);
  });
});

describe('matchesDateFormat', () => {
  it.each<[DateFormat, string, boolean]>([
    ['ISO', '2026-03-01', true],
    ['ISO', '2026-03-01T12:30:00Z', true],
    ['ISO', '2026-03-01T12:30:00.123+02:00', true],
    ['ISO', '2026-03-01 12:30', true],
    ['ISO', '2026-02-30', false],
    ['ISO', '2026-03-01T24:00:00Z', false],
    ['ISO', '2024-02-29', true], // leap year
    ['ISO', '2100-02-29', false], // not a leap year
    ['YYYY-MM-DD', '2026-03-01T12:30:00Z', false],
    ['MM/DD/YYYY', '03/01/2026', true],
    ['MM/DD/YYYY', '13/01/2026', false],
    ['MM/DD/YYYY', '3/1/2026', false],
    ['M/D/YYYY', '3/1/2026', true],
    ['DD/MM/YYYY', '31/12/2026', true],
    ['DD/MM/YYYY', '12/31/2026', false],
    ['DD.MM.YYYY', '01.03.2026', true],
    ['YYYYMMDD', '20260301', true],
    ['YYYYMMDD', '20261301', false],
  ])('%s: %j → %s', (format, value, valid) => {
    expect(matchesDateFormat(value, format)).toBe(valid);
  });
});

describe('value readers', () => {
  it.each([
    ['', true],
    ['   ', true],
    ['\t\n', true],
    ['\u00a0', true], // no-break space
    ['\u3000', true], // ideographic space
    ['0', false],
    [' x ', false],
    ['\u200b', false], // a zero-width space is a character, not whitespace
  ])('isBlank(%j) → %s', (value, blank) => {
    expect(isBlank(value)).toBe(blank);
  });

  it.each([
    ['42', 42],
    [' 42 ', 42],
    ['-3.5', -3.5],
    ['+1e3', 1000],
    ['.5', 0.5],
    ['1,234.50', 1234.5],
    ['1,23', 1.23],
    ['-0,25', -0.25],
    ['1.234,50', 1234.5],
    ['12 345,6', 12345.6],
    ['1,234', 1234],
    ['1.2.3', undefined],
    ['1,2,3', undefined],
    ['12abc', undefined],
    ['Infinity', undefined],
    ['$12', undefined],
    ['', undefined],
  ])('parseNumber(%j) → %s', (value, expected) => {
    expect(parseNumber(value)).toBe(expected);
  });

  it.each([
    ['abc', 3],
    ['Müller', 6],
    ['😀😀', 2],
    ['e\u0301', 2], // a combining accent is its own code point
  ])('codePointLength(%j) → %i', (value, expected) => {
    expect(codePointLength(value)).toBe(expected);
  });

  it.each([
    ['2026-03-01', Date.UTC(2026, 2, 1)],
    ['2026-03-01T10:00:00Z', Date.UTC(2026, 2, 1, 10)],
    ['2026-03-01 10:00:00', Date.UTC(2026, 2, 1, 10)],
    ['2026-03-01T10:00:00+02:00', Date.UTC(2026, 2, 1, 8)],
    ['03/01/2026', Date.UTC(2026, 2, 1)],
    ['03/01/2026 10:30', Date.UTC(2026, 2, 1, 10, 30)],
    ['01.03.2026', Date.UTC(2026, 2, 1)],
    ['1772359200', 1772359200000],
    ['1772359200000', 1772359200000],
    ['2026-02-30', undefined],
    ['TBD', undefined],
    ['yesterday', undefined],
  ])('parseTimestamp(%j) → %s', (value, expected) => {
    expect(parseTimestamp(value)).toBe(expected);
  });
});
