// Weights of the zero-shot model, one per feature of features.ts (FEATURE_NAMES, same order).
// Written by `npm run fit-prior -- --write` from the held-out tune split (airports, birdstrikes, cars, disasters, flights, income, jobs, penguins, strikes-sparse, weather; never
// from the report split or the development sets); refit whenever a rule or a feature changes, and
// kept only when the tune split's F1, zero-shot and after 20 fixes, is at least as good with it
// over several draws of its errors (`npm run heldout -- --seed N`: 7, 11, 13, 17, 19), not one.
export const PRIOR_WEIGHTS: readonly number[] = [-1.345, 0.652, 0.113, 0.272, 0.499, -1.154, -0.34, 0.372, 0.913, -0.322, 0.067, 1.549, -0.492, 1.2, 0.156, -1.204, 1.957, 0.09, -0.384, -1.04, 5.032, 0.61, 1.099, 6.116, -0.786];
