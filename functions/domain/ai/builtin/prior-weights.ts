// Weights of the zero-shot model, one per feature of features.ts (FEATURE_NAMES, same order).
// Written by `npm run fit-prior -- --write` from the held-out tune split (airports, birdstrikes, cars, penguins; never
// from the report split or the development sets); refit whenever a rule or a feature changes.
export const PRIOR_WEIGHTS: readonly number[] = [-1.602, 0.008, 0.752, 0.213, 0.079, -0.714, -2.517, -0.454, -0.476, 0.954, -1.246, 2.248, 1.376, -1.273, -0.541, 5.168, 0.002, 0.664, 6.499];
