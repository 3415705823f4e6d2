import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import Stripe from 'stripe';
import { buildFunctions, markModuleLoadCallsPure } from '../build-functions';
import { repoRoot } from '../lib/paths';

// Issue 9 item 9: the bundles carry only what a route uses. Sources and output live under .build
// (inside the repository) so the bundle resolves its packages as the real build does.
mkdirSync(path.join(repoRoot, '.build'), { recursive: true });
const root = mkdtempSync(path.join(repoRoot, '.build', 'qd-bundle-trim-'));
const sourceDir = path.join(root, 'functions');
const outDir = path.join(root, 'out');
mkdirSync(path.join(sourceDir, 'http'), { recursive: true });
writeFileSync(
  path.join(sourceDir, 'http', 'check.ts'),
  [
    "import { z } from 'zod';",
    "import { smtpMailSender } from '../../../../functions/adapters/mail/mail-sender';",
    'export const sender = smtpMailSender;',
    'export const handler = async () => {',
    '  const parsed = z.object({ name: z.string().max(3) }).safeParse({ name: 42 });',
    '  let fromJson = "";',
    '  try { z.fromJSONSchema({ type: "string" }); } catch (error) { fromJson = (error as Error).message; }',
    '  let toJson = "";',
    '  try { z.string().toJSONSchema(); } catch (error) { toJson = (error as Error).message; }',
    '  const bounds = { max: z.string().max(3).maxLength, min: z.number().min(2).minValue };',
    '  return { message: parsed.success ? "" : parsed.error.issues[0]!.message, locales: Object.keys(z.locales), fromJson, toJson, bounds };',
    '};',
  ].join('\n'),
);
writeFileSync(
  path.join(sourceDir, 'http', 'sdk.ts'),
  [
    "import { DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';",
    "import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';",
    'export const handler = async () => {',
    "  const client = DynamoDBDocumentClient.from(new DynamoDBClient({ region: 'us-east-1' }));",
    '  return { client: typeof client.send, command: new ListTablesCommand({}).constructor.name };',
    '};',
  ].join('\n'),
);
writeFileSync(
  path.join(sourceDir, 'http', 'stripe.ts'),
  [
    "import { verifyStripeEvent } from '../../../../functions/adapters/billing/stripe-webhook-config';",
    'export const handler = async (body: string, signature: string, secret: string) => verifyStripeEvent(body, signature, secret);',
  ].join('\n'),
);
writeFileSync(
  path.join(sourceDir, 'http', 'schema.ts'),
  [
    "import { datasetIdSchema } from '../../../../shared/schemas/issues';",
    'export const handler = async (id: unknown) => datasetIdSchema.safeParse(id).success;',
  ].join('\n'),
);
const routes = [
  { method: 'GET', path: '/api/check', handler: 'http/check' },
  { method: 'GET', path: '/api/schema', handler: 'http/schema' },
  { method: 'GET', path: '/api/sdk', handler: 'http/sdk' },
  { method: 'POST', path: '/api/stripe', handler: 'http/stripe' },
] as const;

afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Every TypeScript source under dir (tests included: they share the habit). */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((d) => d.isFile() && /\.tsx?$/.test(d.name))
    .map((d) => path.join(d.parentPath, d.name));
}

describe('trimmed function bundles', () => {
  it('import zod as a namespace in the functions and shared code, so esbuild keeps only what a bundle reaches', () => {
    // `import { z } from 'zod'` binds zod's namespace object, which esbuild must keep whole:
    // ~46 KB more in every bundle than `import * as z from 'zod'`.
    const offenders = [...sources(path.join(repoRoot, 'functions')), ...sources(path.join(repoRoot, 'shared'))].filter((file) =>
      /import\s*\{[^}]*\bz\b[^}]*\}\s*from\s*'zod'/.test(readFileSync(file, 'utf8')),
    );
    expect(offenders.map((f) => path.relative(repoRoot, f))).toEqual([]);
  });

  it('import the table\'s key module as a namespace, so a bundle keeps only the key builders it uses', () => {
    const offenders = [...sources(path.join(repoRoot, 'functions')), ...sources(path.join(repoRoot, 'scripts')), ...sources(path.join(repoRoot, 'test'))].filter((file) =>
      /import\s*\{[^}]*\bkeys\b[^}]*\}\s*from\s*'[./a-z-]*\/keys'/.test(readFileSync(file, 'utf8')),
    );
    expect(offenders.map((f) => path.relative(repoRoot, f))).toEqual([]);
  });

  it('keep zod working in English without the other locales, JSON Schema in or out, or nodemailer', async () => {
    await buildFunctions({ routes, sourceDir, outDir });
    const bundle = path.join(outDir, 'get-check', 'index.mjs');
    const text = readFileSync(bundle, 'utf8');
    expect(text).not.toContain('Ungültige Eingabe');
    expect(text).toMatch(/import\("nodemailer"\)/);
    expect(statSync(bundle).size).toBeLessThan(200 * 1024);
    const { handler } = await import(pathToFileURL(bundle).href);
    const answer = await handler();
    expect(answer.message).toMatch(/^Invalid input: expected string/);
    expect(answer.locales).toEqual(['en']);
    expect(answer.fromJson).toMatch(/not bundled in the functions/);
    expect(answer.toJson).toMatch(/JSON Schema output is not bundled/);
    expect(answer.bounds).toEqual({ max: 3, min: 2 });
  });

  it('keep only the schemas a route uses of a schema module, which still validate', async () => {
    await buildFunctions({ routes, sourceDir, outDir });
    const bundle = path.join(outDir, 'get-schema', 'index.mjs');
    const text = readFileSync(bundle, 'utf8');
    // Messages of the same module's other schemas (a fix's new value, an export's format).
    expect(text).not.toContain('Value cannot be empty');
    expect(text).not.toContain('must be csv or json');
    const { handler } = await import(pathToFileURL(bundle).href);
    expect(await handler('ds_orders-2024')).toBe(true);
    expect(await handler('orders 2024')).toBe(false);
  });

  it('mark as pure only the calls a schema module makes while it loads', () => {
    const source = [
      "export const nameSchema = z.string().max(3).refine((v) => check(v), 'no');",
      'const tagSchema: z.ZodType<string> = z.object({ tag: nameSchema.min(1) });',
      'export const LIMIT = Number(process.env.LIMIT);',
      'const seeded = (seed(), table());',
      'let counter = start();',
      'register(nameSchema);',
      'function f() { return z.string(); }',
    ].join('\n');
    expect(markModuleLoadCallsPure(source).split('\n')).toEqual([
      // One mark for a chain of calls: it applies to the outermost, which takes the chain with it.
      "export const nameSchema = /* @__PURE__ */ z.string().max(3).refine((v) => check(v), 'no');",
      'const tagSchema: z.ZodType<string> = /* @__PURE__ */ z.object({ tag: /* @__PURE__ */ nameSchema.min(1) });',
      'export const LIMIT = /* @__PURE__ */ Number(process.env.LIMIT);',
      'const seeded = (seed(), /* @__PURE__ */ table());',
      'let counter = start();',
      'register(nameSchema);',
      'function f() { return z.string(); }',
    ]);
  });

  it('load the AWS SDK with require(), not as ES modules (no export lexing at cold start), with its named exports intact', async () => {
    await buildFunctions({ routes, sourceDir, outDir });
    const bundle = path.join(outDir, 'get-sdk', 'index.mjs');
    const text = readFileSync(bundle, 'utf8');
    expect(text).not.toMatch(/from\s*"@aws-sdk\//);
    expect(text).toMatch(/\w\("@aws-sdk\/client-dynamodb"\)/);
    const { handler } = await import(pathToFileURL(bundle).href);
    expect(await handler()).toEqual({ client: 'function', command: 'ListTablesCommand' });
  });

  it('verify Stripe signatures with the SDK\'s webhook module alone, not its API resources', async () => {
    await buildFunctions({ routes, sourceDir, outDir });
    const bundle = path.join(outDir, 'post-stripe', 'index.mjs');
    expect(readFileSync(bundle, 'utf8')).not.toContain('/v1/checkout/sessions');
    expect(statSync(bundle).size).toBeLessThan(150 * 1024);
    const { handler } = await import(pathToFileURL(bundle).href);
    // Signed by the whole SDK in this process; verified by the bundle's slim copy.
    const secret = 'whsec_bundle_trim';
    const payload = JSON.stringify({ id: 'evt_1', object: 'event', type: 'checkout.session.completed' });
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret });
    expect(await handler(payload, signature, secret)).toMatchObject({ id: 'evt_1' });
    await expect(handler(payload.replace('evt_1', 'evt_2'), signature, secret)).rejects.toThrow(/stripe-signature/);
    await expect(handler(payload, signature, 'whsec_other')).rejects.toThrow(/stripe-signature/);
  });

  it('carry their own route entries beside the bundle, not the table of every route', async () => {
    const { routes: table } = await import('../../functions/routes');
    const own = table.find((r) => r.method === 'GET' && r.path === '/api/auth/demo-config')!;
    const other = table.find((r) => r.method === 'POST' && r.path === '/api/users/me/notifications/read')!;
    const realOut = path.join(root, 'real');
    await buildFunctions({ routes: [own], outDir: realOut });
    const dir = path.join(realOut, 'get-auth-demo-config');
    expect(readFileSync(path.join(dir, 'index.mjs'), 'utf8')).not.toContain(other.path);
    expect(JSON.parse(readFileSync(path.join(dir, 'route.json'), 'utf8'))).toEqual([own]);
    // The bundle finds its own route (the demo-only route answers 404 with demo mode off) and no other.
    const { handler } = await import(pathToFileURL(path.join(dir, 'index.mjs')).href);
    const call = (routeKey: string) => handler({ routeKey, headers: {}, requestContext: { requestId: 'r', http: { sourceIp: '192.0.2.1' } } }, { awsRequestId: 'r' });
    for (const [name, value] of Object.entries({ DEMO_MODE: 'false', TABLE_NAME: 'qd-test', USER_POOL_ID: 'us-east-1_test', USER_POOL_CLIENT_ID: 'client' })) vi.stubEnv(name, value);
    expect((await call('GET /api/auth/demo-config')).statusCode).toBe(404);
    expect((await call('POST /api/users/me/notifications/read')).statusCode).toBe(500);
    vi.unstubAllEnvs();
  });
});
