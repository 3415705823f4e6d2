// Weights of the zero-shot model, one per feature of features.ts (FEATURE_NAMES, same order).
// Written by `npm run fit-prior -- --write` from the held-out tune split (airports, birdstrikes, cars, flights, jobs, penguins, strikes-sparse, weather; never
// from the report split or the development sets); refit whenever a rule or a feature changes.
export const PRIOR_WEIGHTS: readonly number[] = [-0.571, 0.022, 0.92, 0.322, -0.02, -1.781, -2.657, -0.287, -0.438, 0.15, 1.087, -0.246, -0.631, 2.099, -0.055, -0.769, -1.015, 5.434, -0.078, 1.72, 7.083];
