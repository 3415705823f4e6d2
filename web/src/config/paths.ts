// Every in-app address in one place; screens link through these, never through string literals.

export const paths = {
  home: { path: '/', getHref: () => '/' },
  login: {
    path: '/login',
    /** `demo` keeps demo mode (?r=demo); `from` records where a signed-out visitor was going. */
    getHref: (options: { demo?: boolean; from?: string } = {}) => {
      const query = new URLSearchParams();
      if (options.demo) query.set('r', 'demo');
      if (options.from) query.set('from', options.from);
      const search = query.toString();
      return search ? `/login?${search}` : '/login';
    },
  },
  app: {
    root: { path: '/app', getHref: () => '/app' },
    issues: { path: 'issues', getHref: () => '/app/issues' },
    quality: { path: 'quality', getHref: () => '/app/quality' },
    datasets: { path: 'datasets', getHref: () => '/app/datasets' },
    settings: { path: 'settings', getHref: () => '/app/settings' },
    admin: { path: 'admin', getHref: () => '/app/admin' },
    preflight: { path: 'preflight-tests', getHref: () => '/app/preflight-tests' },
    /** Plans and billing (issue 16 §4): choose Teams, and the page the checkout returns to (spec 2 §2.8). */
    billingCheckout: { path: 'billing/checkout', getHref: (cycle?: 'monthly' | 'annual') => (cycle ? `/app/billing/checkout?cycle=${cycle}` : '/app/billing/checkout') },
    billingSuccess: { path: 'billing/success', getHref: (sessionId: string) => `/app/billing/success?session_id=${encodeURIComponent(sessionId)}` },
  },
  billing: { path: '/billing', getHref: () => '/billing' },
  /** The short links of the hub (spec 2 §2.5: /quality, /tasks): the dashboard, and my open rows. */
  quality: { path: '/quality' },
  tasks: { path: '/tasks' },
  myTasks: { getHref: (email: string) => `/app/issues?status=open&owner=${encodeURIComponent(email)}` },
  preflight: { path: '/preflight-tests', getHref: () => '/preflight-tests' },
  invite: { path: '/invite/:inviteCode', getHref: (code: string) => `/invite/${encodeURIComponent(code)}` },
  docs: { path: '/docs', getHref: () => '/docs' },
  docsInternal: { path: '/docs/internal', getHref: () => '/docs/internal' },
  pricing: { path: '/pricing', getHref: () => '/pricing' },
  terms: { path: '/terms', getHref: () => '/terms' },
  privacy: { path: '/privacy', getHref: () => '/privacy' },
} as const;

/** Where a successful sign-in (or an already signed-in visit to /login) lands (spec 1 §2). */
export const AFTER_LOGIN_PATH = paths.app.quality.getHref();
