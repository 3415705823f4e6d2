import { describe, expect, it } from 'vitest';
import { csvField, toCsv } from './csv';

describe('CSV', () => {
  it.each([
    ['plain', 'plain'],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['cr\r', '"cr\r"'],
    ['-9.99', '-9.99'],
    [null, ''],
    [undefined, ''],
    [42, '42'],
  ] as const)('writes %j as %j', (value, field) => {
    expect(csvField(value)).toBe(field);
  });

  it('writes a header and rows with CRLF line ends', () => {
    expect(toCsv(['id', 'value'], [['1', 'a,b'], ['2', null]])).toBe('id,value\r\n1,"a,b"\r\n2,\r\n');
  });
});
