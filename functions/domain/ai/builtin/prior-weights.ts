// Weights of the zero-shot model, one per feature of features.ts (FEATURE_NAMES, same order).
// Written by `npm run fit-prior -- --write` from the held-out tune split (airports, birdstrikes, cars, penguins, strikes-sparse; never
// from the report split or the development sets); refit whenever a rule or a feature changes.
export const PRIOR_WEIGHTS: readonly number[] = [-0.685, -0.001, 0.944, 0.141, 0.004, -0.982, -2.156, -0.423, 0.478, 0.687, -0.105, -1.187, 1.847, 0.271, -1.235, -0.543, 4.983, -0.199, 0.971, 6.507];
