import type { ChecksConfigInput, CheckInput } from '../../../shared/schemas/checks';
import type { IssueDimension } from '../../../shared/constants';
import { customer, lead, opportunity, product, type SourceRecord } from './records';
import type { Random } from './random';
import { toCsv } from '../../../shared/csv';

// The four demo datasets with their checks, written as the config a user saves in Settings →
// Datasets (shared/schemas/checks.ts). The seed runs the real check engine over the generated
// records with these configs, so a failed row is exactly a record on which a check fails, and a
// re-scan of a demo dataset finds the same rows.

export interface DemoDatasetPlan {
  id: string;
  name: string;
  recordKey: string;
  records: number;
  make(rand: Random, i: number, now: number): SourceRecord;
  /** Owners are given per check (round robin over the instance's first users) when the config is built. */
  checks: CheckInput[];
}

type Priority = 'critical' | 'high' | 'medium' | 'low';

/** A check's taxonomy (spec 1 §3). Checks written without one show the keyword fallback (spec 1 §5). */
export function tax(dimension: IssueDimension, name: string, priority: Priority, automationPotential: number) {
  return { dimension, subcategory: { name, description: `${name} in ${dimension.replace('_', ' ')}`, priority, automationPotential } };
}

const STAGES = ['Prospecting', 'Qualification', 'Proposal', 'Negotiation', 'Closed Won', 'Closed Lost'];
const COUNTRY_CODES = ['US', 'DE', 'FR', 'GB', 'BR', 'JP'];
const PHONE = '\\+\\d{1,3} \\d{3}-\\d{3}-\\d{4}';

export const DEMO_DATASETS: DemoDatasetPlan[] = [
  {
    id: 'opportunities',
    name: 'opportunities',
    recordKey: 'opportunity_id',
    records: 360,
    make: opportunity,
    checks: [
      { type: 'missing', name: 'missing_amount', column: 'amount', ...tax('completeness', 'Missing required value', 'high', 0.4) },
      { type: 'range', name: 'amount_out_of_range', column: 'amount', min: 0.01, ...tax('precision', 'Negative or zero amount', 'critical', 0.7) },
      { type: 'allowed_values', name: 'invalid_stage', column: 'stage', values: STAGES, ...tax('accuracy', 'Value not in allowed list', 'medium', 0.9) },
      { type: 'invalid_format', name: 'close_date_invalid_format', column: 'close_date', format: 'date', dateFormats: ['YYYY-MM-DD'], ...tax('conformity', 'Date format', 'medium', 0.95) },
      { type: 'range', name: 'probability_range', column: 'probability', min: 0, max: 100 },
      { type: 'invalid_format', name: 'invalid_contact_email', column: 'contact_email', format: 'email', ...tax('accuracy', 'Invalid e-mail', 'high', 0.6) },
      { type: 'missing', name: 'missing_contact_email', column: 'contact_email', ...tax('completeness', 'Missing contact', 'medium', 0.2) },
      { type: 'missing', name: 'missing_account_reference', column: 'account_name' },
      { type: 'duplicate', name: 'duplicate_opportunity_name', column: 'name', ...tax('consistency', 'Duplicate record', 'low', 0.3) },
    ],
  },
  {
    id: 'leads',
    name: 'leads',
    recordKey: 'lead_id',
    records: 800,
    make: lead,
    checks: [
      { type: 'missing', name: 'missing_email', column: 'email', ...tax('completeness', 'Missing required value', 'high', 0.2) },
      { type: 'invalid_format', name: 'invalid_email_format', column: 'email', format: 'email', ...tax('conformity', 'E-mail format', 'high', 0.7) },
      { type: 'regex', name: 'invalid_phone_pattern', column: 'phone', pattern: PHONE, ...tax('conformity', 'Phone format', 'medium', 0.85) },
      { type: 'missing', name: 'missing_company', column: 'company', ...tax('completeness', 'Missing company', 'medium', 0.3) },
      { type: 'allowed_values', name: 'country_not_iso_code', column: 'country', values: COUNTRY_CODES },
      { type: 'missing', name: 'empty_lead_source', column: 'lead_source' },
      { type: 'duplicate', name: 'duplicate_lead_email', column: 'email', ignoreCase: true, ...tax('consistency', 'Duplicate record', 'medium', 0.4) },
    ],
  },
  {
    id: 'customers',
    name: 'customers',
    recordKey: 'customer_id',
    records: 800,
    make: customer,
    checks: [
      { type: 'invalid_format', name: 'invalid_billing_email', column: 'email', format: 'email', ...tax('accuracy', 'Invalid e-mail', 'high', 0.6) },
      { type: 'missing', name: 'missing_postal_code', column: 'postal_code', ...tax('completeness', 'Missing address part', 'medium', 0.5) },
      { type: 'regex', name: 'postal_code_pattern', column: 'postal_code', pattern: '\\d{4,5}', ...tax('conformity', 'Postal code format', 'medium', 0.5) },
      { type: 'allowed_values', name: 'country_reference', column: 'country', values: COUNTRY_CODES, ...tax('referential_integrity', 'Unknown country code', 'high', 0.9) },
      { type: 'range', name: 'annual_revenue_range', column: 'annual_revenue', min: 0, ...tax('precision', 'Negative amount', 'high', 0.5) },
      { type: 'missing', name: 'missing_annual_revenue', column: 'annual_revenue' },
      { type: 'missing', name: 'empty_industry', column: 'industry', ...tax('completeness', 'Missing classification', 'low', 0.6) },
    ],
  },
  {
    id: 'products',
    name: 'products',
    recordKey: 'product_id',
    records: 900,
    make: product,
    checks: [
      { type: 'missing', name: 'missing_price', column: 'price', ...tax('completeness', 'Missing required value', 'critical', 0.3) },
      { type: 'range', name: 'price_out_of_range', column: 'price', min: 0.01, ...tax('precision', 'Price out of range', 'high', 0.6) },
      { type: 'allowed_values', name: 'invalid_currency_code', column: 'currency', values: ['USD', 'EUR', 'GBP'], ...tax('conformity', 'Currency code', 'medium', 0.95) },
      { type: 'range', name: 'weight_invalid_format', column: 'weight_kg', min: 0 },
      { type: 'regex', name: 'stock_quantity_limit', column: 'stock_quantity', pattern: '\\d+', ...tax('precision', 'Quantity out of range', 'medium', 0.4) },
      { type: 'missing', name: 'missing_category', column: 'category', ...tax('completeness', 'Missing classification', 'low', 0.7) },
      { type: 'invalid_format', name: 'stale_price_update_date', column: 'updated_at', format: 'date', dateFormats: ['YYYY-MM-DD'] },
    ],
  },
];

/** The config a dataset holds: each check owned by one of the owners in turn, like a team splits them. */
export function demoConfig(plan: DemoDatasetPlan, owners: readonly string[]): ChecksConfigInput {
  return {
    ownerRule: { kind: 'fixed', owner: owners[0]! },
    checks: plan.checks.map((check, i) => ({ ...check, owner: owners[i % owners.length]! })),
  };
}

/** A plan's records as the CSV a user would upload (same random stream, same file). */
export function generateRecordsCsv(plan: DemoDatasetPlan, rand: Random, anchorMs: number): { csv: string; columns: string[]; rows: number } {
  const records = Array.from({ length: plan.records }, (_, i) => plan.make(rand, i, anchorMs));
  const columns = [...new Set(records.flatMap((r) => Object.keys(r)))];
  return { csv: toCsv(columns, records.map((r) => columns.map((c) => r[c] ?? null))), columns, rows: records.length };
}
