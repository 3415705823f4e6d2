import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { neighboursAt, type IssueForSuggestion, type SourceRecord } from '../../functions/domain/ai/provider';

// Dirty/clean pairs of a data-cleaning benchmark: DIR/<name>/dirty.csv and DIR/<name>/clean.csv
// hold the same rows in the same order. Cells are compared by row and column position (header
// names may differ). A pair whose row or column counts differ cannot be compared and is refused.

export interface CsvPair {
  name: string;
  /** The dirty file's header: the column names the provider sees. */
  header: string[];
  dirty: string[][];
  clean: string[][];
}

export interface FailedCell {
  row: number;
  col: number;
  column: string;
  dirty: string;
  clean: string;
}

export class PairMismatch extends Error {
  override name = 'PairMismatch';
}

function readCsv(file: string): string[][] {
  return parse(readFileSync(file), { relaxColumnCount: true, bom: true }) as string[][];
}

/** Which of the pair's two files a dataset folder holds. */
const filesIn = (dir: string, name: string) => ({ dirty: existsSync(path.join(dir, name, 'dirty.csv')), clean: existsSync(path.join(dir, name, 'clean.csv')) });

/** Dataset folders under `dir` that hold both files, sorted; or the named ones (which must exist). */
export function listDatasets(dir: string, names?: readonly string[]): string[] {
  const has = (name: string) => {
    const files = filesIn(dir, name);
    return files.dirty && files.clean;
  };
  if (names && names.length > 0) {
    const missing = names.filter((n) => !has(n));
    if (missing.length > 0) throw new PairMismatch(`no dirty.csv/clean.csv pair in ${dir} for: ${missing.join(', ')}`);
    return [...names];
  }
  if (!existsSync(dir)) throw new PairMismatch(`data directory ${dir} does not exist`);
  return readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory() && has(e.name))
    .map((e) => e.name)
    .sort();
}

/**
 * Dataset folders under `dir` that hold one of the two files but not the other (a pair that cannot
 * be compared, which listDatasets leaves out), sorted, each with the file it lacks.
 */
export function incompletePairs(dir: string): Array<{ name: string; missing: 'dirty.csv' | 'clean.csv' }> {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => ({ name: e.name, ...filesIn(dir, e.name) }))
    .filter((e) => e.dirty !== e.clean)
    .map((e) => ({ name: e.name, missing: e.dirty ? ('clean.csv' as const) : ('dirty.csv' as const) }))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** Checks that the two tables line up cell for cell; throws PairMismatch naming the difference. */
export function checkPair(name: string, dirty: string[][], clean: string[][]): void {
  if (dirty.length === 0) throw new PairMismatch(`${name}: dirty.csv is empty`);
  if (dirty.length !== clean.length) throw new PairMismatch(`${name}: dirty.csv has ${dirty.length - 1} rows, clean.csv ${clean.length - 1}`);
  const width = dirty[0]!.length;
  for (let r = 0; r < dirty.length; r++) {
    if (dirty[r]!.length !== width || clean[r]!.length !== width) {
      throw new PairMismatch(`${name}: line ${r + 1} has ${dirty[r]!.length} columns in dirty.csv and ${clean[r]!.length} in clean.csv (header: ${width})`);
    }
  }
}

export function readPair(dir: string, name: string): CsvPair {
  const dirty = readCsv(path.join(dir, name, 'dirty.csv'));
  const clean = readCsv(path.join(dir, name, 'clean.csv'));
  checkPair(name, dirty, clean);
  return { name, header: dirty[0]!, dirty: dirty.slice(1), clean: clean.slice(1) };
}

export function failedCells(pair: CsvPair): FailedCell[] {
  const out: FailedCell[] = [];
  pair.dirty.forEach((cells, r) => {
    cells.forEach((d, c) => {
      const k = pair.clean[r]![c]!;
      if (d !== k) out.push({ row: r, col: c, column: pair.header[c]!, dirty: d, clean: k });
    });
  });
  return out;
}

/**
 * A failed cell as the worker asks the provider about it: the column, the failed value, its row,
 * and the rows either side of it in the (dirty) file.
 */
export function issueOf(records: readonly SourceRecord[], cell: FailedCell): IssueForSuggestion {
  const neighbours = neighboursAt(records, cell.row);
  return { issue_column: cell.column, current_value: cell.dirty, row: records[cell.row]!, ...(neighbours ? { neighbours } : {}) };
}
