import { mulberry32, pick } from '../seed/random';
import type { TableSpec } from './errors';

// Systematic errors, on top of the random ones of errors.ts: a column where a whole share of the
// rows was written another way, as a second system or an import step writes it (30-60 % of the
// values upper-cased, dates written month first, "12" as "12.0", digits grouped, a unit after
// every number; each empty cell as "N/A"; or a category written as a second system's code,
// "Europe" as "EUR"). Published benchmarks made from real data have such errors
// (a column's values carry a unit in most rows; a source writes every time its own way); a random
// error per cell never shows them, and they are what a handful of fixed rows can teach.

export type Habit = 'upper' | 'month-first' | 'point-zero' | 'grouping' | 'unit' | 'marker' | 'code';

export interface HabitApplied {
  column: string;
  habit: Habit;
  /** Cells the habit rewrote. */
  cells: number;
}

export interface HabitOptions {
  seed: number;
  /** Columns given a habit (fewer where fewer columns have one that applies). */
  columns?: number;
  /**
   * Share of a column's values each habit rewrites (1: the whole column, as data exported from a
   * second system alone writes it); drawn between 30 % and 60 % per column where not given.
   */
  share?: number;
}

const NUMBER = /^-?\d+(?:\.\d+)?$/;
const INTEGER = /^-?\d+$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Share of a column's filled values a habit's form must fit for the habit to apply. */
const FITS = 0.9;

/** Most distinct values of a column a code habit recodes (a category, not names). */
const CODED_VALUES = 20;

/**
 * A category's code as a second system writes it: the initials of its words ("Gull or
 * tern" as "GOT"), or a single word's first three letters ("Europe" as "EUR"), in capitals.
 */
export function codeOf(value: string): string {
  const words = value.split(/[^\p{L}]+/u).filter(Boolean);
  return (words.length >= 2 ? words.map((w) => w[0]!).join('') : (words[0] ?? '').slice(0, 3)).toUpperCase();
}

/** Whether a column's values are categories that codes name apart: few, worded, each code its own and none a value of the column. */
function codable(filled: readonly string[]): boolean {
  const distinct = [...new Set(filled)];
  if (distinct.length < 2 || distinct.length > CODED_VALUES || distinct.some((v) => NUMBER.test(v) || !/\p{L}/u.test(v))) return false;
  const codes = new Set(distinct.map(codeOf));
  return codes.size === distinct.length && ![...codes].some((c) => c.length < 2 || distinct.includes(c));
}

/** How a habit writes a clean value, undefined where it leaves it as it is. */
function rewrite(habit: Habit, value: string, unit: string | undefined): string | undefined {
  switch (habit) {
    case 'code':
      return value === '' ? undefined : codeOf(value);
    case 'upper':
      return /\p{Ll}/u.test(value) ? value.toUpperCase() : undefined;
    case 'month-first': {
      const m = ISO_DATE.exec(value);
      return m ? `${m[2]}/${m[3]}/${m[1]}` : undefined;
    }
    case 'point-zero':
      return INTEGER.test(value) ? `${value}.0` : undefined;
    case 'grouping':
      return NUMBER.test(value) && Math.abs(Number(value)) >= 1000 ? Number(value).toLocaleString('en-US', { maximumFractionDigits: 20 }) : undefined;
    case 'unit':
      return NUMBER.test(value) && unit !== undefined ? `${value} ${unit}` : undefined;
    case 'marker':
      return value === '' ? 'N/A' : undefined;
  }
}

/** The habits that fit a column's clean values (its source column, if any, keeps its values). */
export function habitsFor(spec: TableSpec, column: number): Habit[] {
  if (spec.header[column] === spec.sourceColumn) return [];
  const values = spec.rows.map((r) => r[column] ?? '');
  const filled = values.filter((v) => v !== '');
  if (filled.length === 0) return [];
  const share = (test: (v: string) => boolean) => filled.filter(test).length / filled.length;
  const unit = spec.units?.[spec.header[column]!];
  const out: Habit[] = [];
  if (share((v) => /\p{L}/u.test(v) && /\p{Ll}/u.test(v) && !NUMBER.test(v)) >= FITS) out.push('upper');
  if (share((v) => ISO_DATE.test(v)) >= FITS) out.push('month-first');
  if (share((v) => INTEGER.test(v)) >= FITS) out.push('point-zero');
  if (share((v) => NUMBER.test(v)) >= FITS && share((v) => Math.abs(Number(v)) >= 1000) >= 0.3) out.push('grouping');
  if (share((v) => NUMBER.test(v)) >= FITS && unit !== undefined && /^\p{L}/u.test(unit)) out.push('unit');
  if (values.length - filled.length >= 5) out.push('marker');
  if (codable(filled)) out.push('code');
  return out;
}

/**
 * Gives `columns` columns of the table a habit each (seeded): a share of its rows, drawn between
 * 30 % and 60 % or the `share` given, is rewritten the habit's way (every empty cell, for the
 * marker habit). A cell the
 * random errors already spoilt (where `dirty` differs from the clean table) is left as it is.
 * Returns the new dirty table and what was applied.
 */
export function addHabits(spec: TableSpec, dirty: readonly string[][], options: HabitOptions): { dirty: string[][]; habits: HabitApplied[] } {
  const rand = mulberry32(options.seed);
  const out = dirty.map((r) => [...r]);
  const open = spec.header.map((_, c) => c).filter((c) => habitsFor(spec, c).length > 0);
  const habits: HabitApplied[] = [];
  for (let k = 0; k < (options.columns ?? 2) && open.length > 0; k++) {
    const column = open.splice(Math.floor(rand() * open.length), 1)[0]!;
    const habit = pick(rand, habitsFor(spec, column));
    const share = habit === 'marker' ? 1 : (options.share ?? 0.3 + rand() * 0.3);
    const unit = spec.units?.[spec.header[column]!];
    let cells = 0;
    spec.rows.forEach((row, r) => {
      const clean = row[column] ?? '';
      if (out[r]![column] !== clean || rand() >= share) return;
      const written = rewrite(habit, clean, unit);
      if (written === undefined || written === clean) return;
      out[r]![column] = written;
      cells++;
    });
    habits.push({ column: spec.header[column]!, habit, cells });
  }
  return { dirty: out, habits };
}
