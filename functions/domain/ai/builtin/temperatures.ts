import { fixedDecimals, inUsualRange } from '../../profile/profile';
import { writeInUnit } from '../../profile/unit-form';
import type { Candidate } from './candidates';
import { ownUnit } from './measures';
import { quote, type RuleInput } from './rule-input';

// Temperatures in the other scale: "54.1 °F" in a column of degrees Celsius (its values carry
// "°C", or its header names the scale: "Water temp (°C)", "temp_c") is 12.3 °C. Not a unit of
// a size (quantity.ts converts those by a factor): the scales differ by an offset as well.

type Scale = 'C' | 'F';

/** A number with a scale: "54.1 °F", "54.1F", "54.1 deg F", "54.1 Fahrenheit". */
const READING = /^(-?\d+(?:[.,]\d+)?)\s*(?:°|º|deg\.?|degrees?)?\s*(c|f|celsius|fahrenheit)\.?$/i;
/** A temperature converted into the column's scale, to its decimals: the reading is sure, the rounding may differ from the source's. */
const CONVERTED_P = 0.8;

const scaleOf = (word: string): Scale | undefined => (/^(?:°\s*c|celsius)$/i.test(word) ? 'C' : /^(?:°\s*f|fahrenheit)$/i.test(word) ? 'F' : undefined);

/** The scale a header names: "°C" or "Celsius" anywhere, or a last word "c" or "f" after a word for temperature ("temp_c"). */
function headerScale(header: string): Scale | undefined {
  const words = header.toLowerCase().split(/[^a-z°]+/).filter(Boolean);
  for (const word of words) {
    const scale = scaleOf(word);
    if (scale) return scale;
  }
  const last = words[words.length - 1];
  if (words.some((w) => /^temp/.test(w)) && (last === 'c' || last === 'f')) return last === 'c' ? 'C' : 'F';
  return undefined;
}

export function temperatureCandidates(input: RuleInput): Candidate[] {
  const { col, current, column } = input;
  const stats = col?.profile.numeric;
  if (!col || !stats || current.length > 40) return [];
  const m = READING.exec(current.trim());
  if (!m) return [];
  const own = ownUnit(col);
  const scale = (own ? scaleOf(own.spelling) : undefined) ?? headerScale(column);
  const written: Scale = m[2]!.toLowerCase().startsWith('c') ? 'C' : 'F';
  if (!scale || written === scale) return [];
  const x = Number(m[1]!.replace(',', '.'));
  const converted = scale === 'C' ? ((x - 32) * 5) / 9 : (x * 9) / 5 + 32;
  const decimals = fixedDecimals(own ?? stats) ?? Math.max(1, (m[1]!.split(/[.,]/)[1] ?? '').length);
  const number = (Object.is(Number(converted.toFixed(decimals)), -0) ? 0 : converted).toFixed(decimals);
  if (!inUsualRange(stats, Number(number))) return [];
  const value = own ? writeInUnit(own, number) : number;
  if (value === current) return [];
  return [{ value, p: CONVERTED_P, family: 'format', rule: 'format-temperature', reason: `The column holds degrees ${scale === 'C' ? 'Celsius' : 'Fahrenheit'}: ${quote(current)} is ${quote(value)}.` }];
}
