import { canonicalNumber, decimalsOf } from './values';

// Quantities written in a unit of their own: "3.2 kg" in a column of grams, "2 hr 5 min" in a
// column of minutes. A unit of the same dimension as the column's converts exactly (a metric
// prefix, hours to minutes, feet to inches); the column's own unit is the one its header names
// ("Mass (g)", "Duration min", "length_mm").

export type Dimension = 'time' | 'length' | 'mass' | 'volume';

/** Each spelling's dimension and size in a common unit of the dimension (second, millimetre, milligram, millilitre). */
const SIZES: ReadonlyArray<readonly [Dimension, number, string]> = [
  ['time', 0.001, 'ms msec msecs millisecond milliseconds'],
  ['time', 1, 's sec secs second seconds'],
  ['time', 60, 'min mins minute minutes'],
  ['time', 3600, 'h hr hrs hour hours'],
  ['time', 86_400, 'd day days'],
  ['time', 604_800, 'wk wks week weeks'],
  ['length', 1, 'mm millimetre millimetres millimeter millimeters'],
  ['length', 10, 'cm centimetre centimetres centimeter centimeters'],
  ['length', 1000, 'm metre metres meter meters'],
  ['length', 1_000_000, 'km kilometre kilometres kilometer kilometers'],
  ['length', 25.4, 'in inch inches'],
  ['length', 304.8, 'ft foot feet'],
  ['length', 914.4, 'yd yard yards'],
  ['length', 1_609_344, 'mi mile miles'],
  ['mass', 1, 'mg milligram milligrams'],
  ['mass', 1000, 'g gr gram grams'],
  ['mass', 1_000_000, 'kg kgs kilo kilos kilogram kilograms'],
  ['mass', 1_000_000_000, 'tonne tonnes'],
  ['mass', 28_349.523125, 'oz ounce ounces'],
  ['mass', 453_592.37, 'lb lbs pound pounds'],
  ['volume', 1, 'ml millilitre millilitres milliliter milliliters'],
  ['volume', 10, 'cl'],
  ['volume', 100, 'dl'],
  ['volume', 1000, 'l lt ltr litre litres liter liters'],
];

const UNIT_SIZE: ReadonlyMap<string, { dimension: Dimension; size: number }> = new Map(
  SIZES.flatMap(([dimension, size, words]) => words.split(' ').map((w) => [w, { dimension, size }] as const)),
);

/** A unit's dimension and size, however it is cased, with or without a closing point ("Hrs."). */
export function unitSize(word: string): { dimension: Dimension; size: number } | undefined {
  return UNIT_SIZE.get(word.toLowerCase().replace(/\.$/, ''));
}

export interface Quantity {
  dimension: Dimension;
  /** The amount in the dimension's smallest common unit. */
  amount: number;
  /** The units as written, lower-cased. */
  units: string[];
}

const PART = /\s*(\d+(?:\.\d+)?)\s*([a-zA-Z]+\.?)\s*,?/y;

/**
 * A quantity written with units: one number and unit ("3.2 kg", "45min") or several of one
 * dimension, the larger first ("2 hr 5 min", "5 ft 11 in"). Undefined for anything else,
 * including a bare number.
 */
export function readQuantity(text: string): Quantity | undefined {
  const value = text.trim();
  if (value === '' || value.length > 60) return undefined;
  PART.lastIndex = 0;
  let dimension: Dimension | undefined;
  let amount = 0;
  let last = Infinity;
  const units: string[] = [];
  while (PART.lastIndex < value.length) {
    // Sticky: each part starts where the last one ended.
    const m = PART.exec(value);
    if (!m) return undefined;
    // An "m" after hours is minutes ("1h45m"), not metres.
    const size = dimension === 'time' && m[2]!.toLowerCase() === 'm' ? unitSize('min') : unitSize(m[2]!);
    if (!size || (dimension !== undefined && size.dimension !== dimension) || size.size >= last) return undefined;
    dimension = size.dimension;
    last = size.size;
    amount += Number(m[1]) * size.size;
    units.push(m[2]!.toLowerCase());
  }
  return dimension === undefined ? undefined : { dimension, amount, units };
}

const CLOCK_DURATION = /^(\d{1,3}):([0-5]\d)(?::([0-5]\d))?$/;

/**
 * A duration written as on a stopwatch ("2:05", "1:02:30") for a column of a unit of time: three
 * parts are hours, minutes and seconds; two are hours and minutes in a column of minutes or
 * longer, minutes and seconds in a column of seconds. Undefined for anything else.
 */
export function readDuration(text: string, unit: { dimension: Dimension; size: number }): Quantity | undefined {
  const m = unit.dimension === 'time' ? CLOCK_DURATION.exec(text.trim()) : null;
  if (!m) return undefined;
  const [first, second] = [Number(m[1]), Number(m[2])];
  if (m[3] !== undefined) return { dimension: 'time', amount: first * 3600 + second * 60 + Number(m[3]), units: ['h', 'min', 's'] };
  return unit.size >= 60 ? { dimension: 'time', amount: first * 3600 + second * 60, units: ['h', 'min'] } : { dimension: 'time', amount: first * 60 + second, units: ['min', 's'] };
}

/** Header words that name no unit of the column's values, though spelt like one ("Speed in knots", "Miles per gallon"). */
const NOT_A_UNIT = new Set(['in', 'a', 's', 'd', 'h', 'm', 'l']);

/**
 * The unit a column's header names: in brackets ("Mass (g)", "[mm]") or as its last word
 * ("Duration min", "length_mm"). None for a rate ("per", "/"), or where the last word could
 * as well be another word than a unit.
 */
export function headerUnit(header: string): { unit: string; dimension: Dimension; size: number } | undefined {
  if (/\bper\b|\//i.test(header)) return undefined;
  const bracketed = /[([]\s*([a-zA-Z]+)\s*[)\]]\s*$/.exec(header)?.[1];
  const word = bracketed ?? header.split(/[^a-zA-Z]+/).filter(Boolean).pop();
  if (!word || (!bracketed && NOT_A_UNIT.has(word.toLowerCase()))) return undefined;
  const size = unitSize(word);
  return size ? { unit: word.toLowerCase(), ...size } : undefined;
}

/**
 * A quantity in another unit of the column's dimension, as a number of the column's unit, when
 * it converts exactly to at most `decimals` decimals; undefined otherwise (a pound is no whole
 * number of grams).
 */
export function inUnit(quantity: Quantity, unit: { dimension: Dimension; size: number }, decimals: number): string | undefined {
  if (quantity.dimension !== unit.dimension) return undefined;
  const text = canonicalNumber(quantity.amount / unit.size);
  return /e/i.test(text) || decimalsOf(text) > decimals ? undefined : text;
}
