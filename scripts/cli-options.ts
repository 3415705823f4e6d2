// Command-line options of the scripts (`--name value`): read one, or fail naming it.

/** An option's value; one given without a value (last, or before another option) is an error naming it. */
export function option(args: readonly string[], name: string): string | undefined {
  const i = args.indexOf(name);
  if (i < 0) return undefined;
  const value = args[i + 1];
  if (value === undefined || value.startsWith('--')) throw new Error(`${name} needs a value`);
  return value;
}
