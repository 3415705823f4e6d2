import { buildProfile } from '../../profile/build-profile';
import type { Learned, SourceRecord, SuggestionRequest } from '../provider';
import { builtinProvider, suggestBuiltin } from './builtin-provider';

const PLACES: Array<[string, string, string, string]> = [
  ['35233', 'birmingham', 'AL', '(205) 325-8100'],
  ['36301', 'dothan', 'AL', '(334) 793-8701'],
  ['35801', 'huntsville', 'AL', '(256) 265-1000'],
  ['30301', 'atlanta', 'GA', '(404) 616-1000'],
  ['32801', 'orlando', 'FL', '(407) 303-5600'],
];

/** A clean-ish table: zip -> city, state; phones in one layout; percentages without sign. */
function table(n = 100): SourceRecord[] {
  return Array.from({ length: n }, (_, i) => {
    const [zip, city, state, phone] = PLACES[i % PLACES.length]!;
    return {
      id: `r${i}`,
      name: `person ${['ann', 'bob', 'cy', 'di', 'ed', 'flo', 'gus'][i % 7]} ${i}`,
      zip,
      city,
      state,
      phone,
      rate: (0.04 + (i % 9) * 0.005).toFixed(3),
      ibu: i % 4 === 0 ? '' : String(20 + (i % 30)),
      signup: `2024-0${1 + (i % 9)}-1${i % 10}`,
    };
  });
}

function ask(rows: SourceRecord[], rowIndex: number, column: string, value: string, learned?: Learned) {
  const profile = buildProfile(rows);
  const row = { ...rows[rowIndex]!, [column]: value };
  const request: SuggestionRequest = { issue: { issue_column: column, current_value: value, row }, profile, ...(learned ? { learned } : {}) };
  return suggestBuiltin(request);
}

describe('builtin provider', () => {
  it('repairs a typo toward the value the zip implies, confidently', () => {
    const result = ask(table(), 0, 'city', 'birmxngham');
    expect(result).toMatchObject({ kind: 'suggestion', suggestedValue: 'birmingham' });
    if (result.kind !== 'suggestion') return;
    expect(result.confidence).toBeGreaterThanOrEqual(90);
    expect(result.reasoning).toMatch(/Rows with the same (zip|phone|state)/);
  });

  it('fills an empty cell from a dependency', () => {
    const result = ask(table(), 3, 'state', '');
    expect(result).toMatchObject({ kind: 'suggestion', suggestedValue: 'GA' });
  });

  it('abstains on a value that looks like no frequent value (a new name is not a typo)', () => {
    expect(ask(table(), 4, 'name', 'zebedee quartermaine')).toMatchObject({ kind: 'abstain' });
  });

  it('abstains without a profile or fixes', async () => {
    const result = await builtinProvider.suggest({ issue: { issue_column: 'city', current_value: 'birmxngham' } });
    expect(result.kind).toBe('abstain');
  });

  it.each([
    ['phone', '205.325.8100', '(205) 325-8100'],
    ['phone', '+1 205 325 8100', '(205) 325-8100'],
    ['rate', '0.045%', '0.045'],
    ['rate', '4.5e-2', '0.045'],
    ['signup', '03/14/2024', '2024-03-14'],
    ['city', ' Birmingham ', 'birmingham'],
  ])('normalises %s %j to the column format %j', (column, value, expected) => {
    expect(ask(table(), 0, column, value)).toMatchObject({ kind: 'suggestion', suggestedValue: expected });
  });

  it('rewrites a missing-value marker the way the dataset writes missing values', () => {
    const rows = table().map((r, i) => ({ ...r, state: i % 10 === 0 ? '' : (r.state ?? '') }));
    const result = ask(rows, 1, 'ibu', 'N/A');
    expect(result).toMatchObject({ kind: 'suggestion', suggestedValue: '' });
  });

  it('splits a value that spilled from the neighbouring column', () => {
    const rows = table();
    const profile = buildProfile(rows);
    const row = { ...rows[2]!, city: 'huntsville AL', state: '' };
    const result = suggestBuiltin({ issue: { issue_column: 'city', current_value: 'huntsville AL', row }, profile });
    expect(result).toMatchObject({ kind: 'suggestion', suggestedValue: 'huntsville' });
  });

  it('proposes a unit slip for a number far outside the column range, without high confidence', () => {
    const rows = Array.from({ length: 80 }, (_, i) => ({ id: `r${i}`, weight: String(60 + (i % 25)) }));
    const result = ask(rows, 3, 'weight', '7200');
    expect(result).toMatchObject({ kind: 'suggestion', suggestedValue: '72' });
    if (result.kind === 'suggestion') expect(result.confidence).toBeLessThan(90);
  });

  it('repairs a mistyped word inside a longer value', () => {
    const rows = Array.from({ length: 80 }, (_, i) => ({ id: `r${i}`, sample: `${i * 7} patients` }));
    expect(ask(rows, 3, 'sample', '21 patiemts')).toMatchObject({ kind: 'suggestion', suggestedValue: '21 patients' });
  });

  it('repairs the punctuation of an e-mail address', () => {
    const rows = Array.from({ length: 50 }, (_, i) => ({ id: `r${i}`, email: `user${i}@example.com` }));
    expect(ask(rows, 3, 'email', 'user3@example,com')).toMatchObject({ kind: 'suggestion', suggestedValue: 'user3@example.com' });
  });

  it('is deterministic', () => {
    const rows = table();
    expect(ask(rows, 0, 'city', 'birmxngham')).toEqual(ask(rows, 0, 'city', 'birmxngham'));
  });
});

describe('learning from fixes', () => {
  /** A column whose values carry a unit no rule would strip with confidence on its own. */
  function measured(n = 60): SourceRecord[] {
    return Array.from({ length: n }, (_, i) => ({ id: `r${i}`, size: `${[12, 16, 24][i % 3]}.0 oz`, kind: ['can', 'bottle'][i % 2]! }));
  }
  const fix = (oldValue: string, newValue: string, fixedBy: string) => ({ column: 'size', oldValue, newValue, fixedBy });

  it('offers a learned transformation with reasoning that names the fixes and who made them', () => {
    // Prepare
    const learned: Learned = { fixes: [fix('12.0 oz', '12', 'ana@example.com'), fix('16.0 oz', '16', 'bo@example.com'), fix('12.0 oz', '12', 'ana@example.com')] };
    // Act
    const result = ask(measured(), 2, 'size', '24.0 oz', learned);
    // Assess
    expect(result).toMatchObject({ kind: 'suggestion', suggestedValue: '24' });
    if (result.kind !== 'suggestion') return;
    expect(result.reasoning).toMatch(/Learned from 3 fixes by ana@example.com and bo@example.com/);
    expect(result.confidence).toBeGreaterThanOrEqual(80);
  });

  it('gains confidence from fixes compared with zero-shot', () => {
    const zeroShot = ask(measured(), 2, 'size', '24.0 oz');
    const learned = ask(measured(), 2, 'size', '24.0 oz', { fixes: [fix('12.0 oz', '12', 'a@x.io'), fix('16.0 oz', '16', 'a@x.io')] });
    const confidence = (r: typeof zeroShot) => (r.kind === 'suggestion' ? r.confidence : 0);
    expect(confidence(learned)).toBeGreaterThan(confidence(zeroShot));
  });

  it('learns an exact value mapping', () => {
    const rows = measured().map((r, i) => ({ ...r, kind: i === 5 ? 'tin' : (r.kind ?? '') }));
    const result = ask(rows, 5, 'kind', 'tin', { fixes: [{ column: 'kind', oldValue: 'tin', newValue: 'can', fixedBy: 'cy@x.io' }] });
    expect(result).toMatchObject({ kind: 'suggestion', suggestedValue: 'can' });
  });

  it('lowers the confidence of a rule that people dismissed', () => {
    const learned: Learned = { fixes: [fix('12.0 oz', '12', 'a@x.io'), fix('16.0 oz', '16', 'a@x.io')] };
    const before = ask(measured(), 2, 'size', '24.0 oz', learned);
    expect(before.kind).toBe('suggestion');
    if (before.kind !== 'suggestion') return;
    const after = ask(measured(), 2, 'size', '24.0 oz', { ...learned, penalties: { [before.rule]: 0.5 } });
    const confidence = after.kind === 'suggestion' ? after.confidence : 0;
    expect(confidence).toBeLessThan(before.confidence);
  });
});
