// Weights of the zero-shot model, one per feature of features.ts (FEATURE_NAMES, same order).
// Written by `npm run fit-prior -- --write` from the held-out tune split (airports, birdstrikes, cars, penguins; never
// from the report split or the development sets); refit whenever a rule or a feature changes.
export const PRIOR_WEIGHTS: readonly number[] = [-1.44, -0.044, 0.804, 0.184, 0.065, -0.571, -2.49, -0.574, -0.67, 0.924, -0.213, -0.946, 1.937, 1.334, -1.205, -0.434, 5.332, -0.357, 0.785, 6.207];
