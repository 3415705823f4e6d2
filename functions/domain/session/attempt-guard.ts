// The reservation protocol behind sign-in and emergency-access protection (issue 8 item 3). An
// attempt is RESERVED in a bucket by one atomic conditional write before the user pool is asked,
// so however many requests arrive at once, at most `max` of them per window get past a bucket.

export interface BucketRule {
  /** Reservations allowed per window. */
  max: number;
  windowMs: number;
  /**
   * Growing delays: when a window ended exhausted (max reservations, no success clearing it), the
   * next window is twice as long, up to 2^maxDoublings times the base.
   */
  maxDoublings?: number;
  /** Only refuse once the window's reservations came from at least this many distinct sources. */
  minSources?: number;
}

/** The buckets of sign-in and emergency access. */
export type Bucket =
  | { kind: 'loginPair'; account: string; source: string }
  | { kind: 'loginSource'; source: string }
  | { kind: 'loginAccount'; account: string }
  | { kind: 'emergency'; account: string; source: string };

export type Reservation = { reserved: true; count: number } | { reserved: false; retryAtMs: number };

/** Storage of buckets; the DynamoDB adapter implements each call as one conditional write. */
export interface AttemptBuckets {
  /** Reserves one attempt in the bucket's current window (opening a new window when the last ended). */
  reserve(bucket: Bucket, rule: BucketRule, nowMs: number, source?: string): Promise<Reservation>;
  /** Gives a reservation back (the attempt turned out not to be a failure). */
  release(bucket: Bucket): Promise<void>;
  /**
   * A success: gives its own reservation back and resets the growing delays. The window's other
   * reservations (failures, and attempts still in flight) keep counting, so a success inside a
   * burst never opens room for more guesses than the window allows.
   */
  succeeded(bucket: Bucket): Promise<void>;
  /** Whether the bucket currently refuses reservations, and until when. */
  blockedUntil(bucket: Bucket, rule: BucketRule, nowMs: number): Promise<number | undefined>;
}

/** Sources an account signed in from (OWASP: a known device/source is not locked out by others). */
export interface KnownSources {
  isKnown(account: string, source: string): Promise<boolean>;
  remember(account: string, source: string, nowMs: number): Promise<void>;
}

/** The window length after `level` exhausted windows in a row. */
export function windowFor(rule: BucketRule, level: number): number {
  return rule.windowMs * 2 ** Math.min(level, rule.maxDoublings ?? 0);
}

export function minutesUntil(untilMs: number, nowMs: number): number {
  return Math.max(1, Math.ceil((untilMs - nowMs) / 60_000));
}
