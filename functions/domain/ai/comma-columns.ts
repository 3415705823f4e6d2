import { fromAnyComma, fromComma, toComma, writtenWithPoint, type CommaForm } from '../profile/decimal-comma';
import type { DatasetProfile } from '../profile/profile';
import type { Learned, LearnedFix, Neighbours, SourceRecord, SuggestionRequest } from './provider';

// The providers' rules read numbers with a decimal point. The profile reads a column that writes
// a decimal comma ("14,5", "1.250,75 €") in that form (profile/decimal-comma.ts); this module does
// the same for a request: the row, its neighbours and the fixes people made are read in
// decimal-point form, and a suggestion for such a column is written back with its comma. A value
// written there with a decimal point ("14.5") is the other convention: it reaches the rules
// written with a comma, which in a decimal-point column is the same slip the other way round
// (builtin/format.ts, decimalMark), and the rules' answer comes back with the column's comma.

const forms = new WeakMap<DatasetProfile, ReadonlyMap<string, CommaForm>>();

/** The columns of a profile that write a decimal comma, and how. */
export function commaColumns(profile: DatasetProfile | undefined): ReadonlyMap<string, CommaForm> {
  if (!profile) return new Map();
  let hit = forms.get(profile);
  if (!hit) {
    hit = new Map(profile.columns.filter((c) => c.decimalComma).map((c) => [c.name, c.decimalComma!]));
    forms.set(profile, hit);
  }
  return hit;
}

/** A value of a decimal-comma column as the rules read it. */
function pointValue(value: string, form: CommaForm): string {
  const point = fromComma(value, form);
  // Thousands the column groups, written without it ("1250,75" among "1.250,75"): left with its
  // comma, the other mark of the rules' own, so that they write it the column's way.
  if (point !== undefined) return form.group && /\d{4}/.test(value.split(',')[0]!) ? value : point;
  // Written with the other mark: the rules see it with a comma, the other mark of their own.
  if (writtenWithPoint(value)) return toComma(value, {});
  // A slip elsewhere in the number ("3l8,25"): its one decimal comma is read as a point.
  return /^[^,]*\d,\d[^,]*$/.test(value) ? value.replace(/(\d),(\d)/, '$1.$2') : value;
}

/** A value of another column: a number with a decimal comma there is one of the decimal-comma columns' numbers, moved there (a swap). */
const movedNumber = (value: string) => (/\d,\d/.test(value) ? (fromAnyComma(value) ?? value) : value);

function pointRecord(record: SourceRecord | undefined, columns: ReadonlyMap<string, CommaForm>): SourceRecord | undefined {
  if (!record) return record;
  let out: Record<string, string | null> | undefined;
  for (const [name, value] of Object.entries(record)) {
    if (typeof value !== 'string') continue;
    const form = columns.get(name);
    const point = form ? pointValue(value, form) : movedNumber(value);
    if (point !== value) (out ??= { ...record })[name] = point;
  }
  return out ?? record;
}

function pointNeighbours(neighbours: Neighbours, columns: ReadonlyMap<string, CommaForm>): Neighbours {
  const out: Neighbours = {};
  for (const key of ['previous', 'next', 'previousButOne', 'nextButOne'] as const) {
    const record = pointRecord(neighbours[key], columns);
    if (record) out[key] = record;
  }
  return out;
}

const learnedForms = new WeakMap<Learned, { columns: ReadonlyMap<string, CommaForm>; learned: Learned }>();

/** The fixes in decimal-point form; the same object for the same fixes, so what they teach is learnt once. */
function pointLearned(learned: Learned, columns: ReadonlyMap<string, CommaForm>): Learned {
  const hit = learnedForms.get(learned);
  if (hit && hit.columns === columns) return hit.learned;
  const fixes = learned.fixes.map((fix): LearnedFix => {
    const form = columns.get(fix.column);
    const row = pointRecord(fix.row, columns);
    return {
      ...fix,
      oldValue: fix.oldValue === null ? null : form ? pointValue(fix.oldValue, form) : movedNumber(fix.oldValue),
      ...(form ? { newValue: pointValue(fix.newValue, form) } : {}),
      ...(row ? { row } : {}),
    };
  });
  const out = { ...learned, fixes };
  learnedForms.set(learned, { columns, learned: out });
  return out;
}

/** The request as the rules read it: values of decimal-comma columns in decimal-point form (the same request where there are none). */
export function inPointForm(request: SuggestionRequest): SuggestionRequest {
  const columns = commaColumns(request.profile);
  if (columns.size === 0) return request;
  const { issue, learned } = request;
  const form = columns.get(issue.issue_column);
  const current = issue.current_value;
  const row = pointRecord(issue.row, columns);
  return {
    ...request,
    issue: {
      ...issue,
      ...(current !== null ? { current_value: form ? pointValue(current, form) : movedNumber(current) } : {}),
      ...(row ? { row } : {}),
      ...(issue.neighbours ? { neighbours: pointNeighbours(issue.neighbours, columns) } : {}),
    },
    ...(learned ? { learned: pointLearned(learned, columns) } : {}),
  };
}

/** A value the rules proposed for a column, written as the column writes numbers. */
export function asWritten(profile: DatasetProfile | undefined, column: string, value: string): string {
  const form = commaColumns(profile).get(column);
  return form ? toComma(value, form) : value;
}
