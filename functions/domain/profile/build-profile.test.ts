import { userPrompt } from '../ai/llm/prompt';
import { mulberry32 } from '../demo/random';
import { byteSize } from './budget';
import { buildProfile, ProfileBuilder } from './build-profile';
import { columnOf, PROFILE_MAX_BYTES } from './profile';
import { asciiNumber, canonicalNumber, exactNumber, parseNumberLike, shapeOf, shiftDecimal, tokensOf, wordsAndBreaks } from './values';

// An invented country: postcodes and their towns.
const CITIES: Array<[string, string]> = [
  ['70411', 'varnholm'],
  ['70522', 'ostreby'],
  ['70633', 'kellmark'],
  ['70744', 'dunsgate'],
  ['70855', 'pellarow'],
];

/** Rows of a small address table where zip -> city holds except for a few typos. */
function addressRows(n: number) {
  return Array.from({ length: n }, (_, i) => {
    const [zip, city] = CITIES[i % CITIES.length]!;
    return {
      id: String(i + 1),
      zip,
      city: i === 5 ? 'varnhxlm' : i === 11 ? 'ostrxby' : city,
      phone: `555${String(1000000 + i * 7919).slice(0, 7)}`,
      score: `${(i * 37) % 100}%`,
      note: i % 3 === 0 ? 'N/A' : i % 3 === 1 ? '' : 'checked',
    };
  });
}

describe('value reading', () => {
  it.each([
    ['555-014-7788', 'ddd-ddd-dddd'],
    ['Port Elnor', 'Aa+ Aa+'],
    ['qrx-lap-4', 'a+-a+-d'],
    ['25.0 kg.', 'dd.d a+.'],
    ['QX', 'A+'],
  ])('gives %s the shape %s', (value, shape) => {
    expect(shapeOf(value)).toBe(shape);
  });

  it.each([
    ['25.0 kg', 25, 'unit'],
    ['3.2 m/s', 3.2, 'unit'],
    ['80km/h', 80, 'unit'],
    ['0.7%', 0.7, 'percent'],
    ['$1,200.50', 1200.5, 'currency'],
    ['27.40 €', 27.4, 'currency'],
    ['EUR 27.40', 27.4, 'currency'],
    ['1,234', 1234, 'grouped'],
    ['-3.5', -3.5, 'plain'],
  ])('reads %s as the number %d (%s)', (text, value, form) => {
    expect(parseNumberLike(text)).toMatchObject({ value, form });
  });

  it.each([
    ['\u22125.5', '-5.5'],
    ['\u2013 5.5', '-5.5'],
    ['+ 3', '+3'],
    ['(1,250.00)', '-1,250.00'],
    ['1250.00-', '-1250.00'],
    ['\uff11\uff12\uff0e\uff15', '12.5'],
    // Arabic-Indic digits with the Arabic decimal mark, Devanagari digits, mathematical bold digits.
    ['\u0661\u0662\u066b\u0665', '12.5'],
    ['\u0967\u0968.\u096b', '12.5'],
    ['\u{1d7cf}\u{1d7d0}', '12'],
    ['Varnholm', 'Varnholm'],
    ['12-5', '12-5'],
  ])('writes %s in the ASCII form the number reader takes: %s', (text, ascii) => {
    expect(asciiNumber(text)).toBe(ascii);
  });

  it.each(['14 lanterns', '9 quay road', 'abc', '3 apples/day', '2 m/s/s'])('does not read %s as a number', (text) => {
    expect(parseNumberLike(text)).toBeUndefined();
  });

  it.each([
    ['Port Elnor ferry', ['Port', 'Elnor', 'ferry']],
    ['ferry.pilot@varnholm.example', ['ferry', 'pilot', 'varnholm', 'example']],
    ['PIER-0417', ['PIER', '0417']],
    ['harbours/ostreby_north', ['harbours', 'ostreby', 'north']],
    [' Dunsgate  - Kellmark ', ['Dunsgate', 'Kellmark']],
  ])('reads the words of %s at spaces and at the marks that join parts of one value', (value, words) => {
    expect(tokensOf(value)).toEqual(words);
  });

  it('keeps the breaks between the words, so the words rejoin into the value', () => {
    const parts = wordsAndBreaks('pilot.varnholm@ferries.example');
    expect(parts.filter((_, i) => i % 2 === 0)).toEqual(['pilot', 'varnholm', 'ferries', 'example']);
    expect(parts.join('')).toBe('pilot.varnholm@ferries.example');
    // As profiles of version 1 read them: at whitespace only.
    expect(wordsAndBreaks('PIER-0417 east', false)).toEqual(['PIER-0417', ' ', 'east']);
  });

  it('writes numbers without float noise or a trailing .0', () => {
    expect(canonicalNumber(0.1 + 0.2)).toBe('0.3');
    expect(canonicalNumber(7.0)).toBe('7');
  });
});

describe('buildProfile', () => {
  it('guesses types and records missing-value markers as written', () => {
    // Prepare
    const rows = addressRows(60);
    // Act
    const profile = buildProfile(rows);
    // Assess
    expect(columnOf(profile, 'zip')).toMatchObject({ type: 'integer', distinct: 5 });
    expect(columnOf(profile, 'score')).toMatchObject({ type: 'percentage' });
    const note = columnOf(profile, 'note')!;
    expect(note.missing).toBe(40);
    expect(Object.fromEntries(note.markers)).toEqual({ 'N/A': 20, '': 20 });
  });

  it('reads the percentiles of positive numbers without those a slip scaled far from the rest', () => {
    // Invented crate masses of 20-40 kg, one in twenty-five written a hundredfold or a tenth,
    // beside counts that span five orders of magnitude.
    const rows = Array.from({ length: 400 }, (_, i) => {
      const mass = 20 + (i % 21);
      return { mass: String(i % 25 === 0 ? mass * 100 : i % 25 === 1 ? mass / 10 : mass), count: String(Math.round(10 ** ((i % 50) / 10))) };
    });
    const mass = columnOf(buildProfile(rows), 'mass')!.numeric!;
    expect(mass.low).toBeGreaterThanOrEqual(20);
    expect(mass.high).toBeLessThanOrEqual(40);
    expect(mass.max).toBe(4000);
    // Without a slip, a column of many magnitudes keeps its range.
    const count = columnOf(buildProfile(rows), 'count')!.numeric!;
    expect(count.low).toBe(1);
    expect(count.high).toBeGreaterThan(50_000);
  });

  it('keeps frequent values, shapes and numeric statistics', () => {
    const profile = buildProfile(addressRows(60));
    const city = columnOf(profile, 'city')!;
    expect(city.values).toContainEqual(['varnholm', 11]);
    expect(city.values[0]![1]).toBe(12);
    expect(city.values.map(([v]) => v)).not.toContain('varnhxlm');
    expect(city.singletons).toBe(2);
    const score = columnOf(profile, 'score')!;
    expect(score.numeric).toMatchObject({ count: 60, min: 0, max: 99 });
    expect(columnOf(profile, 'phone')!.shapes[0]).toEqual(['dddddddddd', 60]);
  });

  it('counts the share of repeated values written another way over every row, a value seen once each way included', () => {
    const share = (values: readonly string[]) => buildProfile(values.map((pier) => ({ pier }))).columns[0]!.spellingVariantShare;
    // Invented piers in two rows each: one of three written once in capitals.
    const piers = Array.from({ length: 30 }, (_, i) => `Pier ${String.fromCharCode(65 + (i % 26))}${Math.floor(i / 26)}`);
    expect(share(piers.flatMap((p, i) => [p, i % 3 === 0 ? p.toUpperCase() : p]))).toBeCloseTo(10 / 60, 3);
    // Case and spacing only: another value is no other spelling.
    expect(share(piers.flatMap((p) => [p, ` ${p}`]))).toBeCloseTo(0.5, 3);
    expect(share(piers.flatMap((p, i) => [p, piers[(i + 1) % 30]!]))).toBe(0);
    // Counted over at least twenty rows: one value written two ways is no habit.
    expect(share(['Pier A', 'PIER A', 'Pier B'])).toBeCloseTo(1 / 20, 3);
    // No value repeats: nothing to count.
    expect(share(piers)).toBeUndefined();
  });

  it('finds the dependency zip -> city with its majority mappings', () => {
    const profile = buildProfile(addressRows(60));
    const dependency = profile.dependencies.find((d) => d.from === 'zip' && d.to === 'city');
    expect(dependency).toBeDefined();
    expect(dependency!.strength).toBeGreaterThan(0.95);
    const zip = columnOf(profile, 'zip')!;
    const city = columnOf(profile, 'city')!;
    const mapped = dependency!.mappings.map(([z, c, count, size]) => [zip.values[z]![0], city.values[c]![0], count, size]);
    expect(mapped).toContainEqual(['70411', 'varnholm', 11, 12]);
  });

  it('does not take a unique id or a near-constant column for a dependency', () => {
    const rows = addressRows(60).map((r) => ({ ...r, country: 'us' }));
    const profile = buildProfile(rows);
    expect(profile.dependencies.some((d) => d.from === 'id')).toBe(false);
    expect(profile.dependencies.some((d) => d.to === 'country')).toBe(false);
  });

  it('does not take a column of small groups that agrees with another only by chance for a dependency', () => {
    // Weights drawn apart from islands and sexes: two or three rows share a weight, and a group that
    // small often agrees on an island or a sex by chance alone.
    let state = 777;
    const draw = () => (state = (Math.imul(state, 1103515245) + 12345) >>> 0) / 4294967296;
    const rows = Array.from({ length: 300 }, (_, i) => {
      const u = draw();
      return { id: `r${i}`, weight: String(3000 + Math.floor(draw() * 150) * 25), island: u < 0.5 ? 'Skerra' : u < 0.85 ? 'Holm' : 'Varo', sex: draw() < 0.5 ? 'F' : 'M' };
    });
    expect(buildProfile(rows).dependencies.filter((d) => d.from === 'weight')).toEqual([]);
    // A real relation among the same small groups is still found.
    const related = rows.map((r) => ({ ...r, band: Number(r.weight) < 4800 ? 'light' : 'heavy' }));
    expect(buildProfile(related).dependencies.some((d) => d.from === 'weight' && d.to === 'band')).toBe(true);
  });

  it('keeps the step most neighbouring rows take: a year per row of a series, a day per row of a log, none for shuffled numbers', () => {
    let state = 41;
    const draw = () => (state = (Math.imul(state, 1103515245) + 12345) >>> 0) % 90;
    const rows = Array.from({ length: 90 }, (_, i) => {
      const d = new Date(Date.UTC(2022, 11, 1 + i));
      return { year: String(1900 + (i % 30)), day: d.toISOString().slice(0, 10), depth: String(draw()) };
    });
    const profile = buildProfile(rows);
    // 87 of 89 neighbouring years step by one (the series restarts twice).
    expect(columnOf(profile, 'year')!.sequence).toEqual({ step: 1, share: 0.977528 });
    expect(columnOf(profile, 'day')!.sequence).toEqual({ step: 1, share: 1 });
    expect(columnOf(profile, 'depth')!.sequence).toBeUndefined();
  });

  it('counts a monthly series\' step in calendar months, not in days', () => {
    const rows = Array.from({ length: 48 }, (_, i) => ({ month: new Date(Date.UTC(2019, i, 15)).toISOString().slice(0, 10), quarter: new Date(Date.UTC(2019, 3 * i, 1)).toISOString().slice(0, 10) }));
    const profile = buildProfile(rows);
    expect(columnOf(profile, 'month')!.sequence).toEqual({ step: 1, share: 1, unit: 'month' });
    expect(columnOf(profile, 'quarter')!.sequence).toEqual({ step: 3, share: 1, unit: 'month' });
  });

  it('keeps how often a row holds the value its neighbours share: high for a grouped column, low for one whose values take turns', () => {
    // Ten rows per berth in a row; the tide alternates high and low; the crew is known in too few rows to count.
    const rows = Array.from({ length: 100 }, (_, i) => ({ berth: `B${Math.floor(i / 10)}`, tide: i % 2 === 0 ? 'high' : 'low', crew: i < 15 ? 'Ansel' : '' }));
    const profile = buildProfile(rows);
    // 80 rows sit between two rows of their berth (the first and last of each group do not), all of
    // the same berth; 90 of the 99 rows after another hold its berth (all but each group's first).
    expect(columnOf(profile, 'berth')!.runs).toEqual({ bridged: 80, share: 0.993827, stepShare: 0.905 });
    expect(columnOf(profile, 'tide')!.runs).toEqual({ bridged: 98, share: 0.005051, stepShare: 0.005 });
    expect(columnOf(profile, 'crew')!.runs).toBeUndefined();
  });

  it('learns which characters overwrite others', () => {
    const rows = Array.from({ length: 200 }, (_, i) => ({ word: ['alpha', 'bravo', 'charlie', 'delta'][i % 4]! }));
    rows[3] = { word: 'delxa' };
    rows[5] = { word: 'bxavo' };
    rows[9] = { word: 'alphx' };
    const profile = buildProfile(rows);
    expect(profile.confusions.pairs.every(([, to]) => to === 'x')).toBe(true);
    expect(profile.confusions.total).toBe(3);
    expect(columnOf(profile, 'word')!.singletonsNearFrequent).toBe(3);
  });

  it('counts as slips, not new values, the singletons that are a frequent word with a letter dropped or added, recased or respaced, and lone numbers among words', () => {
    const rows = Array.from({ length: 200 }, (_, i) => ({ word: ['lantern', 'harbour', 'mooring', 'bollard'][i % 4]!, depth: String(i) }));
    ['lantrn', 'harbourr', 'MOORING', ' bollard', '4127', 'gangway'].forEach((word, k) => (rows[3 + k * 7]!.word = word));
    const word = columnOf(buildProfile(rows), 'word')!;
    expect(word.singletons).toBe(6);
    // All but the new word "gangway".
    expect(word.singletonsNearFrequent).toBe(5);
  });

  it('counts the words seen once that are slips of a frequent word apart from new words, first words on their own', () => {
    // Invented boat names: a maker (few, recurring) and a model (mostly new).
    const makers = ['harlow', 'quenby', 'marsk'];
    const rows = Array.from({ length: 90 }, (_, i) => ({ boat: `${makers[i % 3]} ${['kestrel', 'osprey', 'petrel'][i % 3]}${i}` }));
    rows[4]!.boat = 'harlw kestrel4';
    rows[8]!.boat = 'qeunby osprey8';
    const boat = columnOf(buildProfile(rows), 'boat')!;
    expect(boat.leadTokenSingletons).toBe(2);
    expect(boat.leadTokenSlips).toBe(2);
    // The model names are new words, none a slip.
    expect(boat.tokenSingletons).toBe(92);
    expect(boat.tokenSlips).toBe(2);
  });

  it('reads a column that writes a decimal comma in decimal-point form, and keeps how it writes them', () => {
    // Invented rainfall at a harbour, as a European export writes it.
    const rows = Array.from({ length: 60 }, (_, i) => ({ day: String(i), rain: `${(i / 4).toFixed(2).replace('.', ',')}`, cargo: `${1 + (i % 5)}.${String(100 + i).padStart(3, '0')},50` }));
    const profile = buildProfile(rows);
    const rain = profile.columns.find((c) => c.name === 'rain')!;
    expect(rain.decimalComma).toEqual({});
    expect(rain.numeric).toMatchObject({ min: 0, max: 14.75, decimals: 2 });
    const cargo = profile.columns.find((c) => c.name === 'cargo')!;
    expect(cargo.decimalComma).toEqual({ group: '.' });
    expect(cargo.numeric).toMatchObject({ min: 1100.5, max: 5159.5 });
    expect(profile.columns.find((c) => c.name === 'day')!.decimalComma).toBeUndefined();
  });

  it('gives the same profile row by row as all at once', () => {
    const rows = addressRows(40);
    const builder = new ProfileBuilder();
    for (const row of rows) builder.add(row);
    expect(builder.finish()).toEqual(buildProfile(rows));
  });

  it('stays within 256 KB for 100,000 rows of 12 columns', () => {
    // Prepare: high-cardinality columns (ids, names, e-mails, free text) are the worst case.
    const random = mulberry32(7);
    const word = () => Math.floor(random() * 1e9).toString(36);
    const columns = ['id', 'name', 'email', 'zip', 'city', 'amount', 'date', 'status', 'phone', 'notes', 'code', 'owner'];
    const rows = Array.from({ length: 100_000 }, (_, i) => {
      const zip = String(10000 + Math.floor(random() * 3000));
      return {
        id: `rec-${i}`,
        name: `${word()} ${word()}`,
        email: `${word()}@${word()}.example`,
        zip,
        city: `city-${Number(zip) % 900}`,
        amount: (random() * 10000).toFixed(2),
        date: `2024-${String(1 + Math.floor(random() * 12)).padStart(2, '0')}-${String(1 + Math.floor(random() * 28)).padStart(2, '0')}`,
        status: ['open', 'won', 'lost'][Math.floor(random() * 3)]!,
        phone: `(${200 + Math.floor(random() * 700)}) 555-${String(Math.floor(random() * 10000)).padStart(4, '0')}`,
        notes: `${word()} ${word()} ${word()} ${word()}`,
        code: `C-${Math.floor(random() * 50000)}`,
        owner: `owner${Math.floor(random() * 40)}@corp.example`,
      };
    });
    // Act
    const started = performance.now();
    const profile = buildProfile(rows, { columns });
    const elapsed = performance.now() - started;
    // Assess
    expect(byteSize(profile)).toBeLessThanOrEqual(PROFILE_MAX_BYTES);
    expect(profile.rows).toBe(100_000);
    expect(profile.columns.map((c) => c.name)).toEqual(columns);
    expect(profile.dependencies.some((d) => d.from === 'zip' && d.to === 'city')).toBe(true);
    expect(elapsed).toBeLessThan(30_000);
  }, 60_000);

  it('finds key -> attribute where the attribute is often blank, and maps keys to the filled value', () => {
    // Prepare: half the rows leave the attribute blank; the relation holds among the filled ones.
    const rows = Array.from({ length: 120 }, (_, i) => ({ key: `P-${i % 12}`, shade: Math.floor(i / 12) % 2 === 0 ? '' : ['moss', 'slate', 'rust'][i % 12 % 3]! }));
    // Act
    const profile = buildProfile(rows);
    // Assess
    const dependency = profile.dependencies.find((d) => d.from === 'key' && d.to === 'shade');
    expect(dependency?.strength).toBe(1);
    expect(dependency!.mappings.length).toBe(12);
  });

  it('learns how far to trust each source of a multi-source table and weighs the majorities with it', () => {
    // Prepare: most entities are described by three sources, of which the careless one errs on a
    // third of its rows; a few only by the careful and the careless one, which disagree there.
    const rows: Array<Record<string, string>> = [];
    for (let e = 0; e < 90; e++) {
      const colour = ['amber', 'teal', 'plum', 'sand'][e % 4]!;
      const split = e >= 80;
      rows.push({ item: `E${e}`, feed: 'careful', colour });
      if (!split) rows.push({ item: `E${e}`, feed: 'steady', colour: e % 10 === 1 ? 'grey' : colour });
      rows.push({ item: `E${e}`, feed: 'careless', colour: split || e % 3 === 0 ? 'grey' : colour });
    }
    // Act
    const profile = buildProfile(rows);
    // Assess
    expect(profile.sourceTrust?.column).toBe('feed');
    const trust = Object.fromEntries(profile.sourceTrust!.sources.map(([name, accuracy]) => [name, accuracy]));
    expect(trust.careful).toBeGreaterThan(trust.careless!);
    const item = columnOf(profile, 'item')!;
    const colour = columnOf(profile, 'colour')!;
    const dependency = profile.dependencies.find((d) => d.from === 'item' && d.to === 'colour')!;
    // A split entity: one careful row against one careless row.
    const e81 = dependency.mappings.find(([i]) => item.values[i]![0] === 'E81');
    expect(e81 && colour.values[e81[1]]![0]).toBe('teal');
  });

  it('does not take a column of numbers for the sources of its rows, however its values spread over an entity\'s rows', () => {
    // Prepare: invented pledges — each donor pledges three times, one pledge of each size, so the
    // sizes mix within a donor's rows as sources would; an amount is no source, a named tier is.
    const rows = (tiers: readonly string[]) => {
      const out: Array<Record<string, string>> = [];
      for (let e = 0; e < 90; e++) for (let k = 0; k < 3; k++) out.push({ donor: `D${e}`, fund: ['arts', 'parks', 'wells'][e % 3]!, pledged: tiers[k]! });
      return out;
    };
    // Act
    const amounts = buildProfile(rows(['0', '250', '1200']));
    const tiers = buildProfile(rows(['bronze', 'silver', 'gold']));
    // Assess
    expect(amounts.sourceTrust).toBeUndefined();
    expect(tiers.sourceTrust?.column).toBe('pledged');
  });

  it('does not take a category that merely varies across a repeated value\'s rows for the sources of its rows', () => {
    // Invented sign-ups: a person's name (drawn from few first and last names, so names repeat)
    // fixes its first and last name; the channel and the town of each sign-up are drawn anew, so
    // a repeated name's rows mix channels — as sources would — but repeat a channel as often as
    // chance has it, where a source describes an entity once.
    const firsts = ['Ada', 'Bram', 'Cleo', 'Dag', 'Edda', 'Finn', 'Gus', 'Hild'];
    const lasts = ['Holm', 'Ekre', 'Vik', 'Dal', 'Lund', 'Berg', 'Strand', 'Fjell', 'Nes', 'Ås'];
    const channels = ['fair', 'radio', 'letter', 'friend', 'web', 'poster'];
    const towns = ['Oss', 'Rye', 'Lom', 'Ask', 'Bø', 'Ål'];
    const draw = (i: number, salt: number) => (((Math.sin(i * 12.9898 + salt * 78.233) * 43758.5453) % 1) + 1) % 1;
    const rows = Array.from({ length: 240 }, (_, i) => {
      const first = firsts[Math.floor(draw(i, 1) * firsts.length)]!;
      const last = lasts[Math.floor(draw(i, 2) * lasts.length)]!;
      return { id: `S${i}`, name: `${first} ${last}`, first, last, channel: channels[Math.floor(draw(i, 3) * 6)]!, town: towns[Math.floor(draw(i, 4) * 6)]! };
    });
    const profile = buildProfile(rows);
    expect(profile.dependencies.some((d) => d.from === 'name' && d.to === 'first')).toBe(true);
    expect(profile.sourceTrust).toBeUndefined();
    expect(profile.dependencies.some((d) => d.from === 'name' && d.to === 'town')).toBe(false);
  });

  it('keeps a weak relation between columns (most rows, not nearly all), with its strength', () => {
    // Invented hives: each meadow holds mostly one bee breed, with a third of strays.
    const breeds = ['carnica', 'ligustica', 'buckfast'];
    const rows = Array.from({ length: 300 }, (_, i) => ({ hive: `H${i}`, meadow: `M${i % 3}`, breed: i % 10 < 7 ? breeds[i % 3]! : breeds[(i + 1) % 3]! }));
    const relation = buildProfile(rows).dependencies.find((d) => d.from === 'meadow' && d.to === 'breed');
    expect(relation?.strength).toBeGreaterThan(0.6);
    expect(relation?.strength).toBeLessThan(0.8);
  });

  it('keeps contested groups pointing into the determinant\'s value list when cut to a budget', () => {
    // Invented berths, each surveyed twice; one berth in seven has two surveys that disagree.
    const rows = Array.from({ length: 4000 }, (_, i) => {
      const berth = i >> 1;
      return { berth: `B-${1000 + berth}`, vessel: `Tern ${berth}${i % 2 === 1 && berth % 7 === 0 ? 'x' : ''}` };
    });
    const full = buildProfile(rows, { maxBytes: 10_000_000 });
    const contested = (p: typeof full) => p.dependencies.find((d) => d.from === 'berth' && d.to === 'vessel')?.contested ?? [];
    expect(contested(full).length).toBeGreaterThan(200);
    const fitted = buildProfile(rows, { maxBytes: Math.floor(byteSize(full) * 0.3) });
    const berths = columnOf(fitted, 'berth')!.values.length;
    expect(berths).toBeLessThan(columnOf(full, 'berth')!.values.length);
    expect(contested(fitted).length).toBeGreaterThan(0);
    for (const [fi] of contested(fitted)) expect(fi).toBeLessThan(berths);
  });

  it("keeps lone rows (a key's one filled row) pointing into the determinant's value list when cut to a budget", () => {
    // Invented berths, each surveyed twice; one berth in seven has a survey that left the vessel blank.
    const rows = Array.from({ length: 4000 }, (_, i) => {
      const berth = i >> 1;
      return { berth: `B-${1000 + berth}`, vessel: i % 2 === 1 && berth % 7 === 0 ? '' : `Tern ${berth}` };
    });
    const full = buildProfile(rows, { maxBytes: 10_000_000 });
    const lone = (p: typeof full) => p.dependencies.find((d) => d.from === 'berth' && d.to === 'vessel')?.lone ?? [];
    expect(lone(full).length).toBeGreaterThan(200);
    expect(lone(full)).toContainEqual([expect.any(Number), 'Tern 7']);
    const fitted = buildProfile(rows, { maxBytes: Math.floor(byteSize(full) * 0.3) });
    const berths = columnOf(fitted, 'berth')!.values.length;
    expect(berths).toBeLessThan(columnOf(full, 'berth')!.values.length);
    expect(lone(fitted).length).toBeGreaterThan(0);
    expect(lone(fitted).length).toBeLessThan(lone(full).length);
    for (const [fi] of lone(fitted)) expect(fi).toBeLessThan(berths);
  });

  it('shrinks to a smaller budget when asked', () => {
    const profile = buildProfile(addressRows(500), { maxBytes: 4000 });
    expect(byteSize(profile)).toBeLessThanOrEqual(4000);
  });

  it('over budget, drops the weakest of a column\'s many determinants before it shortens any value list', () => {
    // Invented depots, each listed three times: code, name, town and grid reference all identify
    // the depot, so each column depends on the three others (twelve dependencies, a mapping per depot).
    const depotRow = (depot: number) => ({ code: `D${1000 + depot}`, name: `Depot ${depot * 7919}`, town: `Town ${depot * 104729}`, grid: `${(depot * 37) % 1000}.${depot}` });
    const rows = Array.from({ length: 600 }, (_, i) => depotRow(i % 200));
    // One copy of depot 5 carries depot 6's grid reference.
    rows[5] = { ...rows[5]!, grid: depotRow(6).grid };
    const full = buildProfile(rows, { maxBytes: 10_000_000 });
    const into = (p: typeof full, column: string) => p.dependencies.filter((d) => d.to === column);
    expect(into(full, 'grid')).toHaveLength(3);
    const budget = Math.floor(byteSize(full) * 0.8);
    const fitted = buildProfile(rows, { maxBytes: budget });
    expect(byteSize(fitted)).toBeLessThanOrEqual(budget);
    // Every value list is whole, and each column keeps two determinants.
    for (const column of ['code', 'name', 'town', 'grid']) {
      expect(columnOf(fitted, column)!.values).toHaveLength(200);
      expect(into(fitted, column).length).toBeGreaterThanOrEqual(2);
    }
    // So each remaining determinant still names depot 5's grid reference.
    const grid = columnOf(fitted, 'grid')!;
    for (const dependency of into(fitted, 'grid')) {
      const from = columnOf(fitted, dependency.from)!;
      const key = depotRow(5)[dependency.from as keyof ReturnType<typeof depotRow>];
      const mapping = dependency.mappings.find(([fi]) => from.values[fi]![0] === key);
      expect(mapping && grid.values[mapping[1]]![0]).toBe(depotRow(5).grid);
    }
  });
});

describe('exact number text', () => {
  it('moves the point exactly, however long the fraction', () => {
    expect(shiftDecimal('0.0263687550855227', -2)).toBe('0.000263687550855227');
    expect(shiftDecimal('1620', -1)).toBe('162');
    expect(shiftDecimal('16.2', 3)).toBe('16200');
    expect(shiftDecimal('-0.5', 1)).toBe('-5');
    expect(shiftDecimal('007.50', 0)).toBe('7.5');
    expect(shiftDecimal('0.000', 2)).toBe('0');
  });

  it('drops float noise but keeps every measured digit', () => {
    expect(exactNumber('0.052000000000000005')).toBe('0.052');
    expect(exactNumber('0.35999999999999999')).toBe('0.36');
    expect(exactNumber('5.2000000000000005', -2)).toBe('0.052');
    expect(exactNumber('0.0016885193250976349')).toBe('0.0016885193250976349');
    expect(exactNumber('0.00420754616497301')).toBe('0.00420754616497301');
    expect(exactNumber('1000000')).toBe('1000000');
  });
});

describe('the start and end a column\'s values share', () => {
  const affixOf = (values: string[]) => buildProfile(values.map((v, i) => ({ id: String(i), x: v })), { columns: ['id', 'x'] }).columns.find((c) => c.name === 'x')!.affix;

  it('keeps the letters and marks all values share, not the digits a range of codes shares', () => {
    // Invented stock codes from SKU-00100 to SKU-00697: "SKU-00" is shared, its zeros are the range's.
    expect(affixOf(Array.from({ length: 200 }, (_, i) => `SKU-${String(100 + i * 3).padStart(5, '0')}`))).toEqual({ prefix: 'SKU-', suffix: '' });
    expect(affixOf(Array.from({ length: 60 }, (_, i) => `https://shop.example/p/${1000 + i}/`))).toEqual({ prefix: 'https://shop.example/p/', suffix: '/' });
    expect(affixOf(Array.from({ length: 60 }, (_, i) => `${(i * 1.7).toFixed(1)} mg/L`))).toEqual({ prefix: '', suffix: ' mg/L' });
  });

  it('keeps none where values share no start or end, or where a few of them do not', () => {
    expect(affixOf(Array.from({ length: 60 }, (_, i) => String(100 + i * 7)))).toBeUndefined();
    expect(affixOf(Array.from({ length: 60 }, (_, i) => (i % 10 === 0 ? `${i}` : `SKU-${i}`)))).toBeUndefined();
    // Too few rows to say what the column writes.
    expect(affixOf(['SKU-1', 'SKU-2', 'SKU-3'])).toBeUndefined();
  });

  it('is told to a language model with the column', () => {
    const rows = Array.from({ length: 60 }, (_, i) => ({ ferry: `f${i}`, sku: `SKU-${1000 + i}` }));
    const prompt = JSON.parse(userPrompt({ issue: { issue_column: 'sku', current_value: '1003', row: rows[3]! }, profile: buildProfile(rows) })) as { profile: { sharedStart?: string } };
    expect(prompt.profile.sharedStart).toBe('SKU-');
  });
});

describe('the decimals a column pads its numbers to', () => {
  it('keeps a column\'s trailing zeros where many of its numbers were spoilt, and drops them where the column does', async () => {
    const { paddedDecimals } = await import('./profile');
    const random = mulberry32(41);
    // Invented gauge readings with one decimal, "3.0" written so; one in twelve spoilt by a slip that
    // gave it two decimals or none (92 % show one decimal: short of the 95 % a clean column shows).
    const readings = Array.from({ length: 480 }, () => (1 + random() * 8).toFixed(1));
    const spoilt = readings.map((r, i) => (i % 12 === 3 ? (i % 24 === 3 ? `${r}5` : r.split('.')[0]!) : r));
    const gauge = columnOf(buildProfile(spoilt.map((level) => ({ level }))), 'level')!.numeric!;
    expect(gauge.decimalsShare).toBeLessThan(0.95);
    expect(paddedDecimals(gauge)).toBe(1);
    // The same readings written by a system that drops a trailing zero ("3", not "3.0"): nothing
    // to pad, however few numbers show other decimals.
    const dropped = readings.map((r) => r.replace(/\.0$/, ''));
    const plain = columnOf(buildProfile(dropped.map((level) => ({ level }))), 'level')!.numeric!;
    expect(plain.decimalsShare).toBeGreaterThan(0.88);
    expect(paddedDecimals(plain)).toBe(0);
  });
});
