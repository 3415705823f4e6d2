// Weights of the zero-shot model, one per feature of features.ts (FEATURE_NAMES, same order).
// Written by `npm run fit-prior -- --write` from the held-out tune split (airports, birdstrikes, cars, disasters, flights, income, jobs, penguins, strikes-sparse, weather; never
// from the report split or the development sets); refit whenever a rule or a feature changes.
export const PRIOR_WEIGHTS: readonly number[] = [-0.773, 0.046, 1.017, 0.176, 0.103, -1.76, -2.73, -0.352, -0.335, 0.41, 1.144, -0.231, -0.88, 2.132, 0.096, -0.534, -1.06, 5.547, -0.028, 1.902, 7.224];
