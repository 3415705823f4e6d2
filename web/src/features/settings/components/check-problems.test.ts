import { editorProblems } from './check-problems';

describe('check editor problems', () => {
  it('puts each problem on its field with its label, one sentence per field', () => {
    const found = editorProblems(
      [
        { field: 'checks.0.name', message: 'must not be empty' },
        { field: 'checks.0.name', message: 'must not hold control characters' },
        { field: 'checks.1.subcategory.priority', message: 'must be one of critical, high, medium, low' },
        { field: 'checks.1.values', message: 'must list at least one value' },
      ],
      ['missing', 'allowed_values'],
    );
    expect(found.checks.get(0)).toEqual(new Map([['name', 'Name must not be empty']]));
    expect(found.checks.get(1)).toEqual(
      new Map([
        ['priority', 'Priority must be one of critical, high, medium, low'],
        ['values', 'Allowed values must list at least one value'],
      ]),
    );
    expect(found.count).toBe(3);
    expect(found.general).toEqual([]);
  });

  it('names checks by number, never by internal path', () => {
    const found = editorProblems([{ field: 'checks.2.name', message: 'must be unique (same as checks.0.name)' }], [undefined, undefined, 'regex']);
    expect(found.checks.get(2)?.get('name')).toBe('Name must be unique (same as check 1)');
  });

  it('gives the owner and whole-config problems their own place', () => {
    const found = editorProblems(
      [
        { field: 'ownerRule.owner', message: 'must be an e-mail address' },
        { field: 'checks', message: 'must hold at most 100 checks' },
        { message: 'The dataset was removed' },
      ],
      [],
    );
    expect(found.owner).toBe('Owner of failed rows must be an e-mail address');
    expect(found.general).toEqual(['Checks: must hold at most 100 checks', 'The dataset was removed']);
    expect(found.count).toBe(3);
  });
});
