// The security headers of every response (issue 8 §5), in one place for the three servers that
// send them: the API handlers (functions/http), the local server (pages, assets, API, errors) and
// CloudFront's response headers policies in the deployed stages (infra/lib/web-hosting.ts).

export interface PagePolicyOptions {
  /** Origins besides 'self' the SPA may connect to (deployed: the sources bucket for presigned uploads). */
  connectSources?: readonly string[];
  /** Deployed stages serve HTTPS only; locally (http://localhost) an upgrade would break every request. */
  upgradeInsecureRequests?: boolean;
}

/**
 * The SPA's Content-Security-Policy: scripts only from our own origin (no inline script, no eval),
 * no plugins, no framing by anyone. Styles allow 'unsafe-inline' because the UI libraries (Radix's
 * scroll lock, sonner's toasts) insert <style> elements at run time; styles cannot run code.
 */
export function pageContentSecurityPolicy(options: PagePolicyOptions = {}): string {
  const directives = [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    ["connect-src 'self'", ...(options.connectSources ?? [])].join(' '),
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(options.upgradeInsecureRequests ? ['upgrade-insecure-requests'] : []),
  ];
  return directives.join('; ');
}

/** The API answers JSON or CSV only: nothing in it may load, run or be framed. */
export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";

export const REFERRER_POLICY = 'strict-origin-when-cross-origin';
export const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=(), usb=()';
/** Two years, subdomains included (the HSTS preload list's minimum is one year). */
export const HSTS_MAX_AGE_SECONDS = 63_072_000;
export const STRICT_TRANSPORT_SECURITY = `max-age=${HSTS_MAX_AGE_SECONDS}; includeSubDomains`;

/** Headers every response carries, page or API. */
export const COMMON_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': REFERRER_POLICY,
  'x-frame-options': 'DENY',
  'permissions-policy': PERMISSIONS_POLICY,
  'cross-origin-opener-policy': 'same-origin',
};

/**
 * Headers of every API answer. HSTS is sent too: browsers ignore it over plain HTTP (RFC 6797
 * §8.1), so it takes effect exactly where the API is served over HTTPS, i.e. deployed.
 */
export const API_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  ...COMMON_SECURITY_HEADERS,
  'content-security-policy': API_CONTENT_SECURITY_POLICY,
  'strict-transport-security': STRICT_TRANSPORT_SECURITY,
};

/** Headers of the SPA's pages and assets served by the local server (no HSTS over http://localhost). */
export function pageSecurityHeaders(options: PagePolicyOptions = {}): Record<string, string> {
  return { ...COMMON_SECURITY_HEADERS, 'content-security-policy': pageContentSecurityPolicy(options) };
}
