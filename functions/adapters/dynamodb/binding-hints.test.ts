import { BindingHints } from './binding-hints';

const binding = (sub: string, email = `${sub}@orchard.example`) => ({ sub, organizationId: 'org_orchard', email });

describe('binding hints', () => {
  it('remembers a binding until it is older than the time to live', () => {
    let now = 1_000;
    const hints = new BindingHints(60_000, 10, () => now);
    hints.set(binding('s1'));
    now += 59_999;
    expect(hints.get('s1')).toEqual(binding('s1'));
    now += 1;
    expect(hints.get('s1')).toBeUndefined();
    expect(hints.size).toBe(0);
  });

  it('forgets a binding on request, and keeps a copy, not the caller\'s object', () => {
    const hints = new BindingHints();
    const mutable = binding('s2');
    hints.set(mutable);
    mutable.email = 'someone-else@orchard.example';
    expect(hints.get('s2')?.email).toBe('s2@orchard.example');
    hints.forget('s2');
    expect(hints.get('s2')).toBeUndefined();
  });

  it('drops the binding remembered longest ago when full; a re-remembered one counts as new', () => {
    const hints = new BindingHints(60_000, 2);
    hints.set(binding('a'));
    hints.set(binding('b'));
    hints.set(binding('a', 'a2@orchard.example'));
    hints.set(binding('c'));
    expect(hints.size).toBe(2);
    expect(hints.get('b')).toBeUndefined();
    expect(hints.get('a')?.email).toBe('a2@orchard.example');
    expect(hints.get('c')).toBeDefined();
  });
});
