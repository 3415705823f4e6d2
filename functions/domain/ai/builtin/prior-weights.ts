// Weights of the zero-shot model, one per feature of features.ts (FEATURE_NAMES, same order).
// Written by `npm run fit-prior -- --write` from the held-out tune split (airports, birdstrikes, cars, penguins, strikes-sparse; never
// from the report split or the development sets); refit whenever a rule or a feature changes.
export const PRIOR_WEIGHTS: readonly number[] = [-0.395, -0.066, 0.891, 0.064, -0.005, -1.044, -2.284, -0.238, 0.464, 0.632, -0.073, -1.184, 1.909, 0.143, -1.495, -0.529, 5.074, -0.468, 0.928, 6.566];
