import { patternRegExp, type Check, type CheckOf } from '../../../shared/schemas/checks';
import { ValidationFailed } from '../errors';
import { formatValidator } from './formats';
import { codePointLength, durationMs, isBlank, parseNumber, parseTimestamp } from './values';

// Turns a configured check into a predicate over one source record, once per scan, so the per-row
// work is a property read and a test. Every check except "missing" ignores blank cells: a blank
// is a completeness problem, reported by a missing check, not also as invalid (SodaCL semantics).

export type SourceRecord = Readonly<Record<string, string | undefined>>;

/** The values of a column of another dataset of the instance, for reference checks. */
export type ReferenceValues = ReadonlyMap<string, ReadonlySet<string>>;

export function referenceKey(datasetId: string, column: string): string {
  return `${datasetId}\u0000${column}`;
}

export interface CheckContext {
  /** The scan's time: freshness is measured against it (not the clock, so a scan is repeatable). */
  now: Date;
  references?: ReferenceValues;
}

export interface CompiledCheck {
  check: Check;
  /** True when the record fails the check. */
  fails(record: SourceRecord): boolean;
}

type Compiler<T extends Check['type']> = (check: CheckOf<T>, context: CheckContext) => (record: SourceRecord) => boolean;

/** A test of the column's non-blank value (trimmed when `trim`); blanks pass. */
function onValue(column: string, test: (value: string) => boolean, trim = true): (record: SourceRecord) => boolean {
  return (record) => {
    const raw = record[column];
    if (raw === undefined || isBlank(raw)) return false;
    return test(trim ? raw.trim() : raw);
  };
}

const compilers: { [T in Check['type']]: Compiler<T> } = {
  missing(check) {
    const extra = new Set(check.missingValues.map((v) => v.trim().toLowerCase()));
    return (record) => {
      const raw = record[check.column];
      if (raw === undefined || isBlank(raw)) return true;
      return extra.size > 0 && extra.has(raw.trim().toLowerCase());
    };
  },
  invalid_format(check) {
    const valid = formatValidator(check.format, check.dateFormats);
    return onValue(check.column, (v) => !valid(v));
  },
  allowed_values(check) {
    // Compared as written (no trim): "Closed Won " is a real defect an allowed-values check exists to find.
    const allowed = new Set(check.ignoreCase ? check.values.map((v) => v.toLowerCase()) : check.values);
    return onValue(check.column, (v) => !allowed.has(check.ignoreCase ? v.toLowerCase() : v), false);
  },
  regex(check) {
    const re = patternRegExp(check.pattern, check.ignoreCase);
    if (!re) throw new ValidationFailed(`Check "${check.name}": pattern is not a valid regular expression`, [{ field: 'pattern', message: 'must be a valid regular expression' }]);
    return onValue(check.column, (v) => !re.test(v), false);
  },
  range(check) {
    const min = check.min ?? Number.NEGATIVE_INFINITY;
    const max = check.max ?? Number.POSITIVE_INFINITY;
    // A value that is not a number cannot be within the range: it fails.
    return onValue(check.column, (v) => {
      const n = parseNumber(v);
      return n === undefined || n < min || n > max;
    });
  },
  length(check) {
    const min = check.minLength ?? 0;
    const max = check.maxLength ?? Number.POSITIVE_INFINITY;
    return onValue(
      check.column,
      (v) => {
        const n = codePointLength(v);
        return n < min || n > max;
      },
      false,
    );
  },
  duplicate(check) {
    const columns = check.columns ?? [check.column];
    const seen = new Set<string>();
    // Every occurrence after the first fails: decidable while streaming, and stable across re-scans
    // of the same file (the first occurrence is always the one kept).
    return (record) => {
      let key = '';
      let blank = true;
      for (let i = 0; i < columns.length; i++) {
        const raw = record[columns[i]!] ?? '';
        if (!isBlank(raw)) blank = false;
        key += (i === 0 ? '' : '\u0000') + (check.ignoreCase ? raw.trim().toLowerCase() : raw.trim());
      }
      if (blank) return false;
      if (seen.has(key)) return true;
      seen.add(key);
      return false;
    };
  },
  reference(check, context) {
    const values = context.references?.get(referenceKey(check.referenceDataset, check.referenceColumn));
    if (!values) throw new ValidationFailed(`Check "${check.name}": reference values of ${check.referenceDataset}.${check.referenceColumn} are not loaded`, [{ field: 'referenceDataset', message: 'values are not loaded' }]);
    return onValue(check.column, (v) => !values.has(v));
  },
  freshness(check, context) {
    const oldest = context.now.getTime() - durationMs(check.maxAge);
    return onValue(check.column, (v) => {
      const at = parseTimestamp(v);
      return at === undefined || at < oldest;
    });
  },
};

export function compileCheck(check: Check, context: CheckContext): CompiledCheck {
  const compile = compilers[check.type] as Compiler<typeof check.type>;
  return { check, fails: compile(check as never, context) };
}
