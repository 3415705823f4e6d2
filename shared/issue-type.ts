import { ISSUE_TYPE_LABELS, type IssueDimension, type IssueType } from './constants';

// The issue-type rule (spec 1 §3 Taxonomy, §5 fallback): an issue's dimension comes from its
// taxonomy; without one, from keywords in check_name. The screen shows one of the spec's six
// fallback labels per dimension.
//
// Dimension → issue type (label):
//   completeness          → missing_data    (Missing Data)
//   accuracy              → invalid_value   (Invalid Value)
//   consistency           → duplicate       (Duplicate)
//   conformity            → format_error    (Format Error)
//   precision             → out_of_range    (Out of Range)
//   timeliness            → out_of_range    (Out of Range)  — a stale or expired date lies outside its valid window
//   referential_integrity → invalid_value   (Invalid Value) — a reference to nothing is an invalid value
//   other                 → data_quality    (Data Quality)
// The spec has six labels for eight dimensions, so two dimensions share a label; filtering by
// issue type therefore filters by what the user sees in the column.

export const ISSUE_TYPE_BY_DIMENSION: Record<IssueDimension, IssueType> = {
  completeness: 'missing_data',
  accuracy: 'invalid_value',
  consistency: 'duplicate',
  conformity: 'format_error',
  precision: 'out_of_range',
  timeliness: 'out_of_range',
  referential_integrity: 'invalid_value',
  other: 'data_quality',
};

/**
 * Keywords per dimension, in the order they are tried (spec 1 §5). Conformity is tried before
 * accuracy because its "valid format" contains accuracy's "format" and could otherwise never
 * match; it is matched as whole words, so "invalid format" stays accuracy.
 */
const KEYWORD_RULES: ReadonlyArray<{ dimension: IssueDimension; keywords: readonly (string | RegExp)[] }> = [
  { dimension: 'completeness', keywords: ['missing', 'null', 'empty'] },
  { dimension: 'conformity', keywords: ['conform', /(^|\s)valid format(\s|$)/] },
  { dimension: 'accuracy', keywords: ['invalid', 'format', 'pattern'] },
  { dimension: 'consistency', keywords: ['duplicate', 'inconsistent'] },
  { dimension: 'precision', keywords: ['range', 'precision', 'limit'] },
  { dimension: 'timeliness', keywords: ['date', 'time', 'expired'] },
  { dimension: 'referential_integrity', keywords: ['reference', 'foreign', 'constraint'] },
];

/** check_name in words: lower case, with _, -, . and camelCase boundaries turned into spaces. */
function words(checkName: string): string {
  return checkName
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .replace(/[_\-.\s]+/g, ' ')
    .trim();
}

/** The dimension the keywords of a check name point to; 'other' when none matches. */
export function dimensionFromCheckName(checkName: string): IssueDimension {
  const text = words(checkName);
  for (const rule of KEYWORD_RULES) {
    if (rule.keywords.some((k) => (typeof k === 'string' ? text.includes(k) : k.test(text)))) return rule.dimension;
  }
  return 'other';
}

export interface IssueTypeInput {
  check_name: string;
  taxonomy?: { dimension?: { key?: string } | null } | null;
}

const isDimension = (key: string | undefined): key is IssueDimension => key !== undefined && key in ISSUE_TYPE_BY_DIMENSION;

/** The dimension of an issue: its taxonomy's, else the keyword fallback. */
export function issueDimension(issue: IssueTypeInput): IssueDimension {
  const key = issue.taxonomy?.dimension?.key;
  return isDimension(key) ? key : dimensionFromCheckName(issue.check_name);
}

export function issueTypeOf(issue: IssueTypeInput): IssueType {
  return ISSUE_TYPE_BY_DIMENSION[issueDimension(issue)];
}

export function issueTypeLabel(type: IssueType): string {
  return ISSUE_TYPE_LABELS[type];
}

/** Reads an issue type the way a URL may carry it: its key ("out_of_range") or its label ("Out of Range"). */
export function parseIssueType(value: string): IssueType | undefined {
  const wanted = value.trim().toLowerCase();
  for (const [key, label] of Object.entries(ISSUE_TYPE_LABELS) as Array<[IssueType, string]>) {
    if (key === wanted || label.toLowerCase() === wanted) return key;
  }
  return undefined;
}
