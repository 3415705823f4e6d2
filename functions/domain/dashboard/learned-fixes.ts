// Quick wins from learned fixes (issue 12 §3): when people fixed the same failed value of a
// column to the same new value again and again, an open row of that column still holding that
// value has its fix implied. A mapping counts when at least MIN_AGREEING_FIXES fixes agree and
// none of the column's fixes of that value disagree. Missing values are left out: that two empty
// cells were filled with one value says nothing about a third.

export const MIN_AGREEING_FIXES = 2;
/** Mappings tried per dataset (the most used first): one index Query each. */
export const MAX_LEARNED_MAPPINGS = 10;
/** Newest resolved rows read per dataset to learn the mappings from. */
export const MAX_FIXES_READ = 500;

/** A resolved row as the mapping rule needs it. */
export interface FixRecord {
  column: string;
  /** The value the row failed with. */
  from: string | null;
  /** The value it was resolved with. */
  to: string | null;
  /** manual_edit or accept_suggestion: a value someone chose; other methods teach nothing. */
  method: string | null;
}

export interface LearnedMapping {
  column: string;
  from: string;
  to: string;
  /** Fixes that made this change. */
  fixes: number;
}

const TEACHING = new Set(['manual_edit', 'accept_suggestion']);

export function learnedMappings(records: readonly FixRecord[], max = MAX_LEARNED_MAPPINGS): LearnedMapping[] {
  const groups = new Map<string, { column: string; from: string; targets: Map<string, number> }>();
  for (const r of records) {
    if (!TEACHING.has(r.method ?? '') || r.from === null || r.from.trim() === '' || r.to === null || r.to === r.from) continue;
    const key = `${r.column}\u0000${r.from}`;
    const group = groups.get(key) ?? { column: r.column, from: r.from, targets: new Map<string, number>() };
    group.targets.set(r.to, (group.targets.get(r.to) ?? 0) + 1);
    groups.set(key, group);
  }
  const out: LearnedMapping[] = [];
  for (const g of groups.values()) {
    if (g.targets.size !== 1) continue;
    const [to, fixes] = [...g.targets][0]!;
    if (fixes >= MIN_AGREEING_FIXES) out.push({ column: g.column, from: g.from, to, fixes });
  }
  return out
    .sort((a, b) => b.fixes - a.fixes || a.column.localeCompare(b.column) || a.from.localeCompare(b.from))
    .slice(0, max);
}
