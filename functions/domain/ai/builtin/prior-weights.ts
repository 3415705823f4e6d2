// Weights of the zero-shot model, one per feature of features.ts (FEATURE_NAMES, same order).
// Written by `npm run fit-prior -- --write` from the held-out tune split (airports, birdstrikes, cars, disasters, flights, income, jobs, penguins, strikes-sparse, weather; never
// from the report split or the development sets); refit whenever a rule or a feature changes, and
// kept only when the tune split's F1, zero-shot and after 20 fixes, is at least as good with it
// over several draws of its errors (`npm run heldout -- --seed N`: 7, 11, 13, 17, 19), not one.
export const PRIOR_WEIGHTS: readonly number[] = [-1.214, 0.499, 0.025, 0.219, 0.394, -1.314, -0.511, 0.008, 0.696, -0.415, -0.243, 1.32, -0.176, 1.135, -0.709, 2.26, 0.067, 0.061, -0.915, 5.538, 0.193, 1.224, 6.297, -1.029];
