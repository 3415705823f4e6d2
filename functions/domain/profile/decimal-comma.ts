// Columns that write their numbers with a decimal comma ("14,5", "1.250,75", "27,40 €"), as
// European exports do. The profile reads such a column in the decimal-point form every number
// rule knows ("14.5", "1250.75", "27.40 €"), and keeps how the column writes them; the builtin
// provider translates a request's values of such columns into that form, and its suggestion back.

/** How a column writes its numbers with a decimal comma: the character, if any, that groups thousands. */
export interface CommaForm {
  group?: '.' | ' ';
}

/** Values of the column that must show a decimal comma, and their share of those that show either mark. */
const MIN_VOTES = 10;
const COMMA_SHARE = 0.8;

// A number inside a value: an optional sign or currency before it, a unit or sign after it.
const NUMBER_IN = /^(\D{0,4}?)([+-]?\d[\d., \u00a0\u202f]*\d|[+-]?\d)(\D{0,20})$/;
const GROUP_CHARS = /[ \u00a0\u202f]/g;

/** The number part of a value, with what comes before and after it. */
function split(value: string): { before: string; digits: string; after: string } | undefined {
  const m = NUMBER_IN.exec(value);
  if (!m) return undefined;
  const before = m[1]!;
  // A date or a time ("03.04.1958", "7:10") is no number with a unit.
  if (/[\d:/-]$/.test(before) || /^[:/-]\d/.test(m[3]!)) return undefined;
  return { before, digits: m[2]!, after: m[3]! };
}

/** A decimal-comma number ("1.250,75", "14,5", "1 250"), as a decimal-point one; undefined if it is not written so. */
function commaDigits(digits: string, group: CommaForm['group'] | 'any'): string | undefined {
  const spaced = digits.replace(GROUP_CHARS, ' ');
  const m = /^([+-]?)(\d{1,3}(?:([. ])\d{3})*|\d+)(?:,(\d+))?$/.exec(spaced);
  if (!m) return undefined;
  const [, sign, whole, mark, fraction] = m;
  if (mark !== undefined && group !== 'any' && mark !== group) return undefined;
  if (mark === undefined && fraction === undefined) return undefined;
  return `${sign}${whole!.replace(/[. ]/g, '')}${fraction !== undefined ? `.${fraction}` : ''}`;
}

/**
 * The way a column writes a decimal comma, from its values and their counts: where at least
 * MIN_VOTES of them show a decimal comma, and they are at least COMMA_SHARE of the values that
 * show an unambiguous decimal mark (a comma or point followed by other than three digits).
 */
export function decimalCommaOf(counts: Iterable<[string, number]>): CommaForm | undefined {
  let comma = 0;
  let point = 0;
  const groups = { '.': 0, ' ': 0 };
  for (const [value, n] of counts) {
    const parts = split(value.trim());
    if (!parts) continue;
    const digits = parts.digits.replace(GROUP_CHARS, ' ');
    if (/,\d+$/.test(digits) && !/,\d{3}$/.test(digits) && /^[+-]?(?:\d{1,3}(?:([. ])\d{3})*|\d+),\d+$/.test(digits)) {
      comma += n;
      const mark = /\d([. ])\d{3}/.exec(digits)?.[1];
      if (mark === '.' || mark === ' ') groups[mark] += n;
    } else if (/^[+-]?\d+\.\d+$/.test(digits) && !/\.\d{3}$/.test(digits)) point += n;
  }
  if (comma < MIN_VOTES || comma < (comma + point) * COMMA_SHARE) return undefined;
  const group = groups['.'] > groups[' '] ? '.' : groups[' '] > 0 ? ' ' : undefined;
  return group ? { group } : {};
}

/** A value whose number is written with a decimal comma and `group` (or any grouping), in decimal-point form; undefined if it is not written so. */
function withPoint(value: string, group: CommaForm['group'] | 'any'): string | undefined {
  const parts = split(value);
  const digits = parts && commaDigits(parts.digits, group);
  return digits === undefined ? undefined : `${parts!.before}${digits}${parts!.after}`;
}

/** A value written the column's decimal-comma way, in decimal-point form ("1.250,75 €" -> "1250.75 €"); undefined if it is not written so. */
export const fromComma = (value: string, form: CommaForm) => withPoint(value, form.group);

/** A value read in any decimal-comma way ("1.250,75", "14,5"), in decimal-point form: a value a decimal-point column may have been given. */
export const fromAnyComma = (value: string) => withPoint(value.trim(), 'any');

/** A decimal-point value ("1250.75 €") written the column's decimal-comma way ("1.250,75 €"); other values unchanged. */
export function toComma(value: string, form: CommaForm): string {
  const parts = split(value);
  const m = parts && /^([+-]?)(\d+)(?:\.(\d+))?$/.exec(parts.digits);
  if (!parts || !m) return value;
  const [, sign, whole, fraction] = m;
  const grouped = form.group ? whole!.replace(/\B(?=(\d{3})+$)/g, form.group) : whole!;
  return `${parts.before}${sign}${grouped}${fraction !== undefined ? `,${fraction}` : ''}${parts.after}`;
}

/** A value written with a decimal point ("14.5", "14.5 mm"): in a decimal-comma column, the other convention. */
export function writtenWithPoint(value: string): boolean {
  const parts = split(value.trim());
  return !!parts && /^[+-]?\d+\.\d+$/.test(parts.digits);
}
