import type { IssueDimension } from '../../../shared/constants';
import { dimensionFromCheckName } from '../../../shared/issue-type';

// What an import of another engine's results yields: one failing cell per failed row, named by
// the foreign check, ready to be written like a scan's failures.

export interface ImportedFailure {
  checkName: string;
  column: string;
  recordId: string;
  value: string | null;
  dimension: IssueDimension;
}

export interface ImportedCheck {
  name: string;
  column: string;
  dimension: IssueDimension;
  failedRows: number;
}

export interface SkippedCheck {
  name: string;
  reason: string;
}

export interface ImportResult {
  tool: 'soda' | 'great_expectations';
  failures: ImportedFailure[];
  checks: ImportedCheck[];
  /** Failing checks that brought no rows we can place (no samples, no record key, ...). */
  skipped: SkippedCheck[];
  /** Every check the result reports on, whatever its outcome (Soda): a complete result closes their passing rows. */
  evaluatedChecks?: string[];
}

/** A cell value of a foreign result (any JSON scalar) as text. */
export function cellText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/** First match of ordered (pattern, dimension) rules, else the spec's keyword fallback. */
export function dimensionByRules(text: string, rules: ReadonlyArray<readonly [RegExp, IssueDimension]>): IssueDimension {
  for (const [pattern, dimension] of rules) if (pattern.test(text)) return dimension;
  return dimensionFromCheckName(text);
}
