// The public pages' timings (spec 2 §9).
export const TIMING = {
  exitIntentTimeoutMs: 30_000,
  socialProofDelayMs: 15_000,
  socialProofChance: 0.3,
  socialProofShownMs: 5_000,
  signupModalCloseMs: 3_000,
} as const;
