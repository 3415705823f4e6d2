import fc from 'fast-check';
import type { ZodType } from 'zod';

// Generic input generation for the fuzz walk: reads a route's zod schemas (the shape of what it
// accepts: object keys, enum values, literals, arrays) and generates inputs that are almost
// right — the right keys with wrong, huge, odd or out-of-range values — so the walk reaches
// deep into every route without per-route code.

export type Shape =
  | { kind: 'object'; fields: Record<string, Shape> }
  | { kind: 'array'; element: Shape }
  | { kind: 'union'; options: Shape[] }
  | { kind: 'enum'; values: unknown[] }
  | { kind: 'string' | 'number' | 'boolean' | 'any' };

interface ZodDef {
  type: string;
  shape?: Record<string, ZodType>;
  innerType?: ZodType;
  in?: ZodType;
  out?: ZodType;
  element?: ZodType;
  options?: ZodType[];
  entries?: Record<string, unknown>;
  values?: unknown[];
  left?: ZodType;
  right?: ZodType;
  valueType?: ZodType;
  getter?: () => ZodType;
}

const defOf = (schema: ZodType): ZodDef => (schema as unknown as { _zod: { def: ZodDef } })._zod.def;

/** The shape a schema accepts, as far as generation needs it (depth-limited for recursive schemas). */
export function shapeOf(schema: ZodType | undefined, depth = 0): Shape {
  if (!schema || depth > 8) return { kind: 'any' };
  const def = defOf(schema);
  switch (def.type) {
    case 'object': {
      const fields: Record<string, Shape> = {};
      for (const [key, value] of Object.entries(def.shape ?? {})) fields[key] = shapeOf(value, depth + 1);
      return { kind: 'object', fields };
    }
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return shapeOf(def.innerType, depth + 1);
    case 'pipe': {
      // preprocess/transform pipes: the input side is a transform; the output side names the shape.
      const input = shapeOf(def.in, depth + 1);
      return input.kind === 'any' ? shapeOf(def.out, depth + 1) : input;
    }
    case 'array':
      return { kind: 'array', element: shapeOf(def.element, depth + 1) };
    case 'union':
      return { kind: 'union', options: (def.options ?? []).map((o) => shapeOf(o, depth + 1)) };
    case 'intersection':
      return { kind: 'union', options: [shapeOf(def.left, depth + 1), shapeOf(def.right, depth + 1)] };
    case 'enum':
      return { kind: 'enum', values: Object.values(def.entries ?? {}) };
    case 'literal':
      return { kind: 'enum', values: def.values ?? [] };
    case 'record':
      return { kind: 'object', fields: { column: shapeOf(def.valueType, depth + 1) } };
    case 'lazy':
      return def.getter ? shapeOf(def.getter(), depth + 1) : { kind: 'any' };
    case 'string':
    case 'template_literal':
      return { kind: 'string' };
    case 'number':
    case 'int':
    case 'bigint':
      return { kind: 'number' };
    case 'boolean':
      return { kind: 'boolean' };
    default:
      return { kind: 'any' };
  }
}

/** Strings that broke real systems: long, out of range, key separators, encodings, control bytes. */
export const nastyString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '#',
    'ORG#org_demo',
    'a#b#c',
    '../../etc/passwd',
    '%',
    '%zz',
    '%E0%A4%A',
    '\u0000',
    '\ud800',
    '\u202e',
    '__proto__',
    'constructor',
    'null',
    'undefined',
    'NaN',
    '-1',
    '1e400',
    '0x1F',
    '9999-12-31',
    '0000-00-00',
    '1969-12-31',
    '2101-01-01',
    '2026-02-30',
    '+275760-09-13T00:00:00.000Z',
    '9999-12-31T23:59:59.999Z',
    '-000001-01-01T00:00:00Z',
    'scan_time:desc:extra',
    '=HYPERLINK("http://x")',
    '<script>alert(1)</script>',
    "' OR 1=1 --",
    '${jndi:ldap://x}',
    'a,b,,c,',
    '🙂'.repeat(100),
  ),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.constantFrom(1025, 2000, 70_000).map((n) => 'x'.repeat(n)),
  fc.integer({ min: -1e9, max: 1e9 }).map(String),
);

/** Nasty strings short enough for a URL (longer request lines are refused with 431 before any route runs). */
export const urlString: fc.Arbitrary<string> = nastyString.filter((s) => s.length <= 3000);

const nastyNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(0, -1, 1, 1.5, -0.0001, 2 ** 31, 2 ** 53 + 1, 1e308, -1e308, Number.MAX_SAFE_INTEGER),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

export const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: nastyString },
  { weight: 2, arbitrary: nastyNumber },
  { weight: 1, arbitrary: fc.constantFrom(null, true, false, [], {}) },
  { weight: 1, arbitrary: fc.array(nastyString, { maxLength: 4 }) },
  { weight: 1, arbitrary: fc.constantFrom(5_000, 20_000).map((n) => Array.from({ length: n }, (_, i) => `id${i}`)) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

/** Values of the right kind as often as wrong ones, so validation is passed now and then. */
export function valueFor(shape: Shape, depth = 0): fc.Arbitrary<unknown> {
  if (depth > 5) return nastyValue;
  switch (shape.kind) {
    case 'object':
      return fc.oneof({ weight: 3, arbitrary: objectFor(shape, depth) }, { weight: 1, arbitrary: nastyValue });
    case 'array':
      return fc.oneof(
        { weight: 3, arbitrary: fc.array(valueFor(shape.element, depth + 1), { maxLength: 4 }) },
        { weight: 1, arbitrary: nastyValue },
      );
    case 'union':
      return shape.options.length ? fc.oneof(...shape.options.map((o) => valueFor(o, depth + 1))) : nastyValue;
    case 'enum':
      return shape.values.length ? fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...shape.values) }, { weight: 1, arbitrary: nastyValue }) : nastyValue;
    case 'string':
      return fc.oneof({ weight: 3, arbitrary: nastyString }, { weight: 1, arbitrary: nastyValue });
    case 'number':
      return fc.oneof({ weight: 3, arbitrary: nastyNumber }, { weight: 1, arbitrary: nastyValue });
    case 'boolean':
      return fc.oneof(fc.boolean(), nastyValue);
    case 'any':
      return nastyValue;
  }
}

/** An object with a random subset of the shape's keys (and now and then a stranger key). */
export function objectFor(shape: Extract<Shape, { kind: 'object' }>, depth = 0): fc.Arbitrary<Record<string, unknown>> {
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [key, field] of Object.entries(shape.fields)) model[key] = valueFor(field, depth + 1);
  return fc
    .tuple(
      fc.record(model, { requiredKeys: [] }),
      fc.option(fc.tuple(fc.constantFrom('__proto__', 'extra', 'x'.repeat(300)), nastyValue), { freq: 5 }),
    )
    .map(([record, extra]) => (extra ? { ...record, [extra[0]]: extra[1] } : record));
}

/** Query strings carry strings only: the shape's keys with string values (sometimes repeated keys). */
export function queryFor(shape: Shape): fc.Arbitrary<Array<[string, string]>> {
  const keys = shape.kind === 'object' ? Object.keys(shape.fields) : [];
  const valueOf = (field: Shape | undefined): fc.Arbitrary<string> =>
    field?.kind === 'enum' && field.values.length
      ? fc.oneof(fc.constantFrom(...field.values.map(String)), urlString)
      : urlString;
  const keyArb = keys.length ? fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...keys) }, { weight: 1, arbitrary: urlString }) : urlString;
  return fc.array(
    keyArb.chain((key) => valueOf(shape.kind === 'object' ? shape.fields[key] : undefined).map((value) => [key, value] as [string, string])),
    { maxLength: 5 },
  );
}
