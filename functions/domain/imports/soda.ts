import * as z from 'zod';
import type { IssueDimension } from '../../../shared/constants';
import { ValidationFailed } from '../errors';
import { cellText, dimensionByRules, type ImportResult } from './imported-failure';

// A Soda Core scan result (the JSON of `soda scan --srf`, or Scan.get_scan_results()): checks with
// their outcome. Failed-row samples are not part of Soda Core's own file; they come from the
// scan's sampler, which teams attach per check in one of the shapes Soda uses for them:
//   - diagnostics.blocks[] of type "failedRows" whose file holds columns and rows, or
//   - failedRowsSample { columns, rows } on the check.
// Each sampled row of a failing check becomes one failed row, keyed by the dataset's record key.

const columnSchema = z.union([z.string(), z.looseObject({ name: z.string() }).transform((c) => c.name)]);
const sampleSchema = z.looseObject({
  columns: z.array(columnSchema),
  rows: z.array(z.array(z.unknown())),
});

const checkSchema = z.looseObject({
  name: z.string().optional(),
  definition: z.string().optional(),
  type: z.string().optional(),
  table: z.string().optional(),
  column: z.string().nullish(),
  outcome: z.string().nullish(),
  failedRowsSample: sampleSchema.optional(),
  diagnostics: z
    .looseObject({
      blocks: z.array(z.looseObject({ type: z.string().optional(), file: z.looseObject({}).optional() })).optional(),
    })
    .nullish(),
});

export const sodaScanResultSchema = z.looseObject({
  checks: z.array(checkSchema, { error: 'must be the checks array of a Soda scan result' }),
});

export type SodaScanResult = z.infer<typeof sodaScanResultSchema>;
type SodaCheck = z.infer<typeof checkSchema>;

// SodaCL metrics → dimension (spec 1 §3's eight).
const RULES: ReadonlyArray<readonly [RegExp, IssueDimension]> = [
  [/\bmissing_(count|percent)\b/, 'completeness'],
  [/\bduplicate_(count|percent)\b/, 'consistency'],
  [/\bvalues in\b.*\bmust exist in\b|\breference\b/i, 'referential_integrity'],
  [/\bfreshness\b/, 'timeliness'],
  [/\binvalid_(count|percent)\b.*valid (format|regex)|valid (format|regex)/, 'conformity'],
  [/\binvalid_(count|percent)\b/, 'accuracy'],
  [/\b(min|max|avg|sum|stddev|avg_length|min_length|max_length)\(/, 'precision'],
];

/** The column a check is about: its column field, else the first argument of its metric. */
function checkColumn(check: SodaCheck): string | undefined {
  if (check.column) return check.column;
  const text = `${check.definition ?? ''}\n${check.name ?? ''}`;
  const metric = /\b[a-z_]+\(\s*([^),\s]+)/.exec(text) ?? /\bvalues in \(\s*([^),\s]+)/.exec(text);
  return metric?.[1];
}

function samplesOf(check: SodaCheck): z.infer<typeof sampleSchema> | undefined {
  if (check.failedRowsSample) return check.failedRowsSample;
  for (const block of check.diagnostics?.blocks ?? []) {
    if (block.type !== 'failedRows' || !block.file) continue;
    const parsed = sampleSchema.safeParse(block.file);
    if (parsed.success) return parsed.data;
  }
  return undefined;
}

export function parseSodaScanResult(json: unknown, recordKey: string): ImportResult {
  const parsed = sodaScanResultSchema.safeParse(json);
  if (!parsed.success) {
    const details = parsed.error.issues.map((i) => ({ field: ['result', ...i.path.map(String)].join('.'), message: i.message }));
    throw new ValidationFailed(`Not a Soda scan result: ${details.map((d) => `${d.field} ${d.message}`).join('; ')}`, details);
  }
  const result: ImportResult = { tool: 'soda', failures: [], checks: [], skipped: [], evaluatedChecks: [] };
  for (const check of parsed.data.checks) {
    const name = (check.name ?? check.definition ?? 'soda check').trim();
    if (check.outcome === 'pass' || check.outcome === 'fail') result.evaluatedChecks!.push(name);
    if (check.outcome !== 'fail') continue;
    const column = checkColumn(check);
    const samples = samplesOf(check);
    if (!column) {
      result.skipped.push({ name, reason: 'the check names no column' });
      continue;
    }
    if (!samples || samples.rows.length === 0) {
      result.skipped.push({ name, reason: 'the check has no failed-row samples' });
      continue;
    }
    const keyAt = samples.columns.indexOf(recordKey);
    if (keyAt < 0) {
      result.skipped.push({ name, reason: `the failed-row samples have no "${recordKey}" column (the dataset's record key)` });
      continue;
    }
    const valueAt = samples.columns.indexOf(column);
    const dimension = dimensionByRules(`${check.definition ?? ''} ${name}`, RULES);
    let failed = 0;
    for (const row of samples.rows) {
      const recordId = cellText(row[keyAt])?.trim();
      if (!recordId) continue;
      result.failures.push({ checkName: name, column, recordId, value: valueAt < 0 ? null : cellText(row[valueAt]), dimension });
      failed++;
    }
    result.checks.push({ name, column, dimension, failedRows: failed });
  }
  return result;
}
