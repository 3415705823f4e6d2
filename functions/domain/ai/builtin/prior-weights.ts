// Weights of the zero-shot model, one per feature of features.ts (FEATURE_NAMES, same order).
// Written by `npm run fit-prior -- --write` from the held-out tune split (airports, birdstrikes, cars, penguins; never
// from the report split or the development sets); refit whenever a rule or a feature changes.
export const PRIOR_WEIGHTS: readonly number[] = [-1.573, -0.067, -0.044, 0.268, 0.036, -0.747, -2.462, -0.505, -0.498, 0.891, -0.837, 2.305, 1.438, -1.198, -0.514, 4.802, 0.295, 0.649, 6.366];
