// Build-time environment of the SPA, checked once. Only VITE_* variables reach the browser.
// Checked by hand rather than with zod: the public pages load this module and must stay small.

function nonEmpty(name: string, value: unknown, fallback: string): string {
  if (value === undefined) return fallback;
  if (typeof value !== 'string' || value.length === 0) throw new Error(`Invalid web environment: ${name}`);
  return value;
}

const vars = import.meta.env as Record<string, unknown>;

export const env = {
  /** Base path of the API; same origin by default (CloudFront and the local server route /api). */
  apiUrl: nonEmpty('VITE_API_URL', vars.VITE_API_URL, '/api').replace(/\/$/, ''),
  /** Name shown in the header, footer and titles. */
  appName: nonEmpty('VITE_APP_NAME', vars.VITE_APP_NAME, 'Quality Desk'),
} as const;
