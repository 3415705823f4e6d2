// Weights of the zero-shot model, one per feature of features.ts (FEATURE_NAMES, same order).
// Written by `npm run fit-prior -- --write` from the held-out tune split (airports, birdstrikes, cars, penguins; never
// from the report split or the development sets); refit whenever a rule or a feature changes.
export const PRIOR_WEIGHTS: readonly number[] = [-1.537, -0.027, 0.809, 0.215, 0.095, -0.549, -2.466, -0.542, -0.643, 0.943, -0.174, -0.976, 1.949, 1.389, -1.153, -0.432, 5.313, -0.401, 0.827, 6.23];
