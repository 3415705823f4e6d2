import { sameDate, type CalendarDate, type DateLayout } from './dates';
import type { ColumnProfile, SlashOrder } from './profile';

// What a date column's readings say beyond its commonest layout: the order of day and month its
// ambiguous dates are written in, and a second layout that another system wrote part of it in.

/** A date value as read: every layout it reads in, and the rows that hold it. */
export type DateReadings = readonly [ReadonlyArray<{ layout: DateLayout; date: CalendarDate }>, number];

/** Dates that read one way only that the column needs before their days and months are a guide. */
const AGREEMENT_ROWS = 10;
/**
 * Mean log-likelihood ratio per ambiguous date one order must win by (a factor of four): dates of
 * no pattern (any day, any month) read both ways about as well, and stay undecided.
 */
const AGREEMENT_MARGIN = Math.log(4);

/** A slash layout that writes the month first. */
const isMonthFirst = (layout: DateLayout) => layout === 'MM/DD/YYYY' || layout === 'M/D/YYYY';

/** Share of a column's one-way slash dates the other order may hold at most: slips, not a second order. */
const OTHER_ORDER_SHARE = 0.1;

/** The order of day and month of a date written with slashes that reads only one way ("10/23/2023"). */
function oneWayOrder(readings: DateReadings[0]): SlashOrder | undefined {
  const monthFirst = readings.some((r) => isMonthFirst(r.layout));
  const dayFirst = readings.some((r) => r.layout === 'DD/MM/YYYY');
  return monthFirst === dayFirst ? undefined : monthFirst ? 'month-first' : 'day-first';
}

/**
 * How a column's dates written with slashes order month and day: as those that read only one way
 * agree (two or more, the other order a tenth of them at most), or, where none reads one way, as the
 * column's other dates say (orderByAgreement); undefined otherwise.
 */
export function slashOrderOf(dated: readonly DateReadings[]): SlashOrder | undefined {
  let monthFirst = 0;
  let dayFirst = 0;
  for (const [readings, n] of dated) {
    const order = oneWayOrder(readings);
    if (order === 'month-first') monthFirst += n;
    else if (order === 'day-first') dayFirst += n;
  }
  const [major, minor] = monthFirst >= dayFirst ? [monthFirst, dayFirst] : [dayFirst, monthFirst];
  if (major >= 2 && minor <= major * OTHER_ORDER_SHARE) return monthFirst >= dayFirst ? 'month-first' : 'day-first';
  return major === 0 ? orderByAgreement(dated) : undefined;
}

/**
 * Where every date written with slashes reads both ways ("03/01/2031"), the order under which their
 * days and months fall as the column's dates that read one way only do: a monthly series written
 * "2031-04-01" elsewhere has the first of every month, so "03/01/2031" is the first of March, not
 * the third of January. Undefined where the two orders fit about as well, or too few dates read
 * one way.
 */
export function orderByAgreement(dated: readonly DateReadings[]): SlashOrder | undefined {
  const days = new Array<number>(32).fill(1);
  const months = new Array<number>(13).fill(1);
  let clear = 0;
  for (const [readings, n] of dated) {
    if (readings.length !== 1) continue;
    const { date } = readings[0]!;
    days[date.day]! += n;
    months[date.month]! += n;
    clear += n;
  }
  if (clear < AGREEMENT_ROWS) return undefined;
  const day = (d: number) => Math.log(days[d]! / (clear + 31));
  const month = (m: number) => Math.log(months[m]! / (clear + 12));
  let ratio = 0;
  let ambiguous = 0;
  for (const [readings, n] of dated) {
    const first = readings.find((r) => isMonthFirst(r.layout));
    const second = readings.find((r) => r.layout === 'DD/MM/YYYY');
    if (!first || !second || sameDate(first.date, second.date)) continue;
    ratio += n * (month(first.date.month) + day(first.date.day) - month(second.date.month) - day(second.date.day));
    ambiguous += n;
  }
  if (ambiguous === 0 || Math.abs(ratio / ambiguous) < AGREEMENT_MARGIN) return undefined;
  return ratio > 0 ? 'month-first' : 'day-first';
}

/**
 * Of the slash layouts as common as `layout` (the same dates read both ways count for both), the
 * one that writes the column's order.
 */
export function layoutOfOrder(layout: DateLayout, order: SlashOrder | undefined, counts: ReadonlyMap<DateLayout, number>): DateLayout {
  if (!order || (layout !== 'DD/MM/YYYY' && !isMonthFirst(layout)) || (order === 'month-first') === isMonthFirst(layout)) return layout;
  const wanted: DateLayout[] = order === 'day-first' ? ['DD/MM/YYYY'] : ['MM/DD/YYYY', 'M/D/YYYY'];
  return wanted.find((l) => (counts.get(l) ?? 0) >= (counts.get(layout) ?? 0)) ?? layout;
}

/**
 * The layout most of the dates that do not read in `layout` read in, with the rows holding them:
 * "2031-04-01" beside a column's "03/01/2031" (the same dates' other slash reading is no second
 * layout); of two slash layouts that read the same dates, the one of the column's order.
 */
export function secondLayout(dated: readonly DateReadings[], layout: DateLayout, order?: SlashOrder): [DateLayout, number] | undefined {
  const counts = new Map<DateLayout, number>();
  for (const [readings, n] of dated) {
    if (readings.some((r) => r.layout === layout)) continue;
    for (const r of readings) counts.set(r.layout, (counts.get(r.layout) ?? 0) + n);
  }
  let best: [DateLayout, number] | undefined;
  for (const entry of counts) if (!best || entry[1] > best[1]) best = entry;
  return best && [layoutOfOrder(best[0], order, counts), best[1]];
}

/** Share of a column's dates its layout holds at most where a second layout splits it about evenly. */
const EVEN_SPLIT = 0.6;

/** The column's second layout, where its first holds no more than about half its dates. */
export function evenSplit(col: ColumnProfile): NonNullable<ColumnProfile['otherDateLayout']> | undefined {
  const other = col.otherDateLayout;
  return other && (col.dateLayoutShare ?? 1) <= EVEN_SPLIT ? other : undefined;
}
