import { fixedDecimals, inUsualRange } from '../../profile/profile';
import { inUnit, readDuration, readQuantity, unitSize, type Dimension } from '../../profile/quantity';
import { numberInUnit, writeInUnit, type UnitForm } from '../../profile/unit-form';
import { exactNumber, isCurrency, parseNumberLike, PLAIN_NUMBER, sameCurrency } from '../../profile/values';
import type { Candidate } from './candidates';
import type { ColumnIndex } from './profile-index';
import type { RuleInput } from './rule-input';

// Columns whose values carry their unit ("39.2 mm", "125 min", "14.5 °C", "$27.40", "12.5%"). A
// value of such a column written another way is the same quantity in the column's form: a bare
// number ("39.2"), the unit spaced or cased otherwise ("39.2mm", "39.2 MM"), or another unit of
// its dimension ("3.92 cm", "2 hr 5 min"): the format rule writes it the column's way. Its number
// may hold the slips a plain number does ("392.0 mm" for "39.2 mm"): the number rules read it as a
// plain number of a plain view of the column (`inColumnUnit`). The number rule that drops units
// and the word rules (to which "cm" is one slip from "mm") leave such values alone.

/** How a column writes its unit (from its profile), and the unit's size where it converts exactly (none for "°C" or "m/s"). */
export interface OwnUnit extends UnitForm {
  size?: { dimension: Dimension; size: number };
}

/** Words after a unit from which they are a phrase of their own ("22km NNW of Dunsgate"), not a remark on the number ("16 oz. tin"). */
const PHRASE_WORDS = 3;

/** The words after a number's unit are a phrase of their own, not a remark on the number. */
export const isPhrase = (remark: string) => remark.trim().split(/\s+/).length >= PHRASE_WORDS;

/** Decimals a conversion may give in a column whose numbers show no one count of decimals. */
const MAX_CONVERTED_DECIMALS = 6;

const ownUnits = new WeakMap<ColumnIndex, OwnUnit>();

/** The unit a column writes with its numbers, where nearly all of them carry it written one way. */
export function ownUnit(col: ColumnIndex | undefined): OwnUnit | undefined {
  const form = col?.profile.unit;
  if (!col || !form || !col.profile.numeric) return undefined;
  const cached = ownUnits.get(col);
  if (cached) return cached;
  const size = unitSize(form.spelling);
  const own = { ...form, ...(size ? { size } : {}) };
  ownUnits.set(col, own);
  return own;
}

/** How a value reads as a quantity of the column's unit: the number and how it was written. */
export interface Reading {
  number: string;
  /** The number's digits as written (for a value in another unit, the number it converts to). */
  written: string;
  how: 'bare' | 'respelt' | 'converted';
}

/**
 * The value as a number of the column's own unit, or undefined where it is no such quantity. A
 * number in the column's unit keeps its digits as written; one in another unit converts only
 * exactly to the column's decimals.
 */
export function readInOwnUnit(own: OwnUnit, text: string): Reading | undefined {
  const value = text.trim();
  if (PLAIN_NUMBER.test(value)) return { number: exactNumber(value), written: value, how: 'bare' };
  const num = parseNumberLike(value);
  if (!num) return readConverted(own, value);
  // Thousands grouped ("1,250.00") are the digits as written, grouped or not.
  if (num.form === 'grouped') return { number: exactNumber(num.text), written: num.text, how: 'bare' };
  if (num.form === 'percent') return own.spelling === '%' ? respelt(num.text) : undefined;
  // A currency on the other side or written with its code ("€27.40", "27.40 EUR" among "27.40 €") is the column's.
  if (num.form === 'currency') return isCurrency(own.spelling) && sameCurrency(num.unit!, own.spelling) ? respelt(num.text) : undefined;
  if (num.form !== 'unit' || own.before || own.spelling === '%' || isCurrency(own.spelling)) return undefined;
  const quantity = readQuantity(value);
  // A short remark after the unit ("16 oz. tin" among "16 oz") is no part of the quantity;
  // several parts ("125 min 30 sec") are one quantity, converted.
  const remark = num.remark === undefined || !isPhrase(num.remark);
  const single = !quantity || quantity.units.length === 1;
  const size = unitSize(num.unit!);
  const same = num.unit!.replace(/\.$/, '') === own.spelling.toLowerCase().replace(/\.$/, '') || (!!own.size && size?.size === own.size.size && size.dimension === own.size.dimension);
  return remark && single && same ? respelt(num.text) : readConverted(own, value);
}

const respelt = (written: string): Reading => ({ number: exactNumber(written), written, how: 'respelt' });

/** A quantity in another unit of the column's dimension, as a number of the column's unit when the conversion is exact. */
function readConverted(own: OwnUnit, value: string): Reading | undefined {
  const quantity = readQuantity(value) ?? (own.size ? readDuration(value, own.size) : undefined);
  if (!quantity || !own.size || quantity.dimension !== own.size.dimension) return undefined;
  const number = inUnit(quantity, own.size, fixedDecimals(own) ?? MAX_CONVERTED_DECIMALS);
  return number === undefined ? undefined : { number, written: number, how: 'converted' };
}

/**
 * A value reads as a quantity the column could hold, however written: the word rules leave it
 * alone ("3.92 cm" among millimetres, where "cm" is one slip from "mm"). A reading out of the
 * column's range ("2.0 m" for 2000 mm) may be a slip of the unit itself.
 */
export function isOwnQuantity(col: ColumnIndex | undefined, text: string): boolean {
  const own = ownUnit(col);
  const reading = own ? readInOwnUnit(own, text) : undefined;
  return !!reading && (reading.how !== 'converted' || inUsualRange(col!.profile.numeric!, Number(reading.number)));
}

/**
 * The unit of a value that reads as a quantity of another unit of the column's dimension ("lb"
 * in "5 lb" among kilograms, however inexact its conversion), with the column's own spelling.
 */
export function otherUnitOf(col: ColumnIndex | undefined, text: string): { unit: string; own: string } | undefined {
  const own = ownUnit(col);
  const quantity = own?.size ? readQuantity(text) : undefined;
  if (!quantity || quantity.units.length !== 1 || quantity.dimension !== own!.size!.dimension) return undefined;
  return { unit: quantity.units[0]!, own: own!.spelling.toLowerCase() };
}

/** Another column of the table writes this unit with its numbers ("7.2 °C" in a column of wind speeds beside temperatures). */
export function anotherColumnsUnit(input: RuleInput, unit: string): boolean {
  for (const [name, col] of input.index?.columns ?? []) if (name !== input.column && ownUnit(col)?.spelling.toLowerCase() === unit) return true;
  return false;
}

const plainViews = new WeakMap<ColumnIndex, ColumnIndex>();

/** The column as if it wrote plain numbers: its values in its own unit read as their numbers. */
function plainView(col: ColumnIndex, own: OwnUnit): ColumnIndex {
  const hit = plainViews.get(col);
  if (hit) return hit;
  const counts = new Map<string, number>();
  const values: Array<[string, number]> = [];
  for (const [value, n] of col.profile.values) {
    const number = numberInUnit(own, value);
    if (!number) continue;
    counts.set(number.text, (counts.get(number.text) ?? 0) + n);
    values.push([number.text, n]);
  }
  const numeric = { ...col.profile.numeric!, plainShare: 1, decimals: own.decimals, decimalsShare: own.decimalsShare };
  const view: ColumnIndex = { ...col, counts, leadingZeros: false, profile: { ...col.profile, values, numeric } };
  plainViews.set(col, view);
  return view;
}

/**
 * A number rule (outliers, decimals) for a column that writes its unit: the rule reads the
 * value's number against the column's numbers, and its plain proposals are written with the unit.
 */
export function inColumnUnit(rule: (input: RuleInput) => Candidate[]): (input: RuleInput) => Candidate[] {
  return (input) => {
    const own = ownUnit(input.col);
    const reading = own ? readInOwnUnit(own, input.current) : undefined;
    if (!own || !reading || reading.how === 'converted') return [];
    return rule({ ...input, col: plainView(input.col!, own), current: reading.written })
      .filter((c) => PLAIN_NUMBER.test(c.value))
      .map((c) => ({ ...c, value: writeInUnit(own, c.value) }));
  };
}
