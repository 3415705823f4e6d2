import { describe, expect, it } from 'vitest';
import * as keys from './keys';
import { TENANT_PARTITIONS } from './tenant-purge';

// The partition registry of the permanent purge: every partition key keys.ts can build for an
// organization belongs to a family the purge walks. A new tenant partition fails here until
// tenant-purge.ts removes it too.

describe('tenant partition registry', () => {
  it('covers every tenant partition keys.ts builds', () => {
    const tenantPks: string[] = [];
    for (const [name, build] of Object.entries(keys)) {
      if (typeof build !== 'function') continue;
      // The organization first, then distinct ids for the other arguments (objects read as undefined fields).
      const args = ['o1', 'a2', 'a3', 'a4', 'a5', 'a6'];
      let built: unknown;
      try {
        built = (build as (...a: unknown[]) => unknown)(...args);
      } catch {
        continue;
      }
      const pk = (built as { pk?: unknown } | undefined)?.pk;
      if (typeof pk === 'string' && pk.startsWith('ORG#o1')) tenantPks.push(`${name}: ${pk}`);
    }
    expect(tenantPks.length).toBeGreaterThan(20);
    const uncovered = tenantPks.filter((entry) => !TENANT_PARTITIONS.some((family) => family.pk.test(entry.slice(entry.indexOf(': ') + 2))));
    expect(uncovered).toEqual([]);
  });

  it('keeps non-tenant partitions out of the families', () => {
    for (const pk of ['SYSTEM', 'LOGIN#a@b.example', 'SIGNUP#a@b.example', 'IDENTITY#sub', 'MARKETING']) {
      expect(TENANT_PARTITIONS.some((family) => family.pk.test(pk))).toBe(false);
    }
  });
});
