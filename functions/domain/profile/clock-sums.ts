import { MIN_INFORMATIVE, plain } from './arithmetic';
import { readClock } from './clock';
import { isNumeric, sampleRows, type RelationColumn } from './numeric-relations';
import type { ClockSum } from './profile';

// Times of day that are another time of the row and a number of minutes after it: an arrival that
// is the departure plus the trip, an end that is the start plus the duration, an actual time that is
// the scheduled one plus the delay. Like an arithmetic identity between numbers (arithmetic.ts), it
// says exactly what a failed cell of any of its three columns was. Times go round the clock: a
// start at 11:50 p.m. and 20 minutes end at 12:10 a.m.

const DAY = 24 * 60;
/**
 * Share of the rows with all three in which it must hold: rounding never makes it hold by
 * accident, chance only on the exact minute (one in the hundreds of minutes the third column
 * spans), so holding in half the rows is far beyond chance, while a table with one cell in four
 * wrong breaks it in more than a third of them. (Set when identities between numbers needed three
 * rows in four; they now need three in ten, arithmetic.ts, and this bar was not lowered with them.)
 */
const MIN_CLOCK_HOLDS = 0.5;
/** Columns of times, and of numbers, examined (at most 4 × 3 × 8 = 96 forms). */
const MAX_CLOCKS = 4;
const MAX_NUMBERS = 8;

/** Minutes after midnight, counted round the clock (−10 is 1430). */
export const roundClock = (minutes: number) => ((minutes % DAY) + DAY) % DAY;

/** A time of day's minutes after midnight (to the second's absence), or NaN. */
function minutesOf(text: string | undefined): number {
  const reading = text === undefined ? undefined : readClock(text);
  return reading && !reading.time.seconds ? reading.time.minutes : Number.NaN;
}

/** A whole number of minutes, or NaN. */
function wholeOf(text: string | undefined): number {
  const p = plain(text);
  return p && p.decimals === 0 ? p.x : Number.NaN;
}

/** The `result = start + minutes` identities among a table's columns of times and of numbers. */
export function discoverClockSums(columns: readonly RelationColumn[], rowCount: number): ClockSum[] {
  const clocks = columns.filter((c) => c.profile.clock && !c.profile.clock.seconds).slice(0, MAX_CLOCKS);
  if (clocks.length < 2) return [];
  const numbers = columns.filter((c) => isNumeric(c.profile)).slice(0, MAX_NUMBERS);
  const rows = sampleRows(rowCount);
  const times = clocks.map((c) => rows.map((r) => minutesOf(c.valueAt(r))));
  const found: ClockSum[] = [];
  for (const number of numbers) {
    const xs = rows.map((r) => wholeOf(number.valueAt(r)));
    clocks.forEach((result, i) =>
      clocks.forEach((start, j) => {
        if (i === j) return;
        let all = 0;
        let held = 0;
        let informative = 0;
        const seen = new Set<number>();
        rows.forEach((_, k) => {
          const [r, s, x] = [times[i]![k]!, times[j]![k]!, xs[k]!];
          if (Number.isNaN(r) || Number.isNaN(s) || Number.isNaN(x)) return;
          all++;
          if (roundClock(s + x) !== r) return;
          held++;
          if (x !== 0) {
            informative++;
            if (seen.size < 3) seen.add(x);
          }
        });
        if (all > 0 && held >= MIN_CLOCK_HOLDS * all && informative >= MIN_INFORMATIVE && seen.size >= 3) {
          found.push({ result: result.profile.name, start: start.profile.name, minutes: number.profile.name, holds: Math.round((held / all) * 1000) / 1000, rows: all });
        }
      }),
    );
  }
  return found;
}

type Row = Readonly<Record<string, string | null | undefined>>;

/** The row's end and start (minutes after midnight) and minutes, NaN where one does not read. */
function readSum(sum: ClockSum, row: Row): { r: number; s: number; x: number } {
  return { r: minutesOf(row[sum.result] ?? undefined), s: minutesOf(row[sum.start] ?? undefined), x: wholeOf(row[sum.minutes] ?? undefined) };
}

/** Whether the identity holds in the row (all three read). */
export function holdsIn(sum: ClockSum, row: Row): boolean {
  const { r, s, x } = readSum(sum, row);
  return !Number.isNaN(r) && !Number.isNaN(s) && !Number.isNaN(x) && roundClock(s + x) === r;
}

/**
 * What one identity says `column` holds in this row, as minutes (a time of day after midnight, or
 * a number of minutes: the two readings round the clock, the nearer to zero first), or undefined
 * without the row's other two.
 */
export function solveClockSum(sum: ClockSum, column: string, row: Row): number[] | undefined {
  const { r, s, x } = readSum(sum, row);
  if (column === sum.result) return Number.isNaN(s) || Number.isNaN(x) ? undefined : [roundClock(s + x)];
  if (column === sum.start) return Number.isNaN(r) || Number.isNaN(x) ? undefined : [roundClock(r - x)];
  if (column !== sum.minutes || Number.isNaN(r) || Number.isNaN(s)) return undefined;
  const after = roundClock(r - s);
  return after <= DAY / 2 ? [after, after - DAY] : [after - DAY, after];
}
