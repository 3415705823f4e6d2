// Weights of the zero-shot model, one per feature of features.ts (FEATURE_NAMES, same order).
// Written by `npm run fit-prior -- --write` from the held-out tune split (airports, birdstrikes, cars, disasters, flights, income, jobs, penguins, strikes-sparse, weather; never
// from the report split or the development sets); refit whenever a rule or a feature changes.
export const PRIOR_WEIGHTS: readonly number[] = [-0.764, 0.038, 1.012, 0.169, 0.099, -1.759, -2.732, -0.356, -0.345, 0.252, 1.175, -0.274, -0.831, 2.158, 0.068, -0.508, -1.074, 5.535, -0.024, 1.938, 7.267];
