// Timeouts and retries for a remote model call. Each attempt gets its own deadline; a caller's
// abort stops everything. When every attempt fails the provider is unavailable for this row:
// the row keeps no suggestion and is not charged.

export class ProviderUnavailable extends Error {
  constructor(
    message: string,
    readonly attempts: number,
  ) {
    super(message);
    this.name = 'ProviderUnavailable';
  }
}

export interface RetryPolicy {
  attempts: number;
  timeoutMs: number;
  /** First back-off; doubled after each failure. */
  backoffMs: number;
}

export interface AttemptError {
  /** False for answers that a retry cannot change (bad request, bad credentials). */
  retryable: boolean;
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

function rejectOnAbort(signal: AbortSignal): Promise<never> {
  return new Promise((_, reject) => {
    const fail = () => reject(signal.reason instanceof Error ? signal.reason : new Error('aborted'));
    if (signal.aborted) fail();
    else signal.addEventListener('abort', fail, { once: true });
  });
}

export function isRetryable(error: unknown): boolean {
  return !(error instanceof Error && 'retryable' in error && (error as Error & AttemptError).retryable === false);
}

export async function withRetries<T>(policy: RetryPolicy, attempt: (signal: AbortSignal) => Promise<T>, outer?: AbortSignal): Promise<T> {
  let last: unknown;
  for (let i = 0; i < policy.attempts; i++) {
    if (outer?.aborted) break;
    const signal = outer ? AbortSignal.any([outer, AbortSignal.timeout(policy.timeoutMs)]) : AbortSignal.timeout(policy.timeoutMs);
    try {
      // Race the deadline too: an attempt that ignores its signal must not hang the worker.
      return await Promise.race([attempt(signal), rejectOnAbort(signal)]);
    } catch (error) {
      last = error;
      if (!isRetryable(error)) break;
      if (i + 1 < policy.attempts) await sleep(policy.backoffMs * 2 ** i, outer);
    }
  }
  const reason = last instanceof Error ? (last.name === 'TimeoutError' ? 'timed out' : last.message) : 'failed';
  throw new ProviderUnavailable(`The AI provider ${reason}.`, policy.attempts);
}
