import type { DatasetProfile } from './profile';

// Keeps a profile under its byte budget: while the JSON is too large, the longest list (a
// column's values or tokens, or a dependency's mappings) is halved, dropping its least frequent
// entries. Mappings that point past a shortened value list go with it.

export function byteSize(profile: DatasetProfile): number {
  return Buffer.byteLength(JSON.stringify(profile), 'utf8');
}

type ListRef = { length: number; shrink: () => void };

function lists(profile: DatasetProfile): ListRef[] {
  const refs: ListRef[] = [];
  for (const column of profile.columns) {
    refs.push({
      length: column.values.length,
      shrink: () => {
        column.values = column.values.slice(0, Math.floor(column.values.length / 2));
        const kept = column.values.length;
        for (const dep of profile.dependencies) {
          if (dep.from === column.name) dep.mappings = dep.mappings.filter((m) => m[0] < kept);
          if (dep.to === column.name) dep.mappings = dep.mappings.filter((m) => m[1] < kept);
        }
      },
    });
    refs.push({ length: column.tokens.length, shrink: () => (column.tokens = column.tokens.slice(0, Math.floor(column.tokens.length / 2))) });
    refs.push({ length: column.shapes.length, shrink: () => (column.shapes = column.shapes.slice(0, Math.floor(column.shapes.length / 2))) });
  }
  for (const dep of profile.dependencies) {
    refs.push({ length: dep.mappings.length, shrink: () => (dep.mappings = dep.mappings.slice(0, Math.floor(dep.mappings.length / 2))) });
  }
  return refs;
}

export function fitToBudget(profile: DatasetProfile, maxBytes: number): DatasetProfile {
  while (byteSize(profile) > maxBytes) {
    const longest = lists(profile).sort((a, b) => b.length - a.length)[0];
    if (!longest || longest.length <= 1) {
      // Only per-column scalars are left: drop dependencies, then the typo model.
      if (profile.dependencies.length > 0) profile.dependencies = [];
      else if (profile.confusions.pairs.length > 0) profile.confusions = { pairs: [], total: 0 };
      else break;
      continue;
    }
    longest.shrink();
  }
  profile.dependencies = profile.dependencies.filter((d) => d.mappings.length > 0);
  return profile;
}
