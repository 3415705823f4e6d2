import { chance, intBetween, pick, type Random } from './random';

// Realistic source records for the demo datasets, with defects injected the way real pipelines
// produce them (blanks, typos, bad formats, out-of-range numbers, duplicates). The seed uses the
// default vocabulary; the demo templates (templates.ts) give opportunities and leads their
// industry's companies, products and lead sources.

export type SourceRecord = Record<string, string | null>;

const COMPANIES = ['Acme Corp', 'Globex', 'Initech', 'Umbrella Health', 'Stark Industries', 'Wayne Logistics', 'Wonka Foods', 'Hooli', 'Vandelay Imports', 'Soylent Labs', 'Cyberdyne Systems', 'Tyrell Analytics', 'Massive Dynamic', 'Aperture Science', 'Pied Piper', 'Nakatomi Trading', 'Oscorp', 'Gringotts Finance', 'Monarch Retail', 'Blue Sun'];
const FIRST = ['Emma', 'Liam', 'Olivia', 'Noah', 'Ava', 'Elijah', 'Sophia', 'Lucas', 'Isabella', 'Mateo', 'Mia', 'Hiro', 'Amara', 'Kwame', 'Ingrid', 'Ravi', 'Chloe', 'Diego', 'Fatima', 'Jonas'];
const LAST = ['Smith', 'Garcia', 'Kim', 'Okafor', 'Müller', 'Rossi', 'Nguyen', 'Silva', 'Cohen', 'Patel', 'Johansson', 'Dubois', 'Tanaka', 'Novak', 'Brown', 'Haddad', 'Kowalski', 'Larsen', 'Moreau', 'Singh'];
const STAGES = ['Prospecting', 'Qualification', 'Proposal', 'Negotiation', 'Closed Won', 'Closed Lost'];
// Misspellings and format variants of the same few values, as people type them: issue clusters
// (fingerprint, phonetic, edit distance) find them as groups. Every one fails its check (allowed
// values are compared as written), and one pick per row keeps the random stream — and so which
// rows fail — as before.
const STAGE_TYPOS = ['Prospectng', 'prospecting', 'Qualifcation', 'qualification', 'Propsal', 'PROPOSAL', 'negotiation ', 'Negotation', 'Closed-Won', 'closed won', 'Closed Won ', 'Won'];
const PRODUCTS = ['Analytics Suite', 'Data Catalog', 'Quality Monitor', 'Pipeline Pro', 'Insight Cloud'];
const SOURCES = ['Web', 'Referral', 'Event', 'Partner', 'Outbound', 'Webinar'];
const COUNTRIES: Array<[string, string[]]> = [
  ['US', ['New York', 'Austin', 'Seattle', 'Chicago']],
  ['DE', ['Berlin', 'Munich', 'Hamburg']],
  ['FR', ['Paris', 'Lyon']],
  ['GB', ['London', 'Manchester']],
  ['BR', ['São Paulo', 'Rio de Janeiro']],
  ['JP', ['Tokyo', 'Osaka']],
];
const COUNTRY_TYPOS = ['USA', 'usa', 'U.S.A.', 'Germny', 'Germany', 'germany', 'U.K.', 'uk', 'fr', 'FR ', 'Brasil', 'brasil', 'Brazil'];
const INDUSTRIES = ['Software', 'Retail', 'Healthcare', 'Financial Services', 'Manufacturing', 'Logistics'];
const CATEGORIES = ['Hardware', 'Software', 'Services', 'Accessories', 'Subscriptions'];
const CURRENCIES = ['USD', 'EUR', 'GBP'];

/** The words an industry's opportunities and leads are made of. */
export interface IndustryVocabulary {
  companies: readonly string[];
  products: readonly string[];
  leadSources: readonly string[];
}

export const DEFAULT_VOCABULARY: IndustryVocabulary = { companies: COMPANIES, products: PRODUCTS, leadSources: SOURCES };

const pad = (n: number, width: number) => String(n).padStart(width, '0');
const slug = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, '');

function isoDate(rand: Random, baseMs: number, spreadDays: number): string {
  return new Date(baseMs + intBetween(rand, -spreadDays, spreadDays) * 86_400_000).toISOString().slice(0, 10);
}

function email(rand: Random, first: string, last: string, company: string): string {
  return `${slug(first)}.${slug(last)}@${slug(company)}.com`;
}

function phone(rand: Random): string {
  return `+1 ${intBetween(rand, 201, 989)}-${intBetween(rand, 200, 999)}-${pad(intBetween(rand, 0, 9999), 4)}`;
}

/** Breaks an e-mail the ways people do: missing @, a space, a doubled dot, a missing TLD. */
function badEmail(rand: Random, value: string): string {
  return pick(rand, [value.replace('@', ''), value.replace('@', ' @'), value.replace('.com', ''), value.replace('.', '..')]);
}

function badDate(rand: Random, value: string): string {
  const [y, m, d] = value.split('-');
  return pick(rand, [`${m}/${d}/${y}`, `${d}.${m}.${y}`, `${y}-${m}-${Number(d) + 31}`, 'TBD']);
}

export function opportunity(rand: Random, i: number, now: number, vocab: IndustryVocabulary = DEFAULT_VOCABULARY): SourceRecord {
  const company = pick(rand, vocab.companies);
  const first = pick(rand, FIRST);
  const last = pick(rand, LAST);
  const amount = intBetween(rand, 5, 400) * 500;
  const r: SourceRecord = {
    opportunity_id: `OPP-${pad(10000 + i, 6)}`,
    name: `${company} – ${pick(rand, vocab.products)}`,
    account_name: company,
    amount: String(amount),
    stage: pick(rand, STAGES),
    close_date: isoDate(rand, now, 120),
    probability: String(intBetween(rand, 1, 19) * 5),
    contact_email: email(rand, first, last, company),
  };
  if (chance(rand, 0.09)) r.amount = chance(rand, 0.6) ? null : String(-amount);
  if (chance(rand, 0.07)) r.stage = pick(rand, STAGE_TYPOS);
  if (chance(rand, 0.07)) r.close_date = badDate(rand, r.close_date!);
  if (chance(rand, 0.06)) r.probability = String(intBetween(rand, 101, 250));
  if (chance(rand, 0.08)) r.contact_email = chance(rand, 0.4) ? '' : badEmail(rand, r.contact_email!);
  if (chance(rand, 0.04)) r.account_name = null;
  return r;
}

export function lead(rand: Random, i: number, now: number, vocab: IndustryVocabulary = DEFAULT_VOCABULARY): SourceRecord {
  const company = pick(rand, vocab.companies);
  const first = pick(rand, FIRST);
  const last = pick(rand, LAST);
  const [country] = pick(rand, COUNTRIES);
  const r: SourceRecord = {
    lead_id: `LEAD-${pad(5000 + i, 6)}`,
    name: `${first} ${last}`,
    first_name: first,
    last_name: last,
    email: email(rand, first, last, company),
    phone: phone(rand),
    company,
    lead_source: pick(rand, vocab.leadSources),
    country,
    created_at: isoDate(rand, now, 60),
  };
  if (chance(rand, 0.08)) r.email = chance(rand, 0.35) ? null : badEmail(rand, r.email!);
  if (chance(rand, 0.07)) r.phone = pick(rand, ['555-0100', '12345', 'n/a', `(${intBetween(rand, 200, 999)}) ${intBetween(rand, 100, 999)}`]);
  if (chance(rand, 0.06)) r.company = null;
  if (chance(rand, 0.05)) r.country = pick(rand, COUNTRY_TYPOS);
  if (chance(rand, 0.05)) r.lead_source = '';
  return r;
}

export function customer(rand: Random, i: number, now: number): SourceRecord {
  const company = `${pick(rand, COMPANIES)}${chance(rand, 0.5) ? ' ' + pick(rand, ['GmbH', 'Inc.', 'Ltd', 'SA', 'KK']) : ''}`;
  const [country, cities] = pick(rand, COUNTRIES);
  const r: SourceRecord = {
    customer_id: `CUST-${pad(1000 + i, 5)}`,
    name: company,
    company_name: company,
    email: `billing@${slug(company)}.com`,
    phone: phone(rand),
    country,
    city: pick(rand, cities),
    postal_code: pad(intBetween(rand, 1000, 99999), 5),
    industry: pick(rand, INDUSTRIES),
    annual_revenue: String(intBetween(rand, 1, 900) * 100_000),
    customer_since: isoDate(rand, now - 400 * 86_400_000, 300),
  };
  if (chance(rand, 0.07)) r.email = badEmail(rand, r.email!);
  if (chance(rand, 0.06)) r.postal_code = chance(rand, 0.5) ? null : 'XXXXX';
  if (chance(rand, 0.05)) r.country = pick(rand, COUNTRY_TYPOS);
  if (chance(rand, 0.06)) r.annual_revenue = chance(rand, 0.5) ? null : String(-intBetween(rand, 1, 50) * 1000);
  if (chance(rand, 0.05)) r.industry = '';
  return r;
}

export function product(rand: Random, i: number, now: number): SourceRecord {
  const category = pick(rand, CATEGORIES);
  const r: SourceRecord = {
    product_id: `SKU-${pad(20000 + i, 6)}`,
    name: `${pick(rand, PRODUCTS)} ${pick(rand, ['Basic', 'Plus', 'Pro', 'Enterprise', 'Mini', 'Max'])} ${intBetween(rand, 1, 9)}`,
    category,
    price: (intBetween(rand, 500, 250_000) / 100).toFixed(2),
    currency: pick(rand, CURRENCIES),
    weight_kg: (intBetween(rand, 1, 5000) / 100).toFixed(2),
    stock_quantity: String(intBetween(rand, 0, 900)),
    updated_at: isoDate(rand, now, 20),
  };
  if (chance(rand, 0.08)) r.price = chance(rand, 0.4) ? null : pick(rand, ['-9.99', '0', '1,299.00']);
  if (chance(rand, 0.06)) r.currency = pick(rand, ['usd', 'US$', 'EURO', '']);
  if (chance(rand, 0.06)) r.weight_kg = pick(rand, ['12 kg', '-1', '']);
  if (chance(rand, 0.05)) r.stock_quantity = pick(rand, ['-5', 'many', '']);
  if (chance(rand, 0.04)) r.category = null;
  return r;
}

// ---- the templates' industry datasets (financial services, healthcare, manufacturing) ---------

const TX_TYPES = ['card_payment', 'wire_transfer', 'direct_debit', 'atm_withdrawal', 'refund'];
const TX_STATUSES = ['booked', 'pending', 'reversed'];
const MERCHANT_CATEGORIES = ['5411', '5812', '4111', '5999', '6011', '7011'];

/** A bank transaction: IBANs, ISO currencies, booking dates and amounts with the usual breaks. */
export function transaction(rand: Random, i: number, now: number): SourceRecord {
  const country = pick(rand, ['DE', 'FR', 'GB', 'NL', 'ES']);
  const r: SourceRecord = {
    transaction_id: `TXN-${pad(700000 + i, 8)}`,
    account_iban: `${country}${pad(intBetween(rand, 10, 99), 2)}${pad(intBetween(rand, 0, 99999999), 8)}${pad(intBetween(rand, 0, 9999999999), 10)}`,
    transaction_type: pick(rand, TX_TYPES),
    amount: (intBetween(rand, 100, 2_500_000) / 100).toFixed(2),
    currency: pick(rand, CURRENCIES),
    booking_date: isoDate(rand, now, 45),
    merchant_category: pick(rand, MERCHANT_CATEGORIES),
    status: pick(rand, TX_STATUSES),
  };
  if (chance(rand, 0.07)) r.amount = chance(rand, 0.5) ? null : pick(rand, ['-0.00', '1.234,56', 'NaN']);
  if (chance(rand, 0.06)) r.currency = pick(rand, ['eur', 'US$', 'Pound', '']);
  if (chance(rand, 0.06)) r.booking_date = badDate(rand, r.booking_date!);
  if (chance(rand, 0.06)) r.account_iban = pick(rand, [r.account_iban!.slice(0, 12), r.account_iban!.toLowerCase(), 'N/A']);
  if (chance(rand, 0.04)) r.status = pick(rand, ['BOOKED', 'done', '']);
  return r;
}

const GENDERS = ['female', 'male', 'other', 'unknown'];
const INSURERS = ['Aetna', 'Cigna', 'UnitedHealthcare', 'Kaiser Permanente', 'Humana', 'Blue Cross'];
const PHYSICIANS = ['Dr. Adeyemi', 'Dr. Becker', 'Dr. Chen', 'Dr. Delgado', 'Dr. Eriksen', 'Dr. Fontaine'];

/** A patient record: medical record numbers, birth dates, contact data and insurance. */
export function patient(rand: Random, i: number, now: number): SourceRecord {
  const first = pick(rand, FIRST);
  const last = pick(rand, LAST);
  const r: SourceRecord = {
    patient_id: `PAT-${pad(30000 + i, 6)}`,
    mrn: `MRN${pad(intBetween(rand, 0, 9999999), 7)}`,
    name: `${first} ${last}`,
    date_of_birth: isoDate(rand, now - 45 * 365 * 86_400_000, 20 * 365),
    gender: pick(rand, GENDERS),
    email: `${slug(first)}.${slug(last)}@mail.example`,
    phone: phone(rand),
    insurance_provider: pick(rand, INSURERS),
    primary_physician: pick(rand, PHYSICIANS),
    last_visit: isoDate(rand, now - 30 * 86_400_000, 30),
  };
  if (chance(rand, 0.06)) r.date_of_birth = badDate(rand, r.date_of_birth!);
  if (chance(rand, 0.05)) r.gender = pick(rand, ['F', 'M', 'Female ', '']);
  if (chance(rand, 0.07)) r.email = badEmail(rand, r.email!);
  if (chance(rand, 0.06)) r.insurance_provider = null;
  if (chance(rand, 0.05)) r.mrn = pick(rand, ['MRN-12', '0000000', 'pending']);
  if (chance(rand, 0.05)) r.phone = pick(rand, ['555-0100', 'n/a', '']);
  return r;
}

const PARTS = ['Bearing', 'Gasket', 'Valve', 'Sensor', 'Bracket', 'Shaft', 'Coupling', 'Relay'];

/** A supplier's part: lead times, unit costs, quality ratings and contact data of a supply chain. */
export function supplierPart(rand: Random, i: number, now: number, vocab: IndustryVocabulary = DEFAULT_VOCABULARY): SourceRecord {
  const supplier = pick(rand, vocab.companies);
  const [country] = pick(rand, COUNTRIES);
  const r: SourceRecord = {
    part_id: `PRT-${pad(40000 + i, 6)}`,
    part_number: `${pick(rand, ['BR', 'GK', 'VL', 'SN', 'BK'])}-${pad(intBetween(rand, 0, 9999), 4)}-${pick(rand, ['A', 'B', 'C'])}`,
    description: `${pick(rand, PARTS)} ${intBetween(rand, 5, 80)} mm`,
    supplier,
    supplier_country: country,
    supplier_email: `orders@${slug(supplier)}.com`,
    unit_cost: (intBetween(rand, 20, 90_000) / 100).toFixed(2),
    lead_time_days: String(intBetween(rand, 2, 60)),
    quality_rating: (intBetween(rand, 30, 50) / 10).toFixed(1),
    last_delivery: isoDate(rand, now, 40),
  };
  if (chance(rand, 0.06)) r.part_number = pick(rand, ['BR4411', 'tbd', '']);
  if (chance(rand, 0.06)) r.lead_time_days = pick(rand, ['-3', '400', 'ASAP']);
  if (chance(rand, 0.06)) r.unit_cost = chance(rand, 0.5) ? null : '-12.50';
  if (chance(rand, 0.05)) r.supplier_country = pick(rand, COUNTRY_TYPOS);
  if (chance(rand, 0.05)) r.quality_rating = pick(rand, ['7.5', '-1', 'good']);
  if (chance(rand, 0.06)) r.supplier_email = badEmail(rand, r.supplier_email!);
  return r;
}
