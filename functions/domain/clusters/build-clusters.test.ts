import { describe, expect, it } from 'vitest';
import { buildClusters, type ClusterRow } from './build-clusters';
import { cologneKey, doubleMetaphoneKey, fingerprintKey, ngramFingerprintKey, shapeKey } from './keyers';
import { formScore } from './proposal';

let n = 0;
const rows = (column: string, values: Array<string | null>, extra: Partial<ClusterRow> = {}): ClusterRow[] =>
  values.map((v) => ({ issue_id: `I${String(++n).padStart(4, '0')}`, issue_column: column, check_name: `${column}_valid`, current_value: v, ...extra }));
const valuesOf = (c: { values: Array<{ value: string | null }> }) => c.values.map((v) => v.value).sort();
const sorted = (list: string[]) => [...list].sort();

describe('key-collision strategies', () => {
  it('fingerprint groups spellings that differ in case, punctuation, accents, spaces and word order', () => {
    const data = rows('company', ['Acme, Inc.', 'acme inc', 'Inc. ACME', 'Acme Inc', 'Café Müller', 'cafe muller', 'Globex', 'Initech']);
    const clusters = buildClusters(data, { strategy: 'fingerprint' });
    expect(clusters.map(valuesOf)).toEqual([['Acme Inc', 'Acme, Inc.', 'Inc. ACME', 'acme inc'], ['Café Müller', 'cafe muller']]);
    expect(clusters[0]).toMatchObject({ size: 4, distinct: 4, column: 'company', key: 'acme inc' });
    expect(fingerprintKey('  Inc. ACME ')).toBe('acme inc');
  });

  it('n-gram fingerprint also joins run-together and split words', () => {
    expect(ngramFingerprintKey('Mc Donald')).toBe(ngramFingerprintKey('McDonald'));
    const clusters = buildClusters(rows('name', ['Mc Donald', 'McDonald', 'mcdonald', 'Donald Duck']), { strategy: 'ngram_fingerprint' });
    expect(clusters.map(valuesOf)).toEqual([['Mc Donald', 'McDonald', 'mcdonald']]);
    // Plain fingerprint keeps "Mc Donald" apart (two words against one).
    expect(buildClusters(rows('name', ['Mc Donald', 'McDonald']), { strategy: 'fingerprint' })).toEqual([]);
  });

  it('Double Metaphone groups English names that sound alike', () => {
    expect(doubleMetaphoneKey('Smith')).toBe(doubleMetaphoneKey('Smyth'));
    const clusters = buildClusters(rows('last_name', ['Smith', 'Smyth', 'Smith', 'Jones', 'Johns', 'Brown']), { strategy: 'double_metaphone' });
    expect(clusters.map(valuesOf)).toEqual([['Smith', 'Smyth'], ['Johns', 'Jones']]);
    expect(clusters[0]!.size).toBe(3);
  });

  it('Cologne phonetic groups German spellings of one name', () => {
    expect(cologneKey('Meier')).toBe(cologneKey('Mayer'));
    expect(cologneKey('Müller')).toBe(cologneKey('Mueller'));
    const clusters = buildClusters(rows('kunde', ['Meier', 'Mayer', 'Meyer', 'Müller', 'Mueller', 'Schulz']), { strategy: 'cologne' });
    expect(clusters.map(valuesOf)).toEqual([['Mayer', 'Meier', 'Meyer'], ['Mueller', 'Müller']]);
  });

  it('shape groups values of one format, one value or many', () => {
    expect(shapeKey('AB-1234')).toBe('A-9999');
    expect(shapeKey('Zürich 8001')).toBe('Aa 9999');
    const clusters = buildClusters(rows('sku', ['AB-1234', 'XY-9876', 'ab-12', 'AB-1234', '12345']), { strategy: 'shape' });
    expect(clusters).toHaveLength(1);
    expect(clusters[0]).toMatchObject({ key: 'A-9999', size: 3, distinct: 2, proposed_value: null });
  });

  it('same check and same value groups rows that failed one check with one value, empty included', () => {
    const data = [...rows('email', ['n/a', 'n/a', 'n/a', 'x@y']), ...rows('email', [null, null], { check_name: 'email_missing' }), ...rows('email', ['n/a'], { check_name: 'email_missing' })];
    const clusters = buildClusters(data, { strategy: 'same_check_value' });
    expect(clusters.map((c) => [c.check_name, c.key, c.size])).toEqual([
      ['email_valid', 'n/a', 3],
      ['email_missing', '', 2],
    ]);
  });
});

describe('nearest-neighbour strategies', () => {
  it('Levenshtein radius 1 groups one-edit misspellings around the most frequent spelling, case-insensitively', () => {
    const data = rows('state', ['California', 'California', 'Californa', 'CALIFORNIA', 'Califronia', 'Nevada', 'Neveda', 'CA', 'CO']);
    const clusters = buildClusters(data, { strategy: 'levenshtein' });
    expect(clusters.map(valuesOf)).toEqual([sorted(['CALIFORNIA', 'California', 'Californa']), sorted(['Neveda', 'Nevada'])]);
    // A transposition is two edits: radius 2 takes it in; two-letter codes never cluster on one edit.
    const wider = buildClusters(data, { strategy: 'levenshtein', radius: 2 });
    expect(valuesOf(wider[0]!)).toEqual(sorted(['CALIFORNIA', 'Califronia', 'California', 'Californa']));
    expect(wider.flatMap(valuesOf)).not.toContain('CA');
  });

  it('does not chain neighbours of neighbours into one cluster', () => {
    // abcd1 – abcd2 – abcd3 are each one edit apart, but the centre takes only its own neighbours.
    const clusters = buildClusters(rows('code', ['abcdef', 'abcdef', 'abcdeg', 'abcdgg', 'abcggg']), { strategy: 'levenshtein' });
    for (const c of clusters) expect(c.distinct).toBeLessThanOrEqual(3);
    expect(valuesOf(clusters[0]!)).toEqual(['abcdef', 'abcdef', 'abcdeg'].filter((v, i, a) => a.indexOf(v) === i));
  });

  it('PPM compression distance groups values that compress well together', () => {
    const data = rows('city', ['New York', 'New York', 'New Yrok', 'new york', 'Microsoft', 'Microsfot', 'Berlin', 'Hamburg']);
    const clusters = buildClusters(data, { strategy: 'ppm' });
    expect(clusters.map(valuesOf)).toEqual([sorted(['New York', 'New Yrok', 'new york']), sorted(['Microsfot', 'Microsoft'])]);
    expect(clusters[0]!.size).toBe(4);
  });
});

describe('cluster fields', () => {
  it('gives stable ids from strategy, radius, column and key, and pages nothing away', () => {
    const data = rows('company', ['Acme Inc', 'acme inc']);
    const a = buildClusters(data, { strategy: 'fingerprint' })[0]!;
    const b = buildClusters([...data].reverse(), { strategy: 'fingerprint' })[0]!;
    expect(a.id).toBe(b.id);
    expect(a.id).toMatch(/^fingerprint-0-[0-9a-f]{16}$/);
    expect(buildClusters(rows('other', ['Acme Inc', 'acme inc']), { strategy: 'fingerprint' })[0]!.id).not.toBe(a.id);
    expect(a.issueIds).toHaveLength(2);
  });

  it('proposes the suggestion most members share, else the most frequent, else the best-formed spelling', () => {
    const shared = [...rows('c', ['Californa', 'californa'], { suggestion: 'California' }), ...rows('c', ['CALIFORNIA'])];
    expect(buildClusters(shared, { strategy: 'levenshtein' })[0]).toMatchObject({ proposed_value: 'California', proposal_reason: 'The AI suggestion of 2 of 3 rows.' });
    const frequent = rows('c', ['Acme Inc', 'Acme Inc', 'acme inc']);
    expect(buildClusters(frequent, { strategy: 'fingerprint' })[0]).toMatchObject({ proposed_value: 'Acme Inc', proposal_reason: 'The most frequent spelling (2 of 3 rows).' });
    const tied = rows('c', ['acme  inc', 'Acme Inc', 'ACME INC']);
    expect(buildClusters(tied, { strategy: 'fingerprint' })[0]!.proposed_value).toBe('Acme Inc');
    expect(formScore('Acme Inc')).toBeGreaterThan(formScore(' acme  inc'));
  });

  it('honours the column filter and the minimum size', () => {
    const data = [...rows('a', ['x y', 'y x', 'Y X']), ...rows('b', ['p q', 'q p'])];
    expect(buildClusters(data, { strategy: 'fingerprint', column: 'b' }).map((c) => c.column)).toEqual(['b']);
    expect(buildClusters(data, { strategy: 'fingerprint', minSize: 3 }).map((c) => c.column)).toEqual(['a']);
  });
});
