import { doubleMetaphone } from 'double-metaphone';
import cologneModule from 'talisman/phonetics/german/cologne.js';
import fingerprintModule from 'talisman/keyers/fingerprint.js';

// The keys of the key-collision strategies (spec 2 §1; the methods of OpenRefine's "key
// collision" clustering): values with the same key are probably the same thing. The algorithms are
// the libraries' (talisman: fingerprint, n-gram fingerprint, Kölner Phonetik; double-metaphone);
// this module only decides how a whole cell value becomes a key. An empty key never clusters.

// CommonJS modules: a bundler may hand over the function or an object holding it as default.
const fn = <T>(m: unknown): T => (typeof m === 'function' ? m : (m as { default: T }).default) as T;
const fingerprintOf = fn<((value: string) => string) & { ngramsFingerprint: (n: number, value: string) => string }>(fingerprintModule);
const ngramsOf = fingerprintOf.ngramsFingerprint;
const cologneOf = fn<(word: string) => string>(cologneModule);

/** Longer values are cut before keying: a key of a 10,000-character cell says nothing more. */
const MAX_KEYED = 500;
const cut = (value: string) => (value.length > MAX_KEYED ? value.slice(0, MAX_KEYED) : value);

/** Trimmed, lower-cased, punctuation and accents removed, words unique and sorted. */
export function fingerprintKey(value: string): string {
  return fingerprintOf(cut(value));
}

/** The sorted unique character 2-grams of the value without spaces and punctuation. */
export function ngramFingerprintKey(value: string, n = 2): string {
  return ngramsOf(n, cut(value));
}

/** The words of a value as the phonetic keys read them: letters only, accents folded. */
function words(value: string): string[] {
  return fingerprintKey(value)
    .split(' ')
    .map((w) => w.replace(/[^a-z]/g, ''))
    .filter((w) => w.length > 0);
}

/** Codes of words already coded: a column repeats its words far more often than its values. */
export type WordCodes = Map<string, string>;

const coded = (memo: WordCodes, word: string, code: (w: string) => string): string => {
  let out = memo.get(word);
  if (out === undefined) memo.set(word, (out = code(word)));
  return out;
};

const primaryMetaphone = (w: string) => doubleMetaphone(w)[0];

/** Double Metaphone primary code of each word, in the value's word order. */
export function doubleMetaphoneKey(value: string, memo: WordCodes = new Map()): string {
  return words(value)
    .map((w) => coded(memo, w, primaryMetaphone))
    .filter((code) => code.length > 0)
    .join(' ');
}

/** Kölner Phonetik code of each word (digits only; German-like data). */
export function cologneKey(value: string, memo: WordCodes = new Map()): string {
  return cut(value)
    .toLowerCase()
    .split(/[^\p{L}]+/u)
    .filter((w) => w.length > 0)
    .map((w) => coded(memo, w, cologneOf))
    .filter((code) => code.length > 0)
    .join(' ');
}

/**
 * The value's shape: a run of upper-case letters is A, of lower-case letters a, each digit 9,
 * whitespace one space, anything else itself ("AB-1234" → "A-9999", "Zürich 8001" → "Aa 9999").
 */
export function shapeKey(value: string): string {
  let out = '';
  let last = '';
  for (const c of cut(value.trim())) {
    let cls: string;
    if (c >= '0' && c <= '9') cls = '9';
    else if (c.toLowerCase() !== c.toUpperCase()) cls = c === c.toUpperCase() ? 'A' : 'a';
    else if (/\s/.test(c)) cls = ' ';
    else cls = c;
    // Letter runs collapse (a name's length says nothing about its format); digits count.
    if ((cls === 'A' || cls === 'a' || cls === ' ') && cls === last) continue;
    out += cls;
    last = cls;
  }
  return out;
}
