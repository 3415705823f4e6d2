// Weights of the zero-shot model, one per feature of features.ts (FEATURE_NAMES, same order).
// Written by `npm run fit-prior -- --write` from the held-out tune split (airports, birdstrikes, cars, jobs, penguins, strikes-sparse; never
// from the report split or the development sets); refit whenever a rule or a feature changes.
export const PRIOR_WEIGHTS: readonly number[] = [-0.572, -0.021, 0.881, 0.313, -0.015, -0.963, -2.376, -0.713, -0.375, 0.364, 0.886, -0.29, -0.606, 1.702, 0.454, -1.45, -0.835, 5.123, -0.067, 1.264, 6.495];
