import { mulberry32, type Random } from '../seed/random';

// A seeded error generator for held-out data-cleaning sets: it takes a clean table and writes a
// dirty copy with the error kinds of the literature (BART, Raha/Baran, HoloClean evaluations):
//   typo         keyboard slips (neighbouring key), OCR look-alikes (0/O, 1/l, 5/S…), a dropped,
//                doubled or transposed character;
//   format       letter case, stray spaces, a unit written after a number or the number in a
//                larger unit (cm for mm, kg for g, hours and minutes for minutes), digit grouping, a
//                trailing ".0", a percent sign, another date layout, a time of day written another
//                way (12- or 24-hour, "am" or "a.m.", padded, with seconds, after a day), a code's
//                leading zeros dropped as a spreadsheet drops them ("02134" -> "2134");
//   missing      a missing-value marker (N/A, null, -, ?, blank) for a value, or for a blank;
//   swap-columns two cells of one row exchanged;
//   swap-rows    the value of another row of the same column;
//   outlier      a number scaled (x10, x100, x1000, /10) or with two digits transposed;
//   conflict     another entity's value in one source's copy of an entity (multi-source tables);
//   fd           a dependent column's value replaced with another value of its domain, breaking a
//                functional dependency the clean table holds (e.g. zip -> city).
// Same table, same options, same seed: same dirty table.

export type ErrorKind = 'typo' | 'format' | 'missing' | 'swap-columns' | 'swap-rows' | 'outlier' | 'conflict' | 'fd';
export const ERROR_KINDS: readonly ErrorKind[] = ['typo', 'format', 'missing', 'swap-columns', 'swap-rows', 'outlier', 'conflict', 'fd'];

export interface TableSpec {
  header: string[];
  rows: string[][];
  /**
   * A column's unit ("g", "mm", "$"). Where the clean values are plain numbers, the format kind
   * writes it after one; where they carry it ("6.3 mm", a currency sign before: "$27.40"), the
   * format kind writes one bare, with the unit spaced or cased otherwise, or in a larger unit.
   */
  units?: Readonly<Record<string, string>>;
  /** Columns that functionally depend on another (targets of the fd kind). */
  dependents?: readonly string[];
  /** Column naming the source of a row in a multi-source table (drives the conflict kind). */
  sourceColumn?: string;
  /** Per source: multiplier of the error rate (an unreliable source errs more). */
  sourceNoise?: Readonly<Record<string, number>>;
  /**
   * Per source and column: how that source writes the column's values (its own layout of a time
   * of day, say), applied to each of its values after the random errors, a conflicting value
   * included: a systematic format error, as sources merged from several systems show.
   */
  sourceStyles?: Readonly<Record<string, Readonly<Record<string, (value: string, row: number) => string | undefined>>>>;
  /**
   * The table writes its decimals with a comma ("14,5"), as European exports do. Its errors are
   * made on the numbers read with a point and written back with the comma; the format kind also
   * writes a number with a decimal point, the other convention.
   */
  decimalComma?: true;
}

export interface GenerateOptions {
  seed: number;
  /** Share of cells made erroneous (before per-source multipliers). */
  rate: number;
  kinds?: readonly ErrorKind[];
}

export interface Generated {
  dirty: string[][];
  /** Count of erroneous cells per kind. */
  counts: Record<ErrorKind, number>;
  /** The kind of error of each spoiled cell, by row and column (analysis of misses by kind). */
  kindAt: Array<Array<ErrorKind | undefined>>;
}

const KEYBOARD = ['1234567890', 'qwertyuiop', 'asdfghjkl', 'zxcvbnm'];
const OCR: Array<[string, string]> = [
  ['0', 'O'],
  ['O', '0'],
  ['1', 'l'],
  ['l', '1'],
  ['5', 'S'],
  ['S', '5'],
  ['8', 'B'],
  ['B', '8'],
  ['m', 'rn'],
  ['e', 'c'],
  ['a', 'o'],
  ['i', 'l'],
];
const MARKERS = ['N/A', 'null', '-', '?', 'n/a', 'NULL', ''];
const NUMBER = /^-?\d+(?:\.\d+)?$/;
/** A number and the unit after it, as a table that carries its units writes them: "6.3 mm". */
const CARRIED = /^(-?\d+(?:\.\d+)?) (\S+)$/;
/** A currency sign and the number after it: "$27.40". */
const CARRIED_BEFORE = /^([$€£¥])(-?\d+(?:\.\d+)?)$/;

/** The number of a value that carries its column's unit ("6.3 mm" in a column of mm, "$27.40" in one of $), else undefined. */
function carried(value: string, unit: string | undefined): string | undefined {
  const after = CARRIED.exec(value);
  if (after && unit !== undefined && after[2] === unit) return after[1];
  const before = CARRIED_BEFORE.exec(value);
  return before && before[1] === unit ? before[2] : undefined;
}

/** A number written with its column's unit: after it ("6.3 mm"), or a currency sign before it ("$27.40"). */
const withUnit = (number: string, unit: string) => (/^[$€£¥]$/.test(unit) ? `${unit}${number}` : `${number} ${unit}`);
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
/** A time of day as the held-out tables write them: "7:10 a.m." or "07:10". */
const CLOCK = /^(\d{1,2}):(\d{2})(?: ([ap])\.m\.)?$/;
const DAYS = ['Jan 3', 'Feb 11', 'Mar 7', 'Apr 22', 'May 5', 'Jun 18', 'Jul 9', 'Aug 30', 'Sep 14', 'Oct 2', 'Nov 26', 'Dec 1'];

/** The layouts of a time of day the generator writes (a day before it is the last). */
export type ClockLayout = 'am' | 'AM' | '24' | '24-unpadded' | 'seconds' | 'padded' | 'day';
const CLOCK_LAYOUTS: readonly ClockLayout[] = ['am', 'AM', '24', '24-unpadded', 'seconds', 'padded', 'day'];

/** A time of day ("7:10 a.m." or "07:10") in another layout, undefined if it is none; `day` is written before it for the layout `day`. */
export function clockIn(value: string, layout: ClockLayout, day: string): string | undefined {
  const m = CLOCK.exec(value);
  if (!m) return undefined;
  let hour = Number(m[1]);
  if (m[3] === 'p' && hour < 12) hour += 12;
  if (m[3] === 'a' && hour === 12) hour = 0;
  const mm = m[2]!;
  const h12 = String(hour % 12 === 0 ? 12 : hour % 12);
  const ap = hour < 12 ? 'a' : 'p';
  const h24 = String(hour).padStart(2, '0');
  const out: Record<ClockLayout, string> = {
    am: `${h12}:${mm}${ap}m`,
    AM: `${h12}:${mm} ${ap.toUpperCase()}M`,
    '24': `${h24}:${mm}`,
    '24-unpadded': `${hour}:${mm}`,
    seconds: `${h24}:${mm}:00`,
    padded: `${h12.padStart(2, '0')}:${mm} ${ap}.m.`,
    day: `${day} ${value}`,
  };
  return out[layout];
}

/** Other ways of writing a time of day: 12- or 24-hour clock, meridiem spellings, padding, seconds, a day before it. */
function clockVariants(value: string, rand: Random): string[] {
  if (!CLOCK.test(value)) return [];
  const day = pick(rand, DAYS);
  return CLOCK_LAYOUTS.map((layout) => clockIn(value, layout, day)).filter((v): v is string => v !== undefined && v !== value);
}

const pick = <T>(rand: Random, list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;

function neighbour(c: string, rand: Random): string | undefined {
  const lower = c.toLowerCase();
  for (let r = 0; r < KEYBOARD.length; r++) {
    const i = KEYBOARD[r]!.indexOf(lower);
    if (i < 0) continue;
    const around = [KEYBOARD[r]![i - 1], KEYBOARD[r]![i + 1], KEYBOARD[r - 1]?.[i], KEYBOARD[r + 1]?.[i]].filter((x): x is string => !!x);
    const n = pick(rand, around);
    return c === lower ? n : n.toUpperCase();
  }
  return undefined;
}

export function typo(value: string, rand: Random): string | undefined {
  const positions = [...value].map((c, i) => (/[\p{L}\p{N}]/u.test(c) ? i : -1)).filter((i) => i >= 0);
  if (positions.length < 3) return undefined;
  const i = pick(rand, positions);
  const c = value[i]!;
  const how = Math.floor(rand() * 5);
  let out: string | undefined;
  if (how === 0) {
    const n = neighbour(c, rand);
    if (n) out = value.slice(0, i) + n + value.slice(i + 1);
  } else if (how === 1) {
    const options = OCR.filter(([from]) => value.includes(from));
    if (options.length > 0) {
      const [from, to] = pick(rand, options);
      const at = value.indexOf(from);
      out = value.slice(0, at) + to + value.slice(at + from.length);
    }
  } else if (how === 2) out = value.slice(0, i) + value.slice(i + 1);
  else if (how === 3) out = value.slice(0, i) + c + value.slice(i);
  else if (i + 1 < value.length) out = value.slice(0, i) + value[i + 1] + c + value.slice(i + 2);
  // Fall back to a keyboard slip when the chosen slip does not apply here.
  if (out === undefined || out === value) {
    const n = neighbour(c, rand);
    out = n ? value.slice(0, i) + n + value.slice(i + 1) : undefined;
  }
  return out !== value ? out : undefined;
}

/**
 * A number written in a larger unit of its dimension, as people do: millimetres in centimetres,
 * grams in kilograms, minutes as hours and minutes (only from an hour on).
 */
function inOtherUnit(value: string, unit: string): string | undefined {
  const n = Number(value);
  if (unit === 'mm') return `${Number((n / 10).toPrecision(12))} cm`;
  if (unit === 'g') return `${Number((n / 1000).toPrecision(12))} kg`;
  if (unit === 'min' && Number.isInteger(n) && n >= 60) return n % 60 === 0 ? `${n / 60} hr` : `${Math.floor(n / 60)} hr ${n % 60} min`;
  return undefined;
}

export function format(value: string, column: string, spec: TableSpec, rand: Random): string | undefined {
  const options: Array<() => string> = [];
  const unit = spec.units?.[column];
  const number = carried(value, unit);
  if (number !== undefined && unit !== undefined && CARRIED_BEFORE.test(value)) {
    options.push(() => number, () => `${unit} ${number}`);
  } else if (number !== undefined && unit !== undefined) {
    options.push(() => number, () => `${number}${unit}`);
    if (unit.toUpperCase() !== unit) options.push(() => `${number} ${unit.toUpperCase()}`);
    const other = inOtherUnit(number, unit);
    if (other) options.push(() => other);
  } else if (NUMBER.test(value)) {
    if (spec.decimalComma && value.includes('.')) options.push(() => KEEP_POINT + value);
    // A code written with leading zeros ("01", "02134") read as a number by a spreadsheet loses them.
    if (/^0\d+$/.test(value)) options.push(() => String(Number(value)));
    if (unit) options.push(() => `${value} ${unit}`, () => `${value}${unit}`);
    const other = unit ? inOtherUnit(value, unit) : undefined;
    if (other) options.push(() => other);
    const n = Number(value);
    if (Math.abs(n) >= 1000 && !value.includes('.')) options.push(() => n.toLocaleString('en-US'));
    if (!value.includes('.')) options.push(() => `${value}.0`);
    if (n > 0 && n < 1) options.push(() => `${value}%`);
  } else if (CLOCK.test(value)) {
    const variants = clockVariants(value, rand);
    options.push(...variants.map((v) => () => v));
  } else if (DATE.test(value)) {
    const [, y, m, d] = DATE.exec(value)!;
    options.push(() => `${m}/${d}/${y}`, () => `${d}.${m}.${y}`);
  } else if (/\p{L}/u.test(value)) {
    if (value !== value.toUpperCase()) options.push(() => value.toUpperCase());
    if (value !== value.toLowerCase()) options.push(() => value.toLowerCase());
    options.push(() => ` ${value}`, () => `${value}  `);
    if (value.includes(' ')) options.push(() => value.replace(' ', '  '));
  }
  if (options.length === 0) return undefined;
  const out = pick(rand, options)();
  return out !== value ? out : undefined;
}

export function outlier(value: string, rand: Random): string | undefined {
  if (!NUMBER.test(value) || Number(value) === 0) return undefined;
  const n = Number(value);
  const how = Math.floor(rand() * 3);
  if (how === 0) return String(Number((n * pick(rand, [10, 100, 1000])).toPrecision(12)));
  if (how === 1) return String(Number((n / 10).toPrecision(12)));
  const digits = [...value].map((c, i) => (/\d/.test(c) && /\d/.test(value[i + 1] ?? '') && c !== value[i + 1] ? i : -1)).filter((i) => i >= 0);
  if (digits.length === 0) return String(n * 10);
  const i = pick(rand, digits);
  return value.slice(0, i) + value[i + 1] + value[i] + value.slice(i + 2);
}

/** Marks a number the format kind writes with a decimal point in a decimal-comma table (kept so when the table is written back). */
const KEEP_POINT = '\u0000';
const COMMA_NUMBER = /^-?\d+,\d+$/;

/** The dirty copy of a clean table. */
export function generateErrors(spec: TableSpec, options: GenerateOptions): Generated {
  if (!spec.decimalComma) return spoil(spec, options);
  // Read with a point, spoilt, and written back with the comma (but for the point the format kind chose).
  const numeric = spec.header.map((_, c) => spec.rows.some((r) => r[c] !== '') && spec.rows.every((r) => r[c] === '' || COMMA_NUMBER.test(r[c]!) || NUMBER.test(r[c]!)));
  const rows = spec.rows.map((r) => r.map((v, c) => (numeric[c] ? v.replace(',', '.') : v)));
  const spoilt = spoil({ ...spec, rows }, options);
  const dirty = spoilt.dirty.map((r) =>
    r.map((v, c) => {
      if (v.startsWith(KEEP_POINT)) return v.slice(KEEP_POINT.length);
      return numeric[c] || NUMBER.test(v) ? v.replace(/(\d)\.(\d)/, '$1,$2') : v;
    }),
  );
  return { ...spoilt, dirty };
}

function spoil(spec: TableSpec, options: GenerateOptions): Generated {
  const rand = mulberry32(options.seed);
  const kinds = new Set(options.kinds ?? ERROR_KINDS);
  const { header, rows } = spec;
  const dirty = rows.map((r) => [...r]);
  const touched = rows.map((r) => r.map(() => false));
  const kindAt: Array<Array<ErrorKind | undefined>> = rows.map((r) => r.map(() => undefined));
  const counts = Object.fromEntries(ERROR_KINDS.map((k) => [k, 0])) as Record<ErrorKind, number>;
  const sourceAt = spec.sourceColumn ? header.indexOf(spec.sourceColumn) : -1;
  const dependents = new Set(spec.dependents ?? []);
  // Distinct values per column, for swaps, conflicts and FD violations.
  const domains = header.map((_, c) => [...new Set(rows.map((r) => r[c]!).filter((v) => v !== ''))]);
  const otherValue = (c: number, value: string) => {
    const domain = domains[c]!;
    if (domain.length < 2) return undefined;
    for (let tries = 0; tries < 8; tries++) {
      const v = pick(rand, domain);
      if (v !== value) return v;
    }
    return undefined;
  };
  for (let r = 0; r < rows.length; r++) {
    const source = sourceAt >= 0 ? rows[r]![sourceAt]! : undefined;
    const rate = options.rate * (source !== undefined ? (spec.sourceNoise?.[source] ?? 1) : 1);
    for (let c = 0; c < header.length; c++) {
      if (c === sourceAt || touched[r]![c] || rand() >= rate) continue;
      const column = header[c]!;
      const value = rows[r]![c]!;
      const applicable: ErrorKind[] = [];
      if (value === '') {
        if (kinds.has('missing')) applicable.push('missing');
      } else {
        if (kinds.has('typo') && value.length >= 3) applicable.push('typo');
        if (kinds.has('format')) applicable.push('format');
        if (kinds.has('missing')) applicable.push('missing');
        // A swap spoils two cells: half as often, so each kind spoils about as many cells.
        if (kinds.has('swap-columns') && rand() < 0.5) applicable.push('swap-columns');
        if (kinds.has('swap-rows')) applicable.push('swap-rows');
        if (kinds.has('outlier') && (NUMBER.test(value) || carried(value, spec.units?.[column]) !== undefined)) applicable.push('outlier');
        if (kinds.has('conflict') && source !== undefined) applicable.push('conflict', 'conflict');
        if (kinds.has('fd') && dependents.has(column)) applicable.push('fd', 'fd');
      }
      if (applicable.length === 0) continue;
      const kind = pick(rand, applicable);
      let out: string | undefined;
      switch (kind) {
        case 'typo':
          out = typo(value, rand);
          break;
        case 'format':
          out = format(value, column, spec, rand);
          break;
        case 'missing':
          out = pick(
            rand,
            MARKERS.filter((m) => m !== value),
          );
          break;
        case 'swap-columns': {
          const others = header.map((_, j) => j).filter((j) => j !== c && j !== sourceAt && !touched[r]![j] && rows[r]![j] !== '' && rows[r]![j] !== value);
          if (others.length === 0) break;
          const j = pick(rand, others);
          dirty[r]![j] = value;
          touched[r]![j] = true;
          kindAt[r]![j] = 'swap-columns';
          counts['swap-columns']++;
          out = rows[r]![j]!;
          break;
        }
        case 'swap-rows': {
          const other = rows[Math.floor(rand() * rows.length)]![c]!;
          out = other !== '' && other !== value ? other : undefined;
          break;
        }
        case 'outlier': {
          // A number that carries its unit is scaled as a number; its unit stays.
          const number = carried(value, spec.units?.[column]);
          const slipped = number !== undefined ? outlier(number, rand) : undefined;
          out = number !== undefined ? slipped && withUnit(slipped, spec.units![column]!) : outlier(value, rand);
          break;
        }
        case 'conflict':
        case 'fd':
          out = otherValue(c, value);
          break;
      }
      if (out === undefined || out === value) continue;
      dirty[r]![c] = out;
      touched[r]![c] = true;
      kindAt[r]![c] = kind;
      counts[kind]++;
    }
  }
  // Each source's own way of writing a column, over its values as they now stand.
  if (spec.sourceStyles && sourceAt >= 0) {
    for (let r = 0; r < rows.length; r++) {
      const styles = spec.sourceStyles[rows[r]![sourceAt]!];
      if (!styles) continue;
      for (const [column, style] of Object.entries(styles)) {
        const c = header.indexOf(column);
        const styled = c >= 0 ? style(dirty[r]![c]!, r) : undefined;
        if (styled === undefined || styled === dirty[r]![c]) continue;
        dirty[r]![c] = styled;
        if (kindAt[r]![c] === undefined) {
          kindAt[r]![c] = 'format';
          counts.format++;
        }
      }
    }
  }
  return { dirty, counts, kindAt };
}
