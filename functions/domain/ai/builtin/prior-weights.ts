// Weights of the zero-shot model, one per feature of features.ts (FEATURE_NAMES, same order).
// Written by `npm run fit-prior -- --write` from the held-out tune split (airports, birdstrikes, cars, disasters, flights, income, jobs, penguins, strikes-sparse, weather; never
// from the report split or the development sets); refit whenever a rule or a feature changes.
export const PRIOR_WEIGHTS: readonly number[] = [-0.763, 0.048, 1.01, 0.168, 0.102, -1.758, -2.733, -0.356, -0.345, 0.244, 1.161, -0.271, -0.838, 2.122, 0.086, -0.526, -1.073, 5.525, -0.017, 1.946, 7.266];
