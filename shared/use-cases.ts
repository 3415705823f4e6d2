import * as z from 'zod';
import { ISSUE_DIMENSIONS, USE_CASE_ID_PATTERN, type IssueDimension } from './constants';

// Business impact & use cases (spec 2 §2.3 Tagging, §3, §5, §7.3; issue 13 item 6). A use case
// says what the organization uses its data for; a failed row affects it when the rules below say
// so. The rules are deterministic and explain themselves: the same row and use cases give the
// same answer with the same reasons, on the server and in the browser.

export const USE_CASE_PRIORITIES = ['critical', 'high', 'medium', 'low'] as const;
export type UseCasePriority = (typeof USE_CASE_PRIORITIES)[number];
export const DEFAULT_USE_CASE_PRIORITY: UseCasePriority = 'medium';
export const NO_ACTIVE_USE_CASES = 'No active use cases configured';
export const USE_CASE_NAME_MAX = 100;
export const USE_CASE_DESCRIPTION_MAX = 500;
/** At most this many use cases per organization (seven are seeded). */
export const MAX_USE_CASES = 50;
const KEYWORD_MAX = 40;
const KEYWORDS_MAX = 30;

/** What a use case reads: keywords of column names and dataset names, and check dimensions. */
export interface UseCaseMatch {
  columns: string[];
  datasets: string[];
  dimensions: IssueDimension[];
}

export interface UseCase {
  id: string;
  name: string;
  description: string;
  priority: UseCasePriority;
  enabled: boolean;
  match: UseCaseMatch;
  /** Seeded with the organization, or added by its admins. */
  custom: boolean;
  createdAt: string;
  updatedAt: string;
}

// ---- the seven seeded use cases (two enabled) ---------------------------------------------

export const SEEDED_USE_CASES: ReadonlyArray<Omit<UseCase, 'createdAt' | 'updatedAt'>> = [
  {
    id: 'revenue-reporting',
    name: 'Revenue reporting',
    description: 'Bookings, revenue and pipeline figures in board and finance reports.',
    priority: 'critical',
    enabled: true,
    custom: false,
    match: {
      columns: ['amount', 'revenue', 'price', 'total', 'currency', 'discount', 'cost', 'margin', 'arr', 'mrr'],
      datasets: ['opportunities', 'orders', 'invoices', 'transactions', 'sales', 'revenue', 'payments'],
      dimensions: ['completeness', 'accuracy', 'precision', 'consistency'],
    },
  },
  {
    id: 'customer-communication',
    name: 'Customer communication',
    description: 'E-mails, calls and letters reach the right person at the right address.',
    priority: 'high',
    enabled: true,
    custom: false,
    match: {
      columns: ['email', 'phone', 'mobile', 'address', 'street', 'city', 'postal', 'zip', 'country', 'contact', 'language', 'salutation'],
      datasets: ['customers', 'contacts', 'leads', 'accounts', 'subscribers', 'patients', 'members'],
      dimensions: ['completeness', 'conformity', 'accuracy', 'consistency'],
    },
  },
  {
    id: 'regulatory-compliance',
    name: 'Regulatory compliance',
    description: 'Records that regulators and auditors require to be complete and correct (KYC, tax, GDPR consent).',
    priority: 'critical',
    enabled: false,
    custom: false,
    match: {
      columns: ['tax', 'vat', 'ssn', 'iban', 'consent', 'birth', 'dob', 'license', 'country', 'identifier', 'kyc', 'gdpr'],
      datasets: ['customers', 'patients', 'employees', 'accounts', 'claims', 'transactions'],
      dimensions: ['completeness', 'accuracy', 'conformity', 'referential_integrity'],
    },
  },
  {
    id: 'sales-forecasting',
    name: 'Sales forecasting',
    description: 'Pipeline stages, close dates and probabilities feeding the sales forecast.',
    priority: 'high',
    enabled: false,
    custom: false,
    match: {
      columns: ['stage', 'close', 'probability', 'forecast', 'amount', 'pipeline', 'quota'],
      datasets: ['opportunities', 'pipeline', 'deals', 'forecast'],
      dimensions: ['completeness', 'accuracy', 'precision', 'timeliness'],
    },
  },
  {
    id: 'inventory-supply-chain',
    name: 'Inventory & supply chain',
    description: 'Stock levels, SKUs and suppliers that planning and fulfilment rely on.',
    priority: 'medium',
    enabled: false,
    custom: false,
    match: {
      columns: ['sku', 'quantity', 'qty', 'stock', 'warehouse', 'supplier', 'product', 'reorder', 'unit'],
      datasets: ['products', 'inventory', 'catalog', 'suppliers', 'shipments', 'orders'],
      dimensions: ['completeness', 'accuracy', 'precision', 'consistency', 'referential_integrity'],
    },
  },
  {
    id: 'marketing-analytics',
    name: 'Marketing analytics & segmentation',
    description: 'Campaign attribution and customer segments built from clean attributes.',
    priority: 'medium',
    enabled: false,
    custom: false,
    match: {
      columns: ['segment', 'campaign', 'source', 'channel', 'industry', 'region', 'email', 'country'],
      datasets: ['leads', 'campaigns', 'customers', 'contacts', 'events'],
      dimensions: ['completeness', 'consistency', 'conformity'],
    },
  },
  {
    id: 'billing-invoicing',
    name: 'Billing & invoicing',
    description: 'Invoices go out with the right amounts, due dates and payment details.',
    priority: 'high',
    enabled: false,
    custom: false,
    match: {
      columns: ['invoice', 'billing', 'payment', 'iban', 'due', 'amount', 'currency', 'tax', 'vat'],
      datasets: ['invoices', 'billing', 'payments', 'subscriptions', 'orders'],
      dimensions: ['completeness', 'accuracy', 'conformity', 'timeliness'],
    },
  },
];

// ---- request schemas ---------------------------------------------------------------------

export const useCaseIdSchema = z.string().regex(USE_CASE_ID_PATTERN, 'must be a use case id');
const keyword = z.string().trim().toLowerCase().min(1).max(KEYWORD_MAX).regex(/^[a-z0-9]+$/, 'must be letters and digits');
export const useCaseMatchSchema = z.strictObject({
  columns: z.array(keyword).max(KEYWORDS_MAX).default([]),
  datasets: z.array(keyword).max(KEYWORDS_MAX).default([]),
  dimensions: z.array(z.enum(ISSUE_DIMENSIONS)).max(ISSUE_DIMENSIONS.length).default([]),
});

const nameSchema = z.string({ error: 'is required' }).trim().min(1, 'is required').max(USE_CASE_NAME_MAX, `must be at most ${USE_CASE_NAME_MAX} characters`);
const descriptionSchema = z.string({ error: 'is required' }).trim().min(1, 'is required').max(USE_CASE_DESCRIPTION_MAX, `must be at most ${USE_CASE_DESCRIPTION_MAX} characters`);
const prioritySchema = z.enum(USE_CASE_PRIORITIES, { error: `must be one of ${USE_CASE_PRIORITIES.join(', ')}` });

export const createUseCaseRequestSchema = z.strictObject({
  name: nameSchema,
  description: descriptionSchema,
  priority: prioritySchema.default(DEFAULT_USE_CASE_PRIORITY),
  /** Keywords; when absent, the words of the name and description are matched against column and dataset names. */
  match: useCaseMatchSchema.optional(),
});
export type CreateUseCaseRequest = z.input<typeof createUseCaseRequestSchema>;

export const updateUseCaseRequestSchema = z
  .strictObject({
    name: nameSchema.optional(),
    description: descriptionSchema.optional(),
    priority: prioritySchema.optional(),
    enabled: z.boolean({ error: 'must be true or false' }).optional(),
    match: useCaseMatchSchema.optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), { message: 'name, description, priority, enabled or match is required' });
export type UpdateUseCaseRequest = z.input<typeof updateUseCaseRequestSchema>;

export const useCaseSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  priority: z.enum(USE_CASE_PRIORITIES),
  enabled: z.boolean(),
  custom: z.boolean(),
  match: z.object({ columns: z.array(z.string()), datasets: z.array(z.string()), dimensions: z.array(z.enum(ISSUE_DIMENSIONS)) }),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export const useCasesResponseSchema = z.object({ success: z.literal(true), data: z.array(useCaseSchema), activeCount: z.number(), message: z.string().optional() });
export const useCaseResponseSchema = z.object({ success: z.literal(true), data: useCaseSchema });

/** enabledUseCases as the query string carries it: comma-separated ids (or repeated). */
export const enabledUseCasesQuerySchema = z
  .string()
  .max(2000)
  .optional()
  .transform((v, ctx) => {
    if (v === undefined) return undefined;
    const ids = v.split(',').map((s) => s.trim()).filter(Boolean);
    if (ids.length > MAX_USE_CASES || ids.some((id) => !useCaseIdSchema.safeParse(id).success)) {
      ctx.addIssue({ code: 'custom', message: 'must be comma-separated use case ids' });
      return z.NEVER;
    }
    return ids;
  });

export const classifiableIssueSchema = z.object({
  issue_id: z.string().max(200).optional(),
  dataset_id: z.string().max(200).optional(),
  dataset: z.string().max(200).optional(),
  issue_column: z.string({ error: 'is required' }).max(200),
  check_name: z.string().max(300).default(''),
  dimension: z.enum(ISSUE_DIMENSIONS).optional(),
});
export type ClassifiableIssue = z.input<typeof classifiableIssueSchema>;

export const classifyRequestSchema = z.strictObject({
  issue: classifiableIssueSchema,
  /** Ids of the use cases to consider; absent: the organization's enabled ones. */
  enabledUseCases: z.array(useCaseIdSchema).max(MAX_USE_CASES).optional(),
});

export const IMPACT_LEVELS = USE_CASE_PRIORITIES;
export type ImpactLevel = UseCasePriority;

export const useCaseImpactSchema = z.object({
  useCaseId: z.string(),
  name: z.string(),
  priority: z.enum(USE_CASE_PRIORITIES),
  impact: z.enum(USE_CASE_PRIORITIES),
  reasons: z.array(z.string()),
});
export type UseCaseImpact = z.infer<typeof useCaseImpactSchema>;

export const classifyResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ affected: z.array(useCaseImpactSchema), highestImpact: z.enum(USE_CASE_PRIORITIES).nullable(), message: z.string().optional() }),
});

export const downstreamUseCasesResponseSchema = z.object({
  success: z.literal(true),
  dataset: z.string(),
  openRows: z.number(),
  data: z.array(
    z.object({
      useCaseId: z.string(),
      name: z.string(),
      priority: z.enum(USE_CASE_PRIORITIES),
      /** Open rows of the dataset that affect it, and how many at each impact level. */
      openRows: z.number(),
      byImpact: z.record(z.enum(USE_CASE_PRIORITIES), z.number()),
      /** Columns whose rows affect it, most rows first. */
      columns: z.array(z.object({ column: z.string(), openRows: z.number() })),
    }),
  ),
  message: z.string().optional(),
});
export type DownstreamUseCasesResponse = z.infer<typeof downstreamUseCasesResponseSchema>;

// ---- the rules ---------------------------------------------------------------------------

/** A name in words: lower case, split at _, -, ., spaces, digits-letters and camelCase. */
export function nameWords(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

/** A keyword matches a word equal to it, or a word it begins (plural and compound forms: "emails", "invoiceid"). */
function matchedKeyword(words: readonly string[], keywords: readonly string[]): string | undefined {
  return keywords.find((k) => words.some((w) => w === k || (k.length >= 3 && w.startsWith(k)) || (w.length >= 4 && k.startsWith(w) && k.length - w.length <= 1)));
}

const STOP_WORDS = new Set(['the', 'and', 'for', 'with', 'data', 'that', 'this', 'from', 'our', 'are', 'use', 'case', 'into', 'all', 'each', 'their']);

/** A custom use case without keywords: the words of its name and description, matched against column and dataset names. */
export function defaultMatch(name: string, description: string): UseCaseMatch {
  const words = [...new Set([...nameWords(name), ...nameWords(description)].filter((w) => w.length >= 3 && !STOP_WORDS.has(w)))].slice(0, KEYWORDS_MAX);
  return { columns: words, datasets: words, dimensions: [] };
}

const LEVEL = { critical: 0, high: 1, medium: 2, low: 3 } as const;
const lower = (p: UseCasePriority): UseCasePriority => USE_CASE_PRIORITIES[Math.min(3, LEVEL[p] + 1)]!;
export const higherImpact = (a: UseCasePriority, b: UseCasePriority): UseCasePriority => (LEVEL[a] <= LEVEL[b] ? a : b);

export interface IssueFacts {
  column: string;
  dataset: string;
  dimension: IssueDimension;
}

/**
 * Whether a failed row affects a use case, and how badly. A row affects it when its column is
 * one the use case reads, or when its dataset is one the use case reads and the failed check is
 * of a dimension the use case cares about. The impact is the use case's priority when the column
 * matches together with the dataset or the dimension; one level lower on a single signal.
 */
export function classifyAgainst(issue: IssueFacts, useCase: Pick<UseCase, 'id' | 'name' | 'priority' | 'match'>): UseCaseImpact | null {
  const column = matchedKeyword(nameWords(issue.column), useCase.match.columns);
  const dataset = matchedKeyword(nameWords(issue.dataset), useCase.match.datasets);
  const dimension = useCase.match.dimensions.includes(issue.dimension);
  if (!column && !(dataset && dimension)) return null;
  const reasons: string[] = [];
  if (column) reasons.push(`Column "${issue.column}" matches "${column}", which ${useCase.name} reads`);
  if (dataset) reasons.push(`Dataset "${issue.dataset}" matches "${dataset}", a source of ${useCase.name}`);
  if (dimension) reasons.push(`A ${issue.dimension.replace('_', ' ')} failure matters to ${useCase.name}`);
  const strong = Boolean(column) && (Boolean(dataset) || dimension);
  const impact = strong ? useCase.priority : lower(useCase.priority);
  reasons.push(strong ? `Impact ${impact}: the use case's priority` : `Impact ${impact}: one level below the use case's ${useCase.priority} priority (a single signal)`);
  return { useCaseId: useCase.id, name: useCase.name, priority: useCase.priority, impact, reasons };
}

/** Every given use case the row affects, highest impact first (then by name). */
export function classifyIssue(issue: IssueFacts, useCases: ReadonlyArray<Pick<UseCase, 'id' | 'name' | 'priority' | 'match'>>): UseCaseImpact[] {
  return useCases
    .map((u) => classifyAgainst(issue, u))
    .filter((x): x is UseCaseImpact => x !== null)
    .sort((a, b) => LEVEL[a.impact] - LEVEL[b.impact] || a.name.localeCompare(b.name));
}
