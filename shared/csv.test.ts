import { describe, expect, it } from 'vitest';
import { csvField, delimiterOf, toCsv } from './csv';

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

  it.each([
    ['=HYPERLINK("http://evil.example","x")', `"'=HYPERLINK(""http://evil.example"",""x"")"`],
    ['+cmd|/c calc', "'+cmd|/c calc"],
    ['-2+3+cmd|/c calc', "'-2+3+cmd|/c calc"],
    ['@SUM(A1:A2)', "'@SUM(A1:A2)"],
    ['\t=1', "'\t=1"],
    ['\r=1', `"'\r=1"`],
    ['-', "'-"],
    ['-12.5', '-12.5'],
    ['+49', '+49'],
    ['-1e5', '-1e5'],
    ['a=b', 'a=b'],
    ['plain', 'plain'],
  ] as const)('neutralises formula-like text %j as %j in spreadsheet CSV', (value, field) => {
    expect(csvField(value, { neutraliseFormulas: true })).toBe(field);
  });

  it('keeps numbers as numbers when neutralising', () => {
    expect(csvField(-12.5, { neutraliseFormulas: true })).toBe('-12.5');
    expect(toCsv(['v'], [[-3], ['=1+1']], { neutraliseFormulas: true })).toBe("v\r\n-3\r\n'=1+1\r\n");
  });

  it('leaves values untouched without the option (source files for the check engine)', () => {
    expect(csvField('=1+1')).toBe('=1+1');
  });

  it('writes a header and rows with CRLF line ends', () => {
    expect(toCsv(['id', 'value'], [['1', 'a,b'], ['2', null]])).toBe('id,value\r\n1,"a,b"\r\n2,\r\n');
  });

  it.each([
    ['id,name,rain', ','],
    ['id;name;rain', ';'],
    ['id\tname\train', '\t'],
    // A name that holds the other mark, quoted, does not count.
    ['"pier; berth",rain', ','],
    ['"rain, mm";day;pier', ';'],
    ['one column', ','],
  ])('reads the delimiter of the header %j as %j', (header, delimiter) => {
    expect(delimiterOf(header)).toBe(delimiter);
  });
});

