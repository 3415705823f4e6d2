import { EMERGENCY_MAX_ATTEMPTS, EMERGENCY_WINDOW_MINUTES, LOGIN_LOCK_MINUTES, LOGIN_MAX_FAILURES } from './constants';

// Every limit on how fast requests may come (issue 14 §5 "rate limiting shown as configured"), in
// one place: the CDK stacks set the deployed ones from these constants, the sign-in functions
// enforce theirs, and System & Security lists them from here, so what it shows is what holds.

/** The HTTP API's stage throttling (API Gateway token bucket, all routes of a stage together). */
export const API_THROTTLE = { ratePerSecond: 200, burst: 400 } as const;
/** The WebSocket API's stage throttling. */
export const REALTIME_THROTTLE = { ratePerSecond: 50, burst: 100 } as const;
/** The WAF web ACL in front of CloudFront: requests per 5 minutes and source IP. */
export const WAF_LIMITS = {
  /** Everything (pages, assets, API): well above what one person's browser sends. */
  perIp: 3000,
  /** The sign-in calls (/api/auth/*): login, refresh, emergency access, logout. */
  signInPerIp: 100,
} as const;

export interface RateLimit {
  name: string;
  /** How many requests… */
  limit: number;
  /** …per what (a second with a burst, a window of minutes). */
  per: string;
  /** Who counts: all callers, one source address, one account and address. */
  scope: string;
  enforcedBy: string;
  /** Enforced by AWS in deployed stages only (the local stack has no API Gateway or WAF). */
  deployedOnly: boolean;
}

/** `loginSourceMaxAttempts`: the stage's per-address budget (LOGIN_SOURCE_MAX_ATTEMPTS, configurable). */
export function configuredRateLimits(options: { loginSourceMaxAttempts: number }): RateLimit[] {
  return [
    { name: 'API requests', limit: API_THROTTLE.ratePerSecond, per: `second (bursts up to ${API_THROTTLE.burst})`, scope: 'all callers of the stage', enforcedBy: 'API Gateway stage throttling', deployedOnly: true },
    { name: 'Live updates (WebSocket)', limit: REALTIME_THROTTLE.ratePerSecond, per: `second (bursts up to ${REALTIME_THROTTLE.burst})`, scope: 'all callers of the stage', enforcedBy: 'API Gateway stage throttling', deployedOnly: true },
    { name: 'All requests', limit: WAF_LIMITS.perIp, per: '5 minutes', scope: 'one source address', enforcedBy: 'WAF rate-based rule', deployedOnly: true },
    { name: 'Sign-in calls', limit: WAF_LIMITS.signInPerIp, per: '5 minutes', scope: 'one source address', enforcedBy: 'WAF rate-based rule', deployedOnly: true },
    { name: 'Wrong passwords', limit: LOGIN_MAX_FAILURES, per: `${LOGIN_LOCK_MINUTES} minutes (doubling after each full window)`, scope: 'one account from one address', enforcedBy: 'sign-in function', deployedOnly: false },
    { name: 'Failed sign-ins', limit: options.loginSourceMaxAttempts, per: `${LOGIN_LOCK_MINUTES} minutes`, scope: 'one source address, all accounts', enforcedBy: 'sign-in function', deployedOnly: false },
    { name: 'Emergency access', limit: EMERGENCY_MAX_ATTEMPTS, per: `${EMERGENCY_WINDOW_MINUTES} minutes`, scope: 'one e-mail address', enforcedBy: 'emergency-access function', deployedOnly: false },
  ];
}
