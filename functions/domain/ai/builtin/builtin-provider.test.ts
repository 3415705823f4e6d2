import { buildProfile } from '../../profile/build-profile';
import { columnOf } from '../../profile/profile';
import type { Learned, SourceRecord, SuggestionRequest } from '../provider';
import { builtinProvider, candidatesFor, datasetWeights, evidenceOf, suggestBuiltin } from './builtin-provider';
import { evidenceFor, FEATURE_NAMES } from './features';
import { fitLogistic, sigmoid, dot } from './logistic';
import { PRIOR_WEIGHTS } from './prior-weights';
import { TRANSFORMS } from './transforms';
import { indexProfile } from './profile-index';
import { swapCandidates } from './swap';

// Every table here is invented: an imaginary port authority's docks, towns and shipments.

const DOCKS: Array<[string, string, string, string]> = [
  ['D-411', 'varnholm', 'NV', '(555) 014-2200'],
  ['D-522', 'ostreby', 'NV', '(555) 027-3100'],
  ['D-633', 'kellmark', 'NV', '(555) 038-4400'],
  ['D-744', 'dunsgate', 'SQ', '(555) 049-5500'],
  ['D-855', 'pellarow', 'TR', '(555) 050-6600'],
];

/** A clean-ish table: dock -> town, region; phones in one layout; fractions without sign. */
function table(n = 100): SourceRecord[] {
  return Array.from({ length: n }, (_, i) => {
    const [dock, town, region, phone] = DOCKS[i % DOCKS.length]!;
    return {
      id: `r${i}`,
      skipper: `skipper ${['ilse', 'tomas', 'wen', 'arno', 'pia', 'oskar', 'lune'][i % 7]} ${i}`,
      dock,
      town,
      region,
      phone,
      tariff: (0.14 + (i % 9) * 0.005).toFixed(3),
      crates: i % 4 === 0 ? '' : String(20 + (i % 30)),
      logged: `2024-0${1 + (i % 9)}-1${i % 10}`,
    };
  });
}

/** Minutes after midnight (round the clock) on a 12-hour clock: "7:10 a.m.". */
function clock(minutes: number): string {
  const m = ((minutes % 1440) + 1440) % 1440;
  return `${Math.floor(m / 60) % 12 || 12}:${String(m % 60).padStart(2, '0')} ${m < 720 ? 'a' : 'p'}.m.`;
}

/** Minutes after midnight on a 24-hour clock that pads its hours: "07:10". */
function padClock(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** Asks about one cell of the table as it is, failed value included (the profile is built from the dirty data, as a scan does). */
function ask(rows: SourceRecord[], rowIndex: number, column: string, value: string, learned?: Learned, patch: SourceRecord = {}) {
  const row = { ...rows[rowIndex]!, [column]: value, ...patch };
  const profile = buildProfile(rows.map((r, i) => (i === rowIndex ? row : r)));
  const request: SuggestionRequest = { issue: { issue_column: column, current_value: value, row }, profile, ...(learned ? { learned } : {}) };
  return suggestBuiltin(request);
}

/** Every value the rules propose for a cell holding `value` (before weighing), the table profiled as it is. */
function proposed(rows: SourceRecord[], rowIndex: number, column: string, value: string) {
  return candidatesFor({ issue: { issue_column: column, current_value: value, row: { ...rows[rowIndex]!, [column]: value } }, profile: buildProfile(rows) });
}

/** Each [column, value, wanted] written into row 4 gets the wanted value as the suggestion. */
function expectSuggested(rows: SourceRecord[], cases: ReadonlyArray<readonly [string, string, string]>) {
  for (const [column, value, want] of cases) expect(ask(rows, 4, column, value)).toMatchObject({ kind: 'suggestion', suggestedValue: want });
}

const confidence = (r: ReturnType<typeof ask>) => (r.kind === 'suggestion' ? r.confidence : 0);

describe('builtin provider', () => {
  it('repairs a typo toward the value the dock implies, confidently', () => {
    const result = ask(table(), 0, 'town', 'varnhxlm');
    expect(result).toMatchObject({ kind: 'suggestion', suggestedValue: 'varnholm' });
    if (result.kind !== 'suggestion') return;
    expect(result.confidence).toBeGreaterThanOrEqual(90);
    expect(result.reasoning).toMatch(/Rows with the same (dock|phone|region)/);
  });

  it('fills an empty cell from a dependency', () => {
    const result = ask(table(), 3, 'region', '');
    expect(result).toMatchObject({ kind: 'suggestion', suggestedValue: 'SQ' });
  });

  it('abstains on a value that looks like no frequent value (a new name is not a typo)', () => {
    expect(ask(table(), 4, 'skipper', 'zebedee quartermaine')).toMatchObject({ kind: 'abstain' });
  });

  it('reads a country code only where a separator or an international prefix sets it apart', async () => {
    const { withoutCountryCode } = await import('./format');
    expect(withoutCountryCode('+1 (555) 014-2200', 10)).toBe('5550142200');
    expect(withoutCountryCode('0044 20 7946 0958', 10)).toBe('2079460958');
    expect(withoutCountryCode('+15550142200', 10)).toBe('5550142200');
    // A digit too many inside the number is a slip, not a country code.
    expect(withoutCountryCode('555-014-22001', 10)).toBeUndefined();
    expect(withoutCountryCode('+1 555 014 22000', 10)).toBeUndefined();
    expect(withoutCountryCode('55501422001', 10)).toBeUndefined();
  });

  it('keeps the country code of a column that writes one: a digit too many is a slip in the number', () => {
    const rows = Array.from({ length: 200 }, (_, i) => ({ office: `office ${i}`, phone: `+1 555-${100 + ((i * 9) % 900)}-${3000 + ((i * 37) % 7000)}` }));
    const result = ask(rows, 5, 'phone', '+1 555-1455-3185');
    expect(result).toMatchObject({ kind: 'suggestion', suggestedValue: '+1 555-145-3185' });
    // Its digits poured into the layout without the code would read "+5 551-455-3185".
    expect(candidatesFor({ issue: { issue_column: 'phone', current_value: '+1 555-1455-3185', row: rows[5]! }, profile: buildProfile(rows) }).map((c) => c.value)).not.toContain('+5 551-455-3185');
  });

  it('writes a number with the country code its column writes: "00" for "+", or a national number', () => {
    // Invented harbour offices, all with the same invented country code.
    const rows = Array.from({ length: 200 }, (_, i) => ({ office: `office ${i}`, phone: `+44 20 ${7000 + ((i * 37) % 2999)} ${1000 + ((i * 53) % 8999)}` }));
    expect(buildProfile(rows).columns.find((c) => c.name === 'phone')?.countryCode).toBe('44');
    expect(ask(rows, 5, 'phone', '0044 20 7123 4567')).toMatchObject({ kind: 'suggestion', suggestedValue: '+44 20 7123 4567' });
    // The trunk "0" of a national number is dropped; the code added is less sure than a rewrite.
    const national = proposed(rows, 5, 'phone', '020 7123 4567').find((c) => c.rule.endsWith('format-digits'));
    expect(national).toMatchObject({ value: '+44 20 7123 4567' });
    expect(national!.p).toBeLessThan(0.8);
    // The trunk "0" kept in brackets after the code is dropped; any other extra digit is a slip.
    expect(ask(rows, 5, 'phone', '+44 (0)20 7123 4567')).toMatchObject({ kind: 'suggestion', suggestedValue: '+44 20 7123 4567' });
    expect(proposed(rows, 5, 'phone', '+44 (1)20 7123 4567').map((c) => c.value)).not.toContain('+44 20 7123 4567');
    // Numbers of mixed countries: no code is the column's.
    const mixed = rows.map((r, i) => ({ ...r, phone: i % 2 ? r.phone : r.phone.replace('+44', '+49') }));
    expect(buildProfile(mixed).columns.find((c) => c.name === 'phone')?.countryCode).toBeUndefined();
  });

  it('puts back the "@" or the domain\'s ending an e-mail address lost, from the addresses of the column', () => {
    // Invented crews of invented ferry companies: first.last@company.example.
    const first = ['ada', 'bror', 'cilla', 'dag', 'edda', 'finn', 'greta'];
    const last = ['holm', 'strand', 'vik', 'berg', 'lund'];
    const companies = ['varnholm', 'ostreby', 'kellmark', 'dunsgate'];
    const rows = Array.from({ length: 140 }, (_, i) => ({ crew: `c${i}`, email: `${first[i % 7]}.${last[i % 5]}@${companies[i % 4]}.example` }));
    expect(ask(rows, 3, 'email', 'dag.berg@dunsgate')).toMatchObject({ kind: 'suggestion', suggestedValue: 'dag.berg@dunsgate.example' });
    expect(ask(rows, 4, 'email', 'edda.holmvarnholm.example')).toMatchObject({ kind: 'suggestion', suggestedValue: 'edda.holm@varnholm.example' });
    // No domain the column uses: no place for the "@" is better than another.
    const emailRepairs = (value: string) => candidatesFor({ issue: { issue_column: 'email', current_value: value, row: rows[5]! }, profile: buildProfile(rows) }).filter((c) => c.rule.endsWith('format-email'));
    expect(emailRepairs('finn.vikpellarow.example')).toEqual([]);
    // A profile of version 1 holds no words of addresses.
    expect(candidatesFor({ issue: { issue_column: 'email', current_value: 'dag.berg@dunsgate', row: rows[3]! }, profile: { ...buildProfile(rows), version: 1 } }).filter((c) => c.rule.endsWith('format-email'))).toEqual([]);
  });

  it('writes a quantity in another unit as a number of the unit the header names', () => {
    // Invented crossings: minutes and crate masses in plain numbers, their units in the headers.
    const rows = Array.from({ length: 120 }, (_, i) => ({ ferry: `ferry ${i}`, 'Crossing time min': String(40 + ((i * 7) % 110)), 'Crate mass (g)': String(2500 + ((i * 130) % 3000)), crossing: String(40 + ((i * 7) % 110)) }));
    expect(ask(rows, 4, 'Crossing time min', '2 hr 5 min')).toMatchObject({ kind: 'suggestion', suggestedValue: '125' });
    expect(ask(rows, 4, 'Crate mass (g)', '3.2 kg')).toMatchObject({ kind: 'suggestion', suggestedValue: '3200' });
    const conversions = (column: string, value: string) => candidatesFor({ issue: { issue_column: column, current_value: value, row: rows[4]! }, profile: buildProfile(rows) }).filter((c) => c.rule.endsWith('format-number-converted'));
    expect(conversions('Crossing time min', '1 hr')).toMatchObject([{ value: '60' }]);
    // No unit named, a value outside the column's range, or a conversion that is not exact: none.
    expect(conversions('crossing', '2 hr 5 min')).toEqual([]);
    expect(conversions('Crossing time min', '9 hr')).toEqual([]);
    expect(conversions('Crossing time min', '2 hr 5 min 30 sec')).toEqual([]);
    // The column's own unit is the number rule's.
    expect(conversions('Crossing time min', '125 min')).toEqual([]);
    // A duration written as on a stopwatch: hours and minutes in a column of minutes.
    expect(conversions('Crossing time min', '2:05')).toMatchObject([{ value: '125' }]);
    expect(conversions('crossing', '2:05')).toEqual([]);
    // Milliseconds: a latency in seconds is converted, never written without its unit ("0.45").
    const calls = Array.from({ length: 120 }, (_, i) => ({ call: `c${i}`, latency_ms: String(20 + ((i * 37) % 900)) }));
    expect(ask(calls, 4, 'latency_ms', '0.45 s')).toMatchObject({ kind: 'suggestion', suggestedValue: '450' });
    expect(proposed(calls, 4, 'latency_ms', '0.45 s').map((c) => c.value)).not.toContain('0.45');
    // Pounds among kilograms convert only where exact, and are no misspelt kilogram.
    const crates = Array.from({ length: 120 }, (_, i) => ({ crate: `c${i}`, weight: `${(0.5 + (i % 30) * 0.25).toFixed(2)} kg` }));
    expect(proposed(crates, 4, 'weight', '5 lb').map((c) => c.value)).not.toContain('5 kg');
    expect(proposed(crates, 4, 'weight', '2 lb').map((c) => c.value)).not.toContain('2 kg');
  });

  it('writes a number in full where it carries a multiplier, and reads typographic and accounting minus signs', () => {
    // Invented harbour accounts: yearly dues in whole numbers (millions), berth fees that go negative, depths.
    const rows = Array.from({ length: 150 }, (_, i) => ({
      pier: ['Varnholm', 'Ostreby', 'Kellmark'][i % 3]!,
      dues: String((10 + ((i * 37) % 90)) * 100_000),
      fee: (((i * 53) % 400) - 100 + (i % 4) / 4).toFixed(2),
      depth: String(1 + (i % 10)),
      credit: i % 5 === 0 ? `(${(10 + i).toFixed(2)})` : (10 + i).toFixed(2),
      moved: String((i % 2 ? 1 : -1) * (1 + ((i * 29) % 50))),
    }));
    const candidates = (column: string, value: string) => proposed(rows, 4, column, value).map((c) => c.value);
    expectSuggested(rows, [
      ['dues', '1.2M', '1200000'],
      ['dues', '3.5 million', '3500000'],
      ['fee', '\u221212.25', '-12.25'],
      ['fee', '- 12.25', '-12.25'],
      ['fee', '(12.25)', '-12.25'],
      ['fee', '12.25-', '-12.25'],
      ['fee', '\uff11\uff12.\uff12\uff15', '12.25'],
      // A column that writes its negatives in parentheses keeps them.
      ['credit', '-45.00', '(45.00)'],
      // Whole signed quantities: the parentheses are no stray marks, the minus no slip.
      ['moved', '(12)', '-12'],
      ['moved', '12-', '-12'],
    ]);
    // Among millions, "1.2M" is no 1.2 with a unit of metres; among 1 to 10, "5 m" is 5 with one.
    expect(candidates('dues', '1.2M')).not.toContain('1.2');
    expect(candidates('depth', '5 m')).not.toContain('5000000');
    expect(candidates('credit', '(45.00)')).not.toContain('-45.00');
  });

  it('writes a timestamp\'s time of day the way the column writes it, where nothing is lost', () => {
    // Invented departures stamped in UTC.
    const rows = Array.from({ length: 150 }, (_, i) => ({ ferry: `ferry ${i}`, departed: `2031-0${1 + (i % 9)}-1${i % 10}T${String(6 + (i % 14)).padStart(2, '0')}:${String((i * 7) % 60).padStart(2, '0')}:00Z` }));
    for (const value of ['2031-05-14T12:30:00+00:00', '2031-05-14T12:30Z', '2031-05-14T12:30:00.000Z']) {
      expect(ask(rows, 4, 'departed', value)).toMatchObject({ kind: 'suggestion', suggestedValue: '2031-05-14T12:30:00Z' });
    }
    // A zone added is less sure than one rewritten; the seconds are kept; another offset is no UTC time.
    const dated = (value: string) => proposed(rows, 4, 'departed', value).find((c) => c.rule.endsWith('format-date'));
    expect(dated('2031-05-14 12:30:00')!.p).toBeLessThan(dated('2031-05-14T12:30:00+00:00')!.p);
    expect(dated('2031-05-14T12:30:15')?.value).toBe('2031-05-14T12:30:15Z');
    expect(dated('2031-05-14T12:30:00+02:00')).toBeUndefined();
    // A column stamped as a US spreadsheet writes dates: on a 12-hour clock.
    const us = Array.from({ length: 150 }, (_, i) => ({ ferry: `ferry ${i}`, departed: `${1 + (i % 9)}/1${i % 10}/2031 ${1 + (i % 12)}:${String((i * 7) % 60).padStart(2, '0')} ${i % 3 ? 'PM' : 'AM'}` }));
    expect(ask(us, 4, 'departed', '2031-05-14 17:30')).toMatchObject({ kind: 'suggestion', suggestedValue: '5/14/2031 5:30 PM' });
    expect(proposed(us, 4, 'departed', '5/14/2031 5:30').map((c) => c.value)).not.toContain('5/14/2031 5:30 AM');
  });

  it('puts back the word nearly every value of its column starts or ends with, where the column holds the result', () => {
    // Invented ferries, every name after "MV"; invented owners, every one a "Ltd".
    const rows = Array.from({ length: 120 }, (_, i) => ({
      ferry: `MV ${['Storm', 'Tern', 'Gannet', 'Skua'][i % 4]} ${['I', 'II', 'III'][i % 3]}`,
      owner: `${['Varnholm', 'Ostreby', 'Kellmark'][i % 3]} Ferries Ltd`,
      pier: i % 2 ? `Pier ${i % 5}` : `Berth ${i % 5}`,
    }));
    expect(ask(rows, 4, 'ferry', 'Storm II')).toMatchObject({ kind: 'suggestion', suggestedValue: 'MV Storm II' });
    expect(ask(rows, 4, 'owner', 'Ostreby Ferries')).toMatchObject({ kind: 'suggestion', suggestedValue: 'Ostreby Ferries Ltd' });
    const own = (column: string, value: string) => proposed(rows, 4, column, value).filter((c) => c.rule.endsWith('format-own-word'));
    // No such value in the column, or no word most values share: nothing.
    expect(own('ferry', 'Kittiwake IV')).toEqual([]);
    expect(own('pier', '3')).toEqual([]);
  });

  it('writes a numeral as its column writes numerals, and reads no slip of another number in one', () => {
    // Invented ferries numbered with roman numerals; invented piers numbered with digits.
    const rows = Array.from({ length: 120 }, (_, i) => ({
      ferry: `MV ${['Storm', 'Tern', 'Gannet', 'Skua'][i % 4]} ${['I', 'II', 'III'][i % 3]}`,
      pier: `Pier ${1 + (i % 6)}`,
    }));
    expectSuggested(rows, [['ferry', 'MV Storm 2', 'MV Storm II'], ['pier', 'Pier III', 'Pier 3']]);
    // A numeral the column does not hold is no slip of one it does ("MV Storm 4" is not "MV Storm I").
    expect(proposed(rows, 4, 'ferry', 'MV Storm 4').map((c) => c.value)).not.toContain('MV Storm I');
    // A lone letter is a word, not a numeral.
    expect(proposed(rows, 4, 'pier', 'I').map((c) => c.rule)).not.toContain('pier:format-numeral');
  });

  it('turns a name written last word first, and writes a code in its column\'s groups', () => {
    // Invented pilots, every name "First Last"; invented harbour postcodes and account numbers in groups.
    const first = ['Ada', 'Bo', 'Cara', 'Dag', 'Eli', 'Finn', 'Greta', 'Hal', 'Ines', 'Jon', 'Kari', 'Lars'];
    const last = ['Kell', 'Ostby', 'Varn', 'Duns', 'Holm', 'Strand', 'Berg', 'Lund', 'Dahl', 'Vik', 'Moe'];
    const rows = Array.from({ length: 130 }, (_, i) => ({
      pilot: `${first[i % 12]} ${last[(i * 5) % 11]}`,
      postcode: `${['KV', 'OS', 'DG'][i % 3]}${1 + (i % 9)} ${1 + (i % 7)}${'ABDEFGHJ'[i % 8]}${'LNPQRSTU'[(i * 3) % 8]}`,
      account: `GB${10 + (i % 80)} HARB ${1000 + i} ${5000 + i}`,
      title: `${['Storm', 'Tide', 'Gale'][i % 3]} over ${last[i % 11]}${i % 20 === 0 ? ', again' : ''}`,
    }));
    expectSuggested(rows, [
      ['pilot', 'Kell, Ada', 'Ada Kell'],
      ['postcode', 'KV55FQ', 'KV5 5FQ'],
      ['postcode', 'kv5-5fq', 'KV5 5FQ'],
      ['account', 'GB14HARB10045004', 'GB14 HARB 1004 5004'],
    ]);
    const rules = (column: string, value: string) => proposed(rows, 4, column, value).map((c) => c.rule);
    // The comma is no stray one to drop ("Kell Ada"), and a phrase with a comma is no turned name.
    expect(proposed(rows, 4, 'pilot', 'Kell, Ada').map((c) => c.value)).not.toContain('Kell Ada');
    expect(rules('title', 'Gale over Varn, Tide')).not.toContain('title:format-word-order');
    // Characters that fall into the groups more than one way, or not at all, are left alone.
    expect(rules('postcode', 'KV55F')).not.toContain('postcode:format-layout');
  });

  it('takes out a separator a code written in one group never has', () => {
    // Invented berth references and phone extensions, one per row.
    const rows = Array.from({ length: 200 }, (_, i) => ({ berth: `KV${1000 + i}`, ext: `x${2000 + ((i * 37) % 800)}`, ticket: `#${40000 + i * 3}` }));
    expectSuggested(rows, [['berth', 'KV 1042', 'KV1042'], ['berth', 'KV-1042', 'KV1042'], ['ext', 'x 2345', 'x2345'], ['ticket', '# 40033', '#40033']]);
  });

  it('writes two numbers with the separator their column parts them by, their points where they were', () => {
    // Invented buoy positions, "57.123, 11.456".
    const rows = Array.from({ length: 200 }, (_, i) => ({ buoy: `B${i}`, at: `${(57 + ((i * 37) % 1000) / 1000).toFixed(3)}, ${(11 + ((i * 91) % 1000) / 1000).toFixed(3)}` }));
    expectSuggested(rows, [['at', '57.123,11.456', '57.123, 11.456'], ['at', '57.123; 11.456', '57.123, 11.456']]);
    const layout = (value: string) => proposed(rows, 4, 'at', value).filter((c) => c.rule.endsWith('format-digits'));
    // A point moved or lost is a slip of scale, not a layout.
    expect(layout('5.7123, 11.456')).toEqual([]);
    expect(layout('57123, 11456')).toEqual([]);
  });

  it('keeps digits in the groups they were written in when it rewrites the marks between them', () => {
    // Invented crew blood pressures, "120/80".
    const rows = Array.from({ length: 200 }, (_, i) => ({ crew: `C${i}`, bp: `${100 + ((i * 7) % 50)}/${60 + ((i * 11) % 30)}` }));
    expectSuggested(rows, [['bp', '120-80', '120/80'], ['bp', '120 / 80', '120/80'], ['bp', '12080', '120/80']]);
    // The two numbers the other way round are no "801/20".
    expect(proposed(rows, 4, 'bp', '80/120').map((c) => c.value)).not.toContain('801/20');
    // A phone number's groups are only how someone spaced it.
    const phones = rows.map((row, i) => ({ ...row, phone: `+47 ${10 + ((i * 7) % 89)} ${10 + ((i * 13) % 89)} ${10 + ((i * 29) % 89)} ${10 + ((i * 31) % 89)}` }));
    expectSuggested(phones, [['phone', '+47 1234 5678', '+47 12 34 56 78']]);
  });

  it('writes a value typed in capitals or in lower case with its words as the column writes them', () => {
    // Invented pilots whose names mix cases ("McAdam", "O'Neil"), each name in one row only, and skippers written in capitals.
    const first = ['Ada', 'Bo', 'Cara', 'Dag', 'Eli', 'Finn', 'Greta', 'Hal', 'Ines', 'Jon', 'Kari', 'Lars', 'Mia'];
    const last = ['Kell', "O'Neil", 'McAdam', 'Varn', 'Holm', 'DuPont', 'Strand', 'Vik', 'MacLeod', 'Berg', 'Dahl'];
    const rows = Array.from({ length: 143 }, (_, i) => ({ pilot: `${first[i % 13]} ${last[i % 11]}`, skipper: i % 2 ? 'HAL VARN' : 'MIA BERG' }));
    expectSuggested(rows, [['pilot', 'CARA MCADAM', 'Cara McAdam'], ['pilot', "greta o'neil", "Greta O'Neil"], ['pilot', 'ADA DUPONT', 'Ada DuPont']]);
    const rules = (column: string, value: string) => proposed(rows, 4, column, value).map((c) => c.rule);
    // A word the column does not write, or a value another column holds as it stands: not this rule's.
    expect(rules('pilot', 'CARA MCADOO')).not.toContain('pilot:format-case-words');
    expect(rules('pilot', 'HAL HOLM')).toContain('pilot:format-case-words');
    expect(rules('pilot', 'HAL VARN')).not.toContain('pilot:format-case-words');
  });

  it('writes a title typed wholly in one case word by word as the column writes words where they stand', () => {
    // Invented book titles, each in one row: small words inside ("of", "the"), a capital first,
    // longer words capitalised; "The" begins many titles, so its capitalised spelling leads.
    const things = ['Keeper', 'Tides', 'Harbour', 'Lantern', 'Winter', 'Orchard', 'Letters', 'Ferry', 'Signal', 'Meadow', 'Crossing'];
    const places = ['Varnholm', 'Ostreby', 'Kellmark', 'Tindvik', 'Brekkan', 'Solbu', 'Nyhamn'];
    const titles = Array.from({ length: 154 }, (_, i) => {
      const thing = things[i % 11]!;
      const place = places[Math.floor(i / 11) % 7]!;
      return i % 6 < 4 ? `The ${thing} of ${place}` : i % 6 === 4 ? `${place} and the ${thing}` : `A ${thing} for the ${place} Road`;
    });
    const rows = titles.map((title, i) => ({ shelf: `S-${100 + i}`, title }));
    const guesses = (value: string) => proposed(rows, 4, 'title', value).filter((c) => c.rule === 'title:format-case-guess').map((c) => c.value);
    expect(guesses('the keeper of the varnholm road')).toEqual(['The Keeper of the Varnholm Road']);
    expect(guesses('THE LANTERN OF THE OSTREBY MEADOW')).toEqual(['The Lantern of the Ostreby Meadow']);
    // A word the column never shows takes the way of its longer words.
    expect(guesses('the lost cartographer of solbu')).toEqual(['The Lost Cartographer of Solbu']);
    // A single word in small letters the column never shows may have lost its capital with a first
    // letter ("arnholm" for "Varnholm"): not re-cased.
    expect(guesses('arnholm')).toEqual([]);
    // A short word in capitals it never shows may be an abbreviation.
    expect(guesses('THE KEEPER OF NHS')).toEqual([]);
    // Nor in a column whose values are mostly codes in capitals.
    const codes = rows.map((row, i) => ({ ...row, title: i % 3 ? `KV-${row.shelf.slice(2)} ${['NORTH', 'SOUTH', 'QUAY'][i % 3]}` : row.title }));
    expect(proposed(codes, 4, 'title', 'the lost cartographer of solbu').filter((c) => c.rule === 'title:format-case-guess')).toEqual([]);
  });

  it('takes off a mark typed at the end of a value where no value of the column carries one', () => {
    // Invented pilots, each name in one row; invented harbours, one of which the column writes with a point; depths, whole or not.
    const first = ['Ada', 'Bo', 'Cara', 'Dag', 'Eli', 'Finn', 'Greta', 'Hal', 'Ines', 'Jon', 'Kari', 'Lars', 'Mia'];
    const last = ['Kell', 'Varn', 'Holm', 'Strand', 'Vik', 'Berg', 'Dahl', 'Lund', 'Moe', 'Rask', 'Tind'];
    const rows = Array.from({ length: 143 }, (_, i) => ({ pilot: `${first[i % 13]} ${last[i % 11]}`, harbour: ['Varnholm', 'Ostreby', 'Kellmark', 'St.'][i % 4]!, depth: i % 2 ? `${2 + (i % 9)} m` : `${(2 + (i % 30) / 10).toFixed(1)} m` }));
    expectSuggested(rows, [['pilot', 'Dag Holm.', 'Dag Holm'], ['pilot', '"Dag Holm"', 'Dag Holm'], ['harbour', '(Ostreby)', 'Ostreby']]);
    const marks = (column: string, value: string) => proposed(rows, 4, column, value).filter((c) => c.rule.endsWith('format-stray-mark'));
    // A value the column writes with its mark, a word it never writes, a point that belongs to a number: left alone.
    expect(marks('harbour', 'St.')).toEqual([]);
    expect(marks('pilot', 'Dag Hlom.')).toEqual([]);
    expect(marks('depth', '.3 m')).toEqual([]);
  });

  it('puts back the characters nearly every value of its column starts or ends with', () => {
    // Invented stock codes that all start "SKU-", and harbour sites that all start "https://www." and end "/".
    const rows = Array.from({ length: 200 }, (_, i) => ({
      sku: `SKU-${String(100 + (i % 60) * 7).padStart(5, '0')}`,
      site: `https://www.${['varnholm', 'ostreby', 'kellmark', 'dunsgate'][i % 4]}-ferries.example/`,
      pier: `${['North', 'South'][i % 2]} ${1 + (i % 9)}`,
    }));
    expectSuggested(rows, [['sku', '00142', 'SKU-00142'], ['site', 'www.ostreby-ferries.example', 'https://www.ostreby-ferries.example/']]);
    const affixed = (column: string, value: string) => proposed(rows, 4, column, value).filter((c) => c.rule.endsWith('format-affix'));
    // A result the column does not hold, or a column whose values share no start or end: nothing.
    expect(affixed('sku', '99999')).toEqual([]);
    expect(affixed('pier', '3')).toEqual([]);
  });

  it('puts back the start or end every value shares where no value repeats, in the form they all have', () => {
    // Invented stock codes and product links, one per row; invented berth notes with no shared start.
    const rows = Array.from({ length: 200 }, (_, i) => ({
      sku: `SKU-${String(100 + i * 3).padStart(5, '0')}`,
      link: `https://shop.example/p/${1000 + i}`,
      note: `${['North', 'South', 'East'][i % 3]} berth ${i}`,
    }));
    expect(buildProfile(rows).columns.find((c) => c.name === 'sku')?.affix).toEqual({ prefix: 'SKU-', suffix: '' });
    expectSuggested(rows, [['sku', '00142', 'SKU-00142'], ['link', 'shop.example/p/1042', 'https://shop.example/p/1042'], ['link', '1042', 'https://shop.example/p/1042']]);
    const affixed = (column: string, value: string) => proposed(rows, 4, column, value).filter((c) => c.rule.endsWith('format-affix'));
    // Not where the result would not have the column's form, nor where values share no start.
    expect(affixed('sku', '142')).toEqual([]);
    expect(affixed('note', '12')).toEqual([]);
    // Where values repeat, the end they share is no end to put back ("yes" among "true"/"false" is no "yese").
    const answers = Array.from({ length: 200 }, (_, i) => ({ id: `r${i}`, done: i % 3 ? 'true' : 'false' }));
    expect(proposed(answers, 4, 'done', 'yes').map((c) => c.value)).not.toContain('yese');
  });

  it('never writes a long code a spreadsheet rounded in scientific notation with made-up zeros', () => {
    // Invented 13-digit article codes.
    const rows = Array.from({ length: 150 }, (_, i) => ({ item: `item ${i}`, code: String(5001234567890 + i * 7919) }));
    const numbers = (value: string) => proposed(rows, 4, 'code', value).map((c) => c.value);
    expect(numbers('5.00123E+12')).not.toContain('5001230000000');
    // All thirteen digits kept: the number as the column writes it.
    expect(ask(rows, 4, 'code', '5.001234599566E+12')).toMatchObject({ kind: 'suggestion', suggestedValue: '5001234599566' });
  });

  it('writes a duration in hours and minutes as its column writes them', () => {
    // Invented crossings timed in hours and padded minutes, and in minutes alone.
    const rows = Array.from({ length: 160 }, (_, i) => ({ ferry: `ferry ${i}`, took: `${1 + (i % 5)}h ${String((i * 7) % 60).padStart(2, '0')}m`, minutes: `${60 + (i % 120)} min` }));
    expectSuggested(rows, [['took', '3:10', '3h 10m'], ['took', '3 hours 10 minutes', '3h 10m'], ['took', '190 min', '3h 10m']]);
    // A column of one unit is the measure rule's; a duration of seconds left over is none of the column's.
    expect(proposed(rows, 4, 'minutes', '2h 05m').filter((c) => c.rule.endsWith('format-duration'))).toEqual([]);
    expect(proposed(rows, 4, 'took', '2 min 30 sec').filter((c) => c.rule.endsWith('format-duration'))).toEqual([]);
  });

  it('keeps the address alone where a mail program wrote a name or a link around it', () => {
    // Invented pilots' addresses.
    const rows = Array.from({ length: 120 }, (_, i) => ({ pilot: `pilot ${i}`, email: `${['ada', 'bo', 'cara', 'dag'][i % 4]}.${['kell', 'varn', 'holm'][i % 3]}${i}@harbour.example` }));
    expectSuggested(rows, [
      ['email', 'mailto:ada.varn4@harbour.example', 'ada.varn4@harbour.example'],
      ['email', 'Ada Kell <ada.varn4@harbour.example>', 'ada.varn4@harbour.example'],
    ]);
  });

  it('reads a time of day written with points, a year written with two digits, and thousands grouped as the column groups them', () => {
    // Invented departures with a 24-hour time; invented harbour dues, whole amounts in the thousands.
    const rows = Array.from({ length: 150 }, (_, i) => {
      const dues = 1000 + ((i * 37) % 89) * 1000 + (i % 4) * 250;
      return {
        ferry: `ferry ${i}`,
        departed: `2031-0${1 + (i % 9)}-1${i % 10} ${String(6 + (i % 14)).padStart(2, '0')}:${String((i * 7) % 60).padStart(2, '0')}`,
        dues: String(dues),
        grouped: dues.toLocaleString('en-US'),
      };
    });
    expectSuggested(rows, [
      ['departed', '2031-05-14 12.30', '2031-05-14 12:30'],
      ['dues', '12.500', '12500'],
      ['grouped', '12500', '12,500'],
      ['grouped', '12.500', '12,500'],
      ['grouped', '12 500', '12,500'],
    ]);
    // A year written with two digits, read in the one century among the column's years (1960s to 1990s), and in none where both fit.
    const born = rows.map((row, i) => ({ ...row, born: `${String(1 + (i % 12)).padStart(2, '0')}/${String(1 + (i % 28)).padStart(2, '0')}/${1960 + (i % 40)}` }));
    expectSuggested(born, [['born', '07/07/66', '07/07/1966']]);
    const wide = rows.map((row, i) => ({ ...row, born: `${String(1 + (i % 12)).padStart(2, '0')}/${String(1 + (i % 28)).padStart(2, '0')}/${1950 + ((i * 7) % 80)}` }));
    expect(proposed(wide, 4, 'born', '07/07/66').filter((c) => c.rule.endsWith('format-date'))).toEqual([]);
    expect(proposed(wide, 4, 'born', '7/7/1966').filter((c) => c.rule.endsWith('format-date')).map((c) => c.value)).toEqual(['07/07/1966']);
    // Day and month both unpadded are a way of writing dates; one short part may be a lost digit
    // (the slip rule's). A compact date is read with dashes where its year is among the column's.
    const sailed = rows.map((row, i) => ({ ...row, sailed: `${2028 + (i % 5)}-${String(1 + (i % 12)).padStart(2, '0')}-${String(1 + (i % 28)).padStart(2, '0')}` }));
    expectSuggested(sailed, [
      ['sailed', '2031-3-5', '2031-03-05'],
      ['sailed', '20310305', '2031-03-05'],
    ]);
    const dateRewrite = (value: string) => proposed(sailed, 4, 'sailed', value).filter((c) => c.rule.endsWith('format-date')).map((c) => c.value);
    expect(dateRewrite('2031-03-5')).toEqual([]);
    expect(dateRewrite('19310305')).toEqual([]);
    // Twelve and a half lies far below the column's thousands: "12.500" is not it.
    expect(proposed(rows, 4, 'grouped', '12.500').map((c) => c.value)).not.toContain('12.5');
    expect(proposed(rows, 4, 'dues', '12.500').map((c) => c.value)).not.toContain('12.5');
  });

  it('writes a code of a column padded with zeros with its zeros, as surely as its codes start with one', () => {
    // Invented berth codes of five digits: every one padded with zeros in one table, one in ten in the other.
    const table = (zeroLed: number) => Array.from({ length: 200 }, (_, i) => ({ ferry: `ferry ${i}`, berth: String(i < zeroLed ? 1000 + i * 37 : 10000 + i * 397).padStart(5, '0') }));
    const allPadded = table(200);
    expectSuggested(allPadded, [['berth', '4021', '04021'], ['berth', '4021.0', '04021'], ['berth', '04021.0', '04021'], ['berth', '12,345', '12345']]);
    // Where few codes start with a zero, four digits more likely lost another digit: the padding is weak.
    const fewPadded = table(20);
    const padding = proposed(fewPadded, 4, 'berth', '4021').find((c) => c.rule.endsWith('format-code-padding'));
    expect(padding?.p).toBeLessThan(0.2);
    // A column of plain numbers that holds fewer digits in some rows is no column of codes.
    const depths = Array.from({ length: 200 }, (_, i) => ({ ferry: `ferry ${i}`, depth: String(i % 10 === 0 ? 40 + i : 100 + i) }));
    expect(proposed(depths, 4, 'depth', '85').map((c) => c.value)).not.toContain('085');
    // A spreadsheet wrote half the codes with a point ("04021.0"): still a column of codes.
    const pointed = allPadded.map((r, i) => (i % 2 === 0 ? { ...r, berth: `${r.berth}.0` } : r));
    expect(proposed(pointed, 4, 'berth', '04021.0').filter((c) => c.family === 'format').map((c) => c.value)).toEqual(['04021']);
    // A code a ferry's other rows give is carried in with its zeros and without the point.
    const fleet = Array.from({ length: 200 }, (_, i) => ({ ferry: `Tern ${i % 100}`, berth: `${String(1000 + (i % 100) * 37).padStart(5, '0')}${i % 2 === 0 ? '.0' : ''}` }));
    const carried = candidatesFor({ issue: { issue_column: 'berth', current_value: '', row: { ferry: 'Tern 8', berth: '' } }, profile: buildProfile(fleet) }).filter((c) => c.rule === 'berth:dependency:ferry');
    expect(fleet.filter((r) => r.ferry === 'Tern 8').map((r) => r.berth)).toEqual(['01296.0', '01296.0']);
    expect(carried.map((c) => c.value)).toEqual(['01296']);
  });

  it('writes a value of a column that carries its unit the column\'s way, and reads its number\'s slips', () => {
    // Invented ferries: rope gauges in millimetres, crossings in minutes, sea temperatures in °C,
    // every value written with its unit; wind speeds as plain numbers.
    const rows = Array.from({ length: 150 }, (_, i) => ({
      ferry: `ferry ${i}`,
      rope: `${(30 + ((i * 7) % 200) / 10).toFixed(1)} mm`,
      crossing: `${40 + ((i * 7) % 110)} min`,
      sea: `${(8 + (i % 50) / 10).toFixed(1)} °C`,
      wind: (2 + (i % 40) / 10).toFixed(1),
    }));
    const candidates = (column: string, value: string) => proposed(rows, 4, column, value);
    const rewritten: Array<[string, string, string]> = [
      ['rope', '3.92 cm', '39.2 mm'],
      ['rope', '0.0392 m', '39.2 mm'],
      ['rope', '39.2', '39.2 mm'],
      ['rope', '39.2mm', '39.2 mm'],
      ['rope', '39.2 MM', '39.2 mm'],
      ['crossing', '2 hr 5 min', '125 min'],
      ['crossing', '1.5 h', '90 min'],
      ['crossing', '125', '125 min'],
      ['sea', '11.3', '11.3 °C'],
    ];
    expectSuggested(rows, rewritten);
    // "cm" is one slip from "mm", and "2" is a number of the crossings' range: neither is proposed.
    expect(candidates('rope', '3.92 cm').map((c) => c.value)).not.toContain('3.92 mm');
    expect(candidates('crossing', '2 hr 5 min').map((c) => c.value)).not.toContain('2');
    // A tenfold slip of the number keeps the unit; a number short of the column's decimals lost
    // a digit as likely as its zero; a conversion out of the column's range is none.
    expect(ask(rows, 4, 'rope', '392.0 mm')).toMatchObject({ kind: 'suggestion', suggestedValue: '39.2 mm' });
    expect(candidates('rope', '39 mm').find((c) => c.value === '39.0 mm')?.p).toBeLessThan(0.2);
    // Only the unit is rewritten: a number written otherwise than the column writes numbers
    // ("40.50", "040.4" among "40.5") may hold a slip, which is the number rules' to read.
    for (const value of ['40.50 mm', '040.4 mm', '040.4mm']) expect(candidates('rope', value).filter((c) => c.rule.endsWith('format-measure-unit'))).toEqual([]);
    expect(candidates('rope', '3.92 m').map((c) => c.value)).not.toContain('3920.0 mm');
    // A unit another column writes as its own is a swap's sign, not a format of a wind speed.
    expect(candidates('wind', '9.1 °C').map((c) => c.value)).not.toContain('9.1');
  });

  it('writes a price or a share the way its column writes the sign, and reads a swap of such values', () => {
    // Invented ferry fares with a dollar sign, and occupancy shares with a percent sign.
    const rows = Array.from({ length: 150 }, (_, i) => ({
      ferry: `ferry ${i}`,
      pier: ['Varnholm', 'Ostreby', 'Kellmark'][i % 3]!,
      fare: `$${(10 + ((i * 37) % 500) / 10).toFixed(2)}`,
      full: `${(10 + ((i * 37) % 500) / 10).toFixed(1)}%`,
    }));
    const candidates = (column: string, value: string) => proposed(rows, 4, column, value);
    expectSuggested(rows, [['fare', '12.50', '$12.50'], ['fare', '$ 12.50', '$12.50'], ['full', '12.5 %', '12.5%'], ['full', '12.5', '12.5%']]);
    // The sign is the column's, not a decoration to drop, and "125.0%" is no share of 1.25.
    expect(candidates('fare', '$ 12.50').map((c) => c.value)).not.toContain('12.5');
    expect(candidates('full', '125.0%').map((c) => c.value)).not.toContain('1.25');
    // Another currency is no slip of the column's sign: no rule writes "€12.50" as dollars.
    expect(candidates('fare', '€12.50').map((c) => c.value)).not.toContain('$12.50');
    // A fare and a pier exchanged: the fare reads as one of the column's by its sign and digits.
    expect(ask(rows, 4, 'fare', 'Varnholm', undefined, { pier: '$14.20' })).toMatchObject({ kind: 'suggestion', suggestedValue: '$14.20' });
  });

  it('reads a column that writes a decimal comma, and writes its suggestions with the comma', () => {
    // Invented harbour log, written as a European export writes numbers: rain and sea
    // temperatures with a decimal comma, fares with a comma and the euro sign after them, cargo
    // masses grouped with points.
    const rows = Array.from({ length: 150 }, (_, i) => ({
      logged: `2024-${String(1 + (i % 12)).padStart(2, '0')}-${String(1 + (i % 28)).padStart(2, '0')}`,
      pier: ['Varnholm', 'Ostreby', 'Kellmark'][i % 3]!,
      rain: (2 + ((i * 7) % 90) / 10).toFixed(1).replace('.', ','),
      sea: (8 + ((i * 3) % 60) / 10).toFixed(1).replace('.', ','),
      fare: `${(10 + ((i * 37) % 500) / 10).toFixed(2).replace('.', ',')} €`,
      cargo: `${1 + (i % 8)}.${String(100 + ((i * 13) % 900)).padStart(3, '0')},${String(i % 100).padStart(2, '0')}`,
    }));
    const rewritten: Array<[string, string, string]> = [
      // The other decimal mark, a unit the column does not write, a tenfold slip.
      ['rain', '6.3', '6,3'],
      ['rain', '6,3 mm', '6,3'],
      ['rain', '63,0', '6,3'],
      // The euro written before, as a code, or with a point; a fare without its sign.
      ['fare', '27.40 €', '27,40 €'],
      ['fare', '€27,40', '27,40 €'],
      ['fare', 'EUR 27,40', '27,40 €'],
      ['fare', '27,40', '27,40 €'],
      // A mass written with a point for its decimals, and without its grouping.
      ['cargo', '1234.50', '1.234,50'],
      ['cargo', '1234,50', '1.234,50'],
    ];
    expectSuggested(rows, rewritten);
    // The reason speaks of the value as written, and of the column's comma.
    const mark = ask(rows, 4, 'sea', '11.3');
    expect(mark).toMatchObject({ kind: 'suggestion', suggestedValue: '11,3' });
    expect(mark.kind === 'suggestion' && mark.reasoning).toContain('decimal comma: "11.3" is "11,3"');
    const slip = ask(rows, 4, 'rain', '63,0');
    expect(slip.kind === 'suggestion' && slip.reasoning).toContain('"63,0"');
    expect(slip.kind === 'suggestion' && slip.reasoning).not.toMatch(/\d\.\d/);
    // A sea temperature and a date exchanged: each is read back into its column.
    expect(ask(rows, 4, 'sea', '2024-05-05', undefined, { logged: '11,3' })).toMatchObject({ kind: 'suggestion', suggestedValue: '11,3' });
  });

  it('reads a number written with a decimal comma in a column of decimal points', () => {
    const rows = Array.from({ length: 150 }, (_, i) => ({
      ferry: `ferry ${i}`,
      rope: (30 + ((i * 7) % 200) / 10).toFixed(1),
      hull: String(1000 + ((i * 37) % 900)),
    }));
    expect(ask(rows, 4, 'rope', '39,2')).toMatchObject({ kind: 'suggestion', suggestedValue: '39.2' });
    // A thousands separator where the column's numbers are in the thousands: the number, not a decimal.
    expect(proposed(rows, 4, 'hull', '1,250').map((c) => c.value)).not.toContain('1.25');
  });

  it('writes a time of day the way the column writes its times', () => {
    // Invented ferry departures on a 12-hour clock ("7:10 a.m.").
    const rows = Array.from({ length: 120 }, (_, i) => ({ ferry: `ferry ${i}`, pier: ['varnholm', 'ostreby', 'kellmark'][i % 3]!, departs: clock((300 + i * 97) % 1440) }));
    expect(ask(rows, 4, 'departs', '7:10am')).toMatchObject({ kind: 'suggestion', suggestedValue: '7:10 a.m.' });
    expect(ask(rows, 4, 'departs', '19:10')).toMatchObject({ kind: 'suggestion', suggestedValue: '7:10 p.m.' });
    expect(ask(rows, 4, 'departs', 'Mar 7 7:10 p.m.')).toMatchObject({ kind: 'suggestion', suggestedValue: '7:10 p.m.' });
    // "7:10" on a 24-hour clock is morning, but a 12-hour time that lost its meridiem may be evening.
    const timeRepairs = (value: string) => candidatesFor({ issue: { issue_column: 'departs', current_value: value, row: rows[4]! }, profile: buildProfile(rows) }).filter((c) => c.rule.endsWith('format-time'));
    expect(timeRepairs('7:10')).toEqual([]);
    expect(timeRepairs('07:10').map((c) => c.value)).toEqual(['7:10 a.m.']);
    // A 24-hour column: padded, no meridiem; a 12-hour time is read either way round noon.
    const log = Array.from({ length: 120 }, (_, i) => ({ ferry: `ferry ${i}`, logged: `${String(Math.floor(((300 + i * 97) % 1440) / 60)).padStart(2, '0')}:${String((300 + i * 97) % 60).padStart(2, '0')}` }));
    expect(ask(log, 4, 'logged', '7:10 PM')).toMatchObject({ kind: 'suggestion', suggestedValue: '19:10' });
    // Its hours always have two digits: "7:10" is "07:10" written loosely or "17:10" with a digit lost.
    const times = (value: string) => candidatesFor({ issue: { issue_column: 'logged', current_value: value, row: log[4]! }, profile: buildProfile(log) }).filter((c) => c.rule.endsWith('format-time'));
    expect(times('7:10')).toMatchObject([{ value: '07:10', p: 0.5 }]);
    expect(times('7:10 PM')).toMatchObject([{ value: '19:10', p: 0.9 }]);
    // "07.10" reads "07:10" one slip away, but a plain number may as well come from another column.
    const slip = (value: string) => candidatesFor({ issue: { issue_column: 'logged', current_value: value, row: log[4]! }, profile: buildProfile(log) }).find((c) => c.rule.endsWith('typo-time'));
    expect(slip('07;10')).toMatchObject({ value: '07:10' });
    expect(slip('07.10')).toMatchObject({ value: '07:10', p: slip('07;10')!.p / 2 });
  });

  it('writes a time of day as the column does where a second system wrote part of it in capitals', () => {
    // Invented ferry departures: "7:10 a.m.", the same in capitals from a second feed, a third writing.
    const rows = Array.from({ length: 150 }, (_, i) => {
      const t = clock((300 + i * 97) % 1440);
      return { ferry: `Tern ${i}`, departs: i % 20 < 8 ? t : i % 20 < 16 ? t.toUpperCase() : t.replace(' a.m.', ' AM').replace(' p.m.', ' PM') };
    });
    const timeRepairs = (value: string) => candidatesFor({ issue: { issue_column: 'departs', current_value: value, row: rows[4]! }, profile: buildProfile(rows) }).filter((c) => c.rule.endsWith('format-time'));
    expect(timeRepairs(clock(625).toUpperCase()).map((c) => c.value)).toEqual([clock(625)]);
    expect(timeRepairs(padClock(1210)).map((c) => c.value)).toEqual([clock(1210)]);
  });

  it('reads a time of day whose hour says nothing of its zero as the column\'s 24-hour times are written', () => {
    // Invented ferry departures on a 12-hour clock; a second feed wrote every fifth row on a
    // 24-hour clock that pads its hours ("07:10", "19:10").
    const minutesOf = (i: number) => (300 + i * 97) % 1440;
    const rows = Array.from({ length: 150 }, (_, i) => ({ ferry: `Tern ${i % 50}`, departs: i % 5 === 0 ? padClock(minutesOf(i % 50)) : clock(minutesOf(i % 50)) }));
    const timeRepairs = (value: string, table = rows) => candidatesFor({ issue: { issue_column: 'departs', current_value: value, row: table[4]! }, profile: buildProfile(table) }).filter((c) => c.rule.endsWith('format-time'));
    // "10:25" is one of that feed's times, the morning's, not a 12-hour one that lost its meridiem.
    expect(timeRepairs(padClock(625)).map((c) => c.value)).toEqual([clock(625)]);
    // Where that feed's hours below ten go without the zero, "10:25" may as well be evening's.
    const loose = rows.map((r) => ({ ...r, departs: r.departs.replace(/^0(\d:)/, '$1') }));
    expect(loose.some((r) => /^\d:\d\d$/.test(r.departs))).toBe(true);
    expect(timeRepairs(padClock(625), loose)).toEqual([]);
    // A key's other rows from that feed carry the time in the column's form.
    const moored = rows.map((r, i) => (i % 50 === 7 ? { ...r, departs: padClock(11 * 60 + 40) } : r.ferry === 'Tern 7' ? { ...r, departs: clock(11 * 60 + 40) } : r));
    const carried = candidatesFor({ issue: { issue_column: 'departs', current_value: '', row: { ferry: 'Tern 7', departs: '' } }, profile: buildProfile(moored) }).filter((c) => c.rule === 'departs:dependency:ferry');
    expect(carried.map((c) => c.value)).toEqual([clock(11 * 60 + 40)]);
  });

  it('reads a time of day one slip from the column\'s form, and leaves a valid time alone', () => {
    const rows = Array.from({ length: 120 }, (_, i) => ({ ferry: `ferry ${i}`, departs: clock((300 + i * 97) % 1440) }));
    expect(ask(rows, 4, 'departs', '7:10 .pm.')).toMatchObject({ kind: 'suggestion', suggestedValue: '7:10 p.m.' });
    expect(ask(rows, 4, 'departs', '7:1 0p.m.')).toMatchObject({ kind: 'suggestion', suggestedValue: '7:10 p.m.' });
    // A scanner's "rn" for "m".
    expect(ask(rows, 4, 'departs', '7:10 p.rn.')).toMatchObject({ kind: 'suggestion', suggestedValue: '7:10 p.m.' });
    const slips = (value: string) => candidatesFor({ issue: { issue_column: 'departs', current_value: value, row: rows[4]! }, profile: buildProfile(rows) }).filter((c) => c.rule.endsWith('typo-time'));
    // Lost its "a" or its "p": as likely either way, neither leads.
    expect(slips('7:10 .m.').map((c) => c.p)).toEqual([expect.closeTo(0.475, 3), expect.closeTo(0.475, 3)]);
    // A possible time is no slip, however wrong.
    expect(slips('8:54 a.m.')).toEqual([]);
  });

  it('puts back a time that is another time of the row plus minutes, and two such times exchanged', () => {
    // Invented ferry crossings: departs + crossing minutes = arrives, sometimes past midnight.
    const rows = Array.from({ length: 200 }, (_, i) => {
      const departs = (i * 97 + 13) % 1440;
      const crossing = 20 + ((i * 7) % 90);
      return { ferry: `ferry ${i}`, departs: clock(departs), crossing: String(crossing), arrives: clock(departs + crossing) };
    });
    const row = rows[8]!;
    expect(ask(rows, 8, 'arrives', 'N/A')).toMatchObject({ kind: 'suggestion', suggestedValue: row.arrives });
    expect(ask(rows, 8, 'crossing', '')).toMatchObject({ kind: 'suggestion', suggestedValue: row.crossing });
    // Exchanged: each is the other's value, not the one read off the other wrong time.
    expect(ask(rows, 8, 'departs', row.arrives, undefined, { arrives: row.departs })).toMatchObject({ kind: 'suggestion', suggestedValue: row.departs });
  });

  it('keeps the words after a number and its unit in a column of such descriptions', () => {
    // Invented sightings: "12km NW of Varnholm". The distance is part of the value, not the value.
    const harbours = ['Varnholm', 'Ostreby', 'Kellmark', 'Dunsgate'];
    const bearings = ['N', 'NW', 'SE', 'W', 'ENE'];
    const rows = Array.from({ length: 200 }, (_, i) => ({ sighting: `s${i}`, seen: `${1 + ((i * 37) % 90)}km ${bearings[i % 5]} of ${harbours[i % 4]}` }));
    const values = (value: string) => candidatesFor({ issue: { issue_column: 'seen', current_value: value, row: rows[3]! }, profile: buildProfile(rows) }).map((c) => c.value);
    expect(values('27km SE of Ostreby')).not.toContain('27');
    // Where the values are measurements, words after one are a stray remark: the measurement is
    // proposed, written as the column writes it.
    const tins = Array.from({ length: 200 }, (_, i) => ({ batch: `b${i}`, size: `${[12, 16, 24][i % 3]} oz` }));
    const sizes = (value: string) => candidatesFor({ issue: { issue_column: 'size', current_value: value, row: tins[3]! }, profile: buildProfile(tins) }).map((c) => c.value);
    expect(sizes('16 oz. tin')).toContain('16 oz');
    expect(sizes('16 oz. tin')).not.toContain('16');
    // A phrase after the unit is another value's: no number is read out of it, even in a column of plain numbers.
    const depths = Array.from({ length: 200 }, (_, i) => ({ sighting: `s${i}`, depth: String(2 + ((i * 13) % 40)) }));
    const depthValues = (value: string) => candidatesFor({ issue: { issue_column: 'depth', current_value: value, row: depths[3]! }, profile: buildProfile(depths) }).map((c) => c.value);
    expect(depthValues('22km NNW of Dunsgate')).not.toContain('22');
    expect(depthValues('22 m deep')).toContain('22');
    // A slip in a word is repaired; the distance beside it, one the column never showed, is a
    // number, no word to repair (nor a reason to give up on the value).
    expect(ask(rows, 3, 'seen', '95km W of Dunsgatr')).toMatchObject({ kind: 'suggestion', suggestedValue: '95km W of Dunsgate' });
    // Where no word of the column is a measurement, a digit for a letter ("5pa" for "Spa", read
    // as 5 pascals) is a slip like any other.
    const berths = Array.from({ length: 150 }, (_, i) => ({ berth: `b${i}`, name: `${['Spa', 'Kelp', 'Tern'][i % 3]} quay ${i}` }));
    expect(ask(berths, 3, 'name', '5pa quay 3')).toMatchObject({ kind: 'suggestion', suggestedValue: 'Spa quay 3' });
  });

  it('abstains without a profile or fixes', async () => {
    const result = await builtinProvider.suggest({ issue: { issue_column: 'town', current_value: 'varnhxlm' } });
    expect(result.kind).toBe('abstain');
  });

  it.each([
    ['phone', '555.014.2200', '(555) 014-2200'],
    ['phone', '+1 555 014 2200', '(555) 014-2200'],
    ['phone', '1-555-014-2200', '(555) 014-2200'],
    ['tariff', '15.5%', '0.155'],
    ['tariff', '1.55e-1', '0.155'],
    ['logged', '03/14/2024', '2024-03-14'],
    ['town', ' Varnholm ', 'varnholm'],
  ])('normalises %s %j to the column format %j', (column, value, expected) => {
    expect(ask(table(), 0, column, value)).toMatchObject({ kind: 'suggestion', suggestedValue: expected });
  });

  it('rewrites a missing-value marker the way the dataset writes missing values, in a column that is mostly empty', () => {
    const rows = Array.from({ length: 80 }, (_, i) => ({ id: `r${i}`, berth: i % 5 === 0 ? '' : `B${i % 7}`, note: i % 4 !== 1 ? '' : ['calm', 'swell', 'fog'][i % 3]! }));
    const result = ask(rows, 1, 'note', 'N/A');
    expect(result).toMatchObject({ kind: 'suggestion', suggestedValue: '' });
  });

  it('rewrites a missing-value marker the way its own column writes missing values, where the dataset mostly writes them another way', () => {
    // Most columns write "none" for no value; the depth column leaves its cells empty.
    const rows = Array.from({ length: 90 }, (_, i) => ({ id: `r${i}`, crane: i % 3 === 0 ? 'none' : `K${i % 4}`, hoist: i % 2 === 0 ? 'none' : 'H2', depth: i % 6 === 0 ? '' : String(8 + (i % 9)) }));
    expect(candidatesFor({ issue: { issue_column: 'depth', current_value: 'n/a', row: { ...rows[6]!, depth: 'n/a' } }, profile: buildProfile(rows) }).filter((c) => c.family === 'missing').map((c) => c.value)).toEqual(['']);
  });

  it('drops a unit the column itself writes after its numbers in several rows, or its header names, though no unit list knows it', () => {
    const rows = Array.from({ length: 120 }, (_, i) => ({ id: `r${i}`, draught: i % 30 === 7 ? `${40 + (i % 20)} fth` : String(40 + (i % 20)), signal_dbm: String(-60 - (i % 30)) }));
    expect(ask(rows, 11, 'draught', '51 fth')).toMatchObject({ kind: 'suggestion', suggestedValue: '51' });
    expect(ask(rows, 11, 'signal_dbm', '-71 dBm')).toMatchObject({ kind: 'suggestion', suggestedValue: '-71' });
    // A word seen once after a number is no unit of the column.
    expect(candidatesFor({ issue: { issue_column: 'draught', current_value: '51 qzv', row: { ...rows[11]!, draught: '51 qzv' } }, profile: buildProfile(rows) }).filter((c) => c.value === '51')).toEqual([]);
  });

  it('drops a unit a second system wrote after half the column\'s numbers, stated as a failure of the unit', () => {
    // Invented soundings: one system writes the draught in fathoms with its unit (three rows in
    // five), the other plain; the failed cell is one the first system wrote, as it wrote others.
    const rows = Array.from({ length: 200 }, (_, i) => ({ id: `r${i}`, draught: i % 20 >= 8 ? `${10 + (i % 40)} fth` : String(10 + (i % 40)), hull: ['teal', 'ochre', 'slate'][i % 3]! }));
    const profile = buildProfile(rows);
    // The numbers with the column's own unit are numbers of the column: two in five are plain.
    expect(columnOf(profile, 'draught')!.numeric).toMatchObject({ count: 200, plainShare: 0.4 });
    const result = ask(rows, 10, 'draught', '20 fth');
    expect(result).toMatchObject({ kind: 'suggestion', suggestedValue: '20' });
    expect(result.kind === 'suggestion' && result.confidence).toBeGreaterThanOrEqual(90);
  });

  it('trusts a key less where the row\'s other columns say it belongs to another entity', () => {
    // Each dock appears in many rows: dock -> town, region and phone all hold.
    const rows = table();
    const dependencyOf = (patch: SourceRecord) => {
      const row = { ...rows[0]!, town: 'varnholx', ...patch };
      const profile = buildProfile(rows.map((r, i) => (i === 0 ? row : r)));
      return candidatesFor({ issue: { issue_column: 'town', current_value: 'varnholx', row }, profile }).find((c) => c.rule === 'town:dependency:dock');
    };
    // The row's region and phone agree with its dock: the dock's town is likely right.
    const consistent = dependencyOf({});
    expect(consistent?.value).toBe('varnholm');
    // The dock was carried in from another entity's row: its region and phone say otherwise.
    const carried = dependencyOf({ dock: 'D-855' });
    expect(carried?.value).toBe('pellarow');
    expect(carried!.p).toBeLessThan(consistent!.p / 2);
  });

  it('splits a value that spilled from the neighbouring column when that column is empty in the row', () => {
    const rows = table();
    const result = ask(rows, 2, 'town', 'kellmark NV', undefined, { region: '' });
    expect(result).toMatchObject({ kind: 'suggestion', suggestedValue: 'kellmark' });
  });

  it('proposes a unit slip for a number far outside the column range, without high confidence', () => {
    const rows = Array.from({ length: 80 }, (_, i) => ({ id: `r${i}`, weight: String(60 + (i % 25)) }));
    const result = ask(rows, 3, 'weight', '7200');
    if (result.kind === 'suggestion') {
      expect(result.suggestedValue).toBe('72');
      expect(result.confidence).toBeLessThan(90);
    }
  });

  it('offers no outlier repair with more decimals than the column writes', () => {
    // Hull depths in metres, all with one decimal; a doubled digit makes one of them ten times too deep.
    const rows = Array.from({ length: 80 }, (_, i) => ({ id: `r${i}`, depth: (14 + (i % 50) / 10).toFixed(1) }));
    const row = { ...rows[5]!, depth: '155.5' };
    const profile = buildProfile(rows.map((r, i) => (i === 5 ? row : r)));
    const values = candidatesFor({ issue: { issue_column: 'depth', current_value: '155.5', row }, profile })
      .filter((c) => c.family === 'outlier')
      .map((c) => c.value);
    // 15.55 (divided by ten) would need two decimals; the doubled digit undone gives 15.5.
    expect(values).toContain('15.5');
    expect(values).not.toContain('15.55');
  });

  it('repairs a mistyped word inside a longer value', () => {
    const rows = Array.from({ length: 80 }, (_, i) => ({ id: `r${i}`, cargo: `${i * 7} lanterns` }));
    expect(ask(rows, 3, 'cargo', '21 lanterms')).toMatchObject({ kind: 'suggestion', suggestedValue: '21 lanterns' });
  });

  it('repairs the punctuation of an e-mail address', () => {
    const rows = Array.from({ length: 50 }, (_, i) => ({ id: `r${i}`, email: `clerk${i}@harbour.example` }));
    expect(ask(rows, 3, 'email', 'clerk3@harbour,example')).toMatchObject({ kind: 'suggestion', suggestedValue: 'clerk3@harbour.example' });
  });

  it('takes back a value swapped with another column of the row', () => {
    const result = ask(table(), 6, 'town', 'NV', undefined, { region: 'ostreby' });
    expect(result).toMatchObject({ kind: 'suggestion', suggestedValue: 'ostreby' });
  });

  describe('swapped columns', () => {
    const swapsOf = (rows: SourceRecord[], rowIndex: number, column: string, patch: SourceRecord) => {
      const row = { ...rows[rowIndex]!, ...patch };
      const profile = buildProfile(rows.map((r, i) => (i === rowIndex ? row : r)));
      return candidatesFor({ issue: { issue_column: column, current_value: String(row[column]), row }, profile })
        .filter((c) => c.family === 'swap')
        .map((c) => c.value);
    };
    /** The swap rule's probability for a failed value of `column` in row 3, patched so. */
    const swapP = (rows: SourceRecord[], column: string, patch: SourceRecord) => {
      const row = { ...rows[3]!, ...patch };
      const profile = buildProfile(rows.map((r, i) => (i === 3 ? row : r)));
      return candidatesFor({ issue: { issue_column: column, current_value: String(row[column]), row }, profile }).find((c) => c.family === 'swap')?.p;
    };
    const LINES = ['NORTHERN FERRIES', 'GULL SHIPPING', 'KELP & SONS', 'TIDEWAY CARGO', 'SALT ROAD LINES'];

    it('sees a value carried in from a column that holds it in most rows, though this column holds it a few times', () => {
      // Earlier swaps left "0" in the operator column twice; the fee column holds it in nearly every row.
      const rows = Array.from({ length: 200 }, (_, i) => ({ id: `r${i}`, operator: i === 5 || i === 9 ? '0' : LINES[i % 5]!, fee: i % 20 === 1 ? '40' : '0' }));
      expect(swapsOf(rows, 3, 'operator', { operator: '0', fee: 'TIDEWAY CARGO' })).toEqual(['TIDEWAY CARGO']);
    });

    it('does not read a word a column of numbers holds only by earlier swaps as one of its values', () => {
      // Invented port dues: fee and levy mostly 0; earlier swaps left an operator's name in the levy
      // column twice (half a percent of it). A fee written with that name, beside an operator of "0", was swapped with the
      // operator, not with the levy.
      const rows = Array.from({ length: 400 }, (_, i) => ({ id: `r${i}`, operator: LINES[i % 5]!, fee: i % 20 === 1 ? '40' : '0', levy: i === 5 || i === 9 ? 'TIDEWAY CARGO' : i % 20 === 1 ? '40' : '0' }));
      expect(swapsOf(rows, 3, 'fee', { fee: 'TIDEWAY CARGO', operator: '0', levy: '40' })).toEqual(['0']);
    });

    it('reads a word as carried into a column of numbers where another column holds it in many times more of its rows', () => {
      // Invented harbour readings: earlier swaps left the sea state "calm" among the low water
      // temperatures in eight rows (2 %, enough to pass for a code of the column); the sea column holds
      // it in half of its rows. A high reading written "calm" beside a sea state of "14.5" was
      // swapped with the sea state, not with the low reading (a reading either column could hold).
      const rows = Array.from({ length: 400 }, (_, i) => ({
        id: `r${i}`,
        low: i % 50 === 7 ? 'calm' : (8 + (i % 60) / 10).toFixed(1),
        high: (10 + (i % 60) / 10).toFixed(1),
        sea: ['calm', 'swell', 'calm', 'choppy'][i % 4]!,
      }));
      expect(swapsOf(rows, 3, 'high', { high: 'calm', low: '12.1', sea: '14.5' })).toEqual(['14.5']);
    });

    it('reads a word a column of numbers holds in a twentieth of its rows as carried in where another column writes it five times as often', () => {
      // Invented harbour readings with many earlier swaps: the sea state "calm" stands among the low
      // water temperatures in one row of twenty; the sea column holds it in half of its rows. A low
      // reading written "calm" beside a sea state of "9.3" was swapped with the sea state.
      const rows = Array.from({ length: 400 }, (_, i) => ({
        id: `r${i}`,
        low: i % 20 === 7 ? 'calm' : (8 + (i % 60) / 10).toFixed(1),
        sea: ['calm', 'swell', 'calm', 'choppy'][i % 4]!,
      }));
      expect(swapsOf(rows, 3, 'low', { low: 'calm', sea: '9.3' })).toEqual(['9.3']);
    });

    it('does not read a word a column of dates holds only by earlier swaps as one of its dates', () => {
      // Invented sailings: earlier swaps left a line's name twice in the date column and another's
      // twice among the weather notes (half a percent of each). A date written with the one, beside
      // a note of the other, is no swap: the dates write no line names.
      const rows = Array.from({ length: 400 }, (_, i) => ({
        id: `r${i}`,
        sailed: i === 5 || i === 9 ? 'GULL SHIPPING' : `2031-0${1 + (i % 9)}-${10 + (i % 18)}`,
        notes: i === 6 || i === 10 ? 'SALT ROAD LINES' : ['calm', 'swell', 'fog'][i % 3]!,
      }));
      const row = { ...rows[3]!, sailed: 'SALT ROAD LINES', notes: 'GULL SHIPPING' };
      const index = indexProfile(buildProfile(rows.map((r, i) => (i === 3 ? row : r))));
      expect(swapCandidates({ column: 'sailed', current: 'SALT ROAD LINES', col: index.columns.get('sailed'), index, noise: index.noise, row })).toEqual([]);
    });

    it('is half as sure where both values fit where they stand', () => {
      // Draughts in even tenths and speeds in odd tenths over overlapping ranges: "9.5" reads as a
      // speed, yet a draught of that form and size could be one too.
      const rows = Array.from({ length: 200 }, (_, i) => ({ id: `r${i}`, draught: (2 + ((i * 2) % 100) / 10).toFixed(1), speed: (8.1 + ((i * 2) % 60) / 10).toFixed(1) }));
      // The row's speed is one its column holds: nothing but the failed draught speaks for a swap.
      expect(swapP(rows, 'draught', { draught: '9.5', speed: '10.3' })).toBeCloseTo(0.375, 3);
      // A speed its column would not hold, and that the draughts hold, speaks for it too.
      expect(swapP(rows, 'draught', { draught: '9.5', speed: '4.2' })).toBeCloseTo(0.95, 3);
    });

    it('is half as sure where each value fits the other column by its form alone and the other value fits where it stands', () => {
      // Invented tank gauges: the inlet reads 10-60, the outlet 40-90, both in hundredths.
      const rows = Array.from({ length: 200 }, (_, i) => ({ id: `t${i}`, inlet: (10 + ((i * 37) % 5000) / 100).toFixed(2), outlet: (40 + ((i * 53) % 5000) / 100).toFixed(2) }));
      // An inlet of 88.37 reads as an outlet, but the row's outlet reads as one too: the inlet may
      // as well have been mistyped.
      expect(swapP(rows, 'inlet', { inlet: '88.37', outlet: '47.21' })).toBeCloseTo(0.275, 3);
      // An outlet no outlet would read, that an inlet could, speaks for the swap.
      expect(swapP(rows, 'inlet', { inlet: '88.37', outlet: '12.34' })).toBeCloseTo(0.55, 3);
    });

    it('reads a number the column holds, written the other column\'s way, as a format matter, not a swap', () => {
      // Invented: goals per side of a five-a-side league. A second system wrote a third of the away
      // goals with ".0"; a home goal written "2.0" beside an away "0" is the home column's 2.
      const rows = Array.from({ length: 300 }, (_, i) => {
        const home = String((i * 7) % 5);
        const away = String((i * 3) % 4);
        return { match: `m${i}`, home, away: i % 3 === 0 ? `${away}.0` : away };
      });
      const row = { match: 'm1', home: '2.0', away: '0' };
      const profile = buildProfile(rows.map((r, i) => (i === 1 ? row : r)));
      const result = suggestBuiltin({ issue: { issue_column: 'home', current_value: '2.0', row }, profile });
      expect(result).toMatchObject({ kind: 'suggestion', suggestedValue: '2' });
      const swap = candidatesFor({ issue: { issue_column: 'home', current_value: '2.0', row }, profile }).find((c) => c.family === 'swap');
      expect(swap?.p ?? 0).toBeLessThan(0.5);
    });

    it('takes back a missing-value word the column writes in its other rows', () => {
      const rows = Array.from({ length: 120 }, (_, i) => ({ id: `r${i}`, damage: i % 6 === 0 ? 'Minor' : 'None', county: ['Aldmoor', 'Brisk Vale', 'Cotterhay'][i % 3]! }));
      expect(swapsOf(rows, 7, 'damage', { damage: 'Brisk Vale', county: 'None' })).toEqual(['None']);
    });

    it('reads a free-text column by its words when no one shape is usual in it', () => {
      const names = ['harbour skiff 7', 'old gull', 'the salt runner', 'kelp queen ii', 'north star (rebuilt)', 'wren', 'tern of aldmoor'];
      const rows = Array.from({ length: 140 }, (_, i) => ({ id: `r${i}`, vessel: `${names[i % names.length]} ${['a', 'bb', 'c d'][i % 3]}${i}`, knots: String(10 + (i % 25)) }));
      expect(swapsOf(rows, 4, 'vessel', { vessel: '28', knots: 'wren of kellmark' })).toEqual(['wren of kellmark']);
      // A number is no vessel name: it is not taken for one the other way round.
      expect(swapsOf(rows, 4, 'knots', { vessel: '28', knots: 'wren of kellmark' })).toEqual(['28']);
    });

    it('still reads a free-text column by its words where a fifth of it holds other columns\' values', () => {
      // Invented berths with many earlier swaps: one berth in five holds a number from the depth column.
      const names = ['harbour skiff 7', 'old gull', 'the salt runner', 'kelp queen ii', 'north star (rebuilt)', 'wren', 'tern of aldmoor'];
      const rows = Array.from({ length: 140 }, (_, i) => ({
        id: `r${i}`,
        vessel: i % 5 === 2 ? String(4 + (i % 9)) : `${names[i % names.length]} ${['a', 'bb', 'c d'][i % 3]}${i}`,
        depth: String(4 + (i % 27)),
      }));
      expect(swapsOf(rows, 4, 'vessel', { vessel: '25', depth: 'wren of kellmark' })).toEqual(['wren of kellmark']);
    });

    it('does not count a value earlier swaps carried into this column as one of its values', () => {
      // Two earlier swaps left the call sign "PLOVER" among the harbours; the crew column holds it in a third of its rows.
      const rows = Array.from({ length: 150 }, (_, i) => ({ id: `r${i}`, harbour: i === 20 || i === 40 ? 'PLOVER' : ['Aldmoor Quay', 'Brisk Vale Pier', 'Cotter Dock'][i % 3]!, crew: ['KESTREL', 'OSPREY', 'PLOVER'][i % 3]! }));
      // A harbour mistyped as a call sign is no swap with the crew column's "PLOVER".
      expect(swapsOf(rows, 4, 'harbour', { harbour: 'OSPREY', crew: 'PLOVER' })).toEqual([]);
    });

    it('does not take back a value whose form belongs to another column, though earlier swaps left it here a few times', () => {
      // Invented ferry legs between thirty port codes; two earlier swaps left the code "KLM" among the dates.
      const ports = Array.from({ length: 30 }, (_, k) => `${'KLMNPRSTVW'[k % 10]}${'AEIOU'[k % 5]}${'BDGRX'[Math.floor(k / 6)]}`);
      const day = (i: number) => new Date(Date.UTC(2023, 0, 1 + i)).toISOString().slice(0, 10);
      const rows = Array.from({ length: 240 }, (_, i) => ({ id: `r${i}`, sailed: i === 30 || i === 60 ? 'KLM' : day(i), from: ports[i % 30]!, to: i % 30 === 7 ? 'KLM' : ports[(i * 7 + 3) % 30]! }));
      // The date and the departure port were swapped; the arrival port is no date, however often "KLM" stood among them.
      expect(swapsOf(rows, 4, 'sailed', { sailed: 'NIB', from: '2023-01-05', to: 'KLM' })).toEqual(['2023-01-05']);
    });

    it('does not re-case a value another column holds into a writing this column never holds', () => {
      // Invented harbours (eighty names, so a new one is no surprise) with their two-letter district
      // codes; a swap left "KT" among the harbours.
      const harbours = ['Varn', 'Ost', 'Kell', 'Ald', 'Tern', 'Ross', 'Hale', 'Brisk', 'Cot', 'Dun'].flatMap((a) => ['holm', 'by', 'mark', 'moor', 'wick', 'ness', 'ford', 'stead'].map((b) => a + b));
      const rows = Array.from({ length: 160 }, (_, i) => ({ id: `r${i}`, harbour: harbours[i % 80]!, district: ['KT', 'OS', 'VA', 'TR'][i % 4]! }));
      const recased = (value: string, district: string) => {
        const row = { ...rows[4]!, harbour: value, district };
        const profile = buildProfile(rows.map((r, i) => (i === 4 ? row : r)));
        return candidatesFor({ issue: { issue_column: 'harbour', current_value: value, row }, profile }).filter((c) => c.value.toLowerCase() === value.toLowerCase()).map((c) => c.value);
      };
      expect(recased('KT', 'Aldmoor')).toEqual([]);
      // A harbour written in capitals, which no other column holds, is still re-cased.
      expect(recased('OSTBY', 'KT')).toContain('Ostby');
    });

    it('judges a number by the range the column usually holds, not by its few stray extremes', () => {
      // Build years of 1900-1990, two of them mistyped a hundredfold; berths counted in the hundreds to thousands.
      const rows = Array.from({ length: 200 }, (_, i) => ({ id: `r${i}`, built: i === 11 || i === 12 ? '190000' : String(1900 + (i % 91)), berths: i % 10 === 0 ? '170' : String(120 + i * 17) }));
      // A mistyped year "170" (a berth count, too) is no sign of a swap with a berth count no year looks like.
      expect(swapsOf(rows, 3, 'built', { built: '170', berths: '3140' })).toEqual([]);
    });
  });

  it('is deterministic', () => {
    const rows = table();
    expect(ask(rows, 0, 'town', 'varnhxlm')).toEqual(ask(rows, 0, 'town', 'varnhxlm'));
  });
});

describe('what the held-out measurement showed (invented data)', () => {
  it('fills a blank from key -> attribute even where most of the attribute is blank', () => {
    const rows = Array.from({ length: 120 }, (_, i) => ({ id: `r${i}`, hull: `H-${i % 10}`, paint: i % 3 === 0 ? ['ochre', 'navy'][i % 10 % 2]! : '' }));
    expect(ask(rows, 4, 'paint', '')).toMatchObject({ kind: 'suggestion', suggestedValue: 'ochre' });
  });

  it('reads a missing-value marker as no value where the column is often empty, though the key knows a value', () => {
    // The same table: two rows in three have no paint, blanks and paints alike in every hull's rows.
    const rows = Array.from({ length: 120 }, (_, i) => ({ id: `r${i}`, hull: `H-${i % 10}`, paint: i % 3 === 0 ? ['ochre', 'navy'][i % 10 % 2]! : '' }));
    expect(ask(rows, 4, 'paint', 'N/A')).toMatchObject({ kind: 'suggestion', suggestedValue: '' });
    // The hull's paint is still proposed, below the blank.
    const row = { ...rows[4]!, paint: 'N/A' };
    const byKey = candidatesFor({ issue: { issue_column: 'paint', current_value: 'N/A', row }, profile: buildProfile(rows.map((r, i) => (i === 4 ? row : r))) }).find((c) => c.family === 'dependency');
    expect(byKey).toMatchObject({ value: 'ochre' });
    expect(byKey!.p).toBeLessThan(0.5);
  });

  it('weighs a marker as no value by the log-odds that the column is empty: equal steps for equal odds ratios', () => {
    // Columns empty in one row of two, of four and of ten: odds of a blank 1:1, 1:3 and 1:9.
    const knots = (every: number) => Array.from({ length: 360 }, (_, i) => ({ id: `r${i}`, berth: `B${i % 7}`, knots: i % every === 0 ? '' : String(4 + (i % 11)) }));
    const oddsFeature = (every: number) => {
      const rows = knots(every);
      const row = { ...rows[1]!, knots: 'n/a' };
      const profile = buildProfile(rows.map((r, i) => (i === 1 ? row : r)));
      const blank = evidenceOf({ issue: { issue_column: 'knots', current_value: 'n/a', row }, profile }).find((e) => e.value === '')!;
      return blank.x[FEATURE_NAMES.indexOf('column-missing-odds')]!;
    };
    const [even, oneInFour, oneInTen] = [oddsFeature(2), oddsFeature(4), oddsFeature(10)];
    expect(even - oneInFour).toBeCloseTo(oneInFour - oneInTen, 1);
    expect(oneInTen).toBeLessThan(oneInFour);
    // Where one row in two is empty the marker reads as no value; where one in ten is, it does not.
    expect(ask(knots(2), 1, 'knots', 'n/a')).toMatchObject({ kind: 'suggestion', suggestedValue: '' });
    expect(ask(knots(10), 1, 'knots', 'n/a')).toMatchObject({ kind: 'abstain' });
  });

  it('states a guess for an emptied cell from the column\'s commonest value nearer that value\'s share than certainty', () => {
    // Nothing in the row speaks for the value; "calm" holds three rows in five.
    const SEA = ['calm', 'calm', 'calm', 'swell', 'calm', 'fog', 'calm', 'swell', 'calm', 'swell'];
    const rows = Array.from({ length: 150 }, (_, i) => ({ id: `r${i}`, berth: `B${i % 7}`, sea: SEA[i % SEA.length]! }));
    const result = ask(rows, 3, 'sea', '');
    expect(result).toMatchObject({ kind: 'suggestion', suggestedValue: 'calm' });
    expect(result.kind === 'suggestion' && result.confidence).toBeLessThan(80);
  });

  it('repairs two swapped letters in a column of many rare names, where the nearest name holds little of the typo rule\'s belief', () => {
    // Invented trade names made of syllables: most words in one name only, each name in one to five rows.
    const SYL = ['ka', 'ro', 'mi', 'tes', 'lun', 'vor', 'pa', 'den', 'sul', 'ith', 'bra', 'gon', 'fe', 'qua', 'zel', 'mo'];
    const word = (n: number) => SYL[n % 16]! + SYL[Math.floor(n / 16) % 16]! + SYL[(n * 7 + 3) % 16]!;
    const names = Array.from({ length: 220 }, (_, i) => `${word(i * 3 + 1)} ${word(i * 5 + 2)}`);
    const rows: SourceRecord[] = [];
    names.forEach((name, i) => {
      for (let k = 0; k < 2 + (i % 4) - (i % 7 === 0 ? 1 : 0); k++) rows.push({ id: `r${rows.length}`, trade: name });
    });
    let asked = 0;
    let repaired = 0;
    for (let k = 1; k < rows.length; k += 17) {
      const name = rows[k]!.trade!;
      const at = 2 + (k % 5);
      const slipped = name.slice(0, at) + name[at + 1] + name[at] + name.slice(at + 2);
      if (slipped === name) continue;
      asked++;
      const result = ask(rows, k, 'trade', slipped);
      if (result.kind === 'suggestion') {
        expect(result.suggestedValue).toBe(name);
        repaired++;
      }
    }
    expect(repaired).toBeGreaterThanOrEqual(asked * 0.8);
  });

  it('trusts the source that agrees with the others where two sources disagree about an entity', () => {
    const rows: SourceRecord[] = [];
    for (let e = 0; e < 90; e++) {
      const flag = ['amber', 'teal', 'plum', 'sand'][e % 4]!;
      const split = e >= 80;
      rows.push({ vessel: `V${e}`, feed: 'careful', flag });
      if (!split) rows.push({ vessel: `V${e}`, feed: 'steady', flag: e % 10 === 1 ? 'grey' : flag });
      rows.push({ vessel: `V${e}`, feed: 'careless', flag: split || e % 3 === 0 ? 'grey' : flag });
    }
    // The careless row of a split entity (careful says teal, careless grey).
    const index = rows.findIndex((r) => r.vessel === 'V81' && r.feed === 'careless');
    expect(ask(rows, index, 'flag', 'grey')).toMatchObject({ kind: 'suggestion', suggestedValue: 'teal' });
  });

  it('takes the other sources\' word about an entity in a column that is nearly constant', () => {
    // Three feeds describe each depot; one feed writes a wrong default region for some depots. The
    // region is the same for almost every depot, so depot -> region predicts no better than the
    // commonest region: only the other feeds' rows about the same depot say the default is wrong.
    const rows: SourceRecord[] = [];
    for (let d = 0; d < 120; d++) {
      const region = d === 7 ? 'Sudmark' : 'Norland';
      for (const feed of ['ledger', 'survey', 'scraper']) {
        const careless = feed === 'scraper' && d % 5 === 1;
        rows.push({ depot: `DP-${100 + d}`, region: careless ? 'Sudmark' : region, bays: String(4 + (d % 9)), feed });
      }
    }
    const index = rows.findIndex((r) => r.depot === 'DP-111' && r.feed === 'scraper');
    expect(ask(rows, index, 'region', 'Sudmark')).toMatchObject({ kind: 'suggestion', suggestedValue: 'Norland' });
    // The depot that really is in Sudmark, as all its feeds say, is left alone.
    const real = rows.findIndex((r) => r.depot === 'DP-107' && r.feed === 'ledger');
    const kept = ask(rows, real, 'region', 'Sudmark');
    expect(kept.kind === 'suggestion' ? kept.suggestedValue : undefined).not.toBe('Norland');
  });

  it('does not re-case a value into a shape the column never uses', () => {
    const rows = Array.from({ length: 60 }, (_, i) => ({ id: `r${i}`, bay: `Shelf ${1 + (i % 9)}${'ABC'[i % 3]}` }));
    const result = ask(rows, 0, 'bay', 'SH 4B');
    expect(result.kind === 'suggestion' ? result.suggestedValue : undefined).not.toBe('sh 4b');
  });
  it('re-cases a value of a closed set of levels only into one of its levels', () => {
    // Invented hull inspections: three levels and nothing else; and inspectors' names, most seen once.
    const rows = Array.from({ length: 120 }, (_, i) => ({ id: `r${i}`, hull: ['Good', 'Fair', 'Poor'][i % 3]!, inspector: `Inspector ${['Amsel', 'Brook', 'Corvin', 'Dahl'][i % 4]}${i}` }));
    // "fair" is the level "Fair" mis-cased.
    expect(ask(rows, 0, 'hull', 'fair')).toMatchObject({ kind: 'suggestion', suggestedValue: 'Fair' });
    // "DENT" (a word from elsewhere) is no level written in capitals: "Dent" was never one.
    const carried = ask(rows, 0, 'hull', 'DENT');
    expect(carried.kind === 'suggestion' ? carried.suggestedValue : undefined).not.toBe('Dent');
    // In a column of new values, a result it never holds may still be a value mis-cased.
    expect(ask(rows, 0, 'inspector', 'INSPECTOR DAHL7')).toMatchObject({ kind: 'suggestion', suggestedValue: 'Inspector Dahl7' });
  });


  it('re-spaces free text of rare shapes, and re-cases it only to the all-lower or all-upper case the column uses', () => {
    // Vessel names of many forms, all in lower case; harbour names of many forms, in title case.
    const forms = (i: number) => ['%s', '%s %s', '%s-%s %s', '%s %s (%s)', '%s %s %s %s'][i % 5]!.replace(/%s/g, () => ['gull', 'kelp', 'tern', 'wren', 'skiff', 'runner'][(i * 7 + Math.floor(i / 5)) % 6]!);
    const rows = Array.from({ length: 150 }, (_, i) => ({ id: `r${i}`, vessel: `${forms(i)} ${i}`, harbour: forms(i).replace(/\b\w/g, (c) => c.toUpperCase()) }));
    const spaced = ask(rows, 2, 'vessel', ' tern-wren  gull 2 ');
    expect(spaced).toMatchObject({ kind: 'suggestion', suggestedValue: 'tern-wren gull 2' });
    const shouted = ask(rows, 3, 'vessel', 'GULL KELP (TERN) 3');
    expect(shouted).toMatchObject({ kind: 'suggestion', suggestedValue: 'gull kelp (tern) 3' });
    // Title case is not guessed for a rare shape: it would guess at abbreviations.
    const title = ask(rows, 4, 'harbour', 'GULL KELP TERN WREN SKIFF');
    expect(title.kind === 'suggestion' ? title.rule : '').not.toMatch(/format-case-spacing/);
  });

  it('does not turn a well-formed code or number into a commoner one', () => {
    const rows = Array.from({ length: 90 }, (_, i) => ({ id: `r${i}`, lot: i < 80 ? 'K-311' : `K-3${20 + i}`, load: i < 80 ? '16.0 kg' : `${10 + i}.5 kg` }));
    expect(ask(rows, 85, 'lot', 'K-317')).toMatchObject({ kind: 'abstain' });
    const load = ask(rows, 85, 'load', '16.9 kg');
    expect(load.kind === 'suggestion' ? load.suggestedValue : undefined).not.toBe('16.0 kg');
  });

  it('does not split a code at a sink character', () => {
    // "x" is this data's sink (it overwrites letters in many values), and the codes contain digits.
    const rows = Array.from({ length: 120 }, (_, i) => ({ id: `r${i}`, word: i % 9 === 0 ? 'xanterns' : 'lanterns', code: `${4400 + (i % 50)}-${i % 7}` }));
    const result = ask(rows, 3, 'code', '4471-2');
    expect(result.kind === 'suggestion' ? result.suggestedValue : undefined).not.toBe('447 -2');
  });

  it('does not strip a name that legitimately carries the value of another column', () => {
    const rows = Array.from({ length: 60 }, (_, i) => {
      const account = ['Brightwater', 'Kestrel', 'Halden'][i % 3]!;
      return { id: `r${i}`, account, deal: `${account} – ${['Harbour Suite', 'Dock Cloud', 'Tide Desk'][i % 3]} ${i}` };
    });
    const result = ask(rows, 4, 'deal', 'Kestrel – Dock Cloud');
    expect(result.kind === 'suggestion' ? result.suggestedValue : undefined).not.toBe('– Dock Cloud');
  });

  it('states more confidence when more rows back a dependency', () => {
    const rows = (copies: number) =>
      Array.from({ length: 12 * copies }, (_, i) => ({ id: `r${i}`, dock: `D${i % 12}`, town: `${['varn', 'ostre', 'kell', 'duns'][i % 4]}${['holm', 'by', 'mark'][i % 12 % 3]}` }));
    const few = ask(rows(2), 0, 'town', 'tallbrook');
    const many = ask(rows(10), 0, 'town', 'tallbrook');
    expect(confidence(many)).toBeGreaterThan(confidence(few));
  });

  it('reads a percent sign as a share of 100 unless the column shows otherwise', () => {
    // Standard reading: 15.5% in a column of fractions is 0.155.
    expect(ask(table(), 0, 'tariff', '15.5%')).toMatchObject({ kind: 'suggestion', suggestedValue: '0.155' });
    // A column that writes the same scale with and without a sign: the sign is decoration there.
    const rows = table().map((r, i) => ({ ...r, tariff: i % 6 === 0 ? `${r.tariff}%` : (r.tariff ?? '') }));
    expect(ask(rows, 0, 'tariff', '0.155%')).toMatchObject({ kind: 'suggestion', suggestedValue: '0.155' });
    // In a column of small fractions, 0.037% is 0.00037.
    const small = table().map((r, i) => ({ ...r, tariff: (0.0003 + (i % 6) * 0.0001).toFixed(5) }));
    expect(ask(small, 0, 'tariff', '0.037%')).toMatchObject({ kind: 'suggestion', suggestedValue: '0.00037' });
  });

  it('writes a number with the column\'s decimals only when it is a number the column could hold, whole', () => {
    // Gauge readings with one decimal, 0.5-18.5 (no one digit layout dominates) and 2.0-29.9 (mostly
    // two digits before the point); in both, two earlier hundredfold slips stretch the raw range.
    const readings = (span: number, from: number) => Array.from({ length: 150 }, (_, i) => ({ id: `r${i}`, gauge: i === 9 ? '1710' : i === 19 ? '2380' : (from + ((i * 7.3) % span)).toFixed(1) }));
    const rule = (r: ReturnType<typeof ask>) => (r.kind === 'suggestion' ? `${r.suggestedValue} ${r.rule}` : '');
    // A slip far outside the usual range is no format error to pad with a decimal.
    expect(rule(ask(readings(18, 0.5), 4, 'gauge', '170'))).not.toMatch(/^170\.0 /);
    // A number cut short after its point lost a digit; writing it with ".0" would invent one.
    expect(rule(ask(readings(28, 2), 4, 'gauge', '13.'))).not.toMatch(/^13\.0 /);
    // Moving the point is a change of scale, never written with a leading zero.
    expect(rule(ask(readings(28, 2), 4, 'gauge', '0.74'))).not.toMatch(/^07\.4 /);
  });

  it('drops a rate written after the number ("4.2 m/s") in a column of plain numbers', () => {
    const rows = Array.from({ length: 120 }, (_, i) => ({ id: `r${i}`, current: (0.5 + ((i * 1.3) % 6)).toFixed(1) }));
    expect(ask(rows, 11, 'current', '4.2 m/s')).toMatchObject({ kind: 'suggestion', suggestedValue: '4.2' });
    expect(ask(rows, 11, 'current', '3.1km/h')).toMatchObject({ kind: 'suggestion', suggestedValue: '3.1' });
  });

  it('reads a date that could be day or month first the way the column\'s other dates with slashes read', () => {
    // A ferry log in ISO dates, a few written with slashes; those that read only one way put the
    // month first ("10/23/2023"), so "04/09/2023" is 9 April, not 4 September.
    const logged = (i: number) => new Date(Date.UTC(2023, 0, 1 + i * 3)).toISOString().slice(0, 10);
    const slashed = (iso: string, dayFirst: boolean) => { const [y, m, d] = iso.split('-'); return dayFirst ? `${d}/${m}/${y}` : `${m}/${d}/${y}`; };
    const log = (dayFirst: boolean) => Array.from({ length: 110 }, (_, i) => ({ id: `r${i}`, sailed: [13, 41, 57, 88].includes(i) ? slashed(logged(i), dayFirst) : logged(i) }));
    expect(ask(log(false), 5, 'sailed', '04/09/2023')).toMatchObject({ kind: 'suggestion', suggestedValue: '2023-04-09' });
    expect(ask(log(true), 5, 'sailed', '04/09/2023')).toMatchObject({ kind: 'suggestion', suggestedValue: '2023-09-04' });
    // Without dates that read only one way, the order is unknown: no guess.
    const plain = Array.from({ length: 110 }, (_, i) => ({ id: `r${i}`, sailed: logged(i) }));
    expect(ask(plain, 5, 'sailed', '04/09/2023').kind).toBe('abstain');
  });

  it('reads a date with dashes either way, and an ambiguous one in the order its column\'s layout writes', () => {
    // Invented ferry logs: one written "05.03.2031" (day first), one "3/5/2031" (month first).
    const day = (i: number) => new Date(Date.UTC(2031, 0, 1 + i * 3));
    const pad = (n: number) => String(n).padStart(2, '0');
    const european = Array.from({ length: 110 }, (_, i) => ({ id: `r${i}`, sailed: `${pad(day(i).getUTCDate())}.${pad(day(i).getUTCMonth() + 1)}.2031` }));
    const american = Array.from({ length: 110 }, (_, i) => ({ id: `r${i}`, sailed: `${day(i).getUTCMonth() + 1}/${day(i).getUTCDate()}/2031` }));
    // Read only one way: the 25th of March, whichever order the column writes.
    expect(ask(european, 5, 'sailed', '25-03-2031')).toMatchObject({ kind: 'suggestion', suggestedValue: '25.03.2031' });
    expect(ask(american, 5, 'sailed', '25-03-2031')).toMatchObject({ kind: 'suggestion', suggestedValue: '3/25/2031' });
    // Read either way: as the column's layout writes its dates, less surely than its own slashed dates would say.
    expect(ask(european, 5, 'sailed', '05-03-2031')).toMatchObject({ kind: 'suggestion', suggestedValue: '05.03.2031' });
    expect(ask(european, 5, 'sailed', '05/03/2031')).toMatchObject({ kind: 'suggestion', suggestedValue: '05.03.2031' });
    expect(ask(american, 5, 'sailed', '05-03-2031')).toMatchObject({ kind: 'suggestion', suggestedValue: '5/3/2031' });
    const guess = proposed(european, 5, 'sailed', '05-03-2031').find((c) => c.rule.endsWith('format-date'));
    expect(guess?.p).toBeLessThan(0.8);
    // A month named in the writer's language.
    expect(ask(european, 5, 'sailed', '5. März 2031')).toMatchObject({ kind: 'suggestion', suggestedValue: '05.03.2031' });
    expect(ask(american, 5, 'sailed', '5 de marzo de 2031')).toMatchObject({ kind: 'suggestion', suggestedValue: '3/5/2031' });
  });

  it('rewrites a date as its column writes dates, keeping the time of day and never dropping it', () => {
    // Invented pump readings stamped "YYYY/MM/DD hh:mm".
    const stamp = (i: number) => `2031/${String(1 + (i % 12)).padStart(2, '0')}/${String(1 + ((i * 7) % 28)).padStart(2, '0')} ${String(i % 24).padStart(2, '0')}:${String((i * 13) % 60).padStart(2, '0')}`;
    const readings = Array.from({ length: 130 }, (_, i) => ({ id: `r${i}`, at: stamp(i) }));
    expect(ask(readings, 9, 'at', '2031-03-14 08:54')).toMatchObject({ kind: 'suggestion', suggestedValue: '2031/03/14 08:54' });
    // A date alone in a column of date-times: the time is unknown, so no rewrite drops or invents one.
    expect(ask(readings, 9, 'at', '2031-03-14').kind).toBe('abstain');
    // A slip in the date or the time of a date-time is undone like one in a date.
    expect(ask(readings, 9, 'at', '2031/033/14 08:54')).toMatchObject({ kind: 'suggestion', suggestedValue: '2031/03/14 08:54' });
    expect(ask(readings, 9, 'at', '2031/03/14 088:54')).toMatchObject({ kind: 'suggestion', suggestedValue: '2031/03/14 08:54' });
    // A date-time in a column of dates keeps its time unless it is a bare midnight.
    const days = Array.from({ length: 130 }, (_, i) => ({ id: `r${i}`, on: stamp(i).slice(0, 10) }));
    expect(ask(days, 9, 'on', '2031-03-14 08:54').kind).toBe('abstain');
    expect(ask(days, 9, 'on', '2031-03-14 00:00')).toMatchObject({ kind: 'suggestion', suggestedValue: '2031/03/14' });
  });

  it('writes a month-name date without the comma or with the padding its column uses', () => {
    // Invented launch dates written "Sep 04 2031": short names, padded days, no comma.
    const months = ['Jan', 'Mar', 'May', 'Aug', 'Sep', 'Dec'];
    const rows = Array.from({ length: 120 }, (_, i) => ({ id: `r${i}`, launched: `${months[i % 6]} ${String(1 + ((i * 5) % 28)).padStart(2, '0')} ${2001 + (i % 20)}` }));
    expect(ask(rows, 7, 'launched', '2011-09-04')).toMatchObject({ kind: 'suggestion', suggestedValue: 'Sep 04 2011' });
    expect(ask(rows, 7, 'launched', 'Sep 4, 2011')).toMatchObject({ kind: 'suggestion', suggestedValue: 'Sep 04 2011' });
    // Taught by fixes: the learned rewrite writes the style the fixes wrote…
    const layout = TRANSFORMS.find((t) => t.id === 'date-layout')!;
    const param = layout.infer('2011-09-04', 'Sep 04 2011', undefined)!;
    expect(layout.apply('2013-05-02', undefined, param)).toBe('May 02 2013');
    // A fix whose day has two digits shows no padding: its rewrite keeps a date's own.
    const unshown = layout.infer('2012-03-17', 'Mar 17 2012', undefined)!;
    expect(layout.apply('Sep 04 2011', undefined, unshown)).toBe('Sep 04 2011');
    expect(layout.apply('Sep 4, 2011', undefined, unshown)).toBe('Sep 4 2011');
    expect(layout.apply('Sep 04, 2011', undefined, unshown)).toBe('Sep 04 2011');
    // …and where the column's own layout writes the value the same way, it is proposed once, by the format rule.
    const taught: Learned = { fixes: [['2011-09-04', 'Sep 04 2011'], ['2012-03-17', 'Mar 17 2012']].map(([oldValue, newValue], i) => ({ column: 'launched', oldValue: oldValue!, newValue: newValue!, fixedBy: 'a@x.io', row: { ...rows[i]!, launched: oldValue! } })), penalties: {} };
    const proposed = candidatesFor({ issue: { issue_column: 'launched', current_value: '2013-05-02', row: { ...rows[50]!, launched: '2013-05-02' } }, profile: buildProfile(rows), learned: taught }).filter((c) => c.value === 'May 02 2013');
    expect(proposed.map((c) => c.rule)).toEqual(['launched:format-date']);
  });

  it('proposes a word value\'s commoner spelling surer than a number\'s unit spelling, both written the rarer way by several rows', () => {
    // Invented berths: most hulls "Teal", four in capitals; most crates "12 kg", four in capitals.
    const rows = Array.from({ length: 40 }, (_, i) => ({ berth: `B-${300 + i}`, hull: i < 4 ? 'TEAL' : i < 24 ? 'Teal' : 'Ochre', crate: i < 4 ? '12 KG' : i < 24 ? '12 kg' : '15 kg' }));
    const commoner = (column: 'hull' | 'crate', value: string) =>
      candidatesFor({ issue: { issue_column: column, current_value: value, row: { berth: 'B-999', hull: '', crate: '', [column]: value } }, profile: buildProfile(rows) }).find((c) => c.rule === `${column}:format-case-spacing`)!;
    const word = commoner('hull', 'TEAL');
    const unit = commoner('crate', '12 KG');
    expect([word.value, unit.value]).toEqual(['Teal', '12 kg']);
    // A number's unit is the number rules' to write: its spelling is one option among others.
    expect(word.p).toBeGreaterThan(unit.p);
  });

  it('believes a value from the key\'s other rows half as far where the failed marker is how its column writes empty cells', () => {
    // Invented berths, four rows each; a fifth of the hulls were never surveyed. In one log a
    // second system wrote every such empty cell "N/A"; in the other they are blank, and one "N/A" is a slip.
    const colours = ['Teal', 'Ochre', 'Slate'];
    const log = (habit: boolean) =>
      Array.from({ length: 200 }, (_, i) => ({ berth: `B-${300 + (i % 50)}`, hull: i % 5 === 4 ? (habit || i === 4 ? 'N/A' : '') : colours[(i % 50) % 3]! }));
    const fill = (rows: ReturnType<typeof log>) => candidatesFor({ issue: { issue_column: 'hull', current_value: 'N/A', row: { berth: 'B-301', hull: 'N/A' } }, profile: buildProfile(rows) }).find((c) => c.rule === 'hull:dependency:berth')!;
    const slip = fill(log(false));
    const habit = fill(log(true));
    expect([slip.value, habit.value]).toEqual(['Ochre', 'Ochre']);
    expect(habit.p).toBeLessThan(slip.p * 0.6);
  });

  it('does not re-case a value another column holds as it stands: it was swapped in', () => {
    // Invented ferry sailings: times written in small letters, harbour codes in capitals; the rare
    // harbour "KLV" is sailed from twice. "KLV" in the time column is that code carried in, not a
    // time to write as "klv".
    const harbours = ['OST', 'DUN', 'VAR'];
    const rows = Array.from({ length: 160 }, (_, i) => ({ harbour: i === 7 || i === 70 ? 'KLV' : harbours[i % 3]!, sailed: `${1 + (i % 11)}:${String(10 + (i % 50)).padStart(2, '0')} ${i % 2 ? 'p.m.' : 'a.m.'}` }));
    const recased = (value: string) => candidatesFor({ issue: { issue_column: 'sailed', current_value: value, row: { harbour: 'OST', sailed: value } }, profile: buildProfile(rows) }).filter((c) => c.rule === 'sailed:format-case-spacing').map((c) => c.value);
    expect(recased('KLV')).toEqual([]);
    // A word no other column holds is still re-cased as the column writes its values.
    expect(recased('NOON')).toEqual(['noon']);
  });

  it('proposes the column\'s other common spelling of a failed value written the commonest way', () => {
    // Invented hull colours: a second system upper-cased 60 % of the rows. A failed "TEAL" is most
    // likely one of the first system's "Teal"; a rare variant is no such habit.
    const colours = ['Teal', 'Ochre', 'Slate'];
    const rows = Array.from({ length: 150 }, (_, i) => ({ berth: `B-${300 + i}`, hull: i % 5 < 3 ? colours[i % 3]!.toUpperCase() : colours[i % 3]! }));
    const proposed = (value: string, at: readonly typeof rows[number][]) => candidatesFor({ issue: { issue_column: 'hull', current_value: value, row: { berth: 'B-999', hull: value } }, profile: buildProfile([...at]) }).filter((c) => c.rule === 'hull:format-case-spacing').map((c) => c.value);
    expect(proposed('TEAL', rows)).toEqual(['Teal']);
    const rare = rows.map((r, i) => ({ ...r, hull: i < 3 ? r.hull.toLowerCase() : colours[i % 3]! }));
    expect(proposed('Teal', rare)).toEqual([]);
    // Where writing values two ways is the column's habit, a second spelling of one row is proposed too.
    const habit = rows.map((r, i) => (i < 2 ? { ...r, hull: 'Amber' } : i < 5 ? { ...r, hull: 'AMBER' } : r));
    expect(proposed('AMBER', habit)).toEqual(['Amber']);
  });

  it('does not rewrite a tidily written value with the stray spaces other rows slipped into', () => {
    // Invented vessel names: three rows wrote "Skerry  Queen" with two spaces, as many as wrote it
    // right; three wrote " Morwen" with a space before it, beside eleven "Morwen".
    const names = ['Lantern Bay', 'Tideway', 'Gannet'];
    const rows = [
      ...Array.from({ length: 3 }, () => 'Skerry  Queen'),
      ...Array.from({ length: 3 }, () => 'Skerry Queen'),
      ...Array.from({ length: 3 }, () => ' Morwen'),
      ...Array.from({ length: 11 }, () => 'Morwen'),
      ...Array.from({ length: 60 }, (_, i) => names[i % 3]!),
    ].map((vessel, i) => ({ berth: `B-${300 + i}`, vessel }));
    const respaced = (value: string) => candidatesFor({ issue: { issue_column: 'vessel', current_value: value, row: { berth: 'B-999', vessel: value } }, profile: buildProfile(rows) }).filter((c) => c.rule === 'vessel:format-case-spacing').map((c) => c.value);
    expect(respaced('Skerry Queen')).toEqual([]);
    expect(respaced('Morwen')).toEqual([]);
    // The untidy writings are still written tidily.
    expect(respaced('Skerry  Queen')).toEqual(['Skerry Queen']);
    expect(respaced(' Morwen')).toEqual(['Morwen']);
  });

  it('writes a value its key\'s group names in capitals as the rest of the column does, only as surely as the column is of that spelling', () => {
    // Invented berths, three rows each, a hull colour per berth; in one log a second system
    // upper-cased two rows of every berth's three.
    const colours = ['Teal', 'Ochre', 'Slate', 'Amber', 'Umber'];
    const log = (habit: boolean) => Array.from({ length: 300 }, (_, i) => ({ berth: `B-${300 + (i % 100)}`, hull: habit && i < 200 ? colours[i % 5]!.toUpperCase() : colours[i % 5]! }));
    const fill = (rows: ReturnType<typeof log>) => candidatesFor({ issue: { issue_column: 'hull', current_value: '', row: { berth: 'B-300', hull: '' } }, profile: buildProfile(rows) }).find((c) => c.rule === 'hull:dependency:berth')!;
    const sure = fill(log(false));
    const split = fill(log(true));
    expect(sure.value).toBe('Teal');
    // Capitals are the second system's way: the berth's rows say which colour, the rest of the column how it is written.
    expect(split.value).toBe('Teal');
    expect(split.p).toBeLessThan(sure.p * 0.7);
    // A time of day a ferry's rows all write alike is doubted by how often the column writes its
    // shape rather than the same shape in the other case.
    const time = (f: number) => `${1 + (f % 12)}:${String((f * 7) % 60).padStart(2, '0')} ${f % 2 ? 'p' : 'a'}.m.`;
    const ferries = (habit: boolean) =>
      Array.from({ length: 300 }, (_, i) => {
        const f = i % 50;
        // Ferries 0-24 upper-cased in all six rows, the others in two of six.
        const upper = habit && (f < 25 || i < 100);
        return { ferry: `Tern ${f}`, departed: upper ? time(f).toUpperCase() : time(f) };
      });
    const depart = (rows: ReturnType<typeof ferries>) => candidatesFor({ issue: { issue_column: 'departed', current_value: '', row: { ferry: 'Tern 3', departed: '' } }, profile: buildProfile(rows) }).find((c) => c.rule === 'departed:dependency:ferry')!;
    const usual = depart(ferries(false));
    const upper = depart(ferries(true));
    // Ferry 3's rows write its time only in capitals: its letters as the rest of the column writes them.
    expect(upper.value).toBe(time(3));
    expect(upper.p).toBeLessThan(usual.p * 0.75);
  });

  it('writes a value in capitals as the rest of a partly upper-cased column writes its words', () => {
    // Invented pier names, most seen once; a second system wrote about half the rows in capitals.
    const syllables = ['Os', 'Var', 'Kes', 'Lun', 'Tar', 'Hol', 'Brek', 'Sol', 'Ny', 'Or'];
    const kinds = ['Pier', 'Field', 'Quay', 'Landing'];
    const pier = (n: number) => `${syllables[n % 10]}${syllables[Math.floor(n / 10) % 10]!.toLowerCase()}by ${kinds[n % 4]}`;
    // Twenty piers in four rows (two in capitals), seventy in one.
    const names = [...Array.from({ length: 80 }, (_, i) => pier(i % 20)), ...Array.from({ length: 70 }, (_, i) => pier(20 + i))];
    const rows = names.map((name, i) => ({ berth: `B-${300 + i}`, pier: (i < 80 ? i < 40 : i % 2 === 0) ? name.toUpperCase() : name }));
    const words = (value: string, at: readonly { berth: string; pier: string }[]) =>
      candidatesFor({ issue: { issue_column: 'pier', current_value: value, row: { berth: 'B-999', pier: value } }, profile: buildProfile([...at]) })
        .filter((c) => c.rule === 'pier:format-case-words')
        .map((c) => c.value);
    // A name the column writes only in capitals: its words as the rest of the column writes them,
    // a word it writes only in capitals in title case.
    expect(words('GRANHOLM QUAY', rows)).toEqual(['Granholm Quay']);
    // A spelling a word has in a few of its uses only, the rest in capitals, is a slip's: "GRANHOLM"
    // thirty times and "granholm" twice leave the word a guess.
    const slips = [...rows, ...Array.from({ length: 32 }, (_, i) => ({ berth: `B-${500 + i}`, pier: i < 30 ? 'GRANHOLM PIER' : 'granholm pier' }))];
    expect(words('GRANHOLM QUAY', slips)).toEqual(['Granholm Quay']);
    // Without the habit (a column in title case but for a slip) nothing is guessed.
    const usual = rows.map((r, i) => ({ ...r, pier: names[i]! }));
    expect(words('GRANHOLM QUAY', usual)).toEqual([]);
    // Nor where the column's other values are not in title case ("2 km N of Varnholm, VH").
    const remarks = rows.map((r, i) => ({ ...r, pier: `${1 + (i % 9)} km N of ${r.pier}, VH` }));
    expect(words('3 KM N OF GRANHOLM QUAY, VH', remarks)).toEqual([]);
    // Words the column writes beside its capitals are spelt as seen; a word it never writes so is a guess.
    const sure = (value: string) =>
      candidatesFor({ issue: { issue_column: 'pier', current_value: value, row: { berth: 'B-999', pier: value } }, profile: buildProfile([...rows]) }).find((c) => c.rule === 'pier:format-case-words')!;
    const seen = sure(`${pier(1).split(' ')[0]!.toUpperCase()} QUAY`);
    const guessed = sure('GRANHOLM QUAY');
    expect(seen.value).toBe(`${pier(1).split(' ')[0]} Quay`);
    expect(seen.p).toBeGreaterThan(guessed.p);
    // A word the column writes in capitals inside values that are not ("Osvarby KTB") is so spelt.
    const boards = rows.map((r, i) => (i % 20 === 19 ? { ...r, pier: `${r.pier.split(' ')[0]} KTB` } : r));
    expect(boards.filter((r) => r.pier !== r.pier.toUpperCase() && r.pier.endsWith(' KTB')).length).toBeGreaterThan(2);
    expect(words('GRANHOLM KTB', boards)).toEqual(['Granholm KTB']);
  });

  it('writes a time of day in capitals as the rest of a partly upper-cased column writes its letters, keeping its numbers', () => {
    // Invented ferry log: a hundred ferries in two rows each and a hundred single trips, each at its
    // own time; a second system wrote about half the rows in capitals.
    const time = (n: number) => `${1 + (n % 12)}:${String(Math.floor(n / 12) % 60).padStart(2, '0')} ${n % 2 ? 'p' : 'a'}.m.`;
    const trips = [...Array.from({ length: 200 }, (_, i) => Math.floor(i / 2)), ...Array.from({ length: 100 }, (_, i) => 100 + i)];
    const rows = trips.map((n, i) => ({ ferry: `Tern ${n}`, departed: (i < 200 ? i % 2 === 0 && n % 5 < 3 : n % 2 === 0) ? time(n).toUpperCase() : time(n) }));
    const words = candidatesFor({ issue: { issue_column: 'departed', current_value: '6:15 A.M.', row: { ferry: 'Tern 999', departed: '6:15 A.M.' } }, profile: buildProfile(rows) })
      .filter((c) => c.rule === 'departed:format-case-words')
      .map((c) => c.value);
    expect(words).toEqual(['6:15 a.m.']);
  });

  it('proposes a time the key\'s other rows hold in another form as the rest of the column writes its letters, not in its capitals', () => {
    // The ferry log above: ferry 3's rows write its departure in capitals; the failed row wrote it on a 24-hour clock.
    const time = (n: number) => `${1 + (n % 12)}:${String(Math.floor(n / 12) % 60).padStart(2, '0')} ${n % 2 ? 'p' : 'a'}.m.`;
    const trips = [...Array.from({ length: 200 }, (_, i) => Math.floor(i / 2)), ...Array.from({ length: 100 }, (_, i) => 100 + i)];
    const rows = trips.map((n, i) => ({ ferry: `Tern ${n}`, departed: (i < 200 ? n === 3 || (i % 2 === 0 && n % 5 < 3) : n % 2 === 0) ? time(n).toUpperCase() : time(n) }));
    expect(time(3)).toBe('4:00 p.m.');
    const carried = candidatesFor({ issue: { issue_column: 'departed', current_value: '16:00', row: { ferry: 'Tern 3', departed: '16:00' } }, profile: buildProfile(rows) }).filter((c) => c.rule === 'departed:dependency:ferry');
    expect(carried.map((c) => c.value)).toEqual(['4:00 p.m.']);
    // So is a value the rows name that is not the failed one.
    const other = candidatesFor({ issue: { issue_column: 'departed', current_value: '9:00', row: { ferry: 'Tern 3', departed: '9:00' } }, profile: buildProfile(rows) }).filter((c) => c.rule === 'departed:dependency:ferry');
    expect(other.map((c) => c.value)).toEqual(['4:00 p.m.']);
    // Ferry 4's rows write its time as the rest of the column does: not proposed in capitals as well.
    expect(time(4)).toBe('5:00 a.m.');
    const lower = candidatesFor({ issue: { issue_column: 'departed', current_value: '05:00', row: { ferry: 'Tern 4', departed: '05:00' } }, profile: buildProfile(rows) }).filter((c) => c.rule === 'departed:dependency:ferry');
    expect(lower.map((c) => c.value)).toEqual(['5:00 a.m.']);
  });

  it('writes a value swapped in from another column out of capitals where those are a second system\'s habit', () => {
    // Invented berth log, three reports a visit: when the vessel moored and when it cast off. A
    // second system wrote two reports of every visit in capitals.
    const at = (m: number) => `${1 + ((Math.floor(m / 60) + 11) % 12)}:${String(m % 60).padStart(2, '0')} ${m >= 720 ? 'p' : 'a'}.m.`;
    const rows: SourceRecord[] = [];
    for (let berth = 0; berth < 60; berth++) {
      for (let copy = 0; copy < 3; copy++) {
        const [moored, castOff] = [at(360 + berth * 11), at(600 + berth * 7)];
        rows.push({ berth: `B-${300 + berth}`, moored: copy < 2 ? moored.toUpperCase() : moored, castOff: copy < 2 ? castOff.toUpperCase() : castOff });
      }
    }
    // The first report of berth B-310 swapped its two times; the berth's rows write its mooring time in capitals more often.
    const swapped = { ...rows[30]!, moored: rows[30]!.castOff!, castOff: rows[30]!.moored! };
    const profile = buildProfile(rows.map((r, i) => (i === 30 ? swapped : r)));
    const swap = candidatesFor({ issue: { issue_column: 'moored', current_value: swapped.moored!, row: swapped }, profile }).find((c) => c.family === 'swap');
    expect(swapped.castOff).toBe(at(360 + 110).toUpperCase());
    expect(swap?.value).toBe(at(360 + 110));
  });

  it('writes a time of day the key\'s other rows give in their own way as the column writes its times', () => {
    // Invented ferry log, three rows a ferry; ferry 3's rows came from a feed that writes "5:17 PM", not "5:17 p.m.".
    const time = (n: number) => `${1 + (n % 12)}:${String((n * 7) % 60).padStart(2, '0')} ${n % 2 ? 'p' : 'a'}.m.`;
    const rows = Array.from({ length: 150 }, (_, i) => {
      const n = i % 50;
      return { ferry: `Tern ${n}`, departed: n === 3 ? time(n).replace(' p.m.', ' PM') : time(n) };
    });
    expect(rows[3]!.departed).toMatch(/^\d+:\d\d PM$/);
    const carried = candidatesFor({ issue: { issue_column: 'departed', current_value: '', row: { ferry: 'Tern 3', departed: '' } }, profile: buildProfile(rows) }).filter((c) => c.rule === 'departed:dependency:ferry');
    expect(carried.map((c) => c.value)).toEqual([time(3)]);
  });

  it('writes a number the key\'s other rows give in their own way as the column writes its numbers', () => {
    // Invented ferry log, three rows a ferry, each ferry's crate count; ferry 3's rows came from a
    // spreadsheet that wrote "13.0" where the column writes whole numbers.
    const rows = Array.from({ length: 150 }, (_, i) => {
      const n = i % 50;
      return { ferry: `Tern ${n}`, crates: n === 3 ? `${10 + n}.0` : String(10 + n) };
    });
    const carried = candidatesFor({ issue: { issue_column: 'crates', current_value: '', row: { ferry: 'Tern 3', crates: '' } }, profile: buildProfile(rows) }).filter((c) => c.rule === 'crates:dependency:ferry');
    expect(carried.map((c) => c.value)).toEqual(['13']);
    // A writing the column holds far more often than the rewrite is its own: "0.0" for no load
    // among loads written "0.35" stays as it is.
    const loads = Array.from({ length: 150 }, (_, i) => {
      const n = i % 50;
      return { ferry: `Tern ${n}`, load: n % 5 === 3 ? '0.0' : `0.${10 + n}` };
    });
    const load = candidatesFor({ issue: { issue_column: 'load', current_value: '', row: { ferry: 'Tern 3', load: '' } }, profile: buildProfile(loads) }).filter((c) => c.rule === 'load:dependency:ferry');
    expect(load.map((c) => c.value)).toEqual(['0.0']);
  });

  it('sees the habit where each value is written once each way, which the value list leaves out', () => {
    // Invented piers each named in two rows (a quay's survey and its office's), most of them once
    // in capitals: no spelling is seen twice, so only counting every row shows the habit.
    const syllables = ['Os', 'Var', 'Kes', 'Lun', 'Tar', 'Hol', 'Brek', 'Sol', 'Ny', 'Or'];
    const pier = (n: number) => `${syllables[n % 10]}${syllables[Math.floor(n / 10) % 10]!.toLowerCase()}by Pier`;
    const rows = Array.from({ length: 120 }, (_, i) => {
      const n = Math.floor(i / 2);
      const upper = i % 2 === 0 && n % 3 !== 0;
      return { berth: `B-${300 + n}`, pier: upper ? pier(n).toUpperCase() : pier(n) };
    });
    const profile = buildProfile(rows);
    const words = candidatesFor({ issue: { issue_column: 'pier', current_value: 'GRANHOLM PIER', row: { berth: 'B-999', pier: 'GRANHOLM PIER' } }, profile })
      .filter((c) => c.rule === 'pier:format-case-words')
      .map((c) => c.value);
    expect(words).toEqual(['Granholm Pier']);
    // A profile built before the share was counted over every row reads the value list alone: no habit there.
    const { spellingVariantShare: _counted, ...listed } = profile.columns.find((c) => c.name === 'pier')!;
    const older = { ...profile, columns: profile.columns.map((c) => (c.name === 'pier' ? listed : c)) };
    expect(candidatesFor({ issue: { issue_column: 'pier', current_value: 'GRANHOLM PIER', row: { berth: 'B-999', pier: 'GRANHOLM PIER' } }, profile: older }).filter((c) => c.rule === 'pier:format-case-words')).toEqual([]);
  });

  it('writes a unit in the column\'s other case where part of the column is upper-cased, and keeps the number with it', () => {
    // Invented crate masses, each written with its unit; a second system upper-cased half the rows.
    const mass = (i: number) => `${(8 + (i % 40) / 4).toFixed(2)} kg`;
    const rows = Array.from({ length: 160 }, (_, i) => ({ crate: `C-${300 + i}`, mass: Math.floor(i / 40) % 2 === 0 ? mass(i).toUpperCase() : mass(i) }));
    const proposed = candidatesFor({ issue: { issue_column: 'mass', current_value: '12.60 KG', row: { crate: 'C-999', mass: '12.60 KG' } }, profile: buildProfile(rows) }).filter((c) => c.rule.startsWith('mass:format'));
    // Not the number alone: the column never writes one.
    expect(proposed.map((c) => [c.value, c.rule])).toEqual([['12.60 kg', 'mass:format-case-spacing']]);
    // As surely as a mass several rows write in capitals is rewritten the commoner way: the unit's
    // other spelling is the column's habit, seen as often.
    const more = [...rows, ...['7.50 kg', '7.50 kg', '7.50 kg', '7.50 kg', '7.50 KG', '7.50 KG', '7.50 KG'].map((m, i) => ({ crate: `C-${500 + i}`, mass: m }))];
    const shared = candidatesFor({ issue: { issue_column: 'mass', current_value: '7.50 KG', row: { crate: 'C-999', mass: '7.50 KG' } }, profile: buildProfile(more) }).find((c) => c.rule === 'mass:format-case-spacing')!;
    expect(shared.value).toBe('7.50 kg');
    expect(proposed[0]!.p).toBeCloseTo(shared.p, 5);
    // Never into the second system's capitals: a mass written the first system's way failed for its number.
    const kept = candidatesFor({ issue: { issue_column: 'mass', current_value: '12.60 kg', row: { crate: 'C-999', mass: '12.60 kg' } }, profile: buildProfile(rows) }).filter((c) => c.rule.startsWith('mass:format'));
    expect(kept).toEqual([]);
  });

  it('writes a failed marker a column uses for its every empty cell as the dataset\'s other columns write missing values', () => {
    // Invented survey log: a second system wrote every empty remark "N/A"; the other columns leave
    // missing cells empty. The damage column answers "None" (no damage) as a value of its own.
    const rows = Array.from({ length: 200 }, (_, i) => ({
      berth: `B-${300 + i}`,
      remark: i % 3 === 0 ? ['swell', 'ice'][i % 9 === 0 ? 0 : 1]! : 'N/A',
      damage: ['None', 'Scratch', 'None', 'Dent'][i % 4]!,
      pilot: i % 10 === 0 ? '' : `P-${i % 7}`,
    }));
    const blank = (column: 'remark' | 'damage', value: string) =>
      candidatesFor({ issue: { issue_column: column, current_value: value, row: { ...rows[5]!, [column]: value } }, profile: buildProfile(rows) })
        .filter((c) => c.rule === `${column}:missing-marker`)
        .map((c) => c.value);
    expect(blank('remark', 'N/A')).toEqual(['']);
    expect(blank('damage', 'None')).toEqual([]);
    // Stated as measured, as surely as where the other columns have no way of their own: they say it is one.
    const result = suggestBuiltin({ issue: { issue_column: 'remark', current_value: 'N/A', row: { ...rows[5]! } }, profile: buildProfile(rows) });
    expect(result).toMatchObject({ kind: 'suggestion', suggestedValue: '', confidence: 97 });
  });

  it('writes such a marker as an empty cell where the other columns have no way of their own, and states it as measured', () => {
    // The same log with every pilot known: the other columns' only markers are two "N/A" slips.
    const rows = Array.from({ length: 200 }, (_, i) => ({
      berth: `B-${300 + i}`,
      remark: i % 3 === 0 ? ['swell', 'ice'][i % 9 === 0 ? 0 : 1]! : 'N/A',
      pilot: i === 7 || i === 8 ? 'N/A' : `P-${i % 7}`,
    }));
    const request = { issue: { issue_column: 'remark', current_value: 'N/A', row: { ...rows[5]! } }, profile: buildProfile(rows) };
    expect(candidatesFor(request).filter((c) => c.rule === 'remark:missing-marker').map((c) => c.value)).toEqual(['']);
    const result = suggestBuiltin(request);
    expect(result).toMatchObject({ kind: 'suggestion', suggestedValue: '' });
    expect(result.kind === 'suggestion' && result.confidence).toBe(97);
  });

  it('rewrites a failed date into the first system\'s layout as surely where a second system wrote a third of the column', () => {
    // Invented daily surveys; in one log a second system wrote every third date month first.
    const day = (i: number) => new Date(Date.UTC(2031, 2, 1 + i)).toISOString().slice(0, 10);
    const log = (split: boolean) => Array.from({ length: 90 }, (_, i) => ({ id: `r${i}`, surveyed: split && i % 3 === 2 ? day(i).replace(/^(\d{4})-(\d{2})-(\d{2})$/, '$2/$3/$1') : day(i) }));
    const rewrite = (rows: ReturnType<typeof log>, value: string) => candidatesFor({ issue: { issue_column: 'surveyed', current_value: value, row: { id: 'x', surveyed: value } }, profile: buildProfile(rows) }).find((c) => c.rule === 'surveyed:format-date')!;
    const one = rewrite(log(false), '04/25/2031');
    const two = rewrite(log(true), '04/25/2031');
    expect([one.value, two.value]).toEqual(['2031-04-25', '2031-04-25']);
    expect(two.p).toBe(one.p);
    expect(rewrite(log(true), '05.04.2031').p).toBe(rewrite(log(false), '05.04.2031').p);
  });

  it('learns from fixes the order a date that reads both ways was written in', () => {
    // Invented monthly tide surveys: half the rows written month first by a second system, every
    // survey on the 1st, so no value tells month first from day first.
    const rows = Array.from({ length: 120 }, (_, i) => {
      const [year, month] = [2031 + Math.floor(i / 12), String(1 + (i % 12)).padStart(2, '0')];
      return { id: `r${i}`, surveyed: i % 2 === 0 ? `${year}-${month}-01` : `${month}/01/${year}` };
    });
    const fix = (i: number) => ({ column: 'surveyed', oldValue: rows[i]!.surveyed, newValue: `${2031 + Math.floor(i / 12)}-${String(1 + (i % 12)).padStart(2, '0')}-01`, fixedBy: 'a@x.io', row: rows[i]! });
    const taught: Learned = { fixes: [fix(3), fix(15), fix(29)], penalties: {} };
    const learned = candidatesFor({ issue: { issue_column: 'surveyed', current_value: rows[41]!.surveyed, row: rows[41]! }, profile: buildProfile(rows), learned: taught }).filter((c) => c.rule.includes('learned-date-layout'));
    // "06/01/2034" is 1 June as the fixes read such dates, not 6 January.
    expect(rows[41]!.surveyed).toBe('06/01/2034');
    expect(learned.map((c) => c.value)).toEqual(['2034-06-01']);
  });

  it('after fixes that wrote one case, leaves a value in that case to other rules and writes values from other rows in it', () => {
    // Invented berths, each with its hull colour; a second system wrote 11 rows in 20 in capitals.
    const colours = ['Teal', 'Ochre', 'Slate'];
    const rows = Array.from({ length: 120 }, (_, i) => {
      const hull = colours[i % 3]!;
      return { id: `r${i}`, berth: `B-30${i % 6}`, hull: i % 20 < 11 ? hull.toUpperCase() : hull };
    });
    const profile = buildProfile(rows);
    // Row 4 is berth B-304, an Ochre hull: "Teal" there came from another row.
    const ask = (learned?: Learned) => candidatesFor({ issue: { issue_column: 'hull', current_value: 'Teal', row: { ...rows[4]!, hull: 'Teal' } }, profile, ...(learned ? { learned } : {}) });
    const fix = (i: number) => ({ column: 'hull', oldValue: rows[i]!.hull, newValue: colours[i % 3]!, fixedBy: 'a@x.io', row: rows[i]! });
    expect([rows[0]!.hull, rows[1]!.hull]).toEqual(['TEAL', 'OCHRE']);
    const taught: Learned = { fixes: [fix(0), fix(1)], penalties: {} };
    // Before any fix, capitals are the column's commoner spelling, but the second system's: "Teal",
    // written as the rest of the column writes it, did not fail for its case, and the berth's other
    // rows' "OCHRE" is proposed as the rest of the column writes it.
    expect(ask().some((c) => c.value === 'TEAL')).toBe(false);
    expect(ask().filter((c) => c.family === 'dependency').map((c) => c.value)).toEqual(['Ochre']);
    // The fixes wrote title case: "Teal" failed for its colour, which the berth's rows give in title case.
    expect(ask(taught).some((c) => c.value === 'TEAL')).toBe(false);
    expect(ask(taught).filter((c) => c.family === 'dependency').map((c) => c.value)).toEqual(['Ochre']);
  });

  it('does not carry into a column a value of another type than nearly all of its values', () => {
    // Invented ferries, three rows each (three sources), each with its home harbour; two source
    // rows of the Tern 7 hold a crate weight in the harbour column, their own error.
    const harbours = ['Varnholm', 'Ostreby', 'Kellmark', 'Dunsgate', 'Pellarow'];
    const rows = Array.from({ length: 120 }, (_, i) => ({ id: `r${i}`, ferry: `Tern ${i % 40}`, source: ['quay', 'office', 'board'][Math.floor(i / 40)]!, harbour: i === 47 || i === 87 ? '1017' : harbours[(i % 40) % 5]! }));
    const ask = (row: (typeof rows)[number]) => candidatesFor({ issue: { issue_column: 'harbour', current_value: '', row: { ...row, harbour: '' } }, profile: buildProfile(rows) });
    // The Tern 7's other rows name a number: no harbour, and not proposed for the blank.
    expect(ask(rows[7]!).some((c) => c.value === '1017')).toBe(false);
    // The Tern 8's other rows name its harbour (Dunsgate), which is proposed.
    expect(ask(rows[8]!).some((c) => c.value === 'Dunsgate' && c.family === 'dependency')).toBe(true);
  });

  it('states a failed value\'s other spelling, under the column\'s habit, at least as likely as a failure of its spelling', () => {
    // Invented hull colours: a second system wrote three rows in five in capitals.
    const colours = ['Teal', 'Ochre', 'Slate', 'Umber'];
    const rows = Array.from({ length: 100 }, (_, i) => ({ id: `r${i}`, berth: `B-${300 + i}`, hull: i % 5 < 3 ? colours[i % 4]!.toUpperCase() : colours[i % 4]! }));
    const ask = (value: string) => suggestBuiltin({ issue: { issue_column: 'hull', current_value: value, row: { ...rows[4]!, hull: value } }, profile: buildProfile(rows) });
    // "TEAL" is the commoner spelling (15 rows), "Teal" the other (10). Capitals are the second
    // system's way, however many rows it wrote: the value failed for its way unless its value failed
    // too, at least 1 / (1 + 0.05).
    expect(rows.filter((r) => r.hull === 'TEAL')).toHaveLength(15);
    expect(ask('TEAL')).toMatchObject({ kind: 'suggestion', suggestedValue: 'Teal', confidence: Math.round(100 / 1.05) });
    // At least as sure where capitals are the rarer spelling (two rows in five).
    const fewer = rows.map((r, i) => ({ ...r, hull: i % 5 < 2 ? colours[i % 4]!.toUpperCase() : colours[i % 4]! }));
    const askFewer = (value: string) => suggestBuiltin({ issue: { issue_column: 'hull', current_value: value, row: { ...fewer[4]!, hull: value } }, profile: buildProfile(fewer) });
    const fewerTeal = askFewer('TEAL');
    expect(fewerTeal).toMatchObject({ kind: 'suggestion', suggestedValue: 'Teal' });
    expect(fewerTeal.kind === 'suggestion' && fewerTeal.confidence).toBeGreaterThanOrEqual(Math.round(100 / 1.05));
  });

  describe('a date column two systems wrote about half each', () => {
    // Invented monthly tide surveys, every one on the 1st: three rows in five written month first
    // with slashes by a second system, the others in ISO dates. No date tells month first from day
    // first; the ISO dates' days (all the 1st) say the slashes put the month first.
    const iso = (i: number) => `${2031 + Math.floor(i / 12)}-${String(1 + (i % 12)).padStart(2, '0')}-01`;
    const rows = Array.from({ length: 120 }, (_, i) => ({ id: `r${i}`, surveyed: i % 5 < 3 ? iso(i).replace(/^(\d{4})-(\d{2})-01$/, '$2/01/$1') : iso(i) }));
    const profile = buildProfile(rows);
    const ask = (value: string, learned?: Learned) => ({ issue: { issue_column: 'surveyed', current_value: value, row: { id: 'x', surveyed: value } }, profile, ...(learned ? { learned } : {}) });
    const formats = (value: string, learned?: Learned) => candidatesFor(ask(value, learned)).filter((c) => c.rule === 'surveyed:format-date');

    it('proposes a failed date in either layout in the other, as likely as a failure of its layout is against one of its value', () => {
      // "06/01/2034" is the 1st of June: in ISO, stated at 0.4 / (0.4 + 0.05 × 0.6).
      const slash = formats('06/01/2034');
      expect(slash.map((c) => c.value)).toEqual(['2034-06-01']);
      expect(slash[0]!.p).toBeCloseTo(0.4 / 0.43, 3);
      expect(suggestBuiltin(ask('06/01/2034'))).toMatchObject({ kind: 'suggestion', suggestedValue: '2034-06-01', confidence: 93 });
      // An ISO date that failed is written month first with slashes, at 0.6 / (0.6 + 0.05 × 0.4).
      const dashes = formats('2034-09-01');
      expect(dashes.map((c) => c.value)).toEqual(['09/01/2034']);
      expect(dashes[0]!.p).toBeCloseTo(0.6 / 0.62, 3);
      // A date in neither layout is proposed in both, each as often as the column writes it.
      expect(formats('01.06.2034').map((c) => [c.value, Math.round(c.p * 100)])).toEqual([
        ['06/01/2034', 51],
        ['2034-06-01', 34],
      ]);
    });

    it('writes the date the rows either side give as the failed value is written, or in both layouts', () => {
      const between = (i: number, value: string) =>
        candidatesFor({ issue: { issue_column: 'surveyed', current_value: value, row: { id: 'x', surveyed: value }, neighbours: { previous: rows[i - 1]!, next: rows[i + 1]! } }, profile })
          .filter((c) => c.rule === 'surveyed:sequence')
          .map((c) => [c.value, Math.round(c.p * 100)]);
      // Row 44 is an ISO survey between two slashed ones: a date from another row is replaced in ISO…
      expect(rows[44]!.surveyed).toBe(iso(44));
      expect(between(44, '2031-02-01').map(([v]) => v)).toEqual([iso(44)]);
      // …a blank in both layouts, the column's commoner first…
      expect(between(44, '').map(([v]) => v)).toEqual(['09/01/2034', iso(44)]);
      // …and a failed date the rows either side bear out in the other layout: its layout failed.
      expect(between(44, iso(44))).toEqual([['09/01/2034', 97]]);
      expect(rows[42]!.surveyed).toBe('07/01/2034');
      expect(between(42, '07/01/2034').map(([v]) => v)).toEqual([iso(42)]);
    });

    it('does not rewrite a date written as the fixes write theirs into the other layout', () => {
      const fix = (i: number) => ({ column: 'surveyed', oldValue: rows[i]!.surveyed, newValue: iso(i), fixedBy: 'a@x.io', row: rows[i]! });
      const taught: Learned = { fixes: [fix(0), fix(11), fix(27)], penalties: {} };
      expect(formats('2034-09-01', taught)).toEqual([]);
      // Nor a date in neither layout into the one most of the column (the second system) writes.
      expect(formats('01.06.2034', taught)).toEqual([]);
      // A slash date is rewritten as the fixes wrote theirs.
      expect(candidatesFor(ask('06/01/2034', taught)).filter((c) => c.rule.includes('learned-date-layout')).map((c) => c.value)).toEqual(['2034-06-01']);
    });
  });

  it('learns from fixes how the column writes a time of day, where the column\'s own layout does not say it', () => {
    // Invented ferry log, three feeds; most rows of "departed" written "5:17 P.M." by one system,
    // the rest "5:17 p.m.": the fixes say the lower-case meridiem is the column's.
    const time = (i: number) => { const m = 300 + ((i * 37) % 900); return `${(Math.floor(m / 60) % 12) || 12}:${String(m % 60).padStart(2, '0')} ${m < 720 ? 'a' : 'p'}.m.`; };
    const rows = Array.from({ length: 150 }, (_, i) => ({ ferry: `Tern ${i % 50}`, feed: ['quay', 'office', 'board'][i % 3]!, departed: i % 5 < 3 ? time(i).toUpperCase() : time(i) }));
    const fixes = [2, 7, 11, 16].map((i) => ({ column: 'departed', oldValue: rows[i]!.departed, newValue: time(i), fixedBy: 'a@x.io', row: rows[i]! }));
    const ask = (value: string, i: number) => candidatesFor({ issue: { issue_column: 'departed', current_value: value, row: { ...rows[i]!, departed: value } }, profile: buildProfile(rows), learned: { fixes, penalties: {} } });
    const upper = ask(rows[21]!.departed, 21).filter((c) => c.rule.includes('learned-clock-layout'));
    expect(upper.map((c) => c.value)).toEqual([time(21)]);
    // Another layout of the time is learned as well: a 24-hour clock, or the day before it.
    expect(ask('17:17', 21).filter((c) => c.rule.includes('learned-clock-layout')).map((c) => c.value)).toEqual(['5:17 p.m.']);
    expect(ask('Mar 3 06:15', 21).filter((c) => c.rule.includes('learned-clock-layout')).map((c) => c.value)).toEqual(['6:15 a.m.']);
    // Where most rows write the fixes' layout, the format rule proposes the same rewrite: the
    // learned one is not counted a second time.
    const usual = rows.map((r, i) => ({ ...r, departed: i % 5 === 0 ? time(i).toUpperCase() : time(i) }));
    const both = candidatesFor({ issue: { issue_column: 'departed', current_value: '17:17', row: { ...usual[21]!, departed: '17:17' } }, profile: buildProfile(usual), learned: { fixes, penalties: {} } });
    expect(both.filter((c) => c.value === '5:17 p.m.').map((c) => c.rule.split(':')[1])).toEqual(['format-time']);
  });

  it('pours digits into a numeric column\'s layout only when the result is a number the column could hold', () => {
    // Sprint times, mostly with one decimal (10.0-21.9) but a quarter written whole: no fixed
    // decimals, yet "dd.d" is the column's layout. A value from the pier-length column landed here.
    const rows = Array.from({ length: 160 }, (_, i) => ({ id: `r${i}`, sprint: i % 4 === 0 ? String(10 + (i % 9)) : (10 + ((i * 3.7) % 12)).toFixed(1) }));
    const proposed = (value: string) => candidatesFor({ issue: { issue_column: 'sprint', current_value: value, row: { id: 'x', sprint: value } }, profile: buildProfile(rows) }).map((c) => c.value);
    // "470" read as 47.0 would be twice the slowest time: a change of scale, not of layout.
    expect(proposed('470')).not.toContain('47.0');
    // Within the range, the layout still applies, as a reading of a lost point rather than a
    // rewrite: a swap or another slip may explain the number as well.
    expect(proposed('164')).toContain('16.4');
    const layout = candidatesFor({ issue: { issue_column: 'sprint', current_value: '164', row: { id: 'x', sprint: '164' } }, profile: buildProfile(rows) }).find((c) => c.rule.endsWith('outlier-layout'));
    expect(layout?.p).toBeLessThan(0.7);
  });

  it('does not pour the digits of a percentage, an amount or a temperature into a layout of other numbers', () => {
    // Review scores written "4/5": "80%" is another scale, not the score "8/0".
    const rows = Array.from({ length: 120 }, (_, i) => ({ id: `r${i}`, score: `${1 + ((i * 7) % 5)}/5` }));
    const proposed = (value: string) => candidatesFor({ issue: { issue_column: 'score', current_value: value, row: { id: 'x', score: value } }, profile: buildProfile(rows) }).map((c) => c.value);
    expect(proposed('80%')).not.toContain('8/0');
    expect(proposed('€45')).not.toContain('4/5');
    expect(proposed('35°')).not.toContain('3/5');
    // Digits with separators only are still the column's layout.
    expect(proposed('4 / 5')).toContain('4/5');
  });

  it('applies a learned layout or copy only where the result is a number the column could hold', () => {
    // Water temperatures with one decimal (-3.0 to 16.9, some below zero), the air temperature beside
    // them, and survey days in one date layout.
    const rows = Array.from({ length: 160 }, (_, i) => ({
      id: `r${i}`,
      water: (-3 + ((i * 2.9) % 20)).toFixed(1),
      air: (4 + ((i * 3.1) % 22)).toFixed(1),
      surveyed: `2019-0${1 + (i % 9)}-1${i % 10}`,
    }));
    const learned = (column: string, pairs: Array<[string, string, Record<string, string>?]>): Learned => ({
      fixes: pairs.map(([oldValue, newValue, extra], i) => ({ column, oldValue, newValue, fixedBy: 'a@x.io', row: { ...rows[i]!, [column]: oldValue, ...extra } })),
    });
    const learnedValues = (column: string, value: string, taught: Learned, patch: Record<string, string> = {}) =>
      candidatesFor({ issue: { issue_column: column, current_value: value, row: { ...rows[50]!, [column]: value, ...patch } }, profile: buildProfile(rows), learned: taught })
        .filter((c) => c.rule.startsWith(`${column}:learned-`))
        .map((c) => c.value);
    // People put back dropped points: "122" -> "12.2" teaches the layout dd.d.
    const points = learned('water', [['122', '12.2'], ['105', '10.5']]);
    expect(learnedValues('water', '137', points)).toContain('13.7');
    // A moved point is no dropped one: "0.57" poured into dd.d would read "05.7".
    expect(learnedValues('water', '0.57', points)).not.toContain('05.7');
    // Queue waits in whole minutes: people took stray points out ("3.8" -> "38"), which teaches the
    // layout dd. Poured into it, "0.7" would read "07", a number this column never writes.
    const waits = Array.from({ length: 160 }, (_, i) => ({ id: `r${i}`, wait: String(-5 + ((i * 7) % 90)) }));
    const waited = (value: string, taught: Learned, profileRows = waits) =>
      candidatesFor({ issue: { issue_column: 'wait', current_value: value, row: { id: 'x', wait: value } }, profile: buildProfile(profileRows), learned: taught })
        .filter((c) => c.rule.startsWith('wait:learned-'))
        .map((c) => c.value);
    const taughtWaits = (pairs: Array<[string, string]>): Learned => ({ fixes: pairs.map(([oldValue, newValue], i) => ({ column: 'wait', oldValue, newValue, fixedBy: 'a@x.io', row: { id: `r${i}`, wait: oldValue } })) });
    const strayPoints = taughtWaits([['3.8', '38'], ['6.1', '61']]);
    expect(waited('4.4', strayPoints)).toContain('44');
    expect(waited('0.7', strayPoints)).not.toContain('07');
    // Codes of fixed width write their leading zeros: there the layout may give one.
    const codes = Array.from({ length: 160 }, (_, i) => ({ id: `r${i}`, wait: String((i * 7) % 100).padStart(2, '0') }));
    expect(waited('0.7', strayPoints, codes)).toContain('07');
    // Pouring digits drops the minus sign: -1.6 is a number of its own, not "1.6" in another layout.
    expect(learnedValues('water', '-1.6', learned('water', [['2 .7', '2.7'], ['4 .1', '4.1']]))).not.toContain('1.6');
    // A date is read, not poured: "06/03/2019" is not "0603-20-19".
    const days = learned('surveyed', [['2019 03 11', '2019-03-11'], ['2019 05 14', '2019-05-14']]);
    expect(learnedValues('surveyed', '06/03/2019', days)).not.toContain('0603-20-19');
    // Two swapped rows were fixed by taking the air temperature; in another row that copy is no repair.
    const copied = learned('water', [['21.4', '8.1', { air: '8.1' }], ['19.9', '6.3', { air: '6.3' }]]);
    expect(learnedValues('water', '-40.0', copied, { air: '12.0' })).not.toContain('12.0');
  });

  it('never rounds a digit away when it rewrites a number', () => {
    // Shares written with all their digits, as a computed column writes them.
    const rows = Array.from({ length: 60 }, (_, i) => ({ id: `r${i}`, share: String(1 / (997 + i * 13)) }));
    const kept = ask(rows, 4, 'share', '0.097276264591439689%');
    expect(kept.kind === 'suggestion' ? kept.suggestedValue : undefined).toBe('0.00097276264591439689');
    // A plain number with many digits is no format error: nothing to rewrite.
    const plain = ask(rows, 4, 'share', '0.00097276264591439689');
    expect(plain.kind === 'suggestion' ? plain.rule : '').not.toMatch(/format-number/);
  });
});

describe('several witnesses', () => {
  it('weighs two relations that name the same value above either alone', () => {
    const input = { column: 'breed', current: '?', noise: undefined as never };
    const witness = (from: string) => ({ value: 'carnica', p: 0.6, family: 'dependency' as const, rule: `dependency:${from}`, reason: '' });
    const feature = FEATURE_NAMES.indexOf('family:dependency');
    const one = evidenceFor([witness('meadow')], input)[0]!.x[feature]!;
    const two = evidenceFor([witness('meadow'), witness('keeper')], input)[0]!.x[feature]!;
    expect(two).toBeGreaterThan(one + 0.5);
  });
});

describe('learning from fixes', () => {
  /** A column whose values carry a unit no rule would strip with confidence on its own. */
  function measured(n = 60): SourceRecord[] {
    return Array.from({ length: n }, (_, i) => ({ id: `r${i}`, size: `${[25, 40, 60][i % 3]}.0 kg`, kind: ['crate', 'barrel'][i % 2]! }));
  }
  const fix = (oldValue: string, newValue: string, fixedBy: string, row?: SourceRecord) => ({ column: 'size', oldValue, newValue, fixedBy, ...(row ? { row } : {}) });

  it('offers a learned transformation with reasoning that names the fixes and who made them', () => {
    // Prepare
    const learned: Learned = { fixes: [fix('25.0 kg', '25', 'ana@example.com'), fix('40.0 kg', '40', 'bo@example.com'), fix('25.0 kg', '25', 'ana@example.com')] };
    // Act
    const result = ask(measured(), 2, 'size', '60.0 kg', learned);
    // Assess
    expect(result).toMatchObject({ kind: 'suggestion', suggestedValue: '60' });
    if (result.kind !== 'suggestion') return;
    expect(result.reasoning).toMatch(/Learned from 3 fixes by ana@example.com and bo@example.com/);
  });

  it('does not carry a learned re-casing or rounding where it would make a value up or lose digits', async () => {
    const { learnedCandidates, learnFrom } = await import('./learning');
    const { noiseModel } = await import('./channel');
    // A trade column of recurring titles, two of them fixed by re-casing; a share column of long fractions.
    const TRADES = ['Harbour Pilot', 'Net Mender', 'Sail Maker', 'Rope Walker'];
    const rows = Array.from({ length: 80 }, (_, i) => ({ id: `r${i}`, trade: TRADES[i % 4]!, share: i % 10 === 0 ? '0' : String(1 / (301 + i)) }));
    const index = indexProfile(buildProfile(rows));
    const fixes = [
      { column: 'trade', oldValue: 'NET MENDER', newValue: 'Net Mender', fixedBy: 'a' },
      { column: 'trade', oldValue: 'sail maker', newValue: 'Sail Maker', fixedBy: 'b' },
      { column: 'share', oldValue: '0.0004', newValue: '0', fixedBy: 'a' },
    ];
    const model = learnFrom({ fixes });
    const offered = (column: string, current: string) =>
      learnedCandidates({ column, current, col: index.columns.get(column), index, noise: noiseModel(undefined), learned: model }).map((c) => [c.value, c.p] as const);
    // A marker is no word to re-case; a mistyped title re-cased is still no title of the column.
    expect(offered('trade', 'NULL')).toEqual([]);
    const made = offered('trade', 'SAIL MAKRE');
    expect(made.every(([, p]) => p < 0.5)).toBe(true);
    // Re-casing to a title the column holds is what was learned.
    expect(offered('trade', 'ROPE WALKER')[0]?.[0]).toBe('Rope Walker');
    // A wrong share fixed to zero is no lesson to round shares: that would lose every digit.
    expect(offered('share', '0.0031746031746031746').map(([v]) => v)).not.toContain('0');
  });

  it('gains confidence from fixes compared with zero-shot', () => {
    const zeroShot = ask(measured(), 2, 'size', '60.0 kg');
    const learned = ask(measured(), 2, 'size', '60.0 kg', { fixes: [fix('25.0 kg', '25', 'a@x.io'), fix('40.0 kg', '40', 'a@x.io')] });
    expect(confidence(learned)).toBeGreaterThan(confidence(zeroShot));
  });

  it('learns an exact value mapping for a value that is wrong in itself', () => {
    const rows = measured().map((r, i) => ({ ...r, kind: i === 5 ? 'crat' : (r.kind ?? '') }));
    const result = ask(rows, 5, 'kind', 'crat', { fixes: [{ column: 'kind', oldValue: 'crat', newValue: 'crate', fixedBy: 'cy@x.io' }] });
    expect(result).toMatchObject({ kind: 'suggestion', suggestedValue: 'crate' });
  });

  it('does not carry a mapping of a common value over to rows unlike the fixed one', () => {
    const rows = Array.from({ length: 60 }, (_, i) => ({ id: `r${i}`, item: ['rope', 'tar', 'sail'][i % 3]!, price: ['12.50', '8.00', '30.00'][i % 3]! }));
    const learned: Learned = { fixes: [{ column: 'price', oldValue: '12.50', newValue: '12.60', fixedBy: 'a@x.io', row: { id: 'r0', item: 'rope', price: '12.50' } }] };
    const other = ask(rows, 1, 'price', '12.50', learned, { item: 'tar', id: 'r1' });
    expect(other.kind === 'suggestion' ? other.suggestedValue : undefined).not.toBe('12.60');
  });

  it('carries a rewrite of a common value over to every row: it was about the column, not the row', () => {
    // Every town is written in lower case (a second system's export); two fixes wrote "varnholm" as
    // "Varnholm". Asked in a row of another dock, with little in common with the fixed rows.
    const rows = table(60);
    const fixes = [0, 5].map((i) => ({ column: 'town', oldValue: 'varnholm', newValue: 'Varnholm', fixedBy: 'a@x.io', row: rows[i]! }));
    const maps = candidatesFor({ issue: { issue_column: 'town', current_value: 'varnholm', row: { ...rows[41]!, town: 'varnholm' } }, profile: buildProfile(rows), learned: { fixes } }).filter((c) => c.rule === 'town:learned-map');
    expect(maps.map((c) => c.value)).toEqual(['Varnholm']);
  });

  it('writes a value other rows carry in the way the column\'s fixes write it', () => {
    // Every town is written in lower case; fixes wrote three of them capitalised (the clean data's
    // way). A town lost to a marker is the one the dock's other rows name, written as the fixes write towns.
    const rows = table(100);
    const fixes = [0, 1, 2, 6].map((i) => ({ column: 'town', oldValue: rows[i]!.town!, newValue: rows[i]!.town![0]!.toUpperCase() + rows[i]!.town!.slice(1), fixedBy: 'a@x.io', row: rows[i]! }));
    const learned: Learned = { fixes };
    // Dock D-411's town was fixed (an exact mapping); dock D-744's never was (the fixes' re-casing).
    expect(ask(rows, 10, 'town', 'N/A', learned)).toMatchObject({ kind: 'suggestion', suggestedValue: 'Varnholm' });
    expect(ask(rows, 13, 'town', 'N/A', learned)).toMatchObject({ kind: 'suggestion', suggestedValue: 'Dunsgate' });
    // Without fixes the other rows' writing is all there is to go by.
    expect(ask(rows, 10, 'town', 'N/A')).toMatchObject({ kind: 'suggestion', suggestedValue: 'varnholm' });
  });

  it('reads two fixes of a common value to one the column never holds as a recoding, in every row', () => {
    // Every region is written as a second system's code ("NV"); two fixes wrote "NV" as "Norvale".
    const rows = table(100);
    const fixes = [0, 1].map((i) => ({ column: 'region', oldValue: 'NV', newValue: 'Norvale', fixedBy: 'a@x.io', row: rows[i]! }));
    // A region lost to a marker, in a row of a dock whose other rows say "NV", is "Norvale".
    expect(ask(rows, 12, 'region', 'N/A', { fixes })).toMatchObject({ kind: 'suggestion', suggestedValue: 'Norvale' });
    // One fix is no recoding: it may have been about its row.
    const one = candidatesFor({ issue: { issue_column: 'region', current_value: 'NV', row: { ...rows[41]!, region: 'NV' } }, profile: buildProfile(rows), learned: { fixes: fixes.slice(0, 1) } });
    expect(one.filter((c) => c.value === 'Norvale')).toEqual([]);
  });

  it('does not fill one row\'s missing value with what a fix wrote into another, unlike row', () => {
    const rows = Array.from({ length: 60 }, (_, i) => ({ id: `r${i}`, berth: ['north', 'south', 'east'][i % 3]!, crane: ['K1', 'K2', 'K3'][i % 3]!, skipper: ['ilse', 'tomas', 'wen', 'arno'][i % 4]! }));
    const learned: Learned = { fixes: [{ column: 'skipper', oldValue: 'n/a', newValue: 'ilse', fixedBy: 'a@x.io', row: { id: 'r0', berth: 'north', crane: 'K1', skipper: 'n/a' } }] };
    const learnedMaps = (rowIndex: number) =>
      candidatesFor({ issue: { issue_column: 'skipper', current_value: 'n/a', row: { ...rows[rowIndex]!, skipper: 'n/a' } }, profile: buildProfile(rows), learned }).filter((c) => c.rule === 'skipper:learned-map');
    // A row like the fixed one (same berth and crane) may take the fix's value; another row may not.
    expect(learnedMaps(3).map((c) => c.value)).toEqual(['ilse']);
    expect(learnedMaps(4)).toEqual([]);
  });

  it('does not generalise a lossy transformation from a single fix', () => {
    const rows = Array.from({ length: 60 }, (_, i) => ({ id: `r${i}`, pack: `${20 + (i % 5) * 5} kg` }));
    const learned: Learned = { fixes: [{ column: 'pack', oldValue: '40 kg net', newValue: '40 kg', fixedBy: 'a@x.io' }] };
    const result = ask(rows, 2, 'pack', 'net weight', learned);
    expect(result.kind === 'suggestion' ? result.suggestedValue : undefined).not.toBe('net');
  });

  it('does not copy another column into every later failed cell because one fix happened to equal it', () => {
    // Hull and sail grades share one vocabulary; one fixed hull grade equalled the row's sail grade.
    const grades = ['sound', 'worn', 'torn'];
    const rows = Array.from({ length: 90 }, (_, i) => ({ id: `b${i}`, hull: grades[i % 3]!, sail: grades[(i * 2) % 3]! }));
    const fixedRow = { id: 'b0', hull: 'sond', sail: 'sound' };
    const learned: Learned = { fixes: [{ column: 'hull', oldValue: 'sond', newValue: 'sound', fixedBy: 'a@x.io', row: fixedRow }] };
    const result = ask(rows, 4, 'hull', 'wron', learned);
    expect(result).toMatchObject({ kind: 'suggestion', suggestedValue: 'worn' });
    expect(candidatesFor({ issue: { issue_column: 'hull', current_value: 'wron', row: { ...rows[4]!, hull: 'wron' } }, profile: buildProfile(rows), learned }).some((c) => c.rule.includes('copy-column'))).toBe(false);
    // Two fixes that both copied the column are support enough.
    const twice: Learned = { fixes: [...learned.fixes, { column: 'hull', oldValue: 'tron', newValue: 'torn', fixedBy: 'a@x.io', row: { id: 'b1', hull: 'tron', sail: 'torn' } }] };
    expect(candidatesFor({ issue: { issue_column: 'hull', current_value: 'wron', row: { ...rows[4]!, hull: 'wron' } }, profile: buildProfile(rows), learned: twice }).some((c) => c.rule.includes('copy-column'))).toBe(true);
  });

  it('lowers the confidence of a rule that people dismissed', () => {
    const learned: Learned = { fixes: [fix('25.0 kg', '25', 'a@x.io'), fix('40.0 kg', '40', 'a@x.io')] };
    const before = ask(measured(), 2, 'size', '60.0 kg', learned);
    expect(before.kind).toBe('suggestion');
    if (before.kind !== 'suggestion') return;
    const after = ask(measured(), 2, 'size', '60.0 kg', { ...learned, penalties: { [before.rule]: 0.5 } });
    expect(confidence(after)).toBeLessThan(before.confidence);
  });

  it('fits the dataset model on its own fixes, deterministically, and keeps it near the prior', () => {
    const rows = table();
    const profile = buildProfile(rows);
    const index = indexProfile(profile);
    const fixes = [0, 1, 2, 3, 4, 5].map((i) => ({ column: 'town', oldValue: `${rows[i]!.town}x`, newValue: rows[i]!.town!, fixedBy: 'a@x.io', row: { ...rows[i]!, town: `${rows[i]!.town}x` } }));
    const a = datasetWeights({ fixes }, index);
    const b = datasetWeights({ fixes: [...fixes] }, index);
    expect(a).toEqual(b);
    expect(a).not.toEqual(PRIOR_WEIGHTS);
    const drift = Math.max(...a.map((w, i) => Math.abs(w - PRIOR_WEIGHTS[i]!)));
    expect(drift).toBeLessThan(3);
  });

  it('learns from fixes that a point read as a slip is wrong here without silencing the outlier rule', () => {
    // Invented ferry crossings in whole kilometres, from 20 to 2,400 (so the fixed values are in
    // range: no outlier reading). People fixed four values with a point to values no slip
    // explains: the decimals rule's readings were all wrong on this dataset.
    const crossings = Array.from({ length: 240 }, (_, i) => ({ id: `r${i}`, km: String(20 + ((i * 97) % 2380)), hours: (1 + ((i * 0.37) % 20)).toFixed(1) }));
    const index = indexProfile(buildProfile(crossings));
    const pairs = [['95.2', '1210'], ['88.1', '388'], ['84.7', '1675'], ['71.3', '940']] as const;
    const fixes = pairs.map(([oldValue, newValue], i) => ({ column: 'km', oldValue, newValue, fixedBy: 'a@x.io', row: { ...crossings[i]!, km: oldValue } }));
    const weights = datasetWeights({ fixes }, index);
    const at = (name: string) => FEATURE_NAMES.indexOf(name);
    // What the fixes teach about the decimals rule stays with it: the outlier family, which
    // proposed nothing on these fixes, keeps its prior weight.
    expect(weights[at('family:decimals')]!).toBeLessThan(PRIOR_WEIGHTS[at('family:decimals')]! - 0.5);
    expect(Math.abs(weights[at('family:outlier')]! - PRIOR_WEIGHTS[at('family:outlier')]!)).toBeLessThan(0.01);
  });
});

describe('logistic model', () => {
  // An intercept and one feature that separates the examples.
  const x = [
    [1, 0],
    [1, 0.2],
    [1, 0.8],
    [1, 1],
  ];
  const y = [0, 0, 1, 1];

  it('fits a separable problem with finite weights and ranks the examples right', () => {
    const w = fitLogistic(x, y, { lambda: 0.1 });
    expect(w.every(Number.isFinite)).toBe(true);
    expect(sigmoid(dot(w, x[3]!))).toBeGreaterThan(0.5);
    expect(sigmoid(dot(w, x[0]!))).toBeLessThan(0.5);
  });

  it('stays at the prior under a strong pull', () => {
    const w = fitLogistic([[1, 1]], [0], { prior: [0.5, 2], lambda: 1e6 });
    expect(w[0]).toBeCloseTo(0.5, 3);
    expect(w[1]).toBeCloseTo(2, 3);
  });

  it('refits only the weights it is told to, holding the others at the prior', () => {
    // The intercept is held at the prior, as fit-prior --only holds every weight it is not told to refit.
    const held = fitLogistic(x, y, { prior: [-3, 0], lambda: 0.1, free: [1] });
    expect(held[0]).toBe(-3);
    expect(held[1]).toBeGreaterThan(3);
    // Both free, the intercept moves too.
    expect(fitLogistic(x, y, { prior: [-3, 0], lambda: 0.1 })[0]).toBeGreaterThan(-3);
  });
});

describe('lists', () => {
  it('writes a list\'s items in the order its column writes that list, and leaves numbers in their order', () => {
    // Invented crossing tags, and invented sailing dates.
    const tags = ['swell;late', 'ice', 'swell', 'late;ice;swell', 'cargo|deck'];
    const rows = Array.from({ length: 200 }, (_, i) => ({ id: `r${i}`, tags: tags[i % tags.length]!, sailed: `2031/0${1 + (i % 9)}/0${1 + ((i * 7) % 9)}` }));
    expectSuggested(rows, [['tags', 'late;swell', 'swell;late'], ['tags', 'swell; late', 'swell;late'], ['tags', 'ice;swell;late', 'late;ice;swell'], ['tags', 'deck|cargo', 'cargo|deck']]);
    const orders = (column: string, value: string) => proposed(rows, 4, column, value).filter((c) => c.rule.endsWith('format-list-order'));
    expect(orders('sailed', '2031/05/03')).toEqual([]);
    expect(orders('tags', 'late,swell')).toEqual([]);
  });

  it('writes the words of a value in the order its column writes that value, where one value holds them', () => {
    // Invented clinics; two quays whose names hold the same words each way round.
    const clinics = ['Varnholm North', 'Varnholm South', 'Ostreby', 'Quay West', 'West Quay'];
    const rows = Array.from({ length: 200 }, (_, i) => ({ id: `r${i}`, clinic: clinics[i % clinics.length]! }));
    expectSuggested(rows, [['clinic', 'North Varnholm', 'Varnholm North'], ['clinic', 'South Varnholm', 'Varnholm South'], ['clinic', 'south varnholm', 'Varnholm South']]);
    const reordered = (value: string) => proposed(rows, 4, 'clinic', value).filter((c) => c.rule.endsWith('format-word-order'));
    expect(reordered('Quay  West')).toEqual([]);
    expect(reordered('Varnholm East')).toEqual([]);
  });
});

describe('yes and no', () => {
  it('writes an answer as its column writes yes and no, in its language', () => {
    // Invented harbour checklists: answered "Y"/"N", "ja"/"nein", "1"/"0".
    const rows = Array.from({ length: 240 }, (_, i) => ({ id: `r${i}`, moored: i % 3 ? 'Y' : 'N', geprueft: (i * 7) % 5 ? 'ja' : 'nein', flag: (i * 11) % 4 ? '1' : '0' }));
    expectSuggested(rows, [
      ['moored', 'yes', 'Y'],
      ['moored', 'Ja', 'Y'],
      ['geprueft', 'no', 'nein'],
      ['geprueft', 'yes', 'ja'],
      ['flag', 'true', '1'],
      ['flag', 'non', '0'],
    ]);
  });
});
