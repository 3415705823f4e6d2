import { describe, expect, it } from 'vitest';
import { AVATAR_COLORS, avatarColorIndex, avatarInitials } from './avatar';

describe('avatar', () => {
  it('chooses one of 10 colours, the same for the same e-mail in any case', () => {
    expect(AVATAR_COLORS).toHaveLength(10);
    expect(avatarColorIndex('Ana.Souza@Demo.example')).toBe(avatarColorIndex('ana.souza@demo.example'));
    expect(avatarColorIndex('x@y.z')).toBeGreaterThanOrEqual(0);
    expect(avatarColorIndex('x@y.z')).toBeLessThan(10);
  });

  it('spreads e-mails over the colours', () => {
    const used = new Set(Array.from({ length: 200 }, (_, i) => avatarColorIndex(`user${i}@example.com`)));
    expect(used.size).toBe(10);
  });

  it.each([
    ['Ana Souza', 'a@b.c', 'AS'],
    ['Ana Maria Souza', 'a@b.c', 'AS'],
    ['Cher', 'a@b.c', 'CH'],
    ['', 'john.smith@x.com', 'JS'],
    [null, 'admin@x.com', 'AD'],
    ['   ', 'q@x.com', 'Q'],
  ])('takes initials from %j / %s → %s', (name, email, initials) => {
    expect(avatarInitials(name, email)).toBe(initials);
  });
});
