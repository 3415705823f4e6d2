import { isIP } from 'node:net';
import type { DateFormat, ValueFormat } from '../../../shared/schemas/checks';
import { isCalendarDate, isIsoDateOrTimestamp } from './values';

// What "valid format" means for each format of an invalid-format check. Values are read trimmed:
// surrounding whitespace is a blank-handling question (missing checks), not a format one.

// Local part: no spaces, quotes or brackets, no leading/trailing/double dot. Domain: labels of
// letters/digits (any script, for internationalised domains) with inner hyphens, a TLD of letters.
const EMAIL = /^(?!\.)(?!.*\.\.)[^\s@"(),:;<>[\]\\]+(?<!\.)@(?:[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,61}[\p{L}\p{N}])?\.)+\p{L}{2,63}$/u;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const INTEGER = /^[+-]?\d+$/;
// A decimal point or a decimal comma (European exports), one of them.
const DECIMAL = /^[+-]?(?:\d+(?:[.,]\d+)?|[.,]\d+)$/;
const PERCENTAGE = /^[+-]?(?:\d+(?:[.,]\d+)?|[.,]\d+)\s?%$/;
// An amount with an optional currency symbol or ISO code before or after, thousands grouped by
// comma, dot, space or apostrophe, at most two decimals; a minus before the symbol or the digits.
const MONEY = /^-?(?:[A-Z]{3}\s?|[$€£¥₹]\s?)?-?(?:\d{1,3}(?:[,.\s']\d{3})+|\d+)(?:[.,]\d{1,2})?(?:\s?[A-Z]{3}|\s?[$€£¥₹])?$/u;
const PHONE_CHARS = /^\+?[\d\s().-]+$/;

function isPhone(text: string): boolean {
  if (!PHONE_CHARS.test(text)) return false;
  let digits = 0;
  let open = 0;
  for (const ch of text) {
    if (ch >= '0' && ch <= '9') digits++;
    else if (ch === '(') open++;
    else if (ch === ')' && --open < 0) return false;
  }
  // E.164 allows at most 15 digits; fewer than 7 is not a reachable number anywhere.
  return open === 0 && digits >= 7 && digits <= 15;
}

function isMoney(text: string): boolean {
  return MONEY.test(text) && /\d/.test(text);
}

const DATE_LAYOUTS: Record<Exclude<DateFormat, 'ISO'>, { re: RegExp; order: 'ymd' | 'mdy' | 'dmy' }> = {
  'YYYY-MM-DD': { re: /^(\d{4})-(\d{2})-(\d{2})$/, order: 'ymd' },
  'MM/DD/YYYY': { re: /^(\d{2})\/(\d{2})\/(\d{4})$/, order: 'mdy' },
  'DD/MM/YYYY': { re: /^(\d{2})\/(\d{2})\/(\d{4})$/, order: 'dmy' },
  'DD.MM.YYYY': { re: /^(\d{2})\.(\d{2})\.(\d{4})$/, order: 'dmy' },
  'M/D/YYYY': { re: /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/, order: 'mdy' },
  YYYYMMDD: { re: /^(\d{4})(\d{2})(\d{2})$/, order: 'ymd' },
};

export function matchesDateFormat(text: string, format: DateFormat): boolean {
  if (format === 'ISO') return isIsoDateOrTimestamp(text);
  const layout = DATE_LAYOUTS[format];
  const m = layout.re.exec(text);
  if (!m) return false;
  const [a, b, c] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (layout.order === 'ymd') return isCalendarDate(a, b, c);
  if (layout.order === 'mdy') return isCalendarDate(c, a, b);
  return isCalendarDate(c, b, a);
}

/** A predicate that is true when a (non-blank) value is valid in the format. */
export function formatValidator(format: ValueFormat, dateFormats: readonly DateFormat[] = ['ISO']): (text: string) => boolean {
  switch (format) {
    case 'email':
      return (t) => t.length <= 254 && EMAIL.test(t);
    case 'phone':
      return isPhone;
    case 'date':
      return (t) => dateFormats.some((f) => matchesDateFormat(t, f));
    case 'uuid':
      return (t) => UUID.test(t);
    case 'integer':
      return (t) => INTEGER.test(t);
    case 'decimal':
      return (t) => DECIMAL.test(t);
    case 'percentage':
      return (t) => PERCENTAGE.test(t);
    case 'money':
      return isMoney;
    case 'ip':
      return (t) => isIP(t) !== 0;
  }
}
