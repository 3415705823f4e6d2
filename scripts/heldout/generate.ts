import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { option, shareOption, wholeOption } from '../cli-options';
import { seedFrom } from '../seed/random';
import { generateErrors } from './errors';
import { addHabits } from './habits';
import { DEFAULT_SPLITS, HELDOUT_TABLES, SPLITS, type Split } from './tables';

// npm run heldout -- [--out DIR] [--seed N] [--rate R] [--habits K] [--habit-share S] [--splits tune,report,demo,scale]
// Writes the held-out data-cleaning sets: DIR/<split>/<name>/clean.csv and dirty.csv for every
// table of scripts/heldout/tables.ts (split tune, report or demo; scale, the whole tables, only
// when --splits names it), with the seeded errors of
// scripts/heldout/errors.ts. Default DIR .data/heldout, seed 7, rate 0.06 (share of cells).
// With --habits K, K columns of each table also get a systematic error (scripts/heldout/habits.ts);
// without it the sets are the same as before habits existed. --habit-share S makes each habit
// rewrite that share of its column (1: all of it) instead of a share drawn between 30 % and 60 %.
// Then: npm run bench -- suggestions --data .data/heldout/report

export interface HeldoutOptions {
  out: string;
  seed: number;
  rate: number;
  habits: number;
  /** Share of a habit column's values its habit rewrites; drawn 30-60 % per column where undefined. */
  habitShare: number | undefined;
  splits: Split[] | undefined;
}

/**
 * The command line read and checked: a seed is a whole number below 2^32, a rate a share of the
 * cells above 0 and below 1, habits a whole number of columns; anything else is an error naming the
 * option (a rate of "abc" read as NaN spoilt every cell).
 */
export function heldoutOptions(args: string[]): HeldoutOptions {
  const whole = (name: string, fallback: number, max: number) => wholeOption(args, name, { fallback, max, what: `a whole number from 0 to ${max}` });
  const rate = shareOption(args, '--rate', { fallback: 0.06, what: 'a share of the cells above 0 and below 1' });
  const splits = option(args, '--splits')?.split(',') as Split[] | undefined;
  const unknown = splits?.filter((s) => !SPLITS.includes(s));
  if (unknown && unknown.length > 0) throw new Error(`--splits: no split named ${unknown.join(', ')} (splits: ${SPLITS.join(', ')})`);
  const habits = whole('--habits', 0, 100);
  const habitShare = shareOption(args, '--habit-share', { fallback: undefined, what: 'a share of the values above 0 and at most 1', whole: true });
  if (habitShare !== undefined && habits === 0) throw new Error('--habit-share needs --habits (the columns given a habit)');
  return {
    out: path.resolve(option(args, '--out') ?? '.data/heldout'),
    seed: whole('--seed', 7, 2 ** 32 - 1),
    rate,
    habits,
    habitShare,
    splits,
  };
}

function csvCell(v: string): string {
  return /[",\n\r]/.test(v) || v !== v.trim() ? `"${v.replace(/"/g, '""')}"` : v;
}

const toCsv = (header: string[], rows: string[][]) => [header, ...rows].map((r) => r.map(csvCell).join(',')).join('\n') + '\n';

/** Salt of the habits' seed, so that a table's habits do not replay its random errors' draws. */
const HABIT_SALT = 0x5157;

export function writeHeldout(out: string, seed: number, rate: number, splits: readonly Split[] = DEFAULT_SPLITS, habitColumns = 0, habitShare?: number): Array<Record<string, unknown>> {
  const summary: Array<Record<string, unknown>> = [];
  for (const table of HELDOUT_TABLES) {
    if (!splits.includes(table.split)) continue;
    const spec = table.load();
    const generated = generateErrors(spec, { seed: seed ^ seedFrom(table.name), rate });
    const { dirty, habits } = habitColumns > 0 ? addHabits(spec, generated.dirty, { seed: seed ^ seedFrom(table.name) ^ HABIT_SALT, columns: habitColumns, ...(habitShare !== undefined ? { share: habitShare } : {}) }) : { dirty: generated.dirty, habits: [] };
    const dir = path.join(out, table.split, table.name);
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'clean.csv'), toCsv(spec.header, spec.rows));
    writeFileSync(path.join(dir, 'dirty.csv'), toCsv(spec.header, dirty));
    summary.push({ table: table.name, split: table.split, rows: spec.rows.length, columns: spec.header.length, errors: generated.counts, ...(habits.length > 0 ? { habits } : {}) });
  }
  return summary;
}

if (process.argv[1] && import.meta.url.endsWith(path.basename(process.argv[1]))) {
  let options: HeldoutOptions;
  try {
    options = heldoutOptions(process.argv.slice(2));
  } catch (error) {
    console.error((error as Error).message);
    process.exit(2);
  }
  const { out, seed, rate, habits, habitShare, splits } = options;
  for (const s of writeHeldout(out, seed, rate, splits, habits, habitShare)) console.log(JSON.stringify({ heldout: out, seed, rate, ...(habits > 0 ? { habitColumns: habits, ...(habitShare !== undefined ? { habitShare } : {}) } : {}), ...s }));
}
