import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ZodType } from 'zod';
import { routeKey, routes, type Route } from '../../functions/routes';
import { baseUrl, tokenFor, users } from '../support/api';
import { unnamedField } from './problems';
import { nastyValue, objectFor, queryFor, shapeOf, urlString, type Shape } from './input-shapes';

// Issue 8 §7: a property-based walk over the WHOLE route table. For every route it sends generated
// bad bodies, queries, headers and paths — anonymously, with a garbage token, and as signed-in
// users of three roles — and requires that no answer is a 5xx, and that every 400 names its
// fields (details with field names, and the message says which). The inputs are built from each
// route's own zod schemas (defineRoute keeps them on the handler), so a route added to the table
// later is walked without any code here. Only Northwind and the internal organization act, so the
// walk cannot disturb the Demo Corp data the other suites read.
//
// FUZZ_RUNS (default 24) sets the generated requests per route.

const RUNS = Number(process.env.FUZZ_RUNS ?? 24);
const PARALLEL_ROUTES = 3;

const FUZZ_ORG = 'org_fuzz_walk';
/** Another organization's instance, which the signed-in actors but the super admin must be refused. */
const DEMO_INSTANCE = 'inst_demo_prod';

/**
 * Routes a super admin's generated request could turn into a platform-wide change that other suites
 * running at the same time would see (re-seeding every demo tenant; new organizations in the lists
 * they compare). The walk still sends them, as the other actors; their own suites cover them.
 */
const NOT_AS_SUPER_ADMIN = new Set(['POST /qa/superadmin/reset-all-data', 'POST /api/organizations']);

/** Valid values for path parameters, by parameter name (optional; anything else is generated). */
const VALID_PARAMS: Record<string, string[]> = {
  dataset: ['opportunities', 'customers'],
  // Organization ids name a tenant no suite uses: a super admin's generated, valid-looking body
  // (e.g. status "suspended") must not change an organization whose users other suites sign in as.
  id: ['ANYISSUE', FUZZ_ORG, 'me'],
  scanId: ['01ARZ3NDEKTSV4RRFFQ69G5FAV'],
  orgId: [FUZZ_ORG],
};

/** Raw path segments API Gateway refuses with 400 (not valid percent-encoding as UTF-8). */
const MALFORMED_SEGMENTS = ['%', '%%', '%zz', '%E0%A4%A', '%C0', '%FF', '%ED%A0%80', '%F0%9F%98', 'a%2', '%G1', '%u0041'];

interface Actor {
  name: string;
  token?: string;
  instances: string[];
}

interface Stats {
  requests: number;
  byStatus: Map<number, number>;
  fiveXx: string[];
  unnamed400: string[];
}

const stats: Stats = { requests: 0, byStatus: new Map(), fiveXx: [], unnamed400: [] };
const actors: Actor[] = [];

interface RouteModel {
  route: Route;
  params: string[];
  query: Shape;
  body: Shape;
}

async function modelOf(route: Route): Promise<RouteModel> {
  const file = pathToFileURL(path.resolve(import.meta.dirname, '..', '..', 'functions', `${route.handler}.ts`)).href;
  const mod = (await import(/* @vite-ignore */ file)) as { handler: { routeSchemas?: { query?: ZodType; body?: ZodType } } };
  const schemas = mod.handler.routeSchemas ?? {};
  return {
    route,
    params: [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!),
    query: shapeOf(schemas.query),
    body: shapeOf(schemas.body),
  };
}

/** encodeURIComponent, but lone surrogates become U+FFFD instead of throwing. */
const encode = (s: string) => [...Buffer.from(s, 'utf8')].map((b) => (/[A-Za-z0-9\-_.~]/.test(String.fromCharCode(b)) && b < 128 ? String.fromCharCode(b) : `%${b.toString(16).toUpperCase().padStart(2, '0')}`)).join('');

const headerSafe = (v: string) => /^[\x21-\x7e](?:[\x20-\x7e]*[\x21-\x7e])?$/.test(v);

const CONTENT_TYPES = ['application/json', 'application/json', 'application/json', 'application/json; charset=utf-8', 'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', ''];

function requestArbitrary(model: RouteModel) {
  const segment = (name: string) =>
    fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom(...(VALID_PARAMS[name] ?? ['sample'])).map(encode) },
      { weight: 3, arbitrary: urlString.filter((s) => s !== '' && s !== '.' && s !== '..').map(encode) },
      { weight: 1, arbitrary: fc.constantFrom(...MALFORMED_SEGMENTS) },
    );
  const body = fc.oneof(
    { weight: 5, arbitrary: model.body.kind === 'object' ? objectFor(model.body).map((v) => JSON.stringify(v)) : nastyValue.map((v) => JSON.stringify(v)) },
    { weight: 2, arbitrary: nastyValue.map((v) => JSON.stringify(v) ?? 'null') },
    { weight: 1, arbitrary: fc.constantFrom('{', '{"a":', '[1,2', '\u0000', 'not json', '{"__proto__":{"admin":true}}', '[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]', 'x'.repeat(300_000)) },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );
  return fc.record({
    actor: fc.integer({ min: 0, max: actors.length - 1 }),
    segments: fc.tuple(...model.params.map(segment)),
    query: queryFor(model.query),
    instance: fc.oneof(
      { weight: 4, arbitrary: fc.constant<'own'>('own') },
      { weight: 1, arbitrary: fc.constant<undefined>(undefined) },
      { weight: 3, arbitrary: fc.oneof(urlString, fc.constant('i'.repeat(1025)), fc.constant(DEMO_INSTANCE)).filter(headerSafe) },
    ),
    contentType: fc.constantFrom(...CONTENT_TYPES),
    body: model.route.method === 'GET' ? fc.constant(undefined) : body,
  });
}

type Generated = ReturnType<typeof requestArbitrary> extends fc.Arbitrary<infer T> ? T : never;

function urlOf(model: RouteModel, g: Generated): string {
  let i = 0;
  const pathPart = model.route.path.replace(/\{\w+\}/g, () => g.segments[i++] as string);
  const query = g.query.map(([k, v]) => `${encode(k)}=${encode(v)}`).join('&');
  return `${baseUrl()}${pathPart}${query ? `?${query}` : ''}`;
}

/** One request; records what came back and says what was wrong with it, if anything. */
async function send(method: string, url: string, headers: Record<string, string>, body?: string): Promise<string | undefined> {
  const res = await fetch(url, { method, headers, body });
  const text = await res.text();
  stats.requests++;
  stats.byStatus.set(res.status, (stats.byStatus.get(res.status) ?? 0) + 1);
  const what = `${method} ${url.slice(0, 300)} → ${res.status} ${text.slice(0, 300)}`;
  if (res.status >= 500) {
    stats.fiveXx.push(what);
    return `5xx: ${what}`;
  }
  if (res.status === 400 && (res.headers.get('content-type') ?? '').includes('json')) {
    const problem = unnamedField(JSON.parse(text));
    if (problem) {
      stats.unnamed400.push(`${what} (${problem})`);
      return `400 without field: ${problem}: ${what}`;
    }
  }
  return undefined;
}

async function pool<T>(items: T[], size: number, work: (item: T) => Promise<void>): Promise<void> {
  const queue = [...items];
  await Promise.all(Array.from({ length: size }, async () => {
    for (let item = queue.shift(); item !== undefined; item = queue.shift()) await work(item);
  }));
}

describe('fuzz walk over the route table (issue 8 §7)', () => {
  beforeAll(async () => {
    actors.push(
      { name: 'anonymous', instances: ['inst_northwind_prod'] },
      { name: 'garbage token', token: 'eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.', instances: ['inst_northwind_prod'] },
      { name: 'user', token: await tokenFor(users.northwindUser), instances: ['inst_northwind_prod'] },
      { name: 'org admin', token: await tokenFor(users.northwindAdmin), instances: ['inst_northwind_test', 'inst_northwind_prod'] },
      { name: 'super admin', token: await tokenFor(users.superAdmin), instances: ['inst_northwind_test', 'inst_internal_staging'] },
    );
  });

  it('answers a malformed percent-encoding in any route path with 400 naming the path', async () => {
    const failures: string[] = [];
    const token = actors.find((a) => a.name === 'user')!.token!;
    for (const route of routes) {
      for (const bad of MALFORMED_SEGMENTS) {
        // Into the first parameter where there is one, else onto the end of the path.
        const p = route.path.includes('{') ? route.path.replace(/\{\w+\}/, bad) : `${route.path}/${bad}`;
        const url = `${baseUrl()}${p}`;
        const res = await fetch(url, { method: route.method, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: route.method === 'GET' ? undefined : '{}' });
        const body = (await res.json()) as { error: string; details: unknown };
        stats.requests++;
        stats.byStatus.set(res.status, (stats.byStatus.get(res.status) ?? 0) + 1);
        if (res.status !== 400 || unnamedField(body)) failures.push(`${route.method} ${p} → ${res.status} ${JSON.stringify(body)}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('never answers 5xx, and names the field of every 400, for generated input to every route', { timeout: 240_000 }, async () => {
    const models = await Promise.all(routes.map(modelOf));
    const started = Date.now();
    const failures: string[] = [];
    await pool(models, PARALLEL_ROUTES, async (model) => {
      const result = await fc.check(
        fc.asyncProperty(requestArbitrary(model), async (g) => {
          const chosen = actors[g.actor]!;
          const actor = chosen.name === 'super admin' && NOT_AS_SUPER_ADMIN.has(routeKey(model.route)) ? actors.find((a) => a.name === 'org admin')! : chosen;
          const headers: Record<string, string> = {};
          if (actor.token) headers.authorization = `Bearer ${actor.token}`;
          const own = actor.instances[g.segments.length % actor.instances.length];
          // A super admin may act in every instance: its generated, valid-looking request (a reset,
          // a bulk unmute) would really change the Demo Corp data other suites read. The others send
          // the demo instance to be refused.
          const instance = g.instance === 'own' || (actor.name === 'super admin' && g.instance === DEMO_INSTANCE) ? own : g.instance;
          if (instance !== undefined) headers['x-instance-id'] = instance;
          if (g.contentType) headers['content-type'] = g.contentType;
          const problem = await send(model.route.method, urlOf(model, g), headers, g.body);
          if (problem) throw new Error(`${actor.name}: ${problem}`);
        }),
        // Each run is a real request: report the first counterexample without shrinking it.
        { numRuns: RUNS, endOnFailure: true },
      );
      if (result.failed) failures.push(`${routeKey(model.route)}: ${String(result.errorInstance)} (seed ${result.seed})`);
    });
    const seconds = (Date.now() - started) / 1000;
    const summary = {
      routes: routes.length,
      runsPerRoute: RUNS,
      requests: stats.requests,
      fiveXx: stats.fiveXx.length,
      unnamed400: stats.unnamed400.length,
      byStatus: Object.fromEntries([...stats.byStatus].sort(([a], [b]) => a - b)),
      seconds,
    };
    console.log(`fuzz walk: ${JSON.stringify(summary)}`);
    expect(failures).toEqual([]);
    expect(stats.fiveXx).toEqual([]);
    expect(stats.unnamed400).toEqual([]);
  });
});
