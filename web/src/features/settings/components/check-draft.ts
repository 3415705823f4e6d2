import { ISSUE_DIMENSIONS, type IssueDimension } from '../../../../../shared/constants';
import type { Check, CheckInput, CheckType, ChecksConfigInput, Priority, Severity, ValueFormat } from '../../../../../shared/schemas/checks';

// The check editor edits text fields; this turns them into the config the API validates (and
// back). The server's zod messages name the field (checks.2.min), so the editor needs no copy of
// the rules: it only has to send what was typed.

export interface CheckDraft {
  type: CheckType;
  name: string;
  column: string;
  /** '' = no taxonomy: the rows' issue type follows the check name's keywords. */
  dimension: IssueDimension | '';
  subcategory: string;
  priority: Priority;
  severity: Severity;
  /** Type-specific parameters as typed (comma lists, numbers as text). */
  params: Record<string, string>;
}

export const DEFAULT_DIMENSION: Record<CheckType, IssueDimension> = {
  missing: 'completeness',
  invalid_format: 'conformity',
  allowed_values: 'accuracy',
  regex: 'conformity',
  range: 'precision',
  length: 'precision',
  duplicate: 'consistency',
  reference: 'referential_integrity',
  freshness: 'timeliness',
};

export const PARAMS: Record<CheckType, Array<{ key: string; label: string; placeholder?: string }>> = {
  missing: [{ key: 'missingValues', label: 'Also missing (comma separated)', placeholder: 'N/A, -' }],
  invalid_format: [
    { key: 'format', label: 'Format' },
    { key: 'dateFormats', label: 'Date formats (comma separated)', placeholder: 'ISO, MM/DD/YYYY' },
  ],
  allowed_values: [{ key: 'values', label: 'Allowed values (comma separated)' }],
  regex: [{ key: 'pattern', label: 'Pattern (whole value)', placeholder: '\\d{5}' }],
  range: [
    { key: 'min', label: 'Min' },
    { key: 'max', label: 'Max' },
  ],
  length: [
    { key: 'minLength', label: 'Min length' },
    { key: 'maxLength', label: 'Max length' },
  ],
  duplicate: [{ key: 'columns', label: 'Columns together (comma separated)' }],
  reference: [
    { key: 'referenceDataset', label: 'Reference dataset id' },
    { key: 'referenceColumn', label: 'Reference column' },
  ],
  freshness: [{ key: 'maxAge', label: 'Max age', placeholder: '7d' }],
};

const list = (text: string | undefined) =>
  (text ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter((v) => v !== '');
const num = (text: string | undefined) => (text === undefined || text.trim() === '' ? undefined : Number(text));

export function newDraft(type: CheckType, column: string, index: number): CheckDraft {
  return {
    type,
    name: `${type}_${column || 'column'}_${index + 1}`,
    column,
    dimension: DEFAULT_DIMENSION[type],
    subcategory: type.replace('_', ' '),
    priority: 'medium',
    severity: 'fail',
    params: type === 'invalid_format' ? { format: 'email' } : type === 'freshness' ? { maxAge: '30d' } : {},
  };
}

export function toCheckInput(d: CheckDraft): CheckInput {
  const taxonomy = d.dimension === '' ? {} : { dimension: d.dimension, subcategory: { name: d.subcategory || d.type, priority: d.priority } };
  const base = { name: d.name, column: d.column, severity: d.severity, ...taxonomy };
  const p = d.params;
  switch (d.type) {
    case 'missing':
      return { ...base, type: 'missing', missingValues: list(p.missingValues) };
    case 'invalid_format': {
      const formats = list(p.dateFormats);
      return { ...base, type: 'invalid_format', format: (p.format ?? 'email') as ValueFormat, ...(p.format === 'date' && formats.length ? { dateFormats: formats as never } : {}) };
    }
    case 'allowed_values':
      return { ...base, type: 'allowed_values', values: list(p.values) };
    case 'regex':
      return { ...base, type: 'regex', pattern: p.pattern ?? '' };
    case 'range':
      return { ...base, type: 'range', min: num(p.min), max: num(p.max) };
    case 'length':
      return { ...base, type: 'length', minLength: num(p.minLength), maxLength: num(p.maxLength) };
    case 'duplicate': {
      const columns = list(p.columns);
      return { ...base, type: 'duplicate', ...(columns.length ? { columns } : {}) };
    }
    case 'reference':
      return { ...base, type: 'reference', referenceDataset: p.referenceDataset ?? '', referenceColumn: p.referenceColumn ?? '' };
    case 'freshness':
      return { ...base, type: 'freshness', maxAge: p.maxAge ?? '' };
  }
}

export function fromCheck(c: Check): CheckDraft {
  const params: Record<string, string> = {};
  const join = (v: readonly string[] | undefined) => (v ?? []).join(', ');
  switch (c.type) {
    case 'missing':
      params.missingValues = join(c.missingValues);
      break;
    case 'invalid_format':
      params.format = c.format;
      params.dateFormats = join(c.dateFormats);
      break;
    case 'allowed_values':
      params.values = join(c.values);
      break;
    case 'regex':
      params.pattern = c.pattern;
      break;
    case 'range':
      params.min = c.min === undefined ? '' : String(c.min);
      params.max = c.max === undefined ? '' : String(c.max);
      break;
    case 'length':
      params.minLength = c.minLength === undefined ? '' : String(c.minLength);
      params.maxLength = c.maxLength === undefined ? '' : String(c.maxLength);
      break;
    case 'duplicate':
      params.columns = join(c.columns);
      break;
    case 'reference':
      params.referenceDataset = c.referenceDataset;
      params.referenceColumn = c.referenceColumn;
      break;
    case 'freshness':
      params.maxAge = c.maxAge;
      break;
  }
  return {
    type: c.type,
    name: c.name,
    column: c.column,
    dimension: c.dimension ?? '',
    subcategory: c.subcategory?.name ?? '',
    priority: c.subcategory?.priority ?? 'medium',
    severity: c.severity,
    params,
  };
}

export function toConfig(owner: string, drafts: readonly CheckDraft[]): ChecksConfigInput {
  return { ownerRule: { kind: 'fixed', owner }, checks: drafts.map(toCheckInput) };
}

export const DIMENSIONS = ISSUE_DIMENSIONS;
