// Weights of the zero-shot model, one per feature of features.ts (FEATURE_NAMES, same order).
// Written by `npm run fit-prior -- --write` from the held-out tune split (airports, birdstrikes, cars, penguins; never
// from the report split or the development sets); refit whenever a rule or a feature changes.
export const PRIOR_WEIGHTS: readonly number[] = [-1.603, -0.293, 0.784, -0.022, 0.745, -0.674, -2.282, -0.545, -0.14, 0.9, -0.321, -1.505, 2.28, 1.434, -0.974, -0.963, 7.116, -0.425, 0.75, 4.974];
