import { mulberry32 } from '../../demo/random';
import { buildProfile } from '../../profile/build-profile';
import { noiseModel } from './channel';
import { indexProfile } from './profile-index';
import { commonerSpelling, dateSlipCandidates, editDistance, shapeRepairCandidates, tokenCandidates, typoCandidates } from './typo';

/** The textbook dynamic programme. */
function levenshtein(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) row.push(Math.min(previous[j]! + 1, row[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1)));
    previous = row;
  }
  return previous[b.length]!;
}

describe('typo', () => {
  it('computes plain edit distance bit-parallel, as the textbook recurrence does', () => {
    const words = ['kitten', 'sitting', 'varnholm', 'varnhxlm', '40.736068', '40.7360b8', '', 'a', 'abcdefghijklmnopqrstuvwxyz01234', 'xbcdefghijklmnopqrstuvwxyz0123', 'flaw', 'lawn'];
    for (const a of words) for (const b of words) expect(editDistance(a, b)).toBe(levenshtein(a, b));
  });
});

describe('typo repair in a column of mostly new values', () => {
  it('reads a long value never seen, one slip from a value of the column, as that value mistyped; not a short code', () => {
    // Invented boats: a few models recur, most rows name a boat seen once; three-letter berth codes.
    const random = mulberry32(17);
    const word = (n: number) => Array.from({ length: n }, (_, k) => (k % 2 ? 'aeiou' : 'bdfgklmnprstvz')[Math.floor(random() * (k % 2 ? 5 : 14))]).join('');
    const models = ['quenby corsair', 'harlow skimmer', 'tollund petrel'];
    const code = () => Array.from({ length: 3 }, () => 'ABCDEFGHKLMNPRSTVWXZ'[Math.floor(random() * 20)]).join('');
    const rows = Array.from({ length: 300 }, (_, i) => ({ boat: i % 10 === 0 ? models[(i / 10) % 3]! : `${word(6)} ${word(7)}`, berth: i % 10 === 0 ? ['KLM', 'RST', 'BDF'][(i / 10) % 3]! : code() }));
    const index = indexProfile(buildProfile(rows));
    const boats = index.columns.get('boat')!;
    expect(boats.unseenShare).toBeGreaterThan(0.5);
    const [repair] = typoCandidates({ column: 'boat', current: 'quenby corsiar', col: boats, index, noise: noiseModel(undefined) });
    expect(repair?.value).toBe('quenby corsair');
    expect(repair!.p).toBeGreaterThan(0.3);
    // A berth code one slip from a recurring one is as likely a new berth (a three-letter code has
    // few spellings): it is not read so.
    const berth = index.columns.get('berth')!;
    expect(berth.unseenShare).toBeGreaterThan(0.5);
    const codes = typoCandidates({ column: 'berth', current: 'KLN', col: berth, index, noise: noiseModel(undefined) });
    expect(Math.max(0, ...codes.map((c) => c.p))).toBeLessThan(0.1);
  });
});

describe('shape repair', () => {
  it('reads a look-alike letter in a number as the digit that gives the column its usual form', async () => {
    const { buildProfile } = await import('../../profile/build-profile');
    const { indexProfile } = await import('./profile-index');
    const { noiseModel } = await import('./channel');
    const { shapeRepairCandidates } = await import('./typo');
    const rows = Array.from({ length: 50 }, (_, i) => ({ depth: (10 + i * 0.731).toFixed(3) }));
    const index = indexProfile(buildProfile(rows));
    const input = (current: string) => ({ column: 'depth', current, col: index.columns.get('depth'), index, noise: noiseModel(undefined) });
    expect(shapeRepairCandidates(input('14.3S6')).map((c) => c.value)).toEqual(['14.356']);
    // A well-formed value, or one no single reading repairs, gets nothing.
    expect(shapeRepairCandidates(input('14.356'))).toEqual([]);
    expect(shapeRepairCandidates(input('14.3#6'))).toEqual([]);
  });

  it('reads a code out of its column\'s shape by a character typed twice with that character once, but not a plain number', () => {
    // Invented pier codes and harbour-office phones, each seen once; depths with one decimal.
    const rows = Array.from({ length: 60 }, (_, i) => ({ pier: `PIER-${1000 + i * 13}`, phone: `+1 555-${100 + i * 7}-${2000 + i * 31}`, depth: (10 + i * 0.7).toFixed(1) }));
    const index = indexProfile(buildProfile(rows));
    const repair = (column: string, current: string) => shapeRepairCandidates({ column, current, col: index.columns.get(column), index, noise: noiseModel(undefined) }).map((c) => c.value);
    expect(repair('pier', 'PIER-11117')).toEqual(['PIER-1117']);
    expect(repair('phone', '+1 555-1444-2310')).toEqual(['+1 555-144-2310']);
    // Two doubled characters, each of which gives the shape: both readings, sharing the confidence.
    expect(repair('phone', '+1 555-1144-2310').sort()).toEqual(['+1 555-114-2310', '+1 555-144-2310']);
    // A number's slips are the outlier and decimals rules' to read, with the column's range.
    expect(repair('depth', '133.4')).toEqual([]);
    // A zero before a code's number may be padding as well as a doubled key: both readings.
    expect(repair('pier', 'PIER-01004').sort()).toEqual(['PIER-0104', 'PIER-1004']);
    expect(repair('pier', 'PIER-00417')).toEqual(['PIER-0417']);
  });
});

describe('shape repair where slips are many', () => {
  it('reads look-alike letters the column holds several times over as slips, not as a form of the column', () => {
    // Invented parcel weights in grams, four digits; nine of 400 were keyed with a letter O for a
    // zero (2 %: their shape dAdd is no form of the column), one of them twice, one three times.
    const slips = ['31O2', '27O5', '18O9', '22O1', '24O0', '24O0', '19O4', '19O4', '19O4'];
    const rows = [...Array.from({ length: 391 }, (_, i) => ({ grams: String(1500 + i * 7) })), ...slips.map((grams) => ({ grams }))];
    const index = indexProfile(buildProfile(rows));
    const repair = (current: string) => shapeRepairCandidates({ column: 'grams', current, col: index.columns.get('grams'), index, noise: noiseModel(undefined) }).map((c) => c.value);
    expect(repair('31O2')).toEqual(['3102']);
    // The same slip twice is still a slip.
    expect(repair('24O0')).toEqual(['2400']);
    // Three times over, the column writes it so: taken as written.
    expect(repair('19O4')).toEqual([]);
  });
});

describe('number repair', () => {
  it('reads a look-alike letter in a number where the column has no one usual shape, only plain numbers', () => {
    // Head counts from tens to hundreds of thousands: no digit count is usual.
    const rows = Array.from({ length: 120 }, (_, i) => ({ heads: String(Math.round(30 * 1.09 ** i)) }));
    const index = indexProfile(buildProfile(rows));
    const input = (current: string) => ({ column: 'heads', current, col: index.columns.get('heads'), index, noise: noiseModel(undefined) });
    expect(shapeRepairCandidates(input('52O48')).map((c) => c.value)).toEqual(['52048']);
    expect(shapeRepairCandidates(input('l309')).map((c) => c.value)).toEqual(['1309']);
    // A plain number is no slip of a letter; a reading far outside the column's range is not offered.
    expect(shapeRepairCandidates(input('52048'))).toEqual([]);
    expect(shapeRepairCandidates(input('9O000000000'))).toEqual([]);
  });
});

describe('look-alike repair in a column of many forms', () => {
  it('reads a letter for a digit where the reading is a value the column holds in several rows', () => {
    // Invented hull types of a ferry register, in the forms of several yards ("KX-80",
    // "MARLIN 24", "T-3", "SEACAT 300-B"): no form is most of the column.
    const types = ['KX-80', 'KX-82', 'MARLIN 24', 'T-3', 'SEACAT 300-B', 'KX-80', 'DORY', 'T-3', 'MARLIN 30', 'AQ-14'];
    const rows = [...Array.from({ length: 300 }, (_, i) => ({ hull: types[i % types.length]! })), { hull: 'KX-8O' }, { hull: 'KX-B2' }, ...['RX-9O', 'RX-9O', 'RX-9O'].map((hull) => ({ hull }))];
    const index = indexProfile(buildProfile(rows));
    const repair = (current: string) => shapeRepairCandidates({ column: 'hull', current, col: index.columns.get('hull'), index, noise: noiseModel(undefined) }).map((c) => [c.value, c.rule]);
    expect(repair('KX-8O')).toEqual([['KX-80', 'typo-shape']]);
    expect(repair('KX-B2')).toEqual([['KX-82', 'typo-shape']]);
    // A reading the column does not hold is no evidence; a value the column repeats is taken as written.
    expect(repair('KX-B7')).toEqual([]);
    expect(repair('RX-9O')).toEqual([]);
  });
});

describe('typo repair toward a no-value word the column uses', () => {
  it('does not read a digit typed where a number\'s point belongs as a typo of a common number', () => {
    // Invented gust readings with one decimal, 0.5-9.9, a few values very common.
    const rows = Array.from({ length: 300 }, (_, i) => ({ gust: i % 3 === 0 ? '6.0' : (0.5 + ((i * 1.3) % 9.4)).toFixed(1) }));
    const index = indexProfile(buildProfile(rows));
    const values = (current: string) => typoCandidates({ column: 'gust', current, col: index.columns.get('gust'), index, noise: index.noise }).map((c) => c.value);
    // "680" may be 6.8 a hundredfold (the outlier rules weigh that); "6.0" with its point typed as an 8 is no slip to propose.
    expect(values('680')).not.toContain('6.0');
    // A letter in place of a digit still is.
    expect(values('6.O')).toContain('6.0');
  });

  it('does not read a value as a slip of one that keeps less than half of it', () => {
    // Invented ratings from 1 to 5: "4/5" is a rating written as a fraction, not "5" or "4" mistyped.
    const index = indexProfile(buildProfile(Array.from({ length: 300 }, (_, i) => ({ rating: String(1 + ((i * 7) % 5)) }))));
    const values = (current: string) => typoCandidates({ column: 'rating', current, col: index.columns.get('rating'), index, noise: index.noise }).map((c) => c.value);
    expect(values('4/5')).toEqual([]);
    expect(values('44')).toContain('4');
    // A word that keeps none of a value's letters is another word.
    const answers = indexProfile(buildProfile(Array.from({ length: 300 }, (_, i) => ({ answer: i % 3 ? 'ja' : 'nein' }))));
    const answered = (current: string) => typoCandidates({ column: 'answer', current, col: answers.columns.get('answer'), index: answers, noise: answers.noise }).map((c) => c.value);
    expect(answered('no')).toEqual([]);
    expect(answered('nien')).toContain('nein');
  });

  it('repairs a misspelt "None" where "None" is one of the column\'s categories', async () => {
    const { buildProfile } = await import('../../profile/build-profile');
    const { suggestBuiltin } = await import('./builtin-provider');
    // Invented hail reports: the damage is "None" in most rows, a word the column writes, not a gap.
    const levels = ['None', 'None', 'None', 'Dented', 'Cracked'];
    const rows = Array.from({ length: 200 }, (_, i) => ({ report: `H${300 + i}`, damage: levels[(i * 3) % 5]! }));
    const row = { ...rows[8]!, damage: 'Nonr' };
    const profile = buildProfile(rows.map((r, i) => (i === 8 ? row : r)));
    expect(suggestBuiltin({ issue: { issue_column: 'damage', current_value: 'Nonr', row }, profile })).toMatchObject({ kind: 'suggestion', suggestedValue: 'None' });
  });
});

describe('date slips', () => {
  it('reads a date its column cannot read as the date one likely slip away, and leaves valid dates alone', async () => {
    const { buildProfile } = await import('../../profile/build-profile');
    const { indexProfile } = await import('./profile-index');
    const { dateSlipCandidates } = await import('./typo');
    // Invented harvest log: dates written YYYY-MM-DD.
    const rows = Array.from({ length: 90 }, (_, i) => ({ picked: `20${10 + (i % 9)}-0${1 + (i % 9)}-${10 + (i % 18)}` }));
    const index = indexProfile(buildProfile(rows));
    const best = (current: string) => dateSlipCandidates({ column: 'picked', current, col: index.columns.get('picked'), index, noise: index.noise })[0];
    // A digit typed twice.
    expect(best('2013-110-14')).toMatchObject({ value: '2013-10-14' });
    expect(best('2013-110-14')!.p).toBeGreaterThan(0.8);
    // Two digits swapped, a month no calendar has.
    expect(best('2015-70-21')).toMatchObject({ value: '2015-07-21' });
    // A valid date of the years the column holds, even an unlikely one, is no slip.
    expect(best('2019-12-31')).toBeUndefined();
  });

  it('puts back a digit a part of the column\'s layout is short where it goes back one way only', () => {
    // Invented harvest log as above: dates written YYYY-MM-DD.
    const rows = Array.from({ length: 90 }, (_, i) => ({ picked: `20${10 + (i % 9)}-0${1 + (i % 9)}-${10 + (i % 18)}` }));
    const index = indexProfile(buildProfile(rows));
    const values = (current: string) => dateSlipCandidates({ column: 'picked', current, col: index.columns.get('picked'), index, noise: index.noise }).map((c) => c.value);
    // Month 7 is no 17 or 70-79: only 07.
    expect(values('2013-7-14')).toEqual(['2013-07-14']);
    // Month 1 may be 01, 10, 11 or 12: left alone.
    expect(values('2013-1-14')).toEqual([]);
  });

  it('undoes a slip only into the years the column holds', () => {
    // Invented ferry log, 2021-2024, dates written YYYY-MM-DD.
    const rows = Array.from({ length: 120 }, (_, i) => ({ sailed: `202${1 + (i % 4)}-0${1 + (i % 9)}-${10 + (i % 18)}` }));
    const index = indexProfile(buildProfile(rows));
    expect(index.columns.get('sailed')!.profile.dateYears).toEqual([2021, 2024]);
    const values = (current: string) => dateSlipCandidates({ column: 'sailed', current, col: index.columns.get('sailed'), index, noise: index.noise }).map((c) => c.value);
    // "0222": its first two digits swapped. Read with one digit changed it is also 1222 or 2222,
    // centuries the log never reaches.
    expect(values('0222-03-15')).toEqual(['2022-03-15']);
    // A valid date sixty years after the log: its year mistyped by one digit.
    expect(values('2082-03-15')).toEqual(['2022-03-15']);
  });

  it('reads a slip into the years the column holds rather than the ones just beside them', () => {
    // Invented tide log of one year, 2001, dates written YYYY-MM-DD.
    const rows = Array.from({ length: 120 }, (_, i) => ({ logged: `2001-0${1 + (i % 9)}-${10 + (i % 18)}` }));
    const index = indexProfile(buildProfile(rows));
    const best = (current: string) => dateSlipCandidates({ column: 'logged', current, col: index.columns.get('logged'), index, noise: index.noise })[0];
    // "200-04-12" lost a digit of its year: a doubled zero typed once (2000) is the likelier slip
    // of the two, but the log holds no date of 2000.
    expect(best('200-04-12')).toMatchObject({ value: '2001-04-12' });
  });
});

describe('word repair by position', () => {
  it('repairs a first word from the small vocabulary first words come from, though later words are mostly new', () => {
    // Invented boat makers (few, recurring) and model names (nearly all new).
    const makers = ['harlow', 'quenby', 'marsk', 'tollund'];
    const random = mulberry32(5);
    const word = () => Array.from({ length: 6 }, () => 'bcdfghklmnprstv'[Math.floor(random() * 15)]).join('');
    const rows = Array.from({ length: 240 }, (_, i) => ({ boat: `${makers[i % 4]} ${word()} ${word()}` }));
    const index = indexProfile(buildProfile(rows));
    const col = index.columns.get('boat')!;
    expect(col.unseenLeadTokenShare).toBeLessThan(0.05);
    expect(col.unseenTokenShare).toBeGreaterThan(0.3);
    const [repair] = tokenCandidates({ column: 'boat', current: 'quenbby skarld', col, index, noise: noiseModel(undefined) });
    expect(repair?.value).toBe('quenby skarld');
  });

  it('reads a word the column never showed, one slip from a frequent word of it, as that word mistyped', () => {
    // Invented airfields: a new place name in every row, then one of four kinds of field. Half
    // the column's words are new, yet a new word that lands one slip from "Municipal" is no new word.
    const random = mulberry32(21);
    const place = () => Array.from({ length: 7 }, (_, k) => (k % 2 ? 'aeiou' : 'bdfgklmnprstvz')[Math.floor(random() * (k % 2 ? 5 : 14))]).join('');
    const kinds = ['Municipal', 'Municipal', 'County', 'Regional', 'Field'];
    const rows = Array.from({ length: 300 }, (_, i) => ({ field: `${place()} ${kinds[i % 5]}` }));
    const index = indexProfile(buildProfile(rows));
    const col = index.columns.get('field')!;
    expect(col.unseenTokenShare).toBeGreaterThan(0.4);
    const repair = (current: string) => tokenCandidates({ column: 'field', current, col, index, noise: noiseModel(undefined) })[0]?.value;
    expect(repair('Porthaven Muincipal')).toBe('Porthaven Municipal');
    expect(repair('Porthaven Regiional')).toBe('Porthaven Regional');
  });

  it('repairs a part of an e-mail or of a code against the parts the column repeats', () => {
    // Invented crews of invented ferry companies (first.last@company); each pier code is unique.
    const first = ['ada', 'bror', 'cilla', 'dag', 'edda', 'finn'];
    const last = ['holm', 'strand', 'vik', 'berg', 'lund'];
    const companies = ['varnholm', 'ostreby', 'kellmark', 'dunsgate'];
    const rows = Array.from({ length: 120 }, (_, i) => ({
      email: `${first[i % 6]}.${last[i % 5]}@${companies[i % 4]}.example`,
      pier: `PIER-${String(1000 + i * 7)}`,
    }));
    const index = indexProfile(buildProfile(rows));
    const repair = (column: string, current: string) => tokenCandidates({ column, current, col: index.columns.get(column)!, index, noise: noiseModel(undefined) })[0]?.value;
    expect(repair('email', 'finn.vik@kellmrak.example')).toBe('finn.vik@kellmark.example');
    expect(repair('email', 'dag.breg@ostreby.example')).toBe('dag.berg@ostreby.example');
    expect(repair('pier', 'PEIR-1637')).toBe('PIER-1637');
    // A profile of version 1 read its words at whitespace only: a code is one unknown word there.
    const old = indexProfile({ ...buildProfile(rows), version: 1 });
    expect(tokenCandidates({ column: 'pier', current: 'PEIR-1637', col: old.columns.get('pier')!, index: old, noise: noiseModel(undefined) })).toEqual([]);
  });

  it("repairs an address's domain though its name part is one the column never showed (one person, one address)", () => {
    // An invented staff list: every name once, one company domain.
    const random = mulberry32(11);
    const name = () => Array.from({ length: 5 }, () => 'bcdfghklmnprstv'[Math.floor(random() * 15)]).join('');
    const rows = Array.from({ length: 200 }, () => ({ email: `${name()}.${name()}@ostreby.example` }));
    const index = indexProfile(buildProfile(rows));
    const col = index.columns.get('email')!;
    const repair = (current: string) => tokenCandidates({ column: 'email', current, col, index, noise: noiseModel(undefined) })[0]?.value;
    expect(repair('ada.kell@ostreby.exmaple')).toBe('ada.kell@ostreby.example');
    expect(repair('ada.kell@ostrbey.example')).toBe('ada.kell@ostreby.example');
    // A word of the domain the column never showed and that is no slip of one it did stays a reason to give up.
    expect(repair('ada.kell@harbourmaster.example')).toBeUndefined();
  });

  it('weighs a first word by how often it comes first, not by its share of all the words', () => {
    // Twenty invented makers, nine boats each, and six one-off makers; every model name is new.
    const random = mulberry32(9);
    const word = (n: number) => Array.from({ length: n }, () => 'bcdfghklmnprstv'[Math.floor(random() * 15)]).join('');
    const makers = Array.from({ length: 20 }, () => `${word(3)}ar${word(2)}`);
    const rows = [...Array.from({ length: 180 }, (_, i) => ({ boat: `${makers[i % 20]} ${word(7)}` })), ...Array.from({ length: 6 }, () => ({ boat: `${word(4)}o${word(2)} ${word(7)}` }))];
    const index = indexProfile(buildProfile(rows));
    const col = index.columns.get('boat')!;
    const maker = makers[3]!;
    const slip = `${maker.slice(0, 3)}sr${maker.slice(5)}`;
    const [repair] = tokenCandidates({ column: 'boat', current: `${slip} ${word(7)}`, col, index, noise: noiseModel(undefined) });
    expect(repair?.value.split(' ')[0]).toBe(maker);
  });

  it('replaces no word whole, and repairs no measurement into a form the column never writes', () => {
    // Invented water samples, "<number> mg/L"; invented crossing notes in free text.
    const random = mulberry32(3);
    const rows = Array.from({ length: 200 }, (_, i) => ({
      nitrate: `${(random() * 50).toFixed(1)} mg/L`,
      note: ['wind from the west', 'calm crossing of the sound', 'fog in the sound', 'late out of Varnholm'][i % 4]!,
    }));
    const index = indexProfile(buildProfile(rows));
    const repair = (column: string, current: string) => tokenCandidates({ column, current, col: index.columns.get(column)!, index, noise: noiseModel(undefined) })[0]?.value;
    // "n.d." (not detected) shares no letter with "L": its words are not the unit's, misspelt.
    expect(repair('nitrate', 'n.d.')).toBeUndefined();
    // "ppm" is another unit; "12.5 mg" is not how the column writes a measurement.
    expect(repair('nitrate', '12.5 ppm')).toBeUndefined();
    // Grams for milligrams is a thousandfold, not a slip: "0.0125 mg/L" has decimals no value has.
    expect(repair('nitrate', '0.0125 g/L')).toBeUndefined();
    expect(repair('nitrate', '12.5 mg/Lt')).toBe('12.5 mg/L');
    // Two letters swapped keep the word's letters.
    expect(repair('note', 'calm crossing fo the sound')).toBe('calm crossing of the sound');
    // Words only re-cased into no value of the column are no misspelling.
    const agents = indexProfile(buildProfile(Array.from({ length: 120 }, (_, i) => ({ agent: ['ada.kell', 'dag.holm', 'bror.vik'][i % 3]! }))));
    expect(tokenCandidates({ column: 'agent', current: 'Ada Kell', col: agents.columns.get('agent')!, index: agents, noise: noiseModel(undefined) })).toEqual([]);
  });
});

describe('a value read in other rows that is a slip itself', () => {
  it('is read as the value the column holds many times as often, where the typo rule is near certain', () => {
    // Invented berths at four quays; one row has its quay misspelt, one names a fifth quay.
    const quays = ['North Quay', 'South Quay', 'East Quay', 'West Quay'];
    const rows = Array.from({ length: 240 }, (_, i) => ({ berth: `K${i}`, quay: i === 14 ? 'West Qauy' : i === 20 ? 'Ferry Pier' : quays[i % 4]! }));
    const index = indexProfile(buildProfile(rows));
    const spelt = (value: string) => commonerSpelling({ column: 'quay', current: '', col: index.columns.get('quay'), index, noise: noiseModel(undefined) }, value);
    expect(spelt('West Qauy')).toBe('West Quay');
    expect(spelt('West Quay')).toBeUndefined();
    expect(spelt('Ferry Pier')).toBeUndefined();
  });
});

describe('a slip repeated in several rows', () => {
  it('reads the same slip typed in six rows of a column of two words as that word mistyped', () => {
    // Invented tide tables: the tide is rising or falling; one clerk typed "falilng" six times.
    const rows = Array.from({ length: 1000 }, (_, i) => ({ tide: i % 2 ? 'rising' : 'falling' }));
    for (const i of [10, 130, 260, 390, 520, 650]) rows[i] = { tide: 'falilng' };
    const index = indexProfile(buildProfile(rows));
    const [repair] = typoCandidates({ column: 'tide', current: 'falilng', col: index.columns.get('tide')!, index, noise: noiseModel(undefined) });
    // Weighed as six independent identical slips it was no candidate at all; the model weighs it
    // with the row's other evidence.
    expect(repair?.value).toBe('falling');
    expect(repair!.p).toBeGreaterThan(0.2);
  });
});
