import { displayNames, EXPORT_LANGUAGES, nameKey } from '../../profile/values';
import type { Candidate } from './candidates';
import type { ColumnIndex } from './profile-index';
import { quote, rows, type RuleInput } from './rule-input';

// Currencies written as ISO codes ("EUR"), English names ("Euro") or signs ("€"). A column that
// writes them one way receives another ("€" or "Euro" among "EUR", "NOK" among "Norwegian
// Krone", a name in another language: "Schwedische Krone"). Names and signs come from the runtime's own Unicode data (Intl), as countries' do
// (regions.ts): no table is shipped. A sign several currencies share ("$", "kr") is read only as
// the one of them the column holds.

/** Share of a column's filled rows that must write currencies one way for that to be its way. */
const FORM_SHARE = 0.8;
/** A currency read from a name or sign the column holds in its own form. */
const HELD_P = 0.7;
/** A currency read from its name that the column does not hold yet: the name says which, the column not that it is used. */
const NEW_P = 0.45;

type Form = 'code' | 'name' | 'sign';

interface Currencies {
  codes: ReadonlySet<string>;
  /** Codes per name or sign, as compared (case and accents aside), in any of the languages. */
  codesOf: ReadonlyMap<string, ReadonlySet<string>>;
  /** English name per code. */
  nameOf: ReadonlyMap<string, string>;
  /** Codes per sign as the English locale writes it ("€", "$", "kr"). */
  signs: ReadonlyMap<string, ReadonlySet<string>>;
}

let table: Currencies | undefined;
let foreign: ReadonlyMap<string, ReadonlySet<string>> | undefined;

function add(map: Map<string, Set<string>>, k: string, code: string): void {
  const set = map.get(k) ?? new Set<string>();
  set.add(code);
  map.set(k, set);
}

/** Each currency's names and signs in the locales, into `codesOf`; calls `each` with the English ones. */
function readNames(locales: readonly string[], codes: ReadonlySet<string>, codesOf: Map<string, Set<string>>, each?: (code: string, name: string | undefined, sign: string | undefined) => void): void {
  for (const locale of locales) {
    const names = displayNames(locale, 'currency');
    if (!names) continue;
    for (const code of codes) {
      const name = names.of(code);
      if (name && name !== code) add(codesOf, nameKey(name), code);
      let narrow: string | undefined;
      for (const display of ['narrowSymbol', 'symbol'] as const) {
        const sign = new Intl.NumberFormat(locale, { style: 'currency', currency: code, currencyDisplay: display }).formatToParts(1).find((p) => p.type === 'currency')?.value;
        if (!sign || sign === code) continue;
        add(codesOf, nameKey(sign), code);
        if (display === 'narrowSymbol') narrow = sign;
      }
      each?.(code, name && name !== code ? name : undefined, narrow);
    }
  }
}

/** The currencies' codes, and their English names and signs: all a column's form is read by. */
function currencies(): Currencies {
  if (table) return table;
  const supported = (Intl as unknown as { supportedValuesOf?: (kind: string) => string[] }).supportedValuesOf;
  const codes = new Set(supported ? supported('currency') : []);
  const codesOf = new Map<string, Set<string>>();
  const nameOf = new Map<string, string>();
  const signs = new Map<string, Set<string>>();
  readNames(['en'], codes, codesOf, (code, name, sign) => {
    if (name) nameOf.set(code, name);
    if (sign) add(signs, sign, code);
  });
  table = { codes, codesOf, nameOf, signs };
  return table;
}

/** Codes per name or sign in the other export languages ("Schwedische Krone", "$US"): read only once a currency column needs them. */
function foreignNames(): ReadonlyMap<string, ReadonlySet<string>> {
  if (!foreign) {
    const codesOf = new Map<string, Set<string>>();
    readNames(EXPORT_LANGUAGES, currencies().codes, codesOf);
    foreign = codesOf;
  }
  return foreign;
}

const forms = new WeakMap<ColumnIndex, { form: Form; held: Set<string> } | null>();

/** How a column writes currencies, if nearly all its rows write them one way, and the currencies it holds. */
function currencyForm(col: ColumnIndex): { form: Form; held: Set<string> } | undefined {
  let found = forms.get(col);
  if (found === undefined) {
    found = null;
    const { codes, nameOf, signs } = currencies();
    const names = new Map([...nameOf].map(([code, name]) => [nameKey(name), code]));
    const cells = { code: 0, name: 0, sign: 0 };
    const held = { code: new Set<string>(), name: new Set<string>(), sign: new Set<string>() };
    for (const [value, n] of col.profile.values) {
      const text = value.trim();
      if (/^[A-Z]{3}$/.test(text) && codes.has(text)) {
        cells.code += n;
        held.code.add(text);
      } else if (names.has(nameKey(text))) {
        cells.name += n;
        held.name.add(names.get(nameKey(text))!);
      } else if (signs.has(text)) {
        cells.sign += n;
        for (const code of signs.get(text)!) held.sign.add(code);
      }
    }
    const form = (['code', 'name', 'sign'] as const).find((f) => cells[f] >= FORM_SHARE * col.profile.filled && cells[f] > 0);
    if (form) found = { form, held: held[form] };
    forms.set(col, found);
  }
  return found ?? undefined;
}

/** The currency written in the form: its code, its English name, or its sign as English writes it. */
function written(code: string, form: Form): string | undefined {
  const { nameOf, signs } = currencies();
  if (form === 'code') return code;
  if (form === 'name') return nameOf.get(code);
  return [...signs].find(([, set]) => set.has(code))?.[0];
}

export function currencyCandidates(input: RuleInput): Candidate[] {
  const { col, current } = input;
  const text = current.trim();
  if (!col || text === '' || text.length > 40 || /\d/.test(text)) return [];
  const column = currencyForm(col);
  if (!column) return [];
  const { codesOf, codes } = currencies();
  const read = codesOf.get(nameKey(text)) ?? (/^[a-z]{3}$/i.test(text) && codes.has(text.toUpperCase()) ? new Set([text.toUpperCase()]) : undefined) ?? foreignNames().get(nameKey(text));
  if (!read) return [];
  // A sign or name several currencies share is read as the one the column holds.
  const held = [...read].filter((code) => column.held.has(code));
  const code = held.length === 1 ? held[0] : read.size === 1 && held.length === 0 ? [...read][0] : undefined;
  if (code === undefined) return [];
  // The column's own spelling of the currency, where it holds one.
  const form = written(code, column.form);
  if (form === undefined) return [];
  const value = col.profile.values.find(([v]) => nameKey(v) === nameKey(form))?.[0] ?? form;
  if (value === current) return [];
  const count = col.counts.get(value) ?? 0;
  const how = column.form === 'code' ? 'by their codes' : column.form === 'name' ? 'by their names' : 'by their signs';
  return [{
    value,
    p: count > 0 ? HELD_P : NEW_P,
    family: 'format',
    rule: 'format-currency',
    ...(count > 0 ? { support: count } : {}),
    reason: `The column writes currencies ${how}: ${quote(current)} is ${quote(value)}${count > 0 ? ` (${rows(count)})` : ''}.`,
  }];
}
