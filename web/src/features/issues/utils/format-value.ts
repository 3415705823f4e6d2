// How a cell value reads on the Issues screen: amounts as en-US dollars (spec 1 §2), the rest as is.

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** Columns that hold money: amount, price, annual_revenue, unit_cost, ... */
const AMOUNT_COLUMN = /(^|_)(amount|price|revenue|cost|total|value_usd)(_|$)/i;
const NUMBER = /^\s*-?\d+(\.\d+)?\s*$/;

export function isAmountColumn(column: string): boolean {
  return AMOUNT_COLUMN.test(column);
}

/** The value as shown: USD for a numeric value of an amount column, otherwise the text itself. */
export function formatCellValue(column: string, value: string | null): string | null {
  if (value === null) return null;
  if (isAmountColumn(column) && NUMBER.test(value)) return usd.format(Number(value));
  return value;
}

/** The short issue reference of the # column: the last 4 characters of the issue id, uppercased. */
export function shortIssueId(issueId: string): string {
  return issueId.slice(-4).toUpperCase();
}

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const utcDay = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });
const time = new Intl.DateTimeFormat('en-US', { timeStyle: 'short' });

/** A moment as "Nov 29, 2026, 6:00 AM" (local time). */
export function formatMoment(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTime.format(date);
}

/** A scan date (YYYY-MM-DD, a UTC day) as "Nov 21, 2026". */
export function formatScanDate(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? day : utcDay.format(date);
}

/** A scan time as the local time of day, "6:00 AM". */
export function formatScanTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : time.format(date);
}

const shortThisYear = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });
const shortOtherYear = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

/** A moment for a narrow cell: "Nov 24, 7:00 AM" this year, "Nov 24, 2027" otherwise. */
export function formatShortMoment(iso: string, now: Date = new Date()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return (date.getFullYear() === now.getFullYear() ? shortThisYear : shortOtherYear).format(date);
}
