import type { ChecksConfig } from '../../../shared/schemas/checks';
import { ValidationFailed, type FieldProblem } from '../errors';

// A config that parses can still name columns the data does not have. These checks need the
// dataset's header (and the headers of referenced datasets), so they run in the use case, and
// answer 400 with the field of each problem, like zod's own messages.

export type { FieldProblem };

export interface ConfigContext {
  datasetId: string;
  columns: readonly string[];
  /** The columns of another dataset of the instance; undefined when there is no such dataset. */
  columnsOfDataset(datasetId: string): readonly string[] | undefined;
}

function list(columns: readonly string[]): string {
  const shown = columns.slice(0, 20).join(', ');
  return columns.length > 20 ? `${shown}, …` : shown;
}

export function configProblems(config: ChecksConfig, context: ConfigContext): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const known = new Set(context.columns);
  const unknown = (field: string, column: string) =>
    problems.push({ field, message: `"${column}" is not a column of the dataset (columns: ${list(context.columns)})` });

  if (config.ownerRule.kind === 'column' && !known.has(config.ownerRule.column)) unknown('ownerRule.column', config.ownerRule.column);
  config.checks.forEach((check, i) => {
    if (!known.has(check.column)) unknown(`checks.${i}.column`, check.column);
    if (check.type === 'duplicate' && check.columns) {
      check.columns.forEach((c, j) => {
        if (c !== check.column && !known.has(c)) unknown(`checks.${i}.columns.${j}`, c);
      });
    }
    if (check.type === 'reference') {
      if (check.referenceDataset === context.datasetId) {
        // Allowed: a column may reference another column of the same dataset (e.g. manager_id → employee_id).
        if (!known.has(check.referenceColumn)) unknown(`checks.${i}.referenceColumn`, check.referenceColumn);
        return;
      }
      const other = context.columnsOfDataset(check.referenceDataset);
      if (!other) {
        problems.push({ field: `checks.${i}.referenceDataset`, message: `"${check.referenceDataset}" is not a dataset of this instance with data` });
      } else if (!other.includes(check.referenceColumn)) {
        problems.push({
          field: `checks.${i}.referenceColumn`,
          message: `"${check.referenceColumn}" is not a column of ${check.referenceDataset} (columns: ${list(other)})`,
        });
      }
    }
  });
  return problems;
}

export function assertConfigFits(config: ChecksConfig, context: ConfigContext): void {
  const problems = configProblems(config, context);
  if (problems.length > 0) {
    throw new ValidationFailed(`Invalid checks: ${problems.map((p) => `${p.field} ${p.message}`).join('; ')}`, problems);
  }
}
