// Weights of the zero-shot model, one per feature of features.ts (FEATURE_NAMES, same order).
// Written by `npm run fit-prior -- --write` from the held-out tune split (airports, birdstrikes, cars, disasters, flights, income, jobs, penguins, strikes-sparse, weather; never
// from the report split or the development sets); refit whenever a rule or a feature changes.
export const PRIOR_WEIGHTS: readonly number[] = [-0.945, 0.201, 0.84, 0.154, 0.121, -1.641, -2.671, 0.084, -0.357, 0.235, 1.092, -0.221, -0.654, 2.092, 0.02, -0.552, -0.997, 5.694, 0.141, 1.875, 7.258];
