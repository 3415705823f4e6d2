import type { IssueDimension } from '../../shared/constants';
import type { Taxonomy } from '../../functions/domain/issues/issue-record';
import { customer, lead, opportunity, product, type SourceRecord } from './demo-records';
import type { Random } from './random';

// The four demo datasets with the checks that find their failed rows. A failed row is exactly a
// record on which a check fails; nothing is invented.

export interface DemoCheck {
  name: string;
  column: string;
  fails(value: string | null, record: SourceRecord, all: SourceRecord[]): boolean;
  /** Absent on some checks on purpose: the screen then falls back to keywords (spec 1 §5). */
  taxonomy?: Taxonomy;
}

export interface DemoDatasetPlan {
  id: string;
  name: string;
  recordKey: string;
  records: number;
  make(rand: Random, i: number, now: number): SourceRecord;
  checks: DemoCheck[];
}

const DESCRIPTIONS: Record<IssueDimension, string> = {
  completeness: 'Required values are present',
  accuracy: 'Values are correct and valid',
  consistency: 'Values agree across records',
  conformity: 'Values follow the expected format',
  precision: 'Values are within the expected range',
  timeliness: 'Values are current and well-dated',
  referential_integrity: 'References point to existing records',
  other: 'Other data quality concerns',
};

function tax(key: IssueDimension, name: string, priority: Taxonomy['subcategory']['priority'], automationPotential: number): Taxonomy {
  return {
    dimension: { key, description: DESCRIPTIONS[key] },
    subcategory: { name, description: `${name} in ${key.replace('_', ' ')}`, priority, automationPotential },
  };
}

const blank = (v: string | null) => v === null || v.trim() === '';
const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
const ISO_DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const E164ISH = /^\+\d{1,3} \d{3}-\d{3}-\d{4}$/;
const DECIMAL = /^-?\d+(\.\d+)?$/;
const COUNTRY_CODES = new Set(['US', 'DE', 'FR', 'GB', 'BR', 'JP']);

const invalidEmail = (v: string | null) => !blank(v) && !EMAIL.test(v!);
const invalidDate = (v: string | null) => !blank(v) && !ISO_DATE.test(v!);
const outOfRange = (min: number, max = Number.POSITIVE_INFINITY) => (v: string | null) =>
  !blank(v) && (!DECIMAL.test(v!) || Number(v) < min || Number(v) > max);

function duplicated(column: string) {
  return (v: string | null, record: SourceRecord, all: SourceRecord[]) =>
    !blank(v) && all.filter((r) => r[column] === v).length > 1 && all.find((r) => r[column] === v) !== record;
}

export const DEMO_DATASETS: DemoDatasetPlan[] = [
  {
    id: 'opportunities',
    name: 'opportunities',
    recordKey: 'opportunity_id',
    records: 360,
    make: opportunity,
    checks: [
      { name: 'missing_amount', column: 'amount', fails: blank, taxonomy: tax('completeness', 'Missing required value', 'high', 0.4) },
      { name: 'amount_out_of_range', column: 'amount', fails: outOfRange(0.01), taxonomy: tax('precision', 'Negative or zero amount', 'critical', 0.7) },
      { name: 'invalid_stage', column: 'stage', fails: (v) => !blank(v) && !['Prospecting', 'Qualification', 'Proposal', 'Negotiation', 'Closed Won', 'Closed Lost'].includes(v!), taxonomy: tax('accuracy', 'Value not in allowed list', 'medium', 0.9) },
      { name: 'close_date_invalid_format', column: 'close_date', fails: invalidDate, taxonomy: tax('conformity', 'Date format', 'medium', 0.95) },
      { name: 'probability_range', column: 'probability', fails: outOfRange(0, 100) },
      { name: 'invalid_contact_email', column: 'contact_email', fails: invalidEmail, taxonomy: tax('accuracy', 'Invalid e-mail', 'high', 0.6) },
      { name: 'missing_contact_email', column: 'contact_email', fails: (v) => v !== null && v.trim() === '', taxonomy: tax('completeness', 'Missing contact', 'medium', 0.2) },
      { name: 'missing_account_reference', column: 'account_name', fails: (v) => v === null },
      { name: 'duplicate_opportunity_name', column: 'name', fails: duplicated('name'), taxonomy: tax('consistency', 'Duplicate record', 'low', 0.3) },
    ],
  },
  {
    id: 'leads',
    name: 'leads',
    recordKey: 'lead_id',
    records: 800,
    make: lead,
    checks: [
      { name: 'missing_email', column: 'email', fails: (v) => v === null, taxonomy: tax('completeness', 'Missing required value', 'high', 0.2) },
      { name: 'invalid_email_format', column: 'email', fails: invalidEmail, taxonomy: tax('conformity', 'E-mail format', 'high', 0.7) },
      { name: 'invalid_phone_pattern', column: 'phone', fails: (v) => !blank(v) && !E164ISH.test(v!), taxonomy: tax('conformity', 'Phone format', 'medium', 0.85) },
      { name: 'missing_company', column: 'company', fails: blank, taxonomy: tax('completeness', 'Missing company', 'medium', 0.3) },
      { name: 'country_not_iso_code', column: 'country', fails: (v) => !blank(v) && !COUNTRY_CODES.has(v!) },
      { name: 'empty_lead_source', column: 'lead_source', fails: blank },
      { name: 'duplicate_lead_email', column: 'email', fails: duplicated('email'), taxonomy: tax('consistency', 'Duplicate record', 'medium', 0.4) },
    ],
  },
  {
    id: 'customers',
    name: 'customers',
    recordKey: 'customer_id',
    records: 800,
    make: customer,
    checks: [
      { name: 'invalid_billing_email', column: 'email', fails: invalidEmail, taxonomy: tax('accuracy', 'Invalid e-mail', 'high', 0.6) },
      { name: 'missing_postal_code', column: 'postal_code', fails: (v) => v === null, taxonomy: tax('completeness', 'Missing address part', 'medium', 0.5) },
      { name: 'postal_code_pattern', column: 'postal_code', fails: (v) => !blank(v) && !/^\d{4,5}$/.test(v!), taxonomy: tax('conformity', 'Postal code format', 'medium', 0.5) },
      { name: 'country_reference', column: 'country', fails: (v) => !blank(v) && !COUNTRY_CODES.has(v!), taxonomy: tax('referential_integrity', 'Unknown country code', 'high', 0.9) },
      { name: 'annual_revenue_range', column: 'annual_revenue', fails: outOfRange(0), taxonomy: tax('precision', 'Negative amount', 'high', 0.5) },
      { name: 'missing_annual_revenue', column: 'annual_revenue', fails: (v) => v === null },
      { name: 'empty_industry', column: 'industry', fails: blank, taxonomy: tax('completeness', 'Missing classification', 'low', 0.6) },
    ],
  },
  {
    id: 'products',
    name: 'products',
    recordKey: 'product_id',
    records: 900,
    make: product,
    checks: [
      { name: 'missing_price', column: 'price', fails: (v) => v === null, taxonomy: tax('completeness', 'Missing required value', 'critical', 0.3) },
      { name: 'price_out_of_range', column: 'price', fails: outOfRange(0.01), taxonomy: tax('precision', 'Price out of range', 'high', 0.6) },
      { name: 'invalid_currency_code', column: 'currency', fails: (v) => !['USD', 'EUR', 'GBP'].includes(v ?? ''), taxonomy: tax('conformity', 'Currency code', 'medium', 0.95) },
      { name: 'weight_invalid_format', column: 'weight_kg', fails: (v) => blank(v) || !DECIMAL.test(v!) || Number(v) < 0 },
      { name: 'stock_quantity_limit', column: 'stock_quantity', fails: (v) => blank(v) || !/^\d+$/.test(v!), taxonomy: tax('precision', 'Quantity out of range', 'medium', 0.4) },
      { name: 'missing_category', column: 'category', fails: (v) => v === null, taxonomy: tax('completeness', 'Missing classification', 'low', 0.7) },
      { name: 'stale_price_update_date', column: 'updated_at', fails: invalidDate },
    ],
  },
];
