import { findClock } from './clock';
import { dateInLayout, splitTime } from './dates';
import type { ColumnProfile } from './profile';
import { fold } from './values';

// Values that say the same thing, for the relations between columns: "MAIN HALL" and "Main Hall";
// in a column of times of day "5:17 PM", "17:17" and "Mar 3 5:17 p.m."; in a column of dates
// "2031-03-05" and "05.03.2031". Rows that merge several sources write one value in several ways;
// counted apart, the ways split a key's group, so its majority (truth discovery) and the
// relation's strength were read from one way of writing alone. A value's class key is the same for
// every way of writing it; the relations are found and looked up by class, and propose the class's
// commonest spelling.
//
// Numbers are not classed by value ("1,250" with "1250.0"): on the tune split that gained cells at
// every error rate, but on the report split it lost cells on two tables at 6 % errors.

/** The class key of a value. */
export type ClassKey = (value: string) => string;

/** A time of day by its minutes and seconds (the keys below start with a control character no folded text starts with). */
const clockKey: ClassKey = (value) => {
  const reading = findClock(value);
  return reading ? `\u0000${reading.time.minutes}:${reading.time.seconds ?? ''}` : foldKey(value);
};

/** A date alone (no time of day) by its calendar day, read in the column's layout where it reads more than one way. */
const dateKey =
  (layout: ColumnProfile['dateLayout']): ClassKey =>
  (value) => {
    if (splitTime(value).time !== '') return foldKey(value);
    const date = dateInLayout(value.trim(), layout);
    return date ? `\u0001${date.year}-${date.month}-${date.day}` : foldKey(value);
  };

/** A character that folding changes: a space, or a capital (upper- or title-case) letter. */
const FOLDED_AWAY = /[\s\p{Lu}\p{Lt}]/u;

/** Folded (case, spacing); a value folding leaves as it is (most codes, e-mails, numbers) is its own key without being rebuilt. */
const foldKey: ClassKey = (value) => (FOLDED_AWAY.test(value) ? fold(value) : value);

/**
 * How a column's values are classed: by the time they name in a column of times of day (written
 * mostly one way, or several ways none of which is most of it: a second system's capitals), by
 * day in a column of dates, folded (case, spacing) otherwise.
 */
export function classKeyFor(column: Pick<ColumnProfile, 'clock' | 'dateLayout' | 'timesOfDay'> | undefined): ClassKey {
  if (column?.clock || column?.timesOfDay) return clockKey;
  if (column?.dateLayout) return dateKey(column.dateLayout);
  return foldKey;
}
