import { z } from 'zod';

// Build-time environment of the SPA, checked once. Only VITE_* variables reach the browser.
const envSchema = z.object({
  /** Base path of the API; same origin by default (CloudFront and the local server route /api). */
  VITE_API_URL: z.string().min(1).default('/api'),
  /** Name shown in the header, footer and titles. */
  VITE_APP_NAME: z.string().min(1).default('Quality Desk'),
});

const parsed = envSchema.safeParse(import.meta.env);
if (!parsed.success) {
  throw new Error(`Invalid web environment: ${parsed.error.issues.map((i) => i.path.join('.')).join(', ')}`);
}

export const env = {
  apiUrl: parsed.data.VITE_API_URL.replace(/\/$/, ''),
  appName: parsed.data.VITE_APP_NAME,
} as const;
