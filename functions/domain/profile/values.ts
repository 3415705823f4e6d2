// Reading single cell values: missing-value markers, numbers written with units or percent
// signs, and shape signatures. The profile builder and the builtin suggestion provider both
// read cells through these functions, so "what counts as missing" or "what a number looks
// like" is decided in one place.

/** Texts people and exports write for "no value" (compared trimmed and lower-cased). */
export const MISSING_MARKERS: ReadonlySet<string> = new Set([
  '',
  'n/a',
  'na',
  'n.a.',
  '#n/a',
  'null',
  'none',
  'nil',
  'nan',
  '-',
  '--',
  '?',
  'empty',
  'missing',
  'unknown',
  'undefined',
]);

const LONGEST_MARKER = 9;
const isSpace = (c: string | undefined) => c === ' ' || c === '\t' || c === '\n' || c === '\r';

export function isMissing(value: string | null | undefined): boolean {
  if (value === null || value === undefined) return true;
  // Fast path for the usual long value: called once per cell of every scanned file.
  if (value.length > LONGEST_MARKER && !isSpace(value[0]) && !isSpace(value[value.length - 1])) return false;
  return MISSING_MARKERS.has(value.trim().toLowerCase());
}

/** A plain decimal number as written in data files (no grouping, no unit). */
export const PLAIN_NUMBER = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

export type NumberForm = 'plain' | 'percent' | 'unit' | 'currency' | 'grouped';

export interface NumberLike {
  value: number;
  form: NumberForm;
  /** The number as written, without unit or sign decorations (e.g. "12.0"). */
  text: string;
  /** The text after the number for form 'unit' (e.g. "kg."), lower-cased. */
  unit?: string;
  /** For form 'unit', the words after the unit, as written ("glass jar" in "250 ml glass jar"). */
  remark?: string;
  /** For form 'currency', the sign or code comes after the number ("27.40 €", "27.40 EUR"). */
  signAfter?: true;
}

const PERCENT = /^([+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?)\s*%$/;
// A currency sign or the code of a common currency, before the number ("$27.40", "EUR 27.40") or after it ("27.40 €").
const MONEY = '[$€£¥]|USD|EUR|GBP|JPY|CHF|CAD|AUD|SEK|NOK|DKK|PLN|CZK';
const AMOUNT = '[+-]?\\d{1,3}(?:,\\d{3})*(?:\\.\\d+)?|[+-]?\\d+(?:\\.\\d+)?';
const CURRENCY = new RegExp(`^(${MONEY})\\s*(${AMOUNT})$`);
const CURRENCY_AFTER = new RegExp(`^(${AMOUNT})\\s*(${MONEY})$`);
/** The same currency written with a sign or its code. */
const CURRENCY_CODES: Readonly<Record<string, string>> = { $: 'USD', '€': 'EUR', '£': 'GBP', '¥': 'JPY' };
export const sameCurrency = (a: string, b: string) => (CURRENCY_CODES[a] ?? a) === (CURRENCY_CODES[b] ?? b);
/** A currency sign or a common currency code ("€", "EUR"). */
const CURRENCY_WORD = new RegExp(`^(?:${MONEY})$`);
export const isCurrency = (word: string) => CURRENCY_WORD.test(word);
const GROUPED = /^[+-]?\d{1,3}(?:,\d{3})+(?:\.\d+)?$/;
// A number followed by a unit of measure, possibly with a trailing remark ("3.5 kg.", "5 kg",
// "250 ml glass jar"). Only real units count: "14 lanterns" or "9 quay road" are text.
// A rate is a unit per unit ("12.5 m/s", "85 km/h", "5.4 mg/dL").
const WITH_UNIT = /^([+-]?(?:\d+\.?\d*|\.\d+))\s*([a-zA-Z\u00b5\u00b0]{1,8}(?:\/[a-zA-Z]{1,4})?\.?)(?:\s+(.{1,30}))?$/;
const UNITS = new Set(
  (
    'oz ounce ounces floz lb lbs pound pounds kg kgs kilo kilos kilogram kilograms g gr gram grams mg mcg \u00b5g ' +
    'l lt ltr liter liters litre litres ml cl dl gal gallon gallons qt pt pint pints cc ' +
    'mm cm m km in inch inches ft foot feet yd yard yards mi mile miles ' +
    'sec secs s ms min mins minute minutes h hr hrs hour hours day days wk wks week weeks mo yr yrs year years ' +
    'kb mb gb tb kbps mbps gbps hz khz mhz ghz w kw mw kwh v mv a ma mah \u00b0c \u00b0f c f ' +
    'mph kph kmh psi bar pa kpa cal kcal kj pcs pc units unit ct'
  ).split(' '),
);

/** A unit of the common list, or a rate of two ("m/s", "km/h"). */
export function isUnit(word: string): boolean {
  const parts = word.toLowerCase().replace(/\.$/, '').split('/');
  return parts.length <= 2 && parts.every((part) => UNITS.has(part));
}

/**
 * Reads a number however it is decorated; undefined when the text is not number-like. A word after
 * the number reads as its unit when `isKnownUnit` says so (by default: a unit of the common list).
 */
export function parseNumberLike(raw: string, isKnownUnit: (word: string) => boolean = isUnit): NumberLike | undefined {
  const v = raw.trim();
  if (v === '') return undefined;
  if (PLAIN_NUMBER.test(v)) return { value: Number(v), form: 'plain', text: v };
  const pct = PERCENT.exec(v);
  if (pct) return { value: Number(pct[1]), form: 'percent', text: pct[1]! };
  const cur = CURRENCY.exec(v);
  if (cur) {
    const text = cur[2]!.replace(/,/g, '');
    return { value: Number(text), form: 'currency', text, unit: cur[1] };
  }
  const curAfter = CURRENCY_AFTER.exec(v);
  if (curAfter) {
    const text = curAfter[1]!.replace(/,/g, '');
    return { value: Number(text), form: 'currency', text, unit: curAfter[2], signAfter: true };
  }
  if (GROUPED.test(v)) {
    const text = v.replace(/,/g, '');
    return { value: Number(text), form: 'grouped', text };
  }
  const unit = WITH_UNIT.exec(v);
  if (unit && isKnownUnit(unit[2]!)) return { value: Number(unit[1]), form: 'unit', text: unit[1]!, unit: unit[2]!.toLowerCase(), ...(unit[3] ? { remark: unit[3] } : {}) };
  return undefined;
}

const FULL_WIDTH = /[\uff10-\uff19\uff0e\uff0c\uff0d\uff0b]/g;
/** A decimal digit of another script than ASCII (Arabic-Indic, Devanagari, …). */
const OTHER_DIGIT = /(?![0-9])\p{Nd}/u;
const OTHER_DIGITS = /(?![0-9])\p{Nd}/gu;
const ND = /^\p{Nd}$/u;

/** The value of a decimal digit of any script: its place in its script's run of ten digits. */
function digitValue(code: number): number {
  let start = code;
  while (ND.test(String.fromCodePoint(start - 1))) start--;
  return (code - start) % 10;
}
// A minus sign, an en or figure dash, or a small hyphen-minus written for a minus.
const MINUS_LIKE = /^[\u2212\u2012\u2013\ufe63]/;

/**
 * A number as a spreadsheet or a typesetter may write it, in the plain ASCII form the number
 * reader takes: full-width digits ("１２．５") or digits of another script ("١٢٫٥"), a typographic minus or dash ("−5.5"), a sign
 * spaced from its digits ("- 5.5"), an accounting negative in parentheses ("(1,250.00)") or a
 * trailing minus ("1250.00-"). Any other text is returned as it is.
 */
export function asciiNumber(raw: string): string {
  let v = raw.trim().replace(FULL_WIDTH, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0));
  // Digits of other scripts ("١٢٫٥", "१२.५") and the Arabic decimal and thousands marks.
  if (OTHER_DIGIT.test(v)) v = v.replace(OTHER_DIGITS, (c) => String(digitValue(c.codePointAt(0)!))).replace(/\u066b/g, '.').replace(/\u066c/g, ',');
  v = v.replace(MINUS_LIKE, '-').replace(/^([+-])\s+(?=\d)/, '$1');
  const accounting = /^\((\d[\d,]*(?:\.\d+)?)\)$/.exec(v) ?? /^(\d[\d,]*(?:\.\d+)?)-$/.exec(v);
  if (accounting) v = `-${accounting[1]}`;
  return v === raw.trim() ? raw : v;
}

/**
 * The shortest faithful way to write a number: float noise from earlier arithmetic is rounded
 * away (0.30000000000000004 -> 0.3) and a trailing ".0" dropped (7.0 -> 7).
 */
export function canonicalNumber(n: number): string {
  if (!Number.isFinite(n)) return String(n);
  return String(Number(n.toPrecision(12)));
}

/**
 * A plain decimal number's text times 10^k, by moving its point (exact: no float rounding of a
 * long fraction); canonical form (no leading or trailing zeros).
 */
export function shiftDecimal(text: string, k: number): string {
  const m = /^([+-]?)(\d*)(?:\.(\d*))?$/.exec(text);
  // Scientific notation of a large number ("5.001234599566E+12", a long code as a spreadsheet
  // writes it) moves the point by its exponent, every digit kept (a float keeps 15 or so).
  const scientific = m ? null : /^([+-]?\d*(?:\.\d*)?)[eE]\+?(\d{1,3})$/.exec(text);
  if (scientific && /\d/.test(scientific[1]!)) return shiftDecimal(scientific[1]!, k + Number(scientific[2]));
  if (!m) return canonicalNumber(Number(text) * 10 ** k);
  const [, sign, whole = '', fraction = ''] = m;
  let digits = whole + fraction;
  let point = whole.length + k;
  if (point < 0) {
    digits = '0'.repeat(-point) + digits;
    point = 0;
  }
  if (point > digits.length) digits += '0'.repeat(point - digits.length);
  const int = digits.slice(0, point).replace(/^0+(?=\d)/, '') || '0';
  const frac = digits.slice(point).replace(/0+$/, '');
  const out = frac ? `${int}.${frac}` : int;
  return sign === '-' && /[1-9]/.test(out) ? `-${out}` : out;
}

/**
 * A number's text times 10^k, its digits as written, but without the float noise of an earlier
 * computation (0.052000000000000005 -> 0.052, 0.35999999999999999 -> 0.36): a run of six zeros or
 * nines deep in a 16-digit or longer mantissa is arithmetic residue, not a measured digit.
 */
export function exactNumber(text: string, k = 0): string {
  const shifted = shiftDecimal(text, k);
  const mantissa = shifted.replace(/^-?0*\.?0*/, '').replace('.', '');
  if (mantissa.length >= 16 && /(?:0{6,}|9{6,})\d{0,3}$/.test(mantissa)) return canonicalNumber(Number(shifted));
  return shifted;
}

/** A number written with a leading zero ("08.9", "-07"): how codes are written, not numbers. */
export const LEADING_ZERO = /^-?0\d/;

/** Decimal places as written ("0.50" -> 2, "12" -> 0). */
export function decimalsOf(text: string): number {
  const dot = text.indexOf('.');
  if (dot < 0 || /e/i.test(text)) return 0;
  return text.length - dot - 1;
}

/** A plain number's text padded with zeros to at least `decimals` decimals ("4" -> "4.0"). */
export function padDecimals(text: string, decimals: number): string {
  const missing = decimals - decimalsOf(text);
  return missing > 0 ? `${text}${text.includes('.') ? '' : '.'}${'0'.repeat(missing)}` : text;
}

/** A value without stray spaces: none before or after it, one between its words. */
export const tidied = (v: string) => v.trim().replace(/\s+/g, ' ');

/** A value as compared regardless of case and spacing. */
export const fold = (v: string) => tidied(v).toLowerCase();

/** The words of a column's header, in small letters: "signal_dbm" and "signalDbm" are signal, dbm. */
export const headerWords = (header: string): string[] =>
  header
    .replace(/(\p{Ll})(\p{Lu})/gu, '$1 $2')
    .toLowerCase()
    .split(/[^\p{L}]+/u)
    .filter(Boolean);

/** A text without its accents and other combining marks ("Côte" is "Cote", "März" is "Marz"). */
export const withoutAccents = (v: string) => v.normalize('NFD').replace(/\p{M}/gu, '');

/**
 * A name as compared with the runtime's names of countries, months and currencies: case, accents,
 * apostrophe forms, spacing and a closing point aside ("Côte d’Ivoire" = "cote d'ivoire", "Sept." = "sept").
 */
export const nameKey = (name: string) => fold(withoutAccents(name).replace(/[\u2019\u02bc`]/g, "'")).replace(/\.$/, '');

/** The runtime's names of a kind (regions, currencies) in a language, or undefined where it has none for the language. */
export function displayNames(locale: string, type: 'region' | 'currency'): Intl.DisplayNames | undefined {
  try {
    return new Intl.DisplayNames([locale], { type, fallback: 'none' });
  } catch {
    return undefined;
  }
}

/**
 * Languages other than English that users' exports are most often written in: the runtime's own
 * Unicode data names countries and months in them (regions.ts, dates.ts).
 */
export const EXPORT_LANGUAGES = ['de', 'fr', 'es', 'it', 'nl', 'pt', 'sv', 'da', 'nb', 'fi', 'pl'] as const;

const MAX_SHAPE = 48;

/**
 * A value's shape signature: digits stay one 'd' each (their count matters for phones, zips and
 * codes), letter runs collapse by case ('a+', 'A+', 'Aa+'), whitespace runs become one space and
 * any other character stands for itself. "555-014-7788" -> "ddd-ddd-dddd", "Port Elnor" -> "Aa+ Aa+".
 */
export function shapeOf(value: string): string {
  let out = '';
  let i = 0;
  while (i < value.length && out.length < MAX_SHAPE) {
    const c = value[i]!;
    if (c >= '0' && c <= '9') {
      out += 'd';
      i++;
    } else if (isLetter(c)) {
      let j = i;
      while (j < value.length && isLetter(value[j]!)) j++;
      out += letterRunShape(value.slice(i, j));
      i = j;
    } else if (/\s/.test(c)) {
      while (i < value.length && /\s/.test(value[i]!)) i++;
      out += ' ';
    } else {
      out += c;
      i++;
    }
  }
  return i < value.length ? `${out}…` : out;
}

export function isLetter(c: string): boolean {
  return c.toLowerCase() !== c.toUpperCase();
}

/** A letter run in a shape (shapeOf): "a", "A", "a+", "A+", "Aa+", "Aa*". */
const LETTER_RUN = /Aa[+*]|[Aa]\+|[Aa]/g;

/** The letter runs of a shape. */
export const shapeLetterRuns = (shape: string): string[] => shape.match(LETTER_RUN) ?? [];

/** A shape with its letter runs' case left out ("d:dd A.A." and "d:dd a.a." alike). */
export const caselessShape = (shape: string) => shape.replace(LETTER_RUN, 'w');

function letterRunShape(run: string): string {
  const lower = run.toLowerCase();
  const upper = run.toUpperCase();
  if (run.length === 1) return run === lower ? 'a' : 'A';
  if (run === lower) return 'a+';
  if (run === upper) return 'A+';
  if (run[0] === upper[0] && run.slice(1) === lower.slice(1)) return 'Aa+';
  return 'Aa*';
}

/**
 * Where a value's words break: at whitespace, and at the marks that join the parts of one value
 * written without spaces — an e-mail's name and domain, a code's prefix and number, a path's
 * folders ("ferry.pilot@varnholm.example", "PIER-0417"). Their parts recur across a column as
 * words do, so a slip in one part is repaired against the column's parts.
 */
const WORD_BREAKS = /([\s@._/-]+)/;
const SPACES = /(\s+)/;

/**
 * A value's words and the breaks between them, alternating: words at even positions (the first
 * and last may be empty). `atMarks` false breaks at whitespace only, as profiles of version 1 did.
 */
export function wordsAndBreaks(value: string, atMarks = true): string[] {
  return value.split(atMarks ? WORD_BREAKS : SPACES);
}

/** A value's words, for the column's word vocabulary. */
export function tokensOf(value: string): string[] {
  return wordsAndBreaks(value).filter((t, i) => i % 2 === 0 && t.length > 0);
}

export type CaseStyle = 'lower' | 'upper' | 'title' | 'mixed' | 'none';

export function caseStyleOf(value: string): CaseStyle {
  if (value.toLowerCase() === value.toUpperCase()) return 'none';
  if (value === value.toLowerCase()) return 'lower';
  if (value === value.toUpperCase()) return 'upper';
  if (value === toTitleCase(value)) return 'title';
  return 'mixed';
}

export function toTitleCase(value: string): string {
  return value.toLowerCase().replace(/(^|[\s\-/(])(\p{L})/gu, (_m, sep: string, ch: string) => sep + ch.toUpperCase());
}

export function applyCase(value: string, style: CaseStyle): string {
  switch (style) {
    case 'lower':
      return value.toLowerCase();
    case 'upper':
      return value.toUpperCase();
    case 'title':
      return toTitleCase(value);
    default:
      return value;
  }
}

export const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

/** The address of a value written as a mail program writes one ("Ada Kell <ada.kell@…>", "mailto:ada.kell@…"), or undefined. */
export function quotedAddress(value: string): string | undefined {
  const text = value.trim();
  return /^[^<>@]*<([^<>\s]+@[^<>\s]+)>$/.exec(text)?.[1] ?? /^mailto:(\S+@\S+)$/i.exec(text)?.[1];
}
export const URL_LIKE = /^(?:https?:\/\/|www\.)\S+$/i;
const BOOLEAN_WORDS = new Set(['true', 'false', 'yes', 'no', 'y', 'n', 't', 'f']);
// Yes and no as exports write them, in English (the profile's boolean words above, and 1/0) and in
// the languages users' spreadsheets are most often set to ("ja"/"nein", "oui"/"non", "sí"/"no",
// "sim"/"não", "ja"/"nej", "kyllä"/"ei", "tak"/"nie").
export const YES_WORDS: ReadonlySet<string> = new Set(['true', 'yes', 'y', 't', '1', 'ja', 'j', 'oui', 'si', 'sí', 'sì', 'sim', 'kyllä', 'tak', 'wahr', 'vrai', 'verdadero', 'vero']);
export const NO_WORDS: ReadonlySet<string> = new Set(['false', 'no', 'n', 'f', '0', 'nein', 'non', 'nee', 'não', 'nao', 'nej', 'nei', 'ei', 'nie', 'falsch', 'faux', 'falso']);
export function isBooleanWord(v: string): boolean {
  return BOOLEAN_WORDS.has(v.trim().toLowerCase());
}
/** A phone number written with separators or a country prefix (bare digit runs count as integers). */
export const PHONE_LIKE = /^\+?[\d\s().-]{7,22}$/;
export function digitsOf(v: string): string {
  return v.replace(/\D/g, '');
}
