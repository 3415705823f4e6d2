import { checkSchema, checksConfigSchema, patternRegExp, type CheckInput } from './checks';

const taxonomy = { dimension: 'completeness', subcategory: { name: 'Missing value', priority: 'high' } } as const;

function problems(input: unknown): Array<{ field: string; message: string }> {
  const parsed = checksConfigSchema.safeParse(input);
  if (parsed.success) return [];
  return parsed.error.issues.map((i) => ({ field: i.path.join('.'), message: i.message }));
}

const owner = { kind: 'fixed', owner: 'owner@example.com' } as const;

describe('checksConfigSchema', () => {
  it('accepts every check type and fills defaults', () => {
    // Prepare
    const checks: CheckInput[] = [
      { ...taxonomy, type: 'missing', name: 'missing_email', column: 'email', missingValues: ['N/A'] },
      { ...taxonomy, type: 'invalid_format', name: 'email_format', column: 'email', format: 'email' },
      { ...taxonomy, type: 'invalid_format', name: 'close_date', column: 'close_date', format: 'date', dateFormats: ['YYYY-MM-DD', 'MM/DD/YYYY'] },
      { ...taxonomy, type: 'allowed_values', name: 'stage', column: 'stage', values: ['Open', 'Won'] },
      { ...taxonomy, type: 'regex', name: 'postal', column: 'zip', pattern: '\\d{5}' },
      { ...taxonomy, type: 'range', name: 'amount', column: 'amount', min: 0 },
      { ...taxonomy, type: 'length', name: 'name_len', column: 'name', maxLength: 60 },
      { ...taxonomy, type: 'duplicate', name: 'dup', column: 'email', columns: ['email', 'company'] },
      { ...taxonomy, type: 'reference', name: 'ref', column: 'account_id', referenceDataset: 'accounts', referenceColumn: 'id' },
      { ...taxonomy, type: 'freshness', name: 'fresh', column: 'updated_at', maxAge: '7d' },
    ];

    // Act
    const parsed = checksConfigSchema.parse({ ownerRule: owner, checks });

    // Assess
    expect(parsed.checks).toHaveLength(10);
    expect(parsed.checks[0]).toMatchObject({ severity: 'fail', subcategory: { description: '', automationPotential: 0.5 } });
  });

  it.each([
    ['an unknown type', { type: 'bogus' }, 'checks.0.type'],
    ['an unknown format', { type: 'invalid_format', format: 'zip' }, 'checks.0.format'],
    ['date formats on a non-date format', { type: 'invalid_format', format: 'email', dateFormats: ['ISO'] }, 'checks.0.dateFormats'],
    ['an empty name', { type: 'missing', name: '  ' }, 'checks.0.name'],
    ['an empty column', { type: 'missing', column: '' }, 'checks.0.column'],
    ['an unknown dimension', { type: 'missing', dimension: 'beauty' }, 'checks.0.dimension'],
    ['an unknown priority', { type: 'missing', subcategory: { name: 'x', priority: 'urgent' } }, 'checks.0.subcategory.priority'],
    ['an unknown severity', { type: 'missing', severity: 'error' }, 'checks.0.severity'],
    ['a broken regex', { type: 'regex', pattern: '([a-z' }, 'checks.0.pattern'],
    ['a range without bounds', { type: 'range' }, 'checks.0.min'],
    ['a range with min above max', { type: 'range', min: 10, max: 1 }, 'checks.0.min'],
    ['a length with a fraction', { type: 'length', maxLength: 2.5 }, 'checks.0.maxLength'],
    ['no allowed values', { type: 'allowed_values', values: [] }, 'checks.0.values'],
    ['duplicate columns without the check column', { type: 'duplicate', columns: ['a'] }, 'checks.0.columns'],
    ['a bad freshness duration', { type: 'freshness', maxAge: '7 days' }, 'checks.0.maxAge'],
    ['a reference without dataset', { type: 'reference', referenceColumn: 'id' }, 'checks.0.referenceDataset'],
    ['a non-e-mail owner', { type: 'missing', owner: 'bob' }, 'checks.0.owner'],
  ])('rejects %s naming the field', (_label, override, field) => {
    // Prepare
    const check = { ...taxonomy, name: 'c', column: 'email', ...override };

    // Act
    const found = problems({ ownerRule: owner, checks: [check] });

    // Assess
    expect(found.map((p) => p.field)).toContain(field);
    expect(found.every((p) => p.message.length > 5)).toBe(true);
  });

  it('rejects two checks with the same name (any case), pointing at the second', () => {
    const a = { ...taxonomy, type: 'missing', name: 'Missing_email', column: 'email' };
    const b = { ...a, name: 'missing_EMAIL' };
    expect(problems({ ownerRule: owner, checks: [a, b] })).toEqual([{ field: 'checks.1.name', message: 'must be unique (check 1 has the same name)' }]);
  });

  it('rejects an owner rule of an unknown kind', () => {
    expect(problems({ ownerRule: { kind: 'random' }, checks: [] }).map((p) => p.field)).toEqual(['ownerRule.kind']);
  });

  it('accepts a column owner rule with a fallback', () => {
    expect(problems({ ownerRule: { kind: 'column', column: 'owner_email', fallback: 'team@example.com' }, checks: [] })).toEqual([]);
  });
});

describe('patternRegExp', () => {
  it.each([
    ['\\d{5}', '12345', true],
    ['\\d{5}', '123456', false], // anchored to the whole value
    ['[A-Z]{2}\\-\\d+', 'DE-42', true], // old-syntax escape still compiles
    ['.', '😀', true], // one code point in unicode mode
    ['a|b', 'ab', false], // alternation stays inside the anchors
  ])('%s on %s → %s', (pattern, value, expected) => {
    expect(patternRegExp(pattern, false)!.test(value)).toBe(expected);
  });

  it('is case-insensitive when asked', () => {
    expect(patternRegExp('abc', true)!.test('ABC')).toBe(true);
  });

  it('parses a single check on its own', () => {
    expect(checkSchema.safeParse({ ...taxonomy, type: 'missing', name: 'x', column: 'y' }).success).toBe(true);
  });
});
