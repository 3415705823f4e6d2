import { isMeasured, isNumeric, sampleRows, type RelationColumn } from './numeric-relations';
import type { ArithmeticOp, ArithmeticRelation, ColumnProfile } from './profile';
import { numberInUnit, type UnitForm } from './unit-form';
import { decimalsOf, parseNumberLike, PLAIN_NUMBER } from './values';

// Columns that are arithmetic of two others in every row: a total that is the sum of its parts
// (subtotal + tax = total), an amount that is a quantity times a price, a share that is a count
// over a total. Such an identity says exactly what a failed cell of any of its three columns was:
// the number that makes it hold again. An identity is kept when it holds, to the result's written
// decimals, in most rows that have all three numbers, and in enough rows where it is not true by
// accident of a zero, a one (a part of 0 makes a total equal its other part) or coarse rounding.

// Rows are read as numeric-relations.ts samples them (a rule that fails once in twenty shows in
// far fewer than its 5,000).

/**
 * Numeric columns examined, the most filled first: C(24, 3) = 2,024 triples of columns. (Twelve
 * left a table of two dozen series equally filled with whichever twelve its errors had spared
 * most, and the identities among the others unseen.)
 */
const MAX_COLUMNS = 24;
/**
 * Share of the rows with all three numbers in which an identity must hold: chance does not make it
 * hold to the last digit in twenty rows, and with a third of the cells wrong it holds in about a
 * third of the rows (0.7³), and is still what says a failed cell's number. (A relation read over
 * groups needs more: group-ratios.ts.)
 */
const MIN_IDENTITY_HOLDS = 0.3;
/**
 * Rows with all three numbers after which a form that holds in under a third of MIN_IDENTITY_HOLDS
 * of them is given up (one that holds in MIN_IDENTITY_HOLDS of all rows falls so low there about
 * once in a billion): most triples hold in none.
 */
const EARLY_LOOK = 200;
/**
 * Rows in which it holds and says something: no operand 0 (nor, for a product or a ratio, 1), and
 * a result that `saysEnough`.
 */
export const MIN_INFORMATIVE = 20;

/**
 * A result written with at least three significant digits: to the nearest whole number, a
 * quantity of 12 agrees with any amount near twelve times the price, so rounding, not the
 * identity, would explain it.
 */
export const saysEnough = (x: number, decimals: number) => Math.abs(x) * 10 ** decimals >= 100;
/** Forms of identities kept (a product holds as a product and two ratios). */
const MAX_RELATIONS = 40;

function applyOp(op: ArithmeticOp, left: number, right: number): number {
  return op === '+' ? left + right : op === '*' ? left * right : left / right;
}

/** Whether a result written with `decimals` decimals is `value` up to its rounding (and float error). */
export function holdsWithin(result: number, decimals: number, value: number): boolean {
  if (!Number.isFinite(value)) return false;
  return Math.abs(result - value) <= 0.5 * 10 ** -decimals * (1 + 1e-9) + 1e-9 * Math.abs(result);
}

/** An operand that makes the identity true whatever the other column holds. */
function trivial(op: ArithmeticOp, left: number, right: number): boolean {
  if (op === '+') return left === 0 || right === 0;
  if (op === '*') return left === 0 || right === 0 || Math.abs(left) === 1 || Math.abs(right) === 1;
  return left === 0 || right === 0 || Math.abs(right) === 1 || left === right;
}

/** A column's plain numbers over the sampled rows (NaN where none), with the decimals each is written with. */
export interface Numbers {
  name: string;
  xs: Float64Array;
  decimals: Int8Array;
}

function numbersOf(column: RelationColumn, rows: readonly number[], withUnits: boolean): Numbers {
  const xs = new Float64Array(rows.length).fill(Number.NaN);
  const decimals = new Int8Array(rows.length);
  const unit = withUnits ? amountUnit(column.profile) : undefined;
  rows.forEach((r, i) => {
    const p = amount(column.valueAt(r), unit);
    if (!p) return;
    xs[i] = p.x;
    decimals[i] = Math.min(30, p.decimals);
  });
  return { name: column.profile.name, xs, decimals };
}

export interface Parsed extends Numbers {
  /** The column's place in the table: a sum's or a product's operands are named in that order. */
  position: number;
}

/**
 * The most filled numeric columns (at most MAX_COLUMNS), read over the sampled rows, in table
 * order; `withUnits`, columns of amounts written with their unit as well ("£187.60", "30.0 kg").
 */
export function numericColumns(columns: readonly RelationColumn[], rows: readonly number[], withUnits = false): Parsed[] {
  return columns
    .map((c, position) => ({ c, position }))
    .filter(({ c }) => isNumeric(c.profile) || (withUnits && amountUnit(c.profile) !== undefined))
    .sort((a, b) => b.c.profile.numeric!.count - a.c.profile.numeric!.count)
    .slice(0, MAX_COLUMNS)
    .sort((a, b) => a.position - b.position)
    .map(({ c, position }) => ({ ...numbersOf(c, rows, withUnits), position }));
}

interface Measured {
  relation: ArithmeticRelation;
  share: number;
}

/** How well `result = left op right` holds over the sampled rows, or undefined when it falls short. */
function measure(result: Parsed, op: ArithmeticOp, left: Parsed, right: Parsed): Measured | undefined {
  const n = result.xs.length;
  let rows = 0;
  let held = 0;
  let informative = 0;
  let broken = 0;
  const results = new Set<number>();
  for (let i = 0; i < n; i++) {
    const r = result.xs[i]!;
    const a = left.xs[i]!;
    const b = right.xs[i]!;
    if (Number.isNaN(r) || Number.isNaN(a) || Number.isNaN(b)) continue;
    rows++;
    if (holdsWithin(r, result.decimals[i]!, applyOp(op, a, b))) {
      held++;
      if (!trivial(op, a, b) && saysEnough(r, result.decimals[i]!)) {
        informative++;
        if (results.size < 3) results.add(r);
      }
    } else if (++broken > (1 - MIN_IDENTITY_HOLDS) * n) return undefined;
    if (rows === EARLY_LOOK && held < (EARLY_LOOK * MIN_IDENTITY_HOLDS) / 3) return undefined;
  }
  if (rows === 0 || held < MIN_IDENTITY_HOLDS * rows || informative < MIN_INFORMATIVE || results.size < 3) return undefined;
  return { share: held / rows, relation: { result: result.name, left: left.name, op, right: right.name, holds: Math.round((held / rows) * 1000) / 1000, rows } };
}

/**
 * The arithmetic identities among a table's numeric columns: per three columns, every form that
 * holds, the best held first (sums and products before ratios that hold as well).
 */
export function discoverArithmetic(columns: readonly RelationColumn[], rowCount: number): ArithmeticRelation[] {
  const numeric = numericColumns(columns, sampleRows(rowCount), true);
  const found: ArithmeticRelation[] = [];
  for (let i = 0; i < numeric.length; i++) {
    for (let j = i + 1; j < numeric.length; j++) {
      for (let k = j + 1; k < numeric.length; k++) {
        const [x, y, z] = [numeric[i]!, numeric[j]!, numeric[k]!];
        // Each of the three as the result, and a ratio both ways.
        const triples = [[x, y, z], [y, x, z], [z, x, y]] as const;
        const forms: Array<[Parsed, ArithmeticOp, Parsed, Parsed]> = [
          ...triples.flatMap(([r, a, b]) => [[r, '+', a, b], [r, '*', a, b]] as Array<[Parsed, ArithmeticOp, Parsed, Parsed]>),
          ...triples.flatMap(([r, a, b]) => [[r, '/', a, b], [r, '/', b, a]] as Array<[Parsed, ArithmeticOp, Parsed, Parsed]>),
        ];
        // Every form that holds, the best held first: under rounding they are not the same
        // identity (a share to four decimals pins a count down; the count does not pin the share).
        const held = forms.map(([r, op, a, b]) => measure(r, op, a, b)).filter((f): f is Measured => f !== undefined);
        held.sort((f, g) => g.share - f.share);
        found.push(...held.map((f) => f.relation));
      }
    }
  }
  return found.slice(0, MAX_RELATIONS);
}

/** A number read from a cell as written, with its decimals; undefined unless it is a plain number. */
export function plain(text: string | null | undefined): { x: number; decimals: number } | undefined {
  const raw = text?.trim();
  if (raw === undefined || !PLAIN_NUMBER.test(raw) || /e/i.test(raw)) return undefined;
  return { x: Number(raw), decimals: decimalsOf(raw) };
}

/**
 * The unit a column of amounts writes with its numbers ("£", "kg"), where it takes part in
 * arithmetic as the numbers it writes: not a percent sign (a share written "45%" is 0.45 to a
 * product, 45 as written).
 */
export function amountUnit(profile: ColumnProfile | undefined): UnitForm | undefined {
  return profile && !isNumeric(profile) && isMeasured(profile) && profile.unit!.spelling !== '%' ? profile.unit : undefined;
}

/** A number read from a cell: written the way its column writes its unit, or plain. */
export function amount(text: string | null | undefined, unit: UnitForm | undefined): { x: number; decimals: number } | undefined {
  if (unit && text) {
    const read = numberInUnit(unit, text);
    if (read) return { x: read.value, decimals: decimalsOf(parseNumberLike(text)!.text) };
  }
  return plain(text);
}

/** The fewest decimals (at most 10) that write a number exactly, or undefined. */
export function exactDecimals(x: number): number | undefined {
  for (let d = 0; d <= 10; d++) if (Math.abs(Number(x.toFixed(d)) - x) <= 1e-9 * Math.max(1, Math.abs(x))) return d;
  return undefined;
}

/** A number with `d` decimals, never "-0". */
export const written = (x: number, d: number) => (x.toFixed(d).replace(/^-(0\.?0*)$/, '$1'));

/** The unit each column of amounts writes with its numbers (amountUnit), by column name. */
export type Units = Readonly<Record<string, UnitForm | undefined>>;

export interface Solved {
  value: string;
  /** The row's two other numbers, as written, in the order of the identity. */
  known: [string, string];
}

/**
 * The number `column` must hold for the identity to hold in this row, written with `decimals`
 * decimals (the column's usual number of them; the fewest that write it exactly when undefined),
 * or undefined: the row's other two numbers are missing or not plain, or the identity does not
 * pin one value down (a result rounded to fewer decimals than its operands leaves an operand open).
 */
export function solveArithmetic(relation: ArithmeticRelation, column: string, row: Readonly<Record<string, string | null | undefined>>, decimals: number | undefined, units: Units = {}): Solved | undefined {
  const { result, left, op, right } = relation;
  const r = amount(row[result], units[result]);
  const a = amount(row[left], units[left]);
  const b = amount(row[right], units[right]);
  // Whether a candidate text for the column makes the identity hold, as the row writes the others.
  const holdsWith = (text: string) => {
    const t = plain(text);
    if (!t) return false;
    if (column === result) return holdsWithin(t.x, t.decimals, applyOp(op, a!.x, b!.x));
    if (column === left) return holdsWithin(r!.x, r!.decimals, applyOp(op, t.x, b!.x));
    return holdsWithin(r!.x, r!.decimals, applyOp(op, a!.x, t.x));
  };
  let x: number;
  let known: [string, string];
  if (column === result) {
    if (!a || !b) return undefined;
    x = applyOp(op, a.x, b.x);
    known = [row[left]!.trim(), row[right]!.trim()];
  } else if (column === left) {
    if (!r || !b) return undefined;
    x = op === '+' ? r.x - b.x : op === '*' ? r.x / b.x : r.x * b.x;
    known = [row[result]!.trim(), row[right]!.trim()];
  } else if (column === right) {
    if (!r || !a) return undefined;
    x = op === '+' ? r.x - a.x : op === '*' ? r.x / a.x : a.x / r.x;
    known = [row[result]!.trim(), row[left]!.trim()];
  } else return undefined;
  const d = decimals ?? (Number.isFinite(x) ? exactDecimals(x) : undefined);
  if (d === undefined || !Number.isFinite(x)) return undefined;
  const value = written(x, d);
  if (!holdsWith(value)) return undefined;
  // One value only: the next number either side at the same decimals must break the identity.
  if (holdsWith(written(x - 10 ** -d, d)) || holdsWith(written(x + 10 ** -d, d))) return undefined;
  return { value, known };
}

const SIGN = { '+': '+', '*': '×', '/': '÷' } as const;

/** The identity as people write it: "total = amount + levy". */
export const identityText = (r: ArithmeticRelation) => `${r.result} = ${r.left} ${SIGN[r.op]} ${r.right}`;

/**
 * What each identity `column` takes part in says it must hold in this row: per three columns the
 * first form that pins it down (a product and its ratios are one identity, one witness).
 */
export function solveAll(relations: readonly ArithmeticRelation[], column: string, row: Readonly<Record<string, string | null | undefined>>, decimals: number | undefined, units: Units = {}): Array<{ relation: ArithmeticRelation; solved: Solved }> {
  const out: Array<{ relation: ArithmeticRelation; solved: Solved }> = [];
  const done = new Set<string>();
  for (const relation of relations) {
    const columns = [relation.result, relation.left, relation.right];
    if (!columns.includes(column)) continue;
    const key = columns.sort().join('\u0000');
    if (done.has(key)) continue;
    const solved = solveArithmetic(relation, column, row, decimals, units);
    if (!solved) continue;
    done.add(key);
    out.push({ relation, solved });
  }
  return out;
}
