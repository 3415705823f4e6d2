// Command-line options of the scripts (`--name value`): read one, or fail naming it.

/** An option's value; one given without a value (last, or before another option) is an error naming it. */
export function option(args: readonly string[], name: string): string | undefined {
  const i = args.indexOf(name);
  if (i < 0) return undefined;
  const value = args[i + 1];
  if (value === undefined || value.startsWith('--')) throw new Error(`${name} needs a value`);
  return value;
}

/** A value as an error message quotes it (at most 40 characters). */
const shown = (value: string) => JSON.stringify(value.slice(0, 40));

/**
 * A whole-number option from 0 to `max` (its `fallback` where not given); anything else (a sign, a
 * point, a word: read as a number it was NaN) is an error naming the option and saying `what` it takes.
 */
export function wholeOption(args: readonly string[], name: string, { fallback, max, what }: { fallback: number; max: number; what: string }): number {
  const given = option(args, name);
  if (given === undefined) return fallback;
  if (!/^\d{1,16}$/.test(given) || Number(given) > max) throw new Error(`${name} must be ${what} (got ${shown(given)})`);
  return Number(given);
}

/**
 * A share option above 0 and below 1 (up to 1 itself with `whole`; its `fallback` where not
 * given), or an error naming the option.
 */
export function shareOption<F extends number | undefined>(args: readonly string[], name: string, { fallback, what, whole = false }: { fallback: F; what: string; whole?: boolean }): number | F {
  const given = option(args, name);
  if (given === undefined) return fallback;
  const share = Number(given);
  if (!/^\d*\.?\d+$/.test(given) || !(share > 0 && (whole ? share <= 1 : share < 1))) throw new Error(`${name} must be ${what} (got ${shown(given)})`);
  return share;
}
