// A small seeded PRNG so demo data is the same on every machine and every run.

export type Random = () => number;

export function mulberry32(seed: number): Random {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function seedFrom(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

export const pick = <T>(rand: Random, list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;
export const intBetween = (rand: Random, min: number, max: number): number => min + Math.floor(rand() * (max - min + 1));
export const chance = (rand: Random, p: number): boolean => rand() < p;
