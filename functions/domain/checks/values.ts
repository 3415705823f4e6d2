// Reading cell values the way the checks need them. Source cells are text (CSV), so numbers,
// dates and blanks arrive as strings in many shapes; each reader says exactly what it accepts.

/** Empty, or only whitespace (any Unicode space JS trims, incl. NBSP and BOM). */
export function isBlank(value: string | null | undefined): boolean {
  if (value === null || value === undefined || value === '') return true;
  // Fast path: most cells start with a visible character.
  const first = value.charCodeAt(0);
  if (first > 32 && first !== 0xa0 && first < 0x1680) return false;
  return value.trim() === '';
}

const PLAIN_NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;
const GROUPED_NUMBER = /^[+-]?\d{1,3}(?:,\d{3})+(?:\.\d+)?$/;
// A decimal comma, as European exports write numbers: "14,5", "-0,25", "1.234,50", "1 234,5".
// A comma before exactly three digits with nothing grouped ("1,234") is read as thousands.
const DECIMAL_COMMA = /^[+-]?(?:\d{1,3}(?:[. ]\d{3})+,\d+|\d+,(?:\d{1,2}|\d{4,}))$/;

/**
 * A number written as text: "42", " -3.5 ", "+1e3", ".5", "1,234.50" (comma thousands), "14,5"
 * or "1.234,50" (a decimal comma). Anything else (units, currency, "12abc", "NaN", "Infinity")
 * is not a number.
 */
export function parseNumber(value: string): number | undefined {
  const text = value.trim();
  if (PLAIN_NUMBER.test(text)) return Number(text);
  if (GROUPED_NUMBER.test(text)) return Number(text.replace(/,/g, ''));
  if (DECIMAL_COMMA.test(text)) return Number(text.replace(/[. ]/g, '').replace(',', '.'));
  return undefined;
}

/** Length in Unicode code points (so "é" and "😀" count one each), as users count characters. */
export function codePointLength(value: string): number {
  let length = value.length;
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code >= 0xdc00 && code <= 0xdfff) length--;
  }
  return length;
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

export function isCalendarDate(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const max = month === 2 && leap ? 29 : DAYS_IN_MONTH[month - 1]!;
  return day <= max;
}

const ISO_TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/** An ISO 8601 date or timestamp with a real calendar date and clock time. */
export function isIsoDateOrTimestamp(text: string): boolean {
  const m = ISO_TIMESTAMP.exec(text);
  if (!m) return false;
  if (!isCalendarDate(Number(m[1]), Number(m[2]), Number(m[3]))) return false;
  if (m[4] !== undefined && (Number(m[4]) > 23 || Number(m[5]) > 59 || Number(m[6] ?? 0) > 59)) return false;
  return true;
}

const US_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/;
const DOTTED_DATE = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/;

/**
 * A point in time from the shapes timestamps take in exports: ISO dates and timestamps (a
 * timestamp without zone is read as UTC), "MM/DD/YYYY[ HH:mm[:ss]]", "DD.MM.YYYY", and Unix epoch
 * seconds (10 digits) or milliseconds (13 digits). undefined when none fits a real date.
 */
export function parseTimestamp(value: string): number | undefined {
  const text = value.trim();
  if (/^\d{10}$/.test(text)) return Number(text) * 1000;
  if (/^\d{13}$/.test(text)) return Number(text);
  if (isIsoDateOrTimestamp(text)) {
    const m = ISO_TIMESTAMP.exec(text)!;
    const zoned = m[7] !== undefined;
    const iso = text.replace(' ', 'T');
    const ms = Date.parse(zoned || m[4] === undefined ? iso : `${iso}Z`);
    return Number.isNaN(ms) ? undefined : ms;
  }
  const us = US_DATE.exec(text);
  if (us) {
    const [month, day, year] = [Number(us[1]), Number(us[2]), Number(us[3])];
    if (!isCalendarDate(year, month, day)) return undefined;
    const [h, min, s] = [Number(us[4] ?? 0), Number(us[5] ?? 0), Number(us[6] ?? 0)];
    if (h > 23 || min > 59 || s > 59) return undefined;
    return Date.UTC(year, month - 1, day, h, min, s);
  }
  const dotted = DOTTED_DATE.exec(text);
  if (dotted) {
    const [day, month, year] = [Number(dotted[1]), Number(dotted[2]), Number(dotted[3])];
    return isCalendarDate(year, month, day) ? Date.UTC(year, month - 1, day) : undefined;
  }
  return undefined;
}

const UNIT_MS = { m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

/** "30m", "12h", "7d" in milliseconds (the schema guarantees the shape). */
export function durationMs(duration: string): number {
  const unit = duration.slice(-1) as keyof typeof UNIT_MS;
  return Number(duration.slice(0, -1)) * UNIT_MS[unit];
}
