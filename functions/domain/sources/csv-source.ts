import { Transform, type Readable, type TransformCallback } from 'node:stream';
import { CsvError, parse } from 'csv-parse';
import { delimiterOf, type CsvDelimiter } from '../../../shared/csv';
import { SOURCE_LIMITS } from '../../../shared/schemas/source-limits';
import { ValidationFailed } from '../errors';
import type { SourceRow } from '../checks/engine';

// Reads a dataset's source CSV as a stream of records (csv-parse): a header row, then one record
// per row, never the whole file in memory. Fields are separated by commas, or by semicolons or
// tabs where the header line uses those (a spreadsheet set to a decimal comma writes semicolons). Every problem is a 400 that names the line, so an
// admin can fix the file: bad quoting, ragged rows, a missing key column, empty or repeated keys,
// and files over the size or row limits.

export interface CsvProblemDetail {
  field: 'file';
  line: number;
  column?: string;
  message: string;
}

export class CsvProblem extends ValidationFailed {
  constructor(
    readonly line: number,
    message: string,
    column?: string,
  ) {
    super(`Line ${line}: ${message}`, [{ field: 'file', line, ...(column ? { column } : {}), message } satisfies CsvProblemDetail]);
  }
}

export interface CsvReadOptions {
  /** The record key column; rows must carry a non-empty, unique value in it. */
  recordKey?: string;
  maxBytes?: number;
  maxRows?: number;
  /** Called once with the header's column names, before the first row. */
  onHeader?: (columns: string[]) => void;
  /** Bytes read so far (for upload/scan progress). */
  onBytes?: (bytes: number) => void;
}

export interface CsvStats {
  columns: string[];
  rows: number;
  bytes: number;
}

/** Counts bytes through the stream and stops it past the limit. */
class ByteLimit extends Transform {
  bytes = 0;
  constructor(
    private readonly max: number,
    private readonly onBytes?: (bytes: number) => void,
  ) {
    super();
  }
  override _transform(chunk: Buffer | string, _enc: BufferEncoding, done: TransformCallback): void {
    this.bytes += typeof chunk === 'string' ? Buffer.byteLength(chunk) : chunk.length;
    if (this.bytes > this.max) {
      done(new ByteLimitExceeded(this.max));
      return;
    }
    this.onBytes?.(this.bytes);
    done(null, chunk);
  }
}

/** Bytes of a file read for its header line before the delimiter is decided on what was read. */
const HEADER_PEEK = 64 * 1024;

/** Passes a stream through, holding it back until its first line is whole, and tells that line's delimiter. */
class HeaderSniffer extends Transform {
  private head: Buffer[] = [];
  private size = 0;
  private settled = false;
  private resolve!: (delimiter: CsvDelimiter) => void;
  readonly delimiter = new Promise<CsvDelimiter>((resolve) => {
    this.resolve = resolve;
  });

  override _transform(chunk: Buffer | string, _enc: BufferEncoding, done: TransformCallback): void {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    if (this.settled) {
      done(null, bytes);
      return;
    }
    this.head.push(bytes);
    this.size += bytes.length;
    const held = Buffer.concat(this.head);
    const end = held.indexOf(10);
    if (end < 0 && this.size < HEADER_PEEK) {
      done();
      return;
    }
    this.settle(held.subarray(0, end < 0 ? held.length : end));
    done(null, held);
  }

  override _flush(done: TransformCallback): void {
    if (!this.settled) {
      const held = Buffer.concat(this.head);
      this.settle(held);
      if (held.length > 0) this.push(held);
    }
    done();
  }

  private settle(line: Buffer): void {
    this.settled = true;
    this.head = [];
    this.resolve(delimiterOf(line.toString('utf8')));
  }
}

class ByteLimitExceeded extends Error {
  constructor(readonly max: number) {
    super('byte limit');
  }
}

const MB = 1024 * 1024;
const sizeText = (bytes: number) => (bytes >= MB ? `${Math.round(bytes / MB)} MB` : `${Math.ceil(bytes / 1024)} KB`);

function headerColumns(raw: string[], recordKey: string | undefined): string[] {
  const columns = raw.map((c) => c.trim());
  const seen = new Map<string, number>();
  columns.forEach((name, i) => {
    if (name === '') throw new CsvProblem(1, `column ${i + 1} of the header has no name`);
    const first = seen.get(name);
    if (first !== undefined) throw new CsvProblem(1, `the header names column "${name}" twice (columns ${first + 1} and ${i + 1})`, name);
    seen.set(name, i);
  });
  if (recordKey !== undefined && !seen.has(recordKey)) {
    throw new CsvProblem(1, `the record key column "${recordKey}" is not in the header (columns: ${columns.join(', ')})`, recordKey);
  }
  return columns;
}

function csvProblemOf(error: CsvError, lastLine: number, columns: readonly string[]): CsvProblem {
  const line = typeof error.lines === 'number' ? error.lines : lastLine + 1;
  // The field the parser stopped in (0-based), named by the header when it is known.
  const raw = (error as unknown as { index?: unknown }).index;
  const index = typeof raw === 'number' ? raw : undefined;
  const column = index === undefined ? undefined : (columns[index] ?? undefined);
  const where = index === undefined ? '' : column ? ` in column ${index + 1} ("${column}")` : ` in column ${index + 1}`;
  switch (error.code) {
    case 'INVALID_OPENING_QUOTE': // csv-parse names this one without the CSV_ prefix
      return new CsvProblem(
        line,
        `a quote (") appears inside an unquoted field${where}; put the whole field in quotes and double the quotes inside it ("")`,
        column,
      );
    case 'CSV_RECORD_INCONSISTENT_COLUMNS':
    case 'CSV_RECORD_INCONSISTENT_FIELDS_LENGTH': {
      const got = Array.isArray(error.record) ? error.record.length : undefined;
      const want = Array.isArray(error.columns) ? error.columns.length : undefined;
      return new CsvProblem(line, `the row has ${got ?? 'a different number of'} fields, the header has ${want ?? 'another number'}`);
    }
    case 'CSV_QUOTE_NOT_CLOSED': {
      // csv-parse reports the end of the file; the open quote is in the row after the last
      // complete one: header + complete records + skipped empty lines + 1 (exact unless an
      // earlier record spanned lines, which only moves it later).
      const records = typeof error.records === 'number' ? error.records : 0;
      const empty = typeof error.empty_lines === 'number' ? error.empty_lines : 0;
      return new CsvProblem(Math.max(lastLine + 1, records + empty + 2), 'a quoted field is never closed (a " is missing)');
    }
    case 'CSV_INVALID_CLOSING_QUOTE':
    case 'CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE':
      return new CsvProblem(line, `a quoted field${where} has text after its closing quote (quotes inside a field must be doubled: "")`, column);
    case 'CSV_MAX_RECORD_SIZE':
      return new CsvProblem(line, 'the row is too large (a quote may be missing)');
    default:
      return new CsvProblem(line, error.message.replace(/ at line \d+.*$/, ''));
  }
}

/**
 * The rows of a CSV stream, validated. Pass `stats` to learn the header, row count and bytes
 * once the generator is done.
 */
export async function* readCsvRows(input: Readable, options: CsvReadOptions = {}, stats?: CsvStats): AsyncGenerator<SourceRow> {
  const maxBytes = options.maxBytes ?? SOURCE_LIMITS.maxBytes;
  const maxRows = options.maxRows ?? SOURCE_LIMITS.maxRows;
  const recordKey = options.recordKey;
  const counter = new ByteLimit(maxBytes, options.onBytes);
  const sniffer = new HeaderSniffer();
  let columns: string[] = [];
  let parser: ReturnType<typeof parse> | undefined;
  input.on('error', (e) => counter.destroy(e));
  counter.on('error', (e) => sniffer.destroy(e));
  input.pipe(counter).pipe(sniffer);

  const keys = new Map<string, number>();
  let rows = 0;
  let lastLine = 1;
  let finished = false;
  try {
    const delimiter = await new Promise<CsvDelimiter>((resolve, reject) => {
      void sniffer.delimiter.then(resolve);
      sniffer.once('error', reject);
    });
    parser = parse({
      bom: true,
      delimiter,
      columns: (raw: string[]) => {
        columns = headerColumns(raw, recordKey);
        options.onHeader?.(columns);
        return columns;
      },
      skip_empty_lines: true,
      info: true,
      max_record_size: 1 * MB,
    });
    const into = parser;
    sniffer.on('error', (e) => into.destroy(e));
    sniffer.pipe(parser);
    for await (const item of parser as AsyncIterable<{ record: Record<string, string>; info: { lines: number } }>) {
      const line = item.info.lines;
      rows++;
      if (rows > maxRows) throw new CsvProblem(line, `the file has more than ${maxRows.toLocaleString('en-US')} rows`);
      if (recordKey !== undefined) {
        const key = item.record[recordKey]!.trim();
        if (key === '') throw new CsvProblem(line, `the record key "${recordKey}" is empty`, recordKey);
        const first = keys.get(key);
        if (first !== undefined) throw new CsvProblem(line, `the record key "${recordKey}" value "${key}" repeats line ${first}`, recordKey);
        keys.set(key, line);
        if (key !== item.record[recordKey]) item.record[recordKey] = key;
      }
      lastLine = line;
      yield { line, record: item.record };
    }
    finished = true;
  } catch (error) {
    if (error instanceof CsvProblem) throw error;
    if (error instanceof ByteLimitExceeded) throw new CsvProblem(lastLine + 1, `the file is larger than ${sizeText(maxBytes)}`);
    if (error instanceof CsvError) throw csvProblemOf(error, lastLine, columns);
    throw error;
  } finally {
    // Stopped early (an error, or a consumer that broke off): release the source.
    if (!finished) {
      input.unpipe();
      input.destroy();
      parser?.destroy();
    }
  }
  if (columns.length === 0) throw new CsvProblem(1, 'the file is empty: it needs a header row and at least one row');
  if (rows === 0) throw new CsvProblem(2, 'the file has a header but no rows');
  if (stats) Object.assign(stats, { columns, rows, bytes: counter.bytes });
}

/** Reads a whole CSV stream to validate it and learn its shape (upload finalisation). */
export async function inspectCsv(input: Readable, options: CsvReadOptions = {}): Promise<CsvStats> {
  const stats: CsvStats = { columns: [], rows: 0, bytes: 0 };
  for await (const _row of readCsvRows(input, options, stats)) {
    // Only the validation and the counts are wanted here.
  }
  return stats;
}
