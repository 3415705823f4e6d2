// Weights of the zero-shot model, one per feature of features.ts (FEATURE_NAMES, same order).
// Written by `npm run fit-prior -- --write` from the held-out tune split (airports, birdstrikes, cars, penguins, strikes-sparse; never
// from the report split or the development sets); refit whenever a rule or a feature changes.
export const PRIOR_WEIGHTS: readonly number[] = [-0.689, -0.022, 0.933, 0.139, 0.014, -0.977, -2.17, -0.447, 0.472, 0.67, -0.1, -1.18, 1.845, 0.394, -1.299, -0.493, 4.997, -0.319, 1.015, 6.475];
