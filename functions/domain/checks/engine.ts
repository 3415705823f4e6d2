import type { Check } from '../../../shared/schemas/checks';
import { compileCheck, type CheckContext, type CompiledCheck, type SourceRecord } from './compile';

// Evaluates a dataset's checks over streamed source rows. Memory stays bounded by what the
// checks must remember (the keys seen by duplicate checks, the reference sets), never by the
// rows: each row is tested and dropped. Failures leave in batches so the writer can batch too.

export interface SourceRow {
  /** 1-based line of the file where the record starts (for messages). */
  line: number;
  record: SourceRecord;
}

/** One failing cell: the record, the check, and the value the check failed on. */
export interface CheckFailure {
  check: Check;
  recordId: string;
  column: string;
  /** The cell as written in the source; null when the column is absent from the record. */
  value: string | null;
  row: SourceRow;
}

export interface CheckCount {
  name: string;
  failed: number;
}

export class CheckRun {
  private readonly compiled: CompiledCheck[];
  private readonly failedPerCheck: number[];
  rows = 0;
  failures = 0;

  constructor(
    checks: readonly Check[],
    private readonly recordKey: string,
    context: CheckContext,
  ) {
    this.compiled = checks.map((check) => compileCheck(check, context));
    this.failedPerCheck = checks.map(() => 0);
  }

  /** Tests one row against every check, handing each failure to `sink`. */
  evaluate(row: SourceRow, sink: (failure: CheckFailure) => void): void {
    this.rows++;
    const record = row.record;
    for (let i = 0; i < this.compiled.length; i++) {
      const compiled = this.compiled[i]!;
      if (!compiled.fails(record)) continue;
      this.failedPerCheck[i]!++;
      this.failures++;
      const column = compiled.check.column;
      sink({ check: compiled.check, recordId: record[this.recordKey] ?? '', column, value: record[column] ?? null, row });
    }
  }

  /** Failed rows per check, in the order the checks are configured. */
  counts(): CheckCount[] {
    return this.compiled.map((c, i) => ({ name: c.check.name, failed: this.failedPerCheck[i]! }));
  }
}

export interface EvaluateOptions {
  /** Most failures per yielded batch. */
  batchSize?: number;
  /** Called every `progressEvery` rows with the rows read so far. */
  onProgress?: (rows: number) => void;
  progressEvery?: number;
}

/** Streams rows through the checks and yields the failures in batches. */
export async function* evaluateChecks(
  rows: AsyncIterable<SourceRow> | Iterable<SourceRow>,
  run: CheckRun,
  options: EvaluateOptions = {},
): AsyncGenerator<CheckFailure[]> {
  const batchSize = options.batchSize ?? 500;
  const progressEvery = options.progressEvery ?? 5000;
  let batch: CheckFailure[] = [];
  const sink = (f: CheckFailure) => batch.push(f);
  for await (const row of rows) {
    run.evaluate(row, sink);
    if (options.onProgress && run.rows % progressEvery === 0) options.onProgress(run.rows);
    if (batch.length >= batchSize) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
  options.onProgress?.(run.rows);
}

export interface CheckPreview {
  rows: number;
  checks: Array<CheckCount & { samples: Array<{ recordId: string; value: string | null }> }>;
}

const PREVIEW_SAMPLES = 5;

/**
 * The check editor's preview: how many rows each check would fail, with a few examples, without
 * writing anything.
 */
export async function previewChecks(
  rows: AsyncIterable<SourceRow> | Iterable<SourceRow>,
  checks: readonly Check[],
  recordKey: string,
  context: CheckContext,
): Promise<CheckPreview> {
  const run = new CheckRun(checks, recordKey, context);
  const samples = new Map<string, Array<{ recordId: string; value: string | null }>>(checks.map((c) => [c.name, []]));
  const sink = (f: CheckFailure) => {
    const list = samples.get(f.check.name)!;
    if (list.length < PREVIEW_SAMPLES) list.push({ recordId: f.recordId, value: f.value });
  };
  for await (const row of rows) run.evaluate(row, sink);
  return { rows: run.rows, checks: run.counts().map((c) => ({ ...c, samples: samples.get(c.name)! })) };
}
