import type { DatasetProfile } from './profile';

// Keeps a profile under its byte budget. While the JSON is too large: first, where a column
// depends on more than KEPT_DETERMINANTS other columns, the weakest of those dependencies goes
// (each carries a mapping per group of rows, and the strongest determinants say the same); then
// the longest list (a column's values or tokens, a single, pair or symmetric dependency's mappings,
// contested groups or lone rows, or a numeric relation's groups) is halved, dropping its least frequent
// entries. Mappings that point past a shortened value list go with it.

/** Dependencies kept per dependent column before any list is shortened. */
export const KEPT_DETERMINANTS = 2;

/** The weakest dependency into a column that has more than KEPT_DETERMINANTS, if any. */
function redundantDependency(profile: DatasetProfile): number {
  const into = new Map<string, number>();
  for (const d of profile.dependencies) into.set(d.to, (into.get(d.to) ?? 0) + 1);
  let weakest = -1;
  profile.dependencies.forEach((d, i) => {
    if ((into.get(d.to) ?? 0) <= KEPT_DETERMINANTS) return;
    const w = profile.dependencies[weakest];
    if (!w || d.strength < w.strength || (d.strength === w.strength && d.support < w.support)) weakest = i;
  });
  return weakest;
}

export function byteSize(profile: DatasetProfile): number {
  return Buffer.byteLength(JSON.stringify(profile), 'utf8');
}

type ListRef = { length: number; shrink: () => void };

/** What every kind of dependency keeps per group of rows: its mappings and contested groups. */
interface Grouped {
  mappings: unknown[];
  contested?: unknown[];
  lone?: unknown[];
}

/** The single, pair and symmetric dependencies of a profile, as lists of groups. */
const groupedDependencies = (profile: DatasetProfile): Grouped[] => [...profile.dependencies, ...(profile.pairDependencies ?? []), ...(profile.symmetricDependencies ?? [])];

/** The dependencies that still map a group, without an emptied list of contested groups. */
function withGroups<D extends Grouped>(list: D[]): D[] {
  const kept = list.filter((d) => d.mappings.length > 0);
  for (const d of kept) {
    if (d.contested?.length === 0) delete d.contested;
    if (d.lone?.length === 0) delete d.lone;
  }
  return kept;
}

/** The first half of a list (its most frequent or most populated entries). */
const halved = <T>(list: readonly T[]): T[] => list.slice(0, Math.floor(list.length / 2));

function lists(profile: DatasetProfile): ListRef[] {
  const refs: ListRef[] = [];
  for (const column of profile.columns) {
    refs.push({
      length: column.values.length,
      shrink: () => {
        column.values = halved(column.values);
        const kept = column.values.length;
        for (const dep of profile.dependencies) {
          if (dep.from === column.name) dep.mappings = dep.mappings.filter((m) => m[0] < kept);
          if (dep.to === column.name) dep.mappings = dep.mappings.filter((m) => m[1] < kept);
          if (dep.contested && dep.from === column.name) dep.contested = dep.contested.filter((m) => m[0] < kept);
          if (dep.lone && dep.from === column.name) dep.lone = dep.lone.filter((m) => m[0] < kept);
        }
        for (const dep of profile.symmetricDependencies ?? []) if (dep.to === column.name) dep.mappings = dep.mappings.filter((m) => m[2] < kept);
        for (const dep of profile.pairDependencies ?? []) {
          if (dep.from === column.name) dep.mappings = dep.mappings.filter((m) => m[0] < kept);
          if (dep.and === column.name) dep.mappings = dep.mappings.filter((m) => m[1] < kept);
          if (dep.to === column.name) dep.mappings = dep.mappings.filter((m) => m[2] < kept);
          if (dep.contested && dep.from === column.name) dep.contested = dep.contested.filter((m) => m[0] < kept);
          if (dep.contested && dep.and === column.name) dep.contested = dep.contested.filter((m) => m[1] < kept);
        }
      },
    });
    refs.push({ length: column.tokens.length, shrink: () => (column.tokens = halved(column.tokens)) });
    refs.push({ length: column.shapes.length, shrink: () => (column.shapes = halved(column.shapes)) });
  }
  for (const dep of groupedDependencies(profile)) {
    refs.push({ length: dep.mappings.length, shrink: () => (dep.mappings = halved(dep.mappings)) });
    if (dep.contested) refs.push({ length: dep.contested.length, shrink: () => (dep.contested = halved(dep.contested!)) });
    if (dep.lone) refs.push({ length: dep.lone.length, shrink: () => (dep.lone = halved(dep.lone!)) });
  }
  // A first word's relation keeps its most populated words first.
  for (const lead of profile.leadDependencies ?? []) refs.push({ length: lead.mappings.length, shrink: () => (lead.mappings = halved(lead.mappings)) });
  // A relation's groups are kept most populated first.
  for (const rel of profile.numericRelations ?? []) {
    refs.push({ length: rel.groups.length, shrink: () => (rel.groups = halved(rel.groups)) });
  }
  return refs;
}

export function fitToBudget(profile: DatasetProfile, maxBytes: number): DatasetProfile {
  while (byteSize(profile) > maxBytes) {
    const redundant = redundantDependency(profile);
    if (redundant >= 0) {
      profile.dependencies.splice(redundant, 1);
      continue;
    }
    const longest = lists(profile).sort((a, b) => b.length - a.length)[0];
    if (!longest || longest.length <= 1) {
      // Only per-column scalars are left: drop dependencies, then the typo model.
      if (profile.leadDependencies) delete profile.leadDependencies;
      else if (profile.symmetricDependencies) delete profile.symmetricDependencies;
      else if (profile.pairDependencies) delete profile.pairDependencies;
      else if (profile.dependencies.length > 0) profile.dependencies = [];
      else if (profile.numericRelations) delete profile.numericRelations;
      else if (profile.confusions.pairs.length > 0) profile.confusions = { pairs: [], total: 0 };
      else break;
      continue;
    }
    longest.shrink();
  }
  profile.dependencies = withGroups(profile.dependencies);
  if (profile.pairDependencies) {
    profile.pairDependencies = withGroups(profile.pairDependencies);
    if (profile.pairDependencies.length === 0) delete profile.pairDependencies;
  }
  if (profile.symmetricDependencies) {
    profile.symmetricDependencies = withGroups(profile.symmetricDependencies);
    if (profile.symmetricDependencies.length === 0) delete profile.symmetricDependencies;
  }
  if (profile.numericRelations) profile.numericRelations = profile.numericRelations.filter((r) => r.groups.length >= 2);
  if (profile.leadDependencies) {
    profile.leadDependencies = profile.leadDependencies.filter((d) => d.mappings.length > 0);
    if (profile.leadDependencies.length === 0) delete profile.leadDependencies;
  }
  return profile;
}
