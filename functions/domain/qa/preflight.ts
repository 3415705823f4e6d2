import type { PreflightResult, PreflightStatus, PreflightTest } from '../../../shared/schemas/qa';

// The preflight checks (issue 15 §4): is this deployment fit to show a customer? Each check asks a
// port the real question (the table, the user pool, the queue, the provider, the web origin) and
// says what to do when the answer is wrong. Pure over its ports, so a broken setting can be tested.

export const DEFAULT_EMERGENCY_CODE = 'QD-EMERGENCY-2026';

export interface QueueState {
  kind: 'sqs' | 'in-process';
  running: boolean;
  depth: number;
  deadLetters: number;
}

export interface WebResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export interface PreflightPorts {
  stage: string;
  local: boolean;
  appVersion: string;
  demoMode: boolean;
  emergencyCode: string;
  /** The signed-in caller whose token this request verified (the sign-in round trip's end). */
  caller: { email: string; tokenVerified: boolean };
  describeTable(): Promise<{ status: string; indexes: Array<{ name: string; status: string }> }>;
  expectedIndexes: readonly string[];
  pingIdentity(): Promise<void>;
  queue(): Promise<QueueState>;
  aiProvider(): { name: string; ready: boolean; model: string };
  /** The web app's origin, or undefined when it is unknown to this function. */
  webUrl: string | undefined;
  fetch(url: string): Promise<WebResponse>;
}

type Check = { key: string; name: string; run(ports: PreflightPorts): Promise<Omit<PreflightTest, 'test'>> };

const ok = (details: Record<string, unknown>, warnings: string[] = []): Omit<PreflightTest, 'test'> => ({ status: warnings.length ? 'warned' : 'passed', details, warnings });
const fail = (error: string, recommendation: string, details: Record<string, unknown> = {}): Omit<PreflightTest, 'test'> => ({ status: 'failed', details, warnings: [], error, recommendation });

const SECURITY_HEADERS = ['x-content-type-options', 'referrer-policy'] as const;

export const PREFLIGHT_CHECKS: Check[] = [
  {
    key: 'api_reachable',
    name: 'API reachable',
    run: async (p) => ok({ stage: p.stage, version: p.appVersion }),
  },
  {
    key: 'sign_in_round_trip',
    name: 'Sign-in round trip',
    run: async (p) => {
      if (!p.caller.tokenVerified) return fail('The caller’s token was not verified', 'Sign in again; check the user pool and app client ids of the stage.');
      await p.pingIdentity();
      return ok({ user: p.caller.email, tokenVerified: true, userPool: 'reachable' });
    },
  },
  {
    key: 'table_and_indexes',
    name: 'Table and indexes',
    run: async (p) => {
      const table = await p.describeTable();
      const missing = p.expectedIndexes.filter((name) => !table.indexes.some((i) => i.name === name));
      const inactive = table.indexes.filter((i) => i.status !== 'ACTIVE').map((i) => i.name);
      const details = { tableStatus: table.status, indexes: table.indexes };
      if (table.status !== 'ACTIVE') return fail(`The table is ${table.status}`, 'Wait for the table to become ACTIVE, or redeploy the stateful stack.', details);
      if (missing.length) return fail(`Missing indexes: ${missing.join(', ')}`, 'Redeploy the stateful stack so the table has every index of the table definition.', details);
      if (inactive.length) return ok(details, [`Indexes still building: ${inactive.join(', ')}`]);
      return ok(details);
    },
  },
  {
    key: 'queue',
    name: 'Suggestions queue',
    run: async (p) => {
      const q = await p.queue();
      const details = { kind: q.kind, running: q.running, depth: q.depth, deadLetters: q.deadLetters };
      if (!q.running) {
        return fail('The suggestions queue is stopped: AI suggestions are queued but never processed', q.kind === 'sqs' ? 'Enable the worker’s event source mapping on the suggestions queue.' : 'Restart the app (npm start) so the in-process queue runs again.', details);
      }
      if (q.deadLetters > 0) return ok(details, [`${q.deadLetters} message(s) in the dead-letter queue: look at the worker’s errors`]);
      return ok(details);
    },
  },
  {
    key: 'ai_provider',
    name: 'AI provider health',
    run: async (p) => {
      const ai = p.aiProvider();
      const details = { provider: ai.name, model: ai.model };
      if (!ai.ready) return fail(`The AI provider ${ai.name} is not configured`, 'Set the provider’s settings (AI_PROVIDER and its model or endpoint) or switch to AI_PROVIDER=builtin.', details);
      return ok(details);
    },
  },
  {
    key: 'web_assets',
    name: 'Web assets and cache headers',
    run: async (p) => {
      if (!p.webUrl) return { status: 'warned', details: {}, warnings: ['The web app’s address is unknown to the API'], recommendation: 'Set WEB_URL (CDK context webUrl) to the app’s address.' };
      const page = await p.fetch(`${p.webUrl}/`);
      if (page.status !== 200) return fail(`The web app answered ${page.status}`, 'Deploy the web app (npm run build, then cdk deploy).', { url: p.webUrl });
      const asset = page.body.match(/\/assets\/[\w.-]+\.js/)?.[0];
      if (!asset) return fail('The page names no script asset', 'Rebuild the web app (npm run build:web) and deploy it.', { url: p.webUrl });
      const script = await p.fetch(`${p.webUrl}${asset}`);
      const details = { page: { cacheControl: page.headers['cache-control'] ?? null }, asset: { path: asset, status: script.status, cacheControl: script.headers['cache-control'] ?? null } };
      if (script.status !== 200) return fail(`The script ${asset} answered ${script.status}`, 'Deploy the web app’s assets together with its index.html.', details);
      const warnings: string[] = [];
      if (!/no-cache|no-store|max-age=0/.test(page.headers['cache-control'] ?? '')) warnings.push('index.html may be cached: a deploy will not show at once');
      if (!/immutable|max-age=\d{6,}/.test(script.headers['cache-control'] ?? '')) warnings.push('Hashed assets are not cached long');
      return warnings.length ? { ...ok(details, warnings), recommendation: 'Serve index.html with no-cache and /assets/* with a year-long immutable cache.' } : ok(details);
    },
  },
  {
    key: 'demo_mode',
    name: 'Demo mode off outside local',
    run: async (p) => {
      const details = { stage: p.stage, local: p.local, demoMode: p.demoMode };
      if (p.demoMode && !p.local) return fail('Demo mode is on in a deployed stage: anyone can read the demo accounts and their passwords', 'Deploy with -c demoMode=false.', details);
      return ok(details);
    },
  },
  {
    key: 'emergency_code',
    name: 'Emergency code not default',
    run: async (p) => {
      const details = { configured: p.emergencyCode !== '', default: p.emergencyCode === DEFAULT_EMERGENCY_CODE, local: p.local };
      if (p.emergencyCode === DEFAULT_EMERGENCY_CODE && !p.local) return fail('The emergency-access code is the published default', 'Set a long random code (-c emergencyAccessCode=...) or leave it empty to disable emergency access.', details);
      if (p.emergencyCode !== '' && p.emergencyCode.length < 12 && !p.local) return ok(details, ['The emergency-access code is short']);
      return ok(details);
    },
  },
  {
    key: 'cors_security_headers',
    name: 'CORS and security headers',
    run: async (p) => {
      if (!p.webUrl) return { status: 'warned', details: {}, warnings: ['The web app’s address is unknown to the API'], recommendation: 'Set WEB_URL (CDK context webUrl) to the app’s address.' };
      const page = await p.fetch(`${p.webUrl}/`);
      const missing = SECURITY_HEADERS.filter((h) => !page.headers[h]);
      const framing = Boolean(page.headers['x-frame-options'] || /frame-ancestors/.test(page.headers['content-security-policy'] ?? ''));
      const wildcard = page.headers['access-control-allow-origin'] === '*';
      const details = { headers: Object.fromEntries([...SECURITY_HEADERS, 'x-frame-options', 'strict-transport-security', 'access-control-allow-origin'].map((h) => [h, page.headers[h] ?? null])) };
      const problems = [...missing.map((h) => `${h} is missing`), ...(framing ? [] : ['nothing forbids framing (x-frame-options or CSP frame-ancestors)']), ...(wildcard ? ['CORS allows every origin'] : [])];
      if (problems.length) return fail(problems.join('; '), 'Serve the app with the security headers policy (CloudFront SECURITY_HEADERS, or the local server’s headers) and no wildcard CORS.', details);
      const warnings = p.webUrl.startsWith('https:') && !page.headers['strict-transport-security'] ? ['strict-transport-security is missing'] : [];
      return ok(details, warnings);
    },
  },
];

export async function runPreflight(ports: PreflightPorts, now: () => Date = () => new Date()): Promise<PreflightResult> {
  const entries = await Promise.all(
    PREFLIGHT_CHECKS.map(async (check) => {
      let result: Omit<PreflightTest, 'test'>;
      try {
        result = await check.run(ports);
      } catch (error) {
        result = fail(error instanceof Error ? `${error.name}: ${error.message}`.slice(0, 300) : 'The check failed', `Look at the ${check.name.toLowerCase()} of this stage.`);
      }
      return [check.key, { test: check.name, ...result }] as const;
    }),
  );
  return { success: true, timestamp: now().toISOString(), ...summarizeTests(Object.fromEntries(entries)), preflight_tests: Object.fromEntries(entries) };
}

export function summarizeTests(tests: Record<string, { status: PreflightStatus }>) {
  const all = Object.values(tests);
  const count = (s: PreflightStatus) => all.filter((t) => t.status === s).length;
  const summary = { total: all.length, passed: count('passed'), failed: count('failed'), warnings: count('warned') };
  return { overall_status: summary.failed === 0 ? ('passed' as const) : ('failed' as const), summary };
}
