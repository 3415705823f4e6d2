// Weights of the zero-shot model, one per feature of features.ts (FEATURE_NAMES, same order).
// Written by `npm run fit-prior -- --write` from the held-out tune split (airports, birdstrikes, cars, jobs, penguins, strikes-sparse; never
// from the report split or the development sets); refit whenever a rule or a feature changes.
export const PRIOR_WEIGHTS: readonly number[] = [-0.609, -0.035, 0.814, 0.327, -0.021, -0.955, -2.375, -0.71, -0.361, 0.366, 0.882, -0.304, -0.599, 1.777, 0.495, -1.443, -0.848, 5.161, -0.1, 1.285, 6.487];
