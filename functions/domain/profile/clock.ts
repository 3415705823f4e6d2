// Times of day written alone ("7:10 a.m.", "7:10pm", "19:10", "07:10:00"): how to read one, how a
// column writes them, and how to write one the column's way. A time after a date belongs to the
// date reader (dates.ts); these are columns of times.

/** How a column writes a time of day. */
export interface ClockForm {
  /** A 12-hour clock with a meridiem ("7:10 a.m."), or a 24-hour one ("19:10"). */
  twelve: boolean;
  /** Hours below ten with a leading zero ("07:10"). */
  pad: boolean;
  /** Seconds after the minutes ("19:10:00"). */
  seconds: boolean;
  /** On a 12-hour clock: the morning's meridiem as written, with the space before it (" a.m.", "am", " AM"). */
  meridiem: string;
  /**
   * On a 12-hour clock: the times the column writes without a meridiem are a 24-hour clock's that
   * pads its hours ("07:10", "19:10" among "7:10 a.m."), as the hours below ten of nearly all of
   * them say: such a time with an hour of 10 or 11 is one of them, not a 12-hour time that lost its
   * meridiem. Absent otherwise.
   */
  barePadded?: true;
}

/** A time of day: minutes after midnight, and the seconds where written. */
export interface ClockTime {
  minutes: number;
  seconds?: number;
}

export interface ClockReading {
  time: ClockTime;
  /** The form it is written in; `pad` is undefined where the hour says nothing of padding (10 or more). */
  form: Omit<ClockForm, 'pad'> & { pad: boolean | undefined };
}

const CLOCK = /^(\d{1,2}):([0-5]\d)(?::([0-5]\d))?(?:(\s?)([aApP])(\.?)([mM])(\.?))?$/;

/** A time of day written alone, or undefined (not a time, or not one on a clock: "13:10 p.m.", "24:00"). */
export function readClock(raw: string): ClockReading | undefined {
  const m = CLOCK.exec(raw.trim());
  if (!m) return undefined;
  const hour = Number(m[1]);
  const minute = Number(m[2]);
  const seconds = m[3] === undefined ? undefined : Number(m[3]);
  const pad = hour < 10 ? m[1]!.length === 2 : undefined;
  const time = (h: number): ClockTime => (seconds === undefined ? { minutes: h * 60 + minute } : { minutes: h * 60 + minute, seconds });
  if (m[5] === undefined) {
    if (hour > 23) return undefined;
    return { time: time(hour), form: { twelve: false, pad, seconds: seconds !== undefined, meridiem: '' } };
  }
  if (hour < 1 || hour > 12) return undefined;
  const afternoon = m[5].toLowerCase() === 'p';
  const morning = m[5] === 'p' ? 'a' : m[5] === 'P' ? 'A' : m[5];
  return {
    time: time((hour % 12) + (afternoon ? 12 : 0)),
    form: { twelve: true, pad, seconds: seconds !== undefined, meridiem: `${m[4]}${morning}${m[6]}${m[7]}${m[8]}` },
  };
}

/** A time inside a longer value; its minutes (or seconds) end there ("7:105" holds no time). */
const EMBEDDED = /\b\d{1,2}:[0-5]\d(?::[0-5]\d)?(?![\d:])(?:\s?[aApP]\.?[mM]\.?(?![a-z]))?/g;
const MONTH_NAME = /\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?/gi;
/** A time zone after a time: an offset ("-05:00", "(+0100)") or a zone's letters ("EST", "UTC"). */
const ZONE = /\s?\(?(?:[+-]\d{2}:?\d{2}\)?$|\b(?:UTC|GMT|[A-Z]{1,3}T)\b\)?)/g;

/**
 * A time of day written beside a day or a time zone ("Dec 1 7:10 a.m.", "7:10am 12/01", "7:10
 * a.m.Dec 1", "7:10 a.m. (Dec 1)", "7:10 a.m. EST"): the one time in the value where all else is
 * a month's name, digits, brackets and date punctuation. Undefined otherwise.
 */
export function findClock(raw: string): ClockReading | undefined {
  const v = raw.trim().replace(ZONE, ' ');
  const found = [...v.matchAll(EMBEDDED)];
  if (found.length !== 1) return undefined;
  const match = found[0]!;
  const rest = (v.slice(0, match.index) + ' ' + v.slice(match.index + match[0].length)).replace(MONTH_NAME, ' ');
  if (!/^[\d\s,./()-]*$/.test(rest)) return undefined;
  return readClock(match[0]);
}

/** The time written in the form, or undefined where that would drop its seconds. */
export function writeClock(time: ClockTime, form: ClockForm): string | undefined {
  if (time.seconds && !form.seconds) return undefined;
  const hour = Math.floor(time.minutes / 60);
  const minutes = String(time.minutes % 60).padStart(2, '0');
  const seconds = form.seconds ? `:${String(time.seconds ?? 0).padStart(2, '0')}` : '';
  if (!form.twelve) return `${form.pad ? String(hour).padStart(2, '0') : hour}:${minutes}${seconds}`;
  const h = hour % 12 === 0 ? 12 : hour % 12;
  const meridiem = hour < 12 ? form.meridiem : form.meridiem.replace('a', 'p').replace('A', 'P');
  return `${form.pad ? String(h).padStart(2, '0') : h}:${minutes}${seconds}${meridiem}`;
}

/** Times without a meridiem, hours below ten, a 12-hour column must write with the zero for its bare times to be a padded 24-hour clock's. */
const BARE_PADDED_ROWS = 3;
/** How many times more of them must carry the zero than lack it (a 12-hour time that lost its meridiem lacks it). */
const BARE_PADDED_RATIO = 4;

/** One way of writing a column's times, and how many of them are written so (hours below ten with and without a zero). */
interface Kind {
  form: Omit<ClockForm, 'pad'>;
  n: number;
  padded: number;
  unpadded: number;
}

/** Tallies of how the times of a column are written, toward its form. */
export class ClockVotes {
  private readonly kinds = new Map<string, Kind>();
  /** Values read as times. */
  times = 0;

  add(value: string, n: number): void {
    const r = readClock(value);
    if (!r) return;
    this.times += n;
    const key = `${r.form.twelve}|${r.form.seconds}|${r.form.meridiem}`;
    const kind = this.kinds.get(key) ?? { form: { twelve: r.form.twelve, seconds: r.form.seconds, meridiem: r.form.meridiem }, n: 0, padded: 0, unpadded: 0 };
    kind.n += n;
    if (r.form.pad === true) kind.padded += n;
    if (r.form.pad === false) kind.unpadded += n;
    this.kinds.set(key, kind);
  }

  /**
   * The column's form: where at least half of the values read (`examined` of them) are times and
   * most of those are written one way. Padding follows the hours below ten (24-hour clocks pad
   * where none says otherwise, 12-hour clocks do not).
   */
  form(examined: number): ClockForm | undefined {
    if (examined === 0 || this.times * 2 < examined) return undefined;
    const top = [...this.kinds.values()].sort((a, b) => b.n - a.n)[0];
    const one = top && top.n * 2 >= this.times ? top : this.inCapitalsToo();
    if (!one) return undefined;
    return this.withPadding(one);
  }

  /**
   * Where no one writing holds half the times but one does with its meridiem in capitals as well
   * (" a.m." and " A.M.": a second system that writes in capitals), that writing, meridiem as it
   * is written outside capitals: capitals keep no case, so the other way is the column's own.
   */
  private inCapitalsToo(): Kind | undefined {
    const groups = new Map<string, Kind[]>();
    for (const kind of this.kinds.values()) {
      if (!kind.form.twelve) continue;
      const key = `${kind.form.seconds}|${kind.form.meridiem.toLowerCase()}`;
      groups.set(key, [...(groups.get(key) ?? []), kind]);
    }
    for (const kinds of groups.values()) {
      const own = kinds.filter((k) => k.form.meridiem !== k.form.meridiem.toUpperCase()).sort((a, b) => b.n - a.n)[0];
      const capitals = kinds.filter((k) => k.form.meridiem === k.form.meridiem.toUpperCase());
      if (!own || capitals.length === 0) continue;
      const all = [own, ...capitals];
      const n = all.reduce((sum, k) => sum + k.n, 0);
      if (n * 2 < this.times) continue;
      return { form: own.form, n, padded: all.reduce((sum, k) => sum + k.padded, 0), unpadded: all.reduce((sum, k) => sum + k.unpadded, 0) };
    }
    return undefined;
  }

  private withPadding(top: Kind): ClockForm {
    const pad = top.padded === top.unpadded ? !top.form.twelve : top.padded > top.unpadded;
    if (!top.form.twelve) return { ...top.form, pad };
    let padded = 0;
    let unpadded = 0;
    for (const kind of this.kinds.values()) {
      if (kind.form.twelve) continue;
      padded += kind.padded;
      unpadded += kind.unpadded;
    }
    const barePadded = padded >= BARE_PADDED_ROWS && padded >= BARE_PADDED_RATIO * unpadded;
    return { ...top.form, pad, ...(barePadded ? { barePadded: true as const } : {}) };
  }
}
