// Marketing constants (spec 2 §3), free of zod so the public pages can import them.

export const SIGNUP_ROLES = [
  'Data Engineer',
  'Data Analyst',
  'Data Scientist',
  'Engineering Manager',
  'CTO',
  'VP Engineering',
  'Product Manager',
  'Other',
] as const;
export type SignupRole = (typeof SIGNUP_ROLES)[number];

/** Where a signup came from: the landing form, the pricing modal, the exit-intent modal. */
export const SIGNUP_SOURCES = ['landing-page', 'pricing_page', 'exit-intent'] as const;
export type SignupSource = (typeof SIGNUP_SOURCES)[number];

/** The sales address of Contact Us ("Request for Quote"). */
export const SALES_EMAIL = 'sales@qualitydesk.dev';
