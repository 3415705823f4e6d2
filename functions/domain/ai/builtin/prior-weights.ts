// Weights of the zero-shot model, one per feature of features.ts (FEATURE_NAMES, same order).
// Written by `npm run fit-prior -- --write` from the held-out tune split (airports, birdstrikes, cars, co2, disasters, flights, income, jobs, penguins, stocks, strikes-sparse, weather; never
// from the report split or the development sets); refit whenever a rule or a feature changes, and
// kept only when the tune split's F1, zero-shot and after 20 fixes, is at least as good with it
// over several draws of its errors (`npm run heldout -- --seed N`: 7, 11, 13, 17, 19), not one.
export const PRIOR_WEIGHTS: readonly number[] = [-1.509, 0.375, 0.112, 0.28, 0.471, -1.119, -0.348, 0.389, 0.966, -0.277, -0.121, 1.68, -0.665, 1.295, 0.2, -1.01, 1.82, 0.236, 0.121, -1.182, 5.074, 0.9, 1.305, 6.259, -0.821];
