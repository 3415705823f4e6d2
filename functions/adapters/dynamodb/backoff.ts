// The one retry pause of the table's adapters: exponential backoff with full jitter, so writers
// that collided (a transaction conflict, unprocessed batch keys) do not collide again in step.

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The pause before retry number `attempt` (1, 2, …): random, up to 10 ms × 2^attempt, at most 250 ms. */
export const backoff = (attempt: number) => sleep(Math.random() * Math.min(250, 10 * 2 ** attempt));
