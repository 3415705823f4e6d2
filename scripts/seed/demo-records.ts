import { chance, intBetween, pick, type Random } from './random';

// Realistic source records for the four demo datasets, with defects injected the way real
// pipelines produce them (blanks, typos, bad formats, out-of-range numbers, duplicates).

export type SourceRecord = Record<string, string | null>;

const COMPANIES = ['Acme Corp', 'Globex', 'Initech', 'Umbrella Health', 'Stark Industries', 'Wayne Logistics', 'Wonka Foods', 'Hooli', 'Vandelay Imports', 'Soylent Labs', 'Cyberdyne Systems', 'Tyrell Analytics', 'Massive Dynamic', 'Aperture Science', 'Pied Piper', 'Nakatomi Trading', 'Oscorp', 'Gringotts Finance', 'Monarch Retail', 'Blue Sun'];
const FIRST = ['Emma', 'Liam', 'Olivia', 'Noah', 'Ava', 'Elijah', 'Sophia', 'Lucas', 'Isabella', 'Mateo', 'Mia', 'Hiro', 'Amara', 'Kwame', 'Ingrid', 'Ravi', 'Chloe', 'Diego', 'Fatima', 'Jonas'];
const LAST = ['Smith', 'Garcia', 'Kim', 'Okafor', 'Müller', 'Rossi', 'Nguyen', 'Silva', 'Cohen', 'Patel', 'Johansson', 'Dubois', 'Tanaka', 'Novak', 'Brown', 'Haddad', 'Kowalski', 'Larsen', 'Moreau', 'Singh'];
const STAGES = ['Prospecting', 'Qualification', 'Proposal', 'Negotiation', 'Closed Won', 'Closed Lost'];
const STAGE_TYPOS = ['Prospectng', 'Qualifcation', 'Propsal', 'negotiation ', 'Closed-Won', 'Won'];
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
const COUNTRY_TYPOS = ['USA', 'Germny', 'U.K.', 'fr', 'Brasil'];
const INDUSTRIES = ['Software', 'Retail', 'Healthcare', 'Financial Services', 'Manufacturing', 'Logistics'];
const CATEGORIES = ['Hardware', 'Software', 'Services', 'Accessories', 'Subscriptions'];
const CURRENCIES = ['USD', 'EUR', 'GBP'];

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

export function opportunity(rand: Random, i: number, now: number): SourceRecord {
  const company = pick(rand, COMPANIES);
  const first = pick(rand, FIRST);
  const last = pick(rand, LAST);
  const amount = intBetween(rand, 5, 400) * 500;
  const r: SourceRecord = {
    opportunity_id: `OPP-${pad(10000 + i, 6)}`,
    name: `${company} – ${pick(rand, PRODUCTS)}`,
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

export function lead(rand: Random, i: number, now: number): SourceRecord {
  const company = pick(rand, COMPANIES);
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
    lead_source: pick(rand, SOURCES),
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
