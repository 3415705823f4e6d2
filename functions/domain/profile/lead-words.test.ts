import { describe, expect, it } from 'vitest';
import { buildProfile } from './build-profile';
import { firstWord } from './lead-words';

// Invented boats: each named by its yard and a model ("Halvorsen Tern 32"), the yard's country
// beside it. Whole names are nearly all distinct; the yards repeat.
const yards: Array<[string, string]> = [
  ['Halvorsen', 'Norway'],
  ['Brixley', 'England'],
  ['Vantaa', 'Finland'],
  ['Duquesne', 'France'],
  ['Ostrava', 'Czechia'],
  ['Kellner', 'Germany'],
];
function boats(): Array<Record<string, string>> {
  return Array.from({ length: 240 }, (_, i) => {
    const [yard, country] = yards[(i * 7) % yards.length]!;
    return { name: `${yard} ${['Tern', 'Gannet', 'Skua', 'Petrel'][i % 4]} ${20 + i}`, country, length: String(6 + (i % 9)) };
  });
}

describe('the first word of a name', () => {
  it('is the first of two words or more, in small letters', () => {
    expect(firstWord('Halvorsen Tern 32')).toBe('halvorsen');
    expect(firstWord("  O'Brien  Skiffs")).toBe("o'brien");
    expect(firstWord('Halvorsen')).toBeUndefined();
    expect(firstWord('32 Tern')).toBeUndefined();
    expect(firstWord('')).toBeUndefined();
  });
});

describe('relations from the first word of a column of names', () => {
  it("finds a yard's country where the whole names, each seen once, determine nothing", () => {
    const profile = buildProfile(boats());
    expect(profile.dependencies.some((d) => d.from === 'name' && d.to === 'country')).toBe(false);
    const lead = profile.leadDependencies?.find((d) => d.from === 'name' && d.to === 'country');
    expect(lead).toBeDefined();
    expect(lead!.strength).toBe(1);
    expect(lead!.mappings).toContainEqual(['halvorsen', 'Norway', 40, 40]);
  });

  it('finds none where the first words say nothing of the column (lengths taken in no relation to the yard)', () => {
    expect(buildProfile(boats()).leadDependencies?.some((d) => d.to === 'length') ?? false).toBe(false);
  });

  it('reads no first word in a column of single words', () => {
    const single = boats().map((b) => ({ ...b, name: b.name!.replace(/ /g, '-') }));
    expect(buildProfile(single).leadDependencies).toBeUndefined();
  });
});
