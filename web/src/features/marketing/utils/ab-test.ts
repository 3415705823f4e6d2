import { MARKETING_STORAGE_KEYS, readJson, writeJson } from './local-records';

// A/B tests (spec 2 §9): 50/50 or 33/33/34 splits over all traffic. An assignment is kept as
// { testId, variantId, userId, timestamp } so a visitor sees the same variant on every visit.

export interface AbAssignment {
  testId: string;
  variantId: string;
  userId: string;
  timestamp: string;
}

export interface AbTest<V extends string> {
  id: string;
  /** Variants with their share in percent; the shares add up to 100. */
  variants: readonly { id: V; weight: number }[];
}

/** The variant a number in [0, 1) falls into. */
export function pickVariant<V extends string>(test: AbTest<V>, random: number): V {
  const point = random * 100;
  let upTo = 0;
  for (const variant of test.variants) {
    upTo += variant.weight;
    if (point < upTo) return variant.id;
  }
  return test.variants[test.variants.length - 1]!.id;
}

export function visitorId(): string {
  const stored = readJson<string | null>(MARKETING_STORAGE_KEYS.visitorId, null);
  if (typeof stored === 'string' && stored) return stored;
  const id = typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
  writeJson(MARKETING_STORAGE_KEYS.visitorId, id);
  return id;
}

/** The visitor's variant of a test: the stored assignment, or a new one drawn and stored. */
export function assignVariant<V extends string>(test: AbTest<V>, random: () => number = Math.random): V {
  const all = readJson<AbAssignment[]>(MARKETING_STORAGE_KEYS.abAssignments, []);
  const assignments = Array.isArray(all) ? all : [];
  const known = assignments.find((a) => a.testId === test.id);
  if (known && test.variants.some((v) => v.id === known.variantId)) return known.variantId as V;
  const variantId = pickVariant(test, random());
  const assignment: AbAssignment = { testId: test.id, variantId, userId: visitorId(), timestamp: new Date().toISOString() };
  writeJson(MARKETING_STORAGE_KEYS.abAssignments, [...assignments.filter((a) => a.testId !== test.id), assignment]);
  return variantId;
}
