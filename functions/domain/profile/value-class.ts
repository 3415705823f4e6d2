import { findClock } from './clock';
import type { ColumnProfile } from './profile';
import { fold } from './values';

// Values that say the same thing, for the relations between columns: "MAIN HALL" and "Main Hall",
// or in a column of times of day "5:17 PM", "17:17" and "Mar 3 5:17 p.m.". Rows that merge
// several sources write one value in several ways; counted apart, the ways split a key's group,
// so its majority (truth discovery) and the relation's strength were read from one way of writing
// alone. A value's class key is the same for every way of writing it; the relations are found and
// looked up by class, and propose the class's commonest spelling.

/** The class key of a value. */
export type ClassKey = (value: string) => string;

/** A time of day by its minutes and seconds (NUL-prefixed, so no folded text can equal it). */
const clockKey: ClassKey = (value) => {
  const reading = findClock(value);
  return reading ? `\u0000${reading.time.minutes}:${reading.time.seconds ?? ''}` : fold(value);
};

/** How a column's values are classed: by the time they name in a column of times of day, folded (case, spacing) otherwise. */
export function classKeyFor(column: Pick<ColumnProfile, 'clock'> | undefined): ClassKey {
  return column?.clock ? clockKey : fold;
}
