import { inUsualRange } from '../../profile/profile';
import type { ColumnIndex } from './profile-index';

// How a column writes the thousands of its numbers: grouped by commas ("12,500") or not, and
// whether its numbers are whole, so that a number is written the column's way and "12.500" among
// whole thousands is read as twelve thousand five hundred.

const GROUPED = /^[+-]?d{1,3}(?:,ddd)+(?:\.d+)?$/;
const UNGROUPED = /^[+-]?d{4,}(?:\.d+)?$/;
/** Share of a column's numbers of four digits or more that must be grouped for it to group thousands. */
const GROUPING_SHARE = 0.9;
const groupingCache = new WeakMap<ColumnIndex, boolean>();

/** The column writes its numbers of four digits or more with their thousands grouped by commas ("12,500"). */
function groupsThousands(col: ColumnIndex): boolean {
  const cached = groupingCache.get(col);
  if (cached !== undefined) return cached;
  let grouped = 0;
  let plain = 0;
  for (const [shape, n] of col.profile.shapes) {
    if (GROUPED.test(shape)) grouped += n;
    else if (UNGROUPED.test(shape)) plain += n;
  }
  // A decimal-comma column is read in point form and written back with its own grouping.
  const groups = !col.profile.decimalComma && grouped >= 3 && grouped >= GROUPING_SHARE * (grouped + plain);
  groupingCache.set(col, groups);
  return groups;
}

/** A plain number written as its column writes numbers: with commas between thousands where it groups them. */
export function withThousands(col: ColumnIndex, text: string): string {
  if (!groupsThousands(col)) return text;
  const m = /^([+-]?)(\d{4,})(\.\d+)?$/.exec(text);
  return m ? `${m[1]}${m[2]!.replace(/\B(?=(\d{3})+$)/g, ',')}${m[3] ?? ''}` : text;
}

/** Share of a column's numbers written without decimals for it to be a column of whole numbers. */
const WHOLE_SHARE = 0.95;
const wholeCache = new WeakMap<ColumnIndex, boolean>();

/** The column writes whole numbers: nearly all of its numbers have no decimals (grouped or not). */
export function wholeNumbers(col: ColumnIndex): boolean {
  const cached = wholeCache.get(col);
  if (cached !== undefined) return cached;
  let whole = 0;
  let decimal = 0;
  for (const [shape, n] of col.profile.shapes) {
    if (!GROUPED.test(shape) && !UNGROUPED.test(shape) && !/^[+-]?d{1,3}(?:\.d+)?$/.test(shape)) continue;
    if (shape.includes('.')) decimal += n;
    else whole += n;
  }
  const answer = whole > 0 && whole >= WHOLE_SHARE * (whole + decimal);
  wholeCache.set(col, answer);
  return answer;
}

/**
 * "12.500" among whole numbers in the thousands: twelve thousand five hundred with its thousands
 * grouped by a point, as a decimal-comma writer groups them, where twelve and a half lies outside
 * the bulk of the column and twelve thousand five hundred in its usual range.
 */
export function pointGrouped(col: ColumnIndex, text: string): boolean {
  const stats = col.profile.numeric;
  if (!stats || !/^[+-]?[1-9]\d{0,2}(?:\.\d{3})+$/.test(text) || !wholeNumbers(col)) return false;
  // Two points or more ("1.250.000") read as no decimal number at all.
  const asDecimal = Number(text);
  const bulk = asDecimal >= (stats.low ?? stats.min) && asDecimal <= (stats.high ?? stats.max);
  return !bulk && inUsualRange(stats, Number(text.replace(/\./g, '')));
}
