// Constants named and valued as the specification states them (spec 1 §9, spec 2 §9).

export const PAGE_SIZE = 15;
export const FIRST_PAGE = 1;

/** A use case's id (shared/use-cases.ts); here so screens and the issues schema check it without loading the use cases. */
export const USE_CASE_ID_PATTERN = /^[a-z0-9][a-z0-9-]{0,63}$/;

export const STORAGE_KEYS = {
  authToken: 'auth_token',
  authUser: 'auth_user',
  user: 'user',
  currentInstanceId: 'current_instance_id',
  /** Prefix of the last dataset worked on, per instance: `last_dataset:<instanceId>`. */
  lastDatasetPrefix: 'last_dataset:',
  demoModeActive: 'demo_mode_active',
  theme: 'theme',
} as const;

export const INSTANCE_TYPES = ['production', 'development', 'business_unit', 'staging', 'testing'] as const;
export type InstanceType = (typeof INSTANCE_TYPES)[number];

export const WAREHOUSE_TYPES = ['mock', 'snowflake', 'bigquery', 'redshift', 'databricks'] as const;
export type WarehouseType = (typeof WAREHOUSE_TYPES)[number];

export const ORGANIZATION_TYPES = ['internal', 'demo', 'admin'] as const;
export type OrganizationType = (typeof ORGANIZATION_TYPES)[number];

export const SUBSCRIPTIONS = ['free', 'professional', 'enterprise'] as const;
export type Subscription = (typeof SUBSCRIPTIONS)[number];

export const ISSUE_STATUSES = ['open', 'resolved', 'muted'] as const;
export type IssueStatus = (typeof ISSUE_STATUSES)[number];

export const ISSUE_DIMENSIONS = [
  'completeness',
  'accuracy',
  'consistency',
  'conformity',
  'precision',
  'timeliness',
  'referential_integrity',
  'other',
] as const;
export type IssueDimension = (typeof ISSUE_DIMENSIONS)[number];

/**
 * The issue types the screen shows and filters by: the spec's fallback labels (spec 1 §5), keyed.
 * Every dimension maps onto one of them (shared/issue-type.ts).
 */
export const ISSUE_TYPES = ['missing_data', 'invalid_value', 'duplicate', 'format_error', 'out_of_range', 'data_quality'] as const;
export type IssueType = (typeof ISSUE_TYPES)[number];
export const ISSUE_TYPE_LABELS: Record<IssueType, string> = {
  missing_data: 'Missing Data',
  invalid_value: 'Invalid Value',
  duplicate: 'Duplicate',
  format_error: 'Format Error',
  out_of_range: 'Out of Range',
  data_quality: 'Data Quality',
};

/** What a muted row whose mute_until has passed shows instead of Muted (spec 1 §2). */
export const DISPLAY_STATUSES = ['open', 'resolved', 'muted', 'expired'] as const;
export type DisplayStatus = (typeof DISPLAY_STATUSES)[number];

export const DEFAULT_ISSUE_STATUS: IssueStatus = 'open';
/** Largest page the failed-rows call answers (the spec's clients ask for at most 1000). */
export const FAILED_ROWS_MAX_LIMIT = 1000;
/** Most rows one bulk action may name. */
export const BULK_MAX_ROWS = 1000;

export const ONBOARDING_STATUSES = ['onboarded', 'needs_finalization', 'other'] as const;
export type OnboardingStatus = (typeof ONBOARDING_STATUSES)[number];

export const MUTE_DURATIONS = ['1_day', '3_days', '1_week', '2_weeks', '1_month', 'indefinite'] as const;
export type MuteDuration = (typeof MUTE_DURATIONS)[number];
export const DEFAULT_MUTE_DURATION: MuteDuration = '1_day';

export const CREDITS_PER_ROW = 1;
export const DEFAULT_DOLLARS_PER_CREDIT = 1.0;

/** Organizations whose members may read the internal documentation (spec 2 §2.7). */
export const INTERNAL_ORGANIZATION_IDS = ['org_soda_internal', 'org_demo'] as const;

/** Timings of the UI (spec 1 §9, spec 2 §9), in milliseconds. */
export const TIMINGS = {
  highlightMs: 3000,
  fadeMs: 500,
  bulkHighlightMs: 1000,
  revertMs: 500,
  refreshDelayMs: 1500,
  aiCompleteDisplayMs: 3000,
  dashboardRefreshMs: 30000,
  /** Dashboard: reload after "scan initiated", success banner (spec 2 §9). */
  scanReloadMs: 3000,
  successBannerMs: 5000,
} as const;

/**
 * Sign-in protection (issue 8, OWASP lock-out guidance). Attempts are reserved atomically before
 * the user pool is asked, so these limits hold at any concurrency:
 * - per account and source: LOGIN_MAX_FAILURES attempts per window of LOGIN_LOCK_MINUTES; each
 *   window a source exhausts with wrong passwords doubles its next one (growing delays), up to
 *   2^LOGIN_MAX_LOCK_DOUBLINGS times; a successful sign-in resets it;
 * - per source, over all accounts: LOGIN_SOURCE_MAX_ATTEMPTS unsuccessful attempts per window;
 * - per account, from sources it never signed in from: once LOGIN_ACCOUNT_MAX_FAILURES attempts
 *   from at least LOGIN_ACCOUNT_MIN_SOURCES sources fail within LOGIN_ACCOUNT_WINDOW_MINUTES, such
 *   sources wait for the window to end; sources the account signed in from are not held back.
 */
export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_LOCK_MINUTES = 15;
export const LOGIN_MAX_LOCK_DOUBLINGS = 4;
export const LOGIN_SOURCE_MAX_ATTEMPTS = 100;
export const LOGIN_ACCOUNT_MAX_FAILURES = 25;
export const LOGIN_ACCOUNT_MIN_SOURCES = 5;
export const LOGIN_ACCOUNT_WINDOW_MINUTES = 60;
/** How long an account remembers a source it signed in from. */
export const LOGIN_KNOWN_SOURCE_DAYS = 90;
/** Emergency-access attempts allowed per e-mail within the window. */
export const EMERGENCY_MAX_ATTEMPTS = 5;
export const EMERGENCY_WINDOW_MINUTES = 15;
