// Weights of the zero-shot model, one per feature of features.ts (FEATURE_NAMES, same order).
// Written by `npm run fit-prior -- --write` from the held-out tune split (airports, birdstrikes, cars, penguins, strikes-sparse; never
// from the report split or the development sets); refit whenever a rule or a feature changes.
export const PRIOR_WEIGHTS: readonly number[] = [-0.661, -0.012, 1.016, 0.116, 0, -0.992, -2.174, -0.454, 0.468, 0.672, -0.1, -1.178, 1.815, 0.309, -1.252, -0.547, 4.993, -0.232, 0.991, 6.507];
