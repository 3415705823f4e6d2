// Weights of the zero-shot model, one per feature of features.ts (FEATURE_NAMES, same order).
// Written by `npm run fit-prior -- --write` from the held-out tune split (airports, birdstrikes, cars, penguins; never
// from the report split or the development sets); refit whenever a rule or a feature changes.
export const PRIOR_WEIGHTS: readonly number[] = [-0.951, -0.081, 0.929, 0.05, -0.013, -0.658, -2.127, -0.451, 0.696, 0.773, -0.305, -1.41, 1.955, 0.792, -1.459, -0.797, 5.658, -0.298, 0.325, 4.698];
