// Weights of the zero-shot model, one per feature of features.ts (FEATURE_NAMES, same order).
// Written by `npm run fit-prior -- --write` from the held-out tune split (airports, birdstrikes, cars, jobs, penguins, strikes-sparse; never
// from the report split or the development sets); refit whenever a rule or a feature changes.
export const PRIOR_WEIGHTS: readonly number[] = [-0.601, -0.02, 0.881, 0.322, -0.014, -0.956, -2.373, -0.713, -0.377, 0.367, 0.896, -0.297, -0.617, 1.704, 0.474, -1.455, -0.837, 5.155, -0.048, 1.27, 6.494];
