// CSV as RFC 4180 writes it: comma separated, CRLF line ends, a field quoted when it holds a comma,
// a quote, CR or LF, with quotes doubled.
//
// Files meant for spreadsheets (the fixes export) neutralise formulas (OWASP "CSV injection"): a
// text cell that begins with =, +, -, @, a tab or a carriage return is written with a leading
// apostrophe, so a spreadsheet shows it as text instead of running it. Numbers stay numbers: a
// number, or a text that is just a number such as "-12.5" or "+49", is written as is (a spreadsheet
// reads it as that number, never as a formula). Source files written for the check engine keep
// their values untouched.

export type CsvValue = string | number | boolean | null | undefined;

export interface CsvOptions {
  /** Prefix formula-like text cells with an apostrophe (for files opened in spreadsheets). */
  neutraliseFormulas?: boolean;
}

const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

/** The text a spreadsheet shows as text: formula-like cells get a leading apostrophe. */
export function neutraliseFormula(text: string): string {
  return FORMULA_START.test(text) && !PLAIN_NUMBER.test(text) ? `'${text}` : text;
}

export function csvField(value: CsvValue, options: CsvOptions = {}): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (options.neutraliseFormulas && typeof value === 'string') text = neutraliseFormula(text);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(header: readonly string[], rows: ReadonlyArray<readonly CsvValue[]>, options: CsvOptions = {}): string {
  return [header, ...rows].map((row) => row.map((v) => csvField(v, options)).join(',')).join('\r\n') + '\r\n';
}

/** A field delimiter a CSV file may use: a comma, or a semicolon or a tab. */
export type CsvDelimiter = ',' | ';' | '\t';

/**
 * The delimiter of a file from its header line: a semicolon where the header holds more of them
 * than commas (a spreadsheet set to a decimal comma writes "day;rain" and "1;14,5"), a tab where
 * it holds more tabs than either, else a comma. Quoted names are not counted.
 */
export function delimiterOf(headerLine: string): CsvDelimiter {
  const outside = headerLine.replace(/"(?:[^"]|"")*"/g, '');
  const count = (c: string) => outside.split(c).length - 1;
  const [comma, semicolon, tab] = [count(','), count(';'), count('\t')];
  if (tab > comma && tab > semicolon) return '\t';
  return semicolon > comma ? ';' : ',';
}
