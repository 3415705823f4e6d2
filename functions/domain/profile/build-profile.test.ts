import { mulberry32 } from '../demo/random';
import { byteSize } from './budget';
import { buildProfile, ProfileBuilder } from './build-profile';
import { columnOf, PROFILE_MAX_BYTES } from './profile';
import { canonicalNumber, parseNumberLike, shapeOf } from './values';

const CITIES: Array<[string, string]> = [
  ['35233', 'birmingham'],
  ['36301', 'dothan'],
  ['35801', 'huntsville'],
  ['36104', 'montgomery'],
  ['36602', 'mobile'],
];

/** Rows of a small address table where zip -> city holds except for a few typos. */
function addressRows(n: number) {
  return Array.from({ length: n }, (_, i) => {
    const [zip, city] = CITIES[i % CITIES.length]!;
    return {
      id: String(i + 1),
      zip,
      city: i === 5 ? 'birmxngham' : i === 11 ? 'dotxan' : city,
      phone: `205${String(1000000 + i * 7919).slice(0, 7)}`,
      score: `${(i * 37) % 100}%`,
      note: i % 3 === 0 ? 'N/A' : i % 3 === 1 ? '' : 'checked',
    };
  });
}

describe('value reading', () => {
  it.each([
    ['205-325-8100', 'ddd-ddd-dddd'],
    ['Fort Payne', 'Aa+ Aa+'],
    ['scip-inf-1', 'a+-a+-d'],
    ['12.0 oz.', 'dd.d a+.'],
    ['AL', 'A+'],
  ])('gives %s the shape %s', (value, shape) => {
    expect(shapeOf(value)).toBe(shape);
  });

  it.each([
    ['12.0 oz', 12, 'unit'],
    ['0.09%', 0.09, 'percent'],
    ['$1,200.50', 1200.5, 'currency'],
    ['1,234', 1234, 'grouped'],
    ['-3.5', -3.5, 'plain'],
  ])('reads %s as the number %d (%s)', (text, value, form) => {
    expect(parseNumberLike(text)).toMatchObject({ value, form });
  });

  it.each(['37 patients', '702 main st', 'abc'])('does not read %s as a number', (text) => {
    expect(parseNumberLike(text)).toBeUndefined();
  });

  it('writes numbers without float noise or a trailing .0', () => {
    expect(canonicalNumber(0.055999999999999994)).toBe('0.056');
    expect(canonicalNumber(12.0)).toBe('12');
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

  it('keeps frequent values, shapes and numeric statistics', () => {
    const profile = buildProfile(addressRows(60));
    const city = columnOf(profile, 'city')!;
    expect(city.values).toContainEqual(['birmingham', 11]);
    expect(city.values[0]![1]).toBe(12);
    expect(city.values.map(([v]) => v)).not.toContain('birmxngham');
    expect(city.singletons).toBe(2);
    const score = columnOf(profile, 'score')!;
    expect(score.numeric).toMatchObject({ count: 60, min: 0, max: 99 });
    expect(columnOf(profile, 'phone')!.shapes[0]).toEqual(['dddddddddd', 60]);
  });

  it('finds the dependency zip -> city with its majority mappings', () => {
    const profile = buildProfile(addressRows(60));
    const dependency = profile.dependencies.find((d) => d.from === 'zip' && d.to === 'city');
    expect(dependency).toBeDefined();
    expect(dependency!.strength).toBeGreaterThan(0.95);
    const zip = columnOf(profile, 'zip')!;
    const city = columnOf(profile, 'city')!;
    const mapped = dependency!.mappings.map(([z, c, count, size]) => [zip.values[z]![0], city.values[c]![0], count, size]);
    expect(mapped).toContainEqual(['35233', 'birmingham', 11, 12]);
  });

  it('does not take a unique id or a near-constant column for a dependency', () => {
    const rows = addressRows(60).map((r) => ({ ...r, country: 'us' }));
    const profile = buildProfile(rows);
    expect(profile.dependencies.some((d) => d.from === 'id')).toBe(false);
    expect(profile.dependencies.some((d) => d.to === 'country')).toBe(false);
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

  it('shrinks to a smaller budget when asked', () => {
    const profile = buildProfile(addressRows(500), { maxBytes: 4000 });
    expect(byteSize(profile)).toBeLessThanOrEqual(4000);
  });
});
