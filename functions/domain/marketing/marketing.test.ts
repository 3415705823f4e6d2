import type { MarketingStats } from '../../../shared/schemas/marketing';
import type { SignupRecord, SignupStore, StatsSource } from './ports';
import { clientHash, confirmationMail, rateWindow, SIGNUP_RATE_LIMIT, signUp } from './signup';
import { marketingStats, STATS_MAX_AGE_MS } from './stats';

function memoryStore(): SignupStore & { signups: Map<string, SignupRecord> } {
  const signups = new Map<string, SignupRecord>();
  const attempts = new Map<string, number>();
  return {
    signups,
    async createSignup(record) {
      const existing = signups.get(record.email);
      if (existing) return { created: false, existing };
      signups.set(record.email, record);
      return { created: true };
    },
    async countAttempt(hash, window) {
      const key = `${hash}|${window}`;
      attempts.set(key, (attempts.get(key) ?? 0) + 1);
      return attempts.get(key)!;
    },
    async countSignupsSince(since) {
      return [...signups.values()].filter((s) => s.createdAt >= since).length;
    },
  };
}

let n = 0;
const clock = { now: () => new Date('2026-11-23T10:15:00Z'), newId: () => `ID${++n}` };

describe('signUp', () => {
  it('stores a signup once per e-mail and answers the first id after that', async () => {
    const store = memoryStore();
    const first = await signUp(store, clock, { email: 'a@example.com', source: 'landing-page', utm_source: 'x' }, '10.0.0.1');
    const second = await signUp(store, clock, { email: 'a@example.com', planId: 'teams', source: 'pricing_page' }, '10.0.0.1');
    expect(first.isExisting).toBe(false);
    expect(second).toEqual({ id: first.id, isExisting: true });
    expect(store.signups.get('a@example.com')).toMatchObject({ source: 'landing-page', utm_source: 'x' });
  });

  it('confirms a new signup once, and never a resubmitted one', async () => {
    const store = memoryStore();
    const sent: SignupRecord[] = [];
    const confirm = async (s: SignupRecord) => void sent.push(s);
    await signUp(store, clock, { email: 'd@example.com', name: 'Dee', source: 'landing-page' }, '10.0.0.9', confirm);
    await signUp(store, clock, { email: 'd@example.com', source: 'landing-page' }, '10.0.0.9', confirm);
    expect(sent.map((s) => s.email)).toEqual(['d@example.com']);
    expect(confirmationMail(sent[0]!, 'Quality Desk')).toMatchObject({ to: 'd@example.com', subject: 'You joined the waitlist of Quality Desk' });
    expect(confirmationMail({ ...sent[0]!, planId: 'teams', name: '<b>' }, 'Quality Desk').html).toContain('Hello &lt;b&gt;,');
  });

  it('keeps the pricing page organization as the company', async () => {
    const store = memoryStore();
    await signUp(store, clock, { email: 'b@example.com', planId: 'enterprise', organizationName: 'Acme', source: 'pricing_page' }, '10.0.0.1');
    expect(store.signups.get('b@example.com')).toMatchObject({ planId: 'enterprise', company: 'Acme' });
  });

  it('refuses attempts past the limit of one address and window', async () => {
    const store = memoryStore();
    for (let i = 0; i < SIGNUP_RATE_LIMIT.attempts; i++) await signUp(store, clock, { email: `c${i}@example.com`, source: 'landing-page' }, '10.0.0.2');
    await expect(signUp(store, clock, { email: 'late@example.com', source: 'landing-page' }, '10.0.0.2')).rejects.toMatchObject({ status: 429 });
    await expect(signUp(store, clock, { email: 'elsewhere@example.com', source: 'landing-page' }, '10.0.0.3')).resolves.toMatchObject({ isExisting: false });
    expect(store.signups.has('late@example.com')).toBe(false);
  });

  it('never keeps the address itself', () => {
    expect(clientHash('10.0.0.1')).not.toContain('10.0.0.1');
    expect(clientHash('10.0.0.1')).toBe(clientHash('10.0.0.1'));
  });

  it('starts windows on the hour and lets their records expire after two', () => {
    expect(rateWindow(new Date('2026-11-23T10:15:00Z'))).toEqual({ start: '2026-11-23T10:00:00.000Z', expiresAtSeconds: Date.parse('2026-11-23T12:00:00Z') / 1000 });
  });
});

describe('marketingStats', () => {
  const source: StatsSource = {
    organizationIds: async () => ['o1', 'o2'],
    instanceIds: async (org) => (org === 'o1' ? ['i1', 'i2'] : ['i3']),
    datasets: async (_org, inst) => (inst === 'i3' ? [] : [{ totalRecords: 100, open: 5, resolved: 3, muted: 2 }]),
    aiRowsProcessed: async (org) => (org === 'o1' ? 7 : 0),
  };

  it('sums every tenant’s counters', async () => {
    let cached: MarketingStats | undefined;
    const stats = await marketingStats({ source, cache: { read: async () => cached, write: async (s) => void (cached = s) }, countSignupsSince: async () => 4 }, new Date('2026-11-23T10:00:00Z'));
    expect(stats).toEqual({ organizations: 2, datasetsMonitored: 2, rowsChecked: 200, failedRowsFound: 20, failedRowsResolved: 6, aiRowsProcessed: 7, signupsThisWeek: 4, computedAt: '2026-11-23T10:00:00.000Z' });
    expect(cached).toEqual(stats);
  });

  it('serves the cache while it is fresh and counts again after', async () => {
    const old: MarketingStats = { organizations: 1, datasetsMonitored: 0, rowsChecked: 0, failedRowsFound: 0, failedRowsResolved: 0, aiRowsProcessed: 0, signupsThisWeek: 0, computedAt: '2026-11-23T10:00:00.000Z' };
    const deps = { source, cache: { read: async () => old, write: async () => undefined }, countSignupsSince: async () => 0 };
    expect(await marketingStats(deps, new Date(Date.parse(old.computedAt) + STATS_MAX_AGE_MS - 1))).toBe(old);
    expect((await marketingStats(deps, new Date(Date.parse(old.computedAt) + STATS_MAX_AGE_MS))).organizations).toBe(2);
  });
});
