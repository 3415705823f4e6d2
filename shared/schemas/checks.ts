import * as z from 'zod';
import { PRIORITIES, type Priority } from './priorities';
import { ISSUE_DIMENSIONS } from '../constants';

// A dataset's checks (issue 4 §2): the SodaCL kinds data teams write, each with a name, a column,
// a taxonomy (spec 1 §3: dimension, subcategory with priority) and a severity. The engine in
// functions/domain/checks/ evaluates exactly what this schema accepts; the check editor in
// Settings → Datasets builds its form from the same types.

export const CHECK_TYPES = [
  'missing',
  'invalid_format',
  'allowed_values',
  'regex',
  'range',
  'length',
  'duplicate',
  'reference',
  'freshness',
] as const;
export type CheckType = (typeof CHECK_TYPES)[number];

/** The formats an invalid-format check knows (SodaCL "valid format" names, in our words). */
export const VALUE_FORMATS = ['email', 'phone', 'date', 'uuid', 'integer', 'decimal', 'percentage', 'money', 'ip'] as const;
export type ValueFormat = (typeof VALUE_FORMATS)[number];

/**
 * Date layouts a date-format check may accept. Tokens: YYYY year, MM/M month, DD/D day; ISO
 * accepts a date or a full ISO 8601 timestamp.
 */
export const DATE_FORMATS = ['ISO', 'YYYY-MM-DD', 'MM/DD/YYYY', 'DD/MM/YYYY', 'DD.MM.YYYY', 'M/D/YYYY', 'YYYYMMDD'] as const;
export type DateFormat = (typeof DATE_FORMATS)[number];

export { PRIORITIES, type Priority };

/** SodaCL's outcomes: a failing check is either a failure or a warning. */
export const SEVERITIES = ['fail', 'warn'] as const;
export type Severity = (typeof SEVERITIES)[number];

/** Most checks a dataset may hold; keeps a scan's per-row work bounded. */
export const MAX_CHECKS = 100;

const columnName = z
  .string({ error: 'must be a column name' })
  .trim()
  .min(1, 'must name a column')
  .max(128, 'must be at most 128 characters');

const nonEmptyText = (what: string, max: number) =>
  z
    .string({ error: `must be ${what}` })
    .trim()
    .min(1, `must not be empty`)
    .max(max, `must be at most ${max} characters`);

export const subcategorySchema = z.object({
  name: nonEmptyText('a subcategory name', 80),
  description: z.string().trim().max(300, 'must be at most 300 characters').default(''),
  priority: z.enum(PRIORITIES, { error: `must be one of ${PRIORITIES.join(', ')}` }),
  automationPotential: z.number({ error: 'must be a number from 0 to 1' }).min(0, 'must be at least 0').max(1, 'must be at most 1').default(0.5),
});

/** Durations as SodaCL writes them for freshness: 30m, 12h, 7d (one unit). */
export const durationSchema = z
  .string({ error: 'must be a duration such as 12h or 7d' })
  .trim()
  .regex(/^[1-9]\d{0,5}[mhd]$/, 'must be a duration such as 30m, 12h or 7d');

const base = {
  name: nonEmptyText('a check name', 120).regex(/^[^\u0000-\u001f]*$/, 'must not hold control characters'),
  column: columnName,
  /**
   * Optional as a pair: a check without a taxonomy gives failed rows without one, whose issue type
   * then comes from keywords in the check name (spec 1 §5), as for rows from tools that have none.
   */
  dimension: z.enum(ISSUE_DIMENSIONS, { error: `must be one of ${ISSUE_DIMENSIONS.join(', ')}` }).optional(),
  subcategory: subcategorySchema.optional(),
  severity: z.enum(SEVERITIES, { error: `must be one of ${SEVERITIES.join(', ')}` }).default('fail'),
  /** Who owns this check's failed rows; otherwise the dataset's owner rule decides. */
  owner: z.email('must be an e-mail address').optional(),
};

const finiteNumber = (what: string) => z.number({ error: `must be ${what}` }).refine(Number.isFinite, 'must be a finite number');
const count = (what: string) => z.number({ error: `must be ${what}` }).int('must be a whole number').min(0, 'must be at least 0');

export const missingCheckSchema = z.object({
  ...base,
  type: z.literal('missing'),
  /** Values that mean "no value" besides the empty string, e.g. "N/A", "-", "null" (compared after trimming, any case). */
  missingValues: z.array(z.string().max(100, 'must be at most 100 characters')).max(50, 'must list at most 50 values').default([]),
});

export const invalidFormatCheckSchema = z
  .object({
    ...base,
    type: z.literal('invalid_format'),
    format: z.enum(VALUE_FORMATS, { error: `must be one of ${VALUE_FORMATS.join(', ')}` }),
    /** For format "date": the layouts that are valid (default ISO). */
    dateFormats: z.array(z.enum(DATE_FORMATS, { error: `must be one of ${DATE_FORMATS.join(', ')}` })).min(1, 'must list at least one date format').optional(),
  })
  .refine((c) => c.format === 'date' || c.dateFormats === undefined, { message: 'is only allowed with format "date"', path: ['dateFormats'] });

export const allowedValuesCheckSchema = z.object({
  ...base,
  type: z.literal('allowed_values'),
  values: z.array(z.string().max(200, 'must be at most 200 characters')).min(1, 'must list at least one value').max(1000, 'must list at most 1000 values'),
  ignoreCase: z.boolean().default(false),
});

export const regexCheckSchema = z.object({
  ...base,
  type: z.literal('regex'),
  pattern: z
    .string({ error: 'must be a regular expression' })
    .min(1, 'must not be empty')
    .max(500, 'must be at most 500 characters')
    .refine((p) => patternRegExp(p, false) !== undefined, 'must be a valid regular expression'),
  /** The whole value must match (anchored), as SodaCL's valid regex does. */
  ignoreCase: z.boolean().default(false),
});

export const rangeCheckSchema = z
  .object({
    ...base,
    type: z.literal('range'),
    min: finiteNumber('a number').optional(),
    max: finiteNumber('a number').optional(),
  })
  .refine((c) => c.min !== undefined || c.max !== undefined, { message: 'needs min, max or both', path: ['min'] })
  .refine((c) => c.min === undefined || c.max === undefined || c.min <= c.max, { message: 'must not be greater than max', path: ['min'] });

export const lengthCheckSchema = z
  .object({
    ...base,
    type: z.literal('length'),
    minLength: count('a whole number').optional(),
    maxLength: count('a whole number').optional(),
  })
  .refine((c) => c.minLength !== undefined || c.maxLength !== undefined, { message: 'needs minLength, maxLength or both', path: ['minLength'] })
  .refine((c) => c.minLength === undefined || c.maxLength === undefined || c.minLength <= c.maxLength, {
    message: 'must not be greater than maxLength',
    path: ['minLength'],
  });

export const duplicateCheckSchema = z
  .object({
    ...base,
    type: z.literal('duplicate'),
    /** The columns whose values together must be unique; default: the check's column alone. */
    columns: z.array(columnName).min(1, 'must list at least one column').max(10, 'must list at most 10 columns').optional(),
    ignoreCase: z.boolean().default(false),
  })
  .refine((c) => !c.columns || c.columns.includes(c.column), { message: 'must include the check column', path: ['columns'] });

export const referenceCheckSchema = z.object({
  ...base,
  type: z.literal('reference'),
  /** Another dataset of the same instance, by id. */
  referenceDataset: nonEmptyText('a dataset id', 100),
  referenceColumn: columnName,
});

export const freshnessCheckSchema = z.object({
  ...base,
  type: z.literal('freshness'),
  /** A row fails when its timestamp is older than this at scan time (or cannot be read as a date). */
  maxAge: durationSchema,
});

export const checkSchema = z.discriminatedUnion(
  'type',
  [
    missingCheckSchema,
    invalidFormatCheckSchema,
    allowedValuesCheckSchema,
    regexCheckSchema,
    rangeCheckSchema,
    lengthCheckSchema,
    duplicateCheckSchema,
    referenceCheckSchema,
    freshnessCheckSchema,
  ],
  { error: `type must be one of ${CHECK_TYPES.join(', ')}` },
);

export type Check = z.infer<typeof checkSchema>;
export type CheckInput = z.input<typeof checkSchema>;
export type CheckOf<T extends CheckType> = Extract<Check, { type: T }>;

/** Who owns a dataset's failed rows (issue 4 §3 "owner from the dataset's owner rule"). */
export const ownerRuleSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('fixed'), owner: z.email('must be an e-mail address') }),
    /** The owner is read from a column of the record; rows without a valid e-mail there go to the fallback. */
    z.object({ kind: z.literal('column'), column: columnName, fallback: z.email('must be an e-mail address') }),
  ],
  { error: 'kind must be fixed or column' },
);
export type OwnerRule = z.infer<typeof ownerRuleSchema>;

export const checksConfigSchema = z
  .object({
    ownerRule: ownerRuleSchema,
    checks: z.array(checkSchema).max(MAX_CHECKS, `must hold at most ${MAX_CHECKS} checks`),
  })
  .superRefine((config, ctx) => {
    // The check name identifies a failed row's check across re-scans: it must be unique.
    const seen = new Map<string, number>();
    config.checks.forEach((check, index) => {
      if ((check.dimension === undefined) !== (check.subcategory === undefined)) {
        const missing = check.dimension === undefined ? 'dimension' : 'subcategory';
        ctx.addIssue({ code: 'custom', path: ['checks', index, missing], message: 'is required when the check has a taxonomy (give dimension and subcategory, or neither)' });
      }
      const key = check.name.toLowerCase();
      const first = seen.get(key);
      if (first !== undefined) {
        ctx.addIssue({ code: 'custom', path: ['checks', index, 'name'], message: `must be unique (check ${first + 1} has the same name)` });
      } else seen.set(key, index);
    });
  });

export type ChecksConfig = z.infer<typeof checksConfigSchema>;
export type ChecksConfigInput = z.input<typeof checksConfigSchema>;

/**
 * A regex check's pattern, anchored to the whole value. Unicode mode first (so "." is one
 * character even outside the BMP); patterns written for the older syntax (e.g. "\\-" outside a
 * class) still compile without it. undefined when neither compiles.
 */
export function patternRegExp(pattern: string, ignoreCase: boolean): RegExp | undefined {
  const source = `^(?:${pattern})$`;
  for (const flags of ['u', '']) {
    try {
      return new RegExp(source, ignoreCase ? `${flags}i` : flags);
    } catch {
      // try the next syntax
    }
  }
  return undefined;
}

/** The columns a check reads from each record (for "unknown column" validation against a header). */
export function columnsOf(check: Check): string[] {
  if (check.type === 'duplicate' && check.columns) return [...check.columns];
  return [check.column];
}
