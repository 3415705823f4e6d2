// Weights of the zero-shot model, one per feature of features.ts (FEATURE_NAMES, same order).
// Written by `npm run fit-prior -- --write` from the held-out tune split (airports, birdstrikes, cars, disasters, flights, income, jobs, penguins, strikes-sparse, weather; never
// from the report split or the development sets); refit whenever a rule or a feature changes.
export const PRIOR_WEIGHTS: readonly number[] = [-0.916, 0.096, 0.799, 0.284, 0.161, -1.652, -2.652, -0.17, -0.316, 0.497, 1.308, -0.208, -1.038, 2.144, 0.038, -0.521, -1.03, 5.546, 0.094, 1.855, 7.224];
