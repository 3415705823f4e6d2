import { DATA_VOLUME_FACTORS, type DataVolume, type DemoIndustry, type DemoTemplate, type DemoTemplateId } from '../../../shared/schemas/demo';
import { DEMO_DATASETS, tax, type DemoDatasetPlan } from './datasets';
import { customer, lead, opportunity, patient, product, supplierPart, transaction, type IndustryVocabulary } from './records';

// The five demo templates (spec 2 §3 Demo template): each an industry with its opportunities and
// leads (the spec's counts) and one dataset of its own trade. Their checks are the seed's checks
// for opportunities and leads and the industry's own for the third dataset, so a deployed demo
// behaves like any uploaded dataset: a real scan of its file finds its failed rows.

interface TemplateDefinition extends Omit<DemoTemplate, 'datasets'> {
  counts: { opportunities: number; leads: number };
  vocabulary: IndustryVocabulary;
  /** The industry's own dataset, with its count at 1×. */
  extra: Omit<DemoDatasetPlan, 'make'> & { make: (vocab: IndustryVocabulary) => DemoDatasetPlan['make'] };
}

const planOf = (id: string): DemoDatasetPlan => DEMO_DATASETS.find((p) => p.id === id)!;
const CURRENCY_CODES = ['USD', 'EUR', 'GBP'];

const DEFINITIONS: TemplateDefinition[] = [
  {
    id: 'saas_sales_funnel',
    name: 'SaaS Sales Funnel',
    description: 'Pipeline of a B2B software company: opportunities by stage, inbound leads and the customer accounts they become.',
    industry: 'software',
    icon: 'trending-up',
    counts: { opportunities: 15, leads: 8 },
    vocabulary: {
      companies: ['Hooli', 'Pied Piper', 'Initech', 'Globex', 'Massive Dynamic', 'Aperture Science', 'Cyberdyne Systems', 'Tyrell Analytics', 'Nimbus Cloud', 'Bluebird CRM'],
      products: ['Analytics Suite', 'Data Catalog', 'Quality Monitor', 'Pipeline Pro', 'Insight Cloud', 'Seat Expansion'],
      leadSources: ['Free Trial', 'Webinar', 'Product Hunt', 'Referral', 'Outbound', 'G2 Review'],
    },
    extra: { ...planOf('customers'), records: 12, make: () => customer },
  },
  {
    id: 'ecommerce_catalog',
    name: 'E-commerce Catalog',
    description: 'An online retailer: wholesale opportunities, marketplace leads and a product catalog with prices, currencies and stock.',
    industry: 'retail',
    icon: 'shopping-cart',
    counts: { opportunities: 20, leads: 12 },
    vocabulary: {
      companies: ['Monarch Retail', 'Vandelay Imports', 'Wonka Foods', 'Blue Sun', 'Northwind Traders', 'Contoso Outlet', 'Fabrikam Home', 'Tailspin Toys'],
      products: ['Wholesale Order', 'Seasonal Collection', 'Marketplace Listing', 'Private Label', 'Drop-ship Contract'],
      leadSources: ['Marketplace', 'Trade Show', 'Instagram', 'Affiliate', 'Newsletter', 'Web'],
    },
    extra: { ...planOf('products'), records: 20, make: () => product },
  },
  {
    id: 'financial_services',
    name: 'Financial Services',
    description: 'A retail bank: lending opportunities, advisory leads and booked transactions with IBANs, currencies and booking dates.',
    industry: 'financial',
    icon: 'landmark',
    counts: { opportunities: 12, leads: 6 },
    vocabulary: {
      companies: ['Gringotts Finance', 'Iron Bank', 'Lannister Capital', 'Meridian Credit Union', 'Harbor Trust', 'Summit Wealth', 'Crescent Insurance'],
      products: ['Commercial Loan', 'Treasury Services', 'Wealth Mandate', 'Mortgage Refinance', 'Trade Finance Line'],
      leadSources: ['Branch Visit', 'Advisor Referral', 'Online Application', 'Partner Bank', 'Seminar'],
    },
    extra: {
      id: 'transactions',
      name: 'transactions',
      recordKey: 'transaction_id',
      records: 12,
      make: () => transaction,
      checks: [
        { type: 'missing', name: 'missing_amount', column: 'amount', ...tax('completeness', 'Missing required value', 'critical', 0.2) },
        { type: 'invalid_format', name: 'amount_invalid_format', column: 'amount', format: 'decimal', ...tax('conformity', 'Number format', 'high', 0.8) },
        { type: 'allowed_values', name: 'invalid_currency_code', column: 'currency', values: CURRENCY_CODES, ...tax('conformity', 'Currency code', 'high', 0.95) },
        { type: 'invalid_format', name: 'booking_date_invalid_format', column: 'booking_date', format: 'date', dateFormats: ['YYYY-MM-DD'], ...tax('conformity', 'Date format', 'medium', 0.9) },
        { type: 'regex', name: 'invalid_iban', column: 'account_iban', pattern: '[A-Z]{2}\\d{20}', ...tax('accuracy', 'Invalid account number', 'critical', 0.3) },
        { type: 'allowed_values', name: 'invalid_booking_status', column: 'status', values: ['booked', 'pending', 'reversed'] },
      ],
    },
  },
  {
    id: 'healthcare_data',
    name: 'Healthcare Data',
    description: 'A clinic network: service contracts with payers, referral leads and patient records with birth dates, MRNs and insurance.',
    industry: 'healthcare',
    icon: 'heart-pulse',
    counts: { opportunities: 10, leads: 5 },
    vocabulary: {
      companies: ['Umbrella Health', 'Mercy General', 'St. Elsewhere', 'Sacred Heart Clinic', 'Princeton-Plainsboro', 'Seattle Grace', 'County Medical'],
      products: ['Telehealth Program', 'Lab Services Contract', 'Care Management', 'Imaging Package', 'Wellness Plan'],
      leadSources: ['Physician Referral', 'Health Fair', 'Insurer Directory', 'Web', 'Community Event'],
    },
    extra: {
      id: 'patients',
      name: 'patients',
      recordKey: 'patient_id',
      records: 10,
      make: () => patient,
      checks: [
        { type: 'invalid_format', name: 'date_of_birth_invalid_format', column: 'date_of_birth', format: 'date', dateFormats: ['YYYY-MM-DD'], ...tax('conformity', 'Date format', 'high', 0.9) },
        { type: 'allowed_values', name: 'invalid_gender_code', column: 'gender', values: ['female', 'male', 'other', 'unknown'], ...tax('conformity', 'Value not in allowed list', 'medium', 0.9) },
        { type: 'invalid_format', name: 'invalid_patient_email', column: 'email', format: 'email', ...tax('accuracy', 'Invalid e-mail', 'medium', 0.6) },
        { type: 'missing', name: 'missing_insurance_provider', column: 'insurance_provider', ...tax('completeness', 'Missing required value', 'high', 0.2) },
        { type: 'regex', name: 'invalid_mrn', column: 'mrn', pattern: 'MRN\\d{7}', ...tax('accuracy', 'Invalid identifier', 'critical', 0.2) },
        { type: 'regex', name: 'invalid_phone_pattern', column: 'phone', pattern: '\\+\\d{1,3} \\d{3}-\\d{3}-\\d{4}' },
      ],
    },
  },
  {
    id: 'manufacturing_supply',
    name: 'Manufacturing Supply Chain',
    description: 'A parts manufacturer: supply contracts, distributor leads and supplier parts with lead times, unit costs and quality ratings.',
    industry: 'manufacturing',
    icon: 'factory',
    counts: { opportunities: 14, leads: 7 },
    vocabulary: {
      companies: ['Stark Industries', 'Wayne Logistics', 'Acme Corp', 'Oscorp', 'Nakatomi Trading', 'Kruger Metallwerk', 'Delta Castings', 'Orion Fasteners'],
      products: ['Annual Supply Contract', 'Tooling Order', 'Spare Parts Framework', 'Assembly Line Retrofit', 'Maintenance Agreement'],
      leadSources: ['Trade Fair', 'Distributor', 'RFQ Portal', 'Referral', 'Outbound'],
    },
    extra: {
      id: 'supplier_parts',
      name: 'supplier parts',
      recordKey: 'part_id',
      records: 14,
      make: (vocab) => (rand, i, now) => supplierPart(rand, i, now, vocab),
      checks: [
        { type: 'regex', name: 'invalid_part_number', column: 'part_number', pattern: '[A-Z]{2}-\\d{4}-[A-C]', ...tax('conformity', 'Identifier format', 'high', 0.5) },
        { type: 'range', name: 'lead_time_out_of_range', column: 'lead_time_days', min: 0, max: 180, ...tax('precision', 'Value out of range', 'medium', 0.4) },
        { type: 'missing', name: 'missing_unit_cost', column: 'unit_cost', ...tax('completeness', 'Missing required value', 'high', 0.3) },
        { type: 'range', name: 'unit_cost_out_of_range', column: 'unit_cost', min: 0.01, ...tax('precision', 'Negative or zero amount', 'critical', 0.5) },
        { type: 'allowed_values', name: 'supplier_country_reference', column: 'supplier_country', values: ['US', 'DE', 'FR', 'GB', 'BR', 'JP'], ...tax('referential_integrity', 'Unknown country code', 'high', 0.9) },
        { type: 'range', name: 'quality_rating_range', column: 'quality_rating', min: 0, max: 5 },
        { type: 'invalid_format', name: 'invalid_supplier_email', column: 'supplier_email', format: 'email', ...tax('accuracy', 'Invalid e-mail', 'medium', 0.6) },
      ],
    },
  },
];

/** GET /api/demo-data/templates: the templates as the spec lists them. */
export const DEMO_TEMPLATES: DemoTemplate[] = DEFINITIONS.map((d) => ({
  id: d.id,
  name: d.name,
  description: d.description,
  industry: d.industry,
  icon: d.icon,
  datasets: { opportunities: d.counts.opportunities, leads: d.counts.leads, [d.extra.id]: d.extra.records },
}));

export function findTemplate(id: DemoTemplateId): TemplateDefinition {
  const found = DEFINITIONS.find((d) => d.id === id);
  if (!found) throw new Error(`unknown demo template ${id}`);
  return found;
}

/** The industry of a template unless the customization names another (its vocabulary then). */
function vocabularyFor(template: TemplateDefinition, industry: DemoIndustry | undefined, companyNames: readonly string[]): IndustryVocabulary {
  const base = industry && industry !== template.industry ? (DEFINITIONS.find((d) => d.industry === industry)?.vocabulary ?? template.vocabulary) : template.vocabulary;
  return companyNames.length ? { ...base, companies: companyNames } : base;
}

/** The datasets a deployment generates: the template's plans at the chosen volume and vocabulary. */
export function templatePlans(
  id: DemoTemplateId,
  customization: { industry?: DemoIndustry; dataVolume: DataVolume; companyNames: readonly string[] },
): DemoDatasetPlan[] {
  const template = findTemplate(id);
  const factor = DATA_VOLUME_FACTORS[customization.dataVolume];
  const vocab = vocabularyFor(template, customization.industry, customization.companyNames);
  const opportunities = planOf('opportunities');
  const leads = planOf('leads');
  return [
    { ...opportunities, records: template.counts.opportunities * factor, make: distinctDealNames((rand, i, now) => opportunity(rand, i, now, vocab)) },
    { ...leads, records: template.counts.leads * factor, make: (rand, i, now) => lead(rand, i, now, vocab) },
    { ...template.extra, records: template.extra.records * factor, make: template.extra.make(vocab) },
  ];
}


/** What tells two deals with one account and one product apart in a CRM. */
const DEAL_KINDS = ['Renewal', 'Expansion', 'Pilot', 'Upsell', 'Phase 2', 'Multi-year'];
/** The k-th qualifier of a repeated name: each kind, then each kind again numbered ("Renewal 2", …). */
function dealKind(k: number): string {
  const round = Math.floor(k / DEAL_KINDS.length);
  return `${DEAL_KINDS[k % DEAL_KINDS.length]}${round === 0 ? '' : ` ${round + 1}`}`;
}
/** About one opportunity in this many is the one before it entered twice. */
const REENTERED_EVERY = 23;

/**
 * Opportunity names as a CRM holds them. "Account – Product" repeats as soon as a volume passes the
 * vocabulary's accounts × products (at 10× nearly every name did, and the duplicate check flagged
 * almost every row), so a repeated name gets the deal's kind ("– Renewal", "– Expansion 2", …),
 * and one row in REENTERED_EVERY is the row before it entered twice: the duplicates the check is
 * there to find. It takes no random draw, so which other rows fail does not change. A generation
 * starts at row 0, which starts the names afresh.
 */
export function distinctDealNames(make: DemoDatasetPlan['make']): DemoDatasetPlan['make'] {
  let seen = new Set<string>();
  let previous: string | null = null;
  return (rand, i, now) => {
    if (i === 0) {
      seen = new Set();
      previous = null;
    }
    const record = make(rand, i, now);
    const base = record.name ?? '';
    let name = base;
    if (i % REENTERED_EVERY === REENTERED_EVERY - 1 && previous !== null) name = previous;
    else for (let k = 0; seen.has(name); k++) name = `${base} – ${dealKind(k)}`;
    seen.add(name);
    previous = name;
    return { ...record, name };
  };
}
