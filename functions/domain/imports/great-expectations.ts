import * as z from 'zod';
import type { IssueDimension } from '../../../shared/constants';
import { ValidationFailed } from '../errors';
import { cellText, dimensionByRules, type ImportResult } from './imported-failure';

// A Great Expectations validation result, run with result_format COMPLETE and
// unexpected_index_column_names naming the record key: each failed expectation lists its failing
// rows in result.unexpected_index_list as objects holding the index column(s) and the value.
// Accepted: a suite validation result ({ results: [...] }), or a checkpoint result whose
// run_results hold them (GX 0.x under validation_result, GX 1.x directly).

const expectationResultSchema = z.looseObject({
  success: z.boolean(),
  expectation_config: z.looseObject({
    /** GX 1.x */
    type: z.string().optional(),
    /** GX 0.x */
    expectation_type: z.string().optional(),
    kwargs: z.looseObject({}).default({}),
    description: z.string().nullish(),
    meta: z.looseObject({}).nullish(),
  }),
  result: z
    .looseObject({
      unexpected_index_list: z.array(z.unknown()).optional(),
      unexpected_index_column_names: z.array(z.string()).optional(),
      unexpected_list: z.array(z.unknown()).optional(),
    })
    .default({}),
});

const suiteResultSchema = z.looseObject({ results: z.array(expectationResultSchema) });
const checkpointResultSchema = z.looseObject({
  run_results: z.record(z.string(), z.union([z.looseObject({ validation_result: suiteResultSchema }), suiteResultSchema])),
});

type ExpectationResult = z.infer<typeof expectationResultSchema>;

const RULES: ReadonlyArray<readonly [RegExp, IssueDimension]> = [
  [/not_be_null/, 'completeness'],
  [/_be_unique|unique_within_record/, 'consistency'],
  [/match_regex|match_like_pattern|match_strftime_format|dateutil_parseable|json_parseable|match_json_schema|be_of_type|be_in_type_list/, 'conformity'],
  [/lengths?_to_(be_between|equal)|_be_between|_be_increasing|_be_decreasing/, 'precision'],
  [/_be_in_set|not_be_in_set|distinct_values/, 'accuracy'],
  [/pair_values|multicolumn/, 'consistency'],
];

function suites(json: unknown): z.infer<typeof suiteResultSchema>[] {
  const suite = suiteResultSchema.safeParse(json);
  if (suite.success) return [suite.data];
  const checkpoint = checkpointResultSchema.safeParse(json);
  if (checkpoint.success) {
    return Object.values(checkpoint.data.run_results).map((r) => ('validation_result' in r ? r.validation_result : r) as z.infer<typeof suiteResultSchema>);
  }
  const details = suite.error.issues.map((i) => ({ field: ['result', ...i.path.map(String)].join('.'), message: i.message }));
  throw new ValidationFailed(`Not a Great Expectations validation result: ${details.map((d) => `${d.field} ${d.message}`).join('; ')}`, details);
}

function columnOf(r: ExpectationResult): string | undefined {
  const kwargs = r.expectation_config.kwargs as Record<string, unknown>;
  for (const key of ['column', 'column_A']) if (typeof kwargs[key] === 'string') return kwargs[key];
  const list = kwargs.column_list;
  return Array.isArray(list) && typeof list[0] === 'string' ? list[0] : undefined;
}

export function parseGreatExpectationsResult(json: unknown, recordKey: string): ImportResult {
  const result: ImportResult = { tool: 'great_expectations', failures: [], checks: [], skipped: [] };
  for (const suite of suites(json)) {
    for (const r of suite.results) {
      if (r.success) continue;
      const type = r.expectation_config.type ?? r.expectation_config.expectation_type ?? 'expectation';
      const column = columnOf(r);
      const description = r.expectation_config.description?.trim();
      // Stable across imports (re-imports update the same failed rows): the type and column.
      const name = description || `${type}(${column ?? ''})`;
      if (!column) {
        result.skipped.push({ name, reason: 'the expectation names no column' });
        continue;
      }
      const indexColumns = r.result.unexpected_index_column_names;
      const index = r.result.unexpected_index_list;
      if (!index || index.length === 0) {
        result.skipped.push({ name, reason: 'no unexpected_index_list (run with result_format COMPLETE)' });
        continue;
      }
      if (!indexColumns?.includes(recordKey)) {
        result.skipped.push({ name, reason: `unexpected_index_column_names does not include "${recordKey}" (the dataset's record key)` });
        continue;
      }
      const dimension = dimensionByRules(type, RULES);
      let failed = 0;
      index.forEach((entry, i) => {
        if (typeof entry !== 'object' || entry === null) return;
        const row = entry as Record<string, unknown>;
        const recordId = cellText(row[recordKey])?.trim();
        if (!recordId) return;
        const value = column in row ? row[column] : r.result.unexpected_list?.[i];
        result.failures.push({ checkName: name, column, recordId, value: cellText(value), dimension });
        failed++;
      });
      result.checks.push({ name, column, dimension, failedRows: failed });
    }
  }
  return result;
}
