// Weights of the zero-shot model, one per feature of features.ts (FEATURE_NAMES, same order).
// Written by `npm run fit-prior -- --write` from the held-out tune split (airports, birdstrikes, cars, jobs, penguins, strikes-sparse; never
// from the report split or the development sets); refit whenever a rule or a feature changes.
export const PRIOR_WEIGHTS: readonly number[] = [-0.621, -0.025, 0.813, 0.335, -0.014, -0.953, -2.365, -0.695, -0.378, 0.366, 0.898, -0.302, -0.605, 1.71, 0.488, -1.427, -0.829, 5.134, -0.042, 1.279, 6.493];
