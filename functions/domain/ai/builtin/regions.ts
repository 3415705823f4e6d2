import { displayNames, EXPORT_LANGUAGES, nameKey } from '../../profile/values';
import type { Candidate } from './candidates';
import type { ColumnIndex } from './profile-index';
import { quote, rows, type RuleInput } from './rule-input';

// Countries written as names or as two-letter codes. A column of codes ("NO", "SE") receives a
// name ("Norway"), a column of names receives a code, or a name in another language than the
// column's ("Norwegen" among English names). The typo rule sees only letters: "NO" is two edits
// from "Norway" and one from "NZ". The names come from the runtime's own Unicode data
// (Intl.DisplayNames), so no table is shipped, in the languages users' exports are most often
// written in.

const LOCALES = ['en', ...EXPORT_LANGUAGES] as const;
type Locale = (typeof LOCALES)[number];
/** Share of a column's filled values that must be codes, or names of one language, for it to write countries so. */
const FORM_SHARE = 0.8;
/** Distinct countries a column must hold before its form says anything (three rows of "NO" may be a word). */
const MIN_COUNTRIES = 3;

interface Names {
  /** Code per name (as compared), in any of the languages. */
  codeOf: Map<string, string>;
  /** Name per language per code. */
  nameOf: Map<Locale, Map<string, string>>;
  /** Code per name (as compared) per language: which language a column writes. */
  inLocale: Map<Locale, Map<string, string>>;
}

let names: Names | undefined;


function regionNames(): Names {
  if (names) return names;
  const codeOf = new Map<string, string>();
  const nameOf = new Map<Locale, Map<string, string>>();
  const inLocale = new Map<Locale, Map<string, string>>();
  const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  for (const locale of LOCALES) {
    const display = displayNames(locale, 'region');
    if (!display) continue;
    const byCode = new Map<string, string>();
    const byName = new Map<string, string>();
    for (const a of letters) {
      for (const b of letters) {
        const code = a + b;
        let name: string | undefined;
        try {
          name = display.of(code);
        } catch {
          name = undefined;
        }
        // Codes without a country of their own ("EU", "UN", private-use ranges) are left out.
        if (!name || name === code || /^(?:EU|EZ|UN|XA|XB|Q[M-Z]|X[C-Z]|ZZ|AA)$/.test(code)) continue;
        byCode.set(code, name);
        const key = nameKey(name);
        byName.set(key, code);
        if (!codeOf.has(key)) codeOf.set(key, code);
      }
    }
    nameOf.set(locale, byCode);
    inLocale.set(locale, byName);
  }
  names = { codeOf, nameOf, inLocale };
  return names;
}

type Form = { kind: 'code' } | { kind: 'name'; locale: Locale };
const forms = new WeakMap<object, Form | null>();

const CODE = /^[A-Z]{2}$/;

/** How a column writes countries, if it writes them one way: codes, or names in one language. */
export function regionForm(col: Pick<ColumnIndex, 'profile'>): Form | undefined {
  const known = forms.get(col);
  if (known !== undefined) return known ?? undefined;
  const { nameOf, inLocale } = regionNames();
  const english = nameOf.get('en');
  let total = 0;
  let codes = 0;
  const coded = new Set<string>();
  const perLocale = new Map<Locale, { cells: number; countries: Set<string> }>();
  for (const [value, n] of col.profile.values) {
    const text = value.trim();
    if (text === '') continue;
    total += n;
    if (CODE.test(text) && english?.has(text)) {
      codes += n;
      coded.add(text);
      continue;
    }
    const key = nameKey(text);
    for (const [locale, byName] of inLocale) {
      const code = byName.get(key);
      if (code === undefined) continue;
      const seen = perLocale.get(locale) ?? { cells: 0, countries: new Set<string>() };
      seen.cells += n;
      seen.countries.add(code);
      perLocale.set(locale, seen);
    }
  }
  let form: Form | null = null;
  if (codes >= total * FORM_SHARE && coded.size >= MIN_COUNTRIES) form = { kind: 'code' };
  else {
    // The language whose names cover the most of the column (English first where languages share a name: "Norway").
    const best = [...perLocale].sort((a, b) => b[1].cells - a[1].cells || LOCALES.indexOf(a[0]) - LOCALES.indexOf(b[0]))[0];
    if (best && best[1].cells >= total * FORM_SHARE && best[1].countries.size >= MIN_COUNTRIES) form = { kind: 'name', locale: best[0] };
  }
  forms.set(col, form);
  return form ?? undefined;
}

/**
 * The country a value names or codes, if it names or codes one. A code in small letters is read
 * only where `lowerCodes` (a column of codes: "se" is its "SE"); among names, "no" is a word.
 */
export function regionOf(value: string, lowerCodes = false): string | undefined {
  const text = value.trim();
  const { codeOf, nameOf } = regionNames();
  if ((lowerCodes ? /^[A-Za-z]{2}$/ : CODE).test(text)) {
    const code = text.toUpperCase();
    return nameOf.get('en')?.has(code) ? code : undefined;
  }
  return codeOf.get(nameKey(text));
}

/**
 * A country written otherwise than the column writes countries: its code in a column of codes, its
 * name in the column's language in a column of names, where the column holds the result (its own
 * spelling of the name where it writes one).
 */
export function regionCandidates(input: RuleInput): Candidate[] {
  const { col, current } = input;
  if (!col || current.trim() === '' || current.length > 60) return [];
  const form = regionForm(col);
  if (!form) return [];
  const code = regionOf(current, form.kind === 'code');
  if (code === undefined) return [];
  let value: string | undefined;
  if (form.kind === 'code') value = code;
  else {
    const name = regionNames().nameOf.get(form.locale)?.get(code);
    if (name === undefined) return [];
    const key = nameKey(name);
    // The column's own spelling of the name ("Cote d'Ivoire" where the runtime writes "Côte d’Ivoire").
    value = col.profile.values.find(([v]) => nameKey(v) === key)?.[0] ?? name;
  }
  const held = col.counts.get(value) ?? 0;
  if (held < 1 || value === current) return [];
  // The reading says which country the value names, not that it is the row's: an export that
  // writes another row's country in another form ("fr" where the depot's town says Germany) is
  // read by the row's relations, which this proposal must not outweigh (held-out demo tables).
  const how = form.kind === 'code' ? 'by their two-letter codes' : 'by their names';
  return [{
    value,
    p: held >= 2 ? 0.6 : 0.4,
    family: 'format',
    rule: 'format-region',
    support: held,
    reason: `The column writes countries ${how}: ${quote(current)} is ${quote(value)} (${rows(held)}).`,
  }];
}

/** Share of a column's values (its frequent shapes) that may hold a comma for it to write none. */
const COMMA_SHARE = 0.01;

/**
 * A place written with its country after a comma ("Bergen, Norway", "Varnholm, NO") in a column
 * of places that writes no commas: the place the column holds, without the country.
 */
export function trailingCountryCandidates(input: RuleInput): Candidate[] {
  const { col, current } = input;
  const m = /^(.+?),\s*([^,]+)$/.exec(current.trim());
  if (!col || !m || current.length > 120) return [];
  const place = m[1]!.trim();
  if (regionOf(m[2]!) === undefined || regionOf(place) !== undefined) return [];
  let commas = 0;
  for (const [shape, share] of col.shapeShare) if (shape.includes(',')) commas += share;
  const held = col.counts.get(place) ?? 0;
  if (commas > COMMA_SHARE || held < 1) return [];
  return [{ value: place, p: held >= 2 ? 0.8 : 0.6, family: 'format', rule: 'format-place', support: held, reason: `The column writes its places without their country: ${quote(current)} is ${quote(place)} (${rows(held)}).` }];
}
