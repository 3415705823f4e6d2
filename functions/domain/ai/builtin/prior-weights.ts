// Weights of the zero-shot model, one per feature of features.ts (FEATURE_NAMES, same order).
// Written by `npm run fit-prior -- --write` from the held-out tune split (airports, birdstrikes, cars, disasters, flights, income, jobs, penguins, strikes-sparse, weather; never
// from the report split or the development sets); refit whenever a rule or a feature changes.
export const PRIOR_WEIGHTS: readonly number[] = [-0.748, 0.033, 0.963, 0.166, 0.094, -1.788, -2.749, -0.382, -0.338, 0.39, 1.127, -0.231, -0.847, 2.105, 0.121, -0.554, -1.064, 5.568, -0.05, 1.915, 7.219];
