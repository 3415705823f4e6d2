// Weights of the zero-shot model, one per feature of features.ts (FEATURE_NAMES, same order).
// Written by `npm run fit-prior -- --write` from the held-out tune split (airports, birdstrikes, cars, penguins; never
// from the report split or the development sets); refit whenever a rule or a feature changes.
export const PRIOR_WEIGHTS: readonly number[] = [-1.31, -0.327, 0.821, -0.162, 0.627, -0.671, -2.333, -0.638, 0.433, 0.785, -0.2, -1.358, 2.132, 1.382, -1.008, -1.022, 6.847, -0.709, 0.516, 4.758];
