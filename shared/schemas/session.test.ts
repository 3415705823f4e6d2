import { describe, expect, it } from 'vitest';
import { profileUpdateSchema } from './session';

describe('profile update', () => {
  it('refuses a blank or whitespace first or last name, naming the field', () => {
    for (const field of ['first_name', 'last_name'] as const) {
      for (const value of ['', '   ']) {
        const parsed = profileUpdateSchema.safeParse({ [field]: value });
        expect(parsed.success).toBe(false);
        expect(parsed.error!.issues[0]).toMatchObject({ path: [field], message: 'cannot be blank' });
      }
    }
  });

  it('takes trimmed names, and leaves an absent name unchanged', () => {
    expect(profileUpdateSchema.parse({ first_name: ' Ana ', title: '' })).toEqual({ first_name: 'Ana', title: '' });
  });
});
