// CSV as RFC 4180 writes it: comma separated, CRLF line ends, a field quoted when it holds a comma,
// a quote, CR or LF, with quotes doubled. Values are written as they are (no spreadsheet-formula
// mangling): the export is the fixes' way back into a warehouse, where a leading "-" is data.

export type CsvValue = string | number | boolean | null | undefined;

export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(header: readonly string[], rows: ReadonlyArray<readonly CsvValue[]>): string {
  return [header, ...rows].map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
}
