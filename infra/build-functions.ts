// Bundles every Lambda (one per route of the table, plus the workers) in ONE esbuild call:
// far faster than NodejsFunction's one-esbuild-per-function, and never needs Docker.
import { build, type Plugin } from 'esbuild';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { routeName, routes as routeTable, type Route } from '../functions/routes';
import { functionsBuildDir, functionsSourceDir } from './lib/paths';

export interface FunctionEntry {
  /** Bundle directory name under outDir (the route name, or `worker-<file>`). */
  name: string;
  /** Absolute path of the TypeScript module exporting `handler`. */
  entry: string;
  /** The routes a route function serves (written beside its bundle); none for workers. */
  routes?: Array<Pick<Route, 'method' | 'path' | 'handler'>>;
}

export interface BuildFunctionsOptions {
  routes?: readonly Pick<Route, 'method' | 'path' | 'handler'>[];
  sourceDir?: string;
  outDir?: string;
}

export function functionEntries(options: BuildFunctionsOptions = {}): FunctionEntry[] {
  const sourceDir = options.sourceDir ?? functionsSourceDir;
  const entries: FunctionEntry[] = [];
  const seen = new Map<string, FunctionEntry>();
  for (const route of options.routes ?? routeTable) {
    const name = routeName(route);
    const entry = path.join(sourceDir, `${route.handler}.ts`);
    const previous = seen.get(name);
    if (previous !== undefined && previous.entry !== entry) {
      throw new Error(`Two routes map to the function name "${name}" (${previous.entry}, ${entry}); rename one path.`);
    }
    if (previous) previous.routes!.push(route);
    else {
      const created: FunctionEntry = { name, entry, routes: [route] };
      entries.push(created);
      seen.set(name, created);
    }
  }
  const workerDir = path.join(sourceDir, 'worker');
  if (existsSync(workerDir)) {
    for (const file of readdirSync(workerDir).sort()) {
      if (!file.endsWith('.ts') || file.endsWith('.test.ts') || file.endsWith('.d.ts')) continue;
      entries.push({ name: `worker-${file.slice(0, -3)}`, entry: path.join(workerDir, file) });
    }
  }
  // The WebSocket API's $connect / $disconnect handlers (issue 13 item 7).
  const realtimeDir = path.join(sourceDir, 'realtime', 'handlers');
  if (existsSync(realtimeDir)) {
    for (const file of readdirSync(realtimeDir).sort()) {
      if (!file.endsWith('.ts') || file.endsWith('.test.ts') || file.endsWith('.d.ts')) continue;
      entries.push({ name: `realtime-${file.slice(0, -3)}`, entry: path.join(realtimeDir, file) });
    }
  }
  return entries;
}

/**
 * Cold starts (issue 9 item 9): `import { z } from 'zod'` is one namespace object, which esbuild
 * cannot tree-shake, and it re-exports every error-message locale (~260 KB minified of the ~450 KB
 * zod put in each bundle) and z.fromJSONSchema. The functions use English messages (zod's
 * default, which its schemas import directly) and never read JSON Schema back in, so the bundles
 * carry `z.locales.en` only, and a z.fromJSONSchema and z.compile that say they were left out.
 * The sources import zod as `import * as z from 'zod'` (zod 4's documented form): esbuild then
 * keeps only the exports a bundle reaches (~99 KB of zod instead of ~145 KB; infra/test/bundle-trim),
 * and JSON Schema output is left out too (~82 KB).
 */
export const trimZod: Plugin = {
  name: 'trim-zod',
  setup(b) {
    const fromZod = (importer: string) => /[\\/]node_modules[\\/]zod[\\/]/.test(importer);
    b.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) =>
      fromZod(args.importer) ? { path: path.join(path.dirname(args.importer), '..', 'locales', 'en.js'), namespace: 'zod-locales' } : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: 'zod-locales' }, (args) => ({
      contents: `export { default as en } from ${JSON.stringify(args.path)};`,
      resolveDir: path.dirname(args.path),
      loader: 'js',
    }));
    // z.compile (ahead-of-time parsers, ~29 KB): the functions parse with the schemas themselves.
    b.onResolve({ filter: /^\.\/compile\.js$/ }, (args) =>
      fromZod(args.importer) ? { path: 'compile', namespace: 'zod-compile' } : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: 'zod-compile' }, () => ({
      contents: [
        'export const INVALID = Symbol.for("zod.compile.invalid");',
        'const leftOut = () => { throw new Error("z.compile is not bundled in the functions (infra/build-functions.ts)"); };',
        'export class ZodCompileAsyncError extends Error {}',
        'export class ZodCompileUnsupportedError extends Error {}',
        'export const compile = leftOut, withParser = leftOut, compileFn = leftOut;',
      ].join('\n'),
      loader: 'js',
    }));
    b.onResolve({ filter: /^\.\/from-json-schema\.js$/ }, (args) =>
      fromZod(args.importer) ? { path: 'from-json-schema', namespace: 'zod-from-json-schema' } : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: 'zod-from-json-schema' }, () => ({
      contents: "export function fromJSONSchema() { throw new Error('z.fromJSONSchema is not bundled in the functions (infra/build-functions.ts)'); }",
      loader: 'js',
    }));
    // JSON Schema output (~17 KB): every classic schema wires a converter and a `toJSONSchema` method,
    // but only the build writes JSON Schema (the OpenAPI document). The schemas' methods say they
    // were left out; `aggregateChecks` (read by `.minLength`, `.maxValue`…) stays Zod's own.
    const classic = (importer: string) => fromZod(importer) && /[\\/]classic[\\/]schemas\.js$/.test(importer);
    b.onResolve({ filter: /^\.\.\/core\/(json-schema-processors|to-json-schema)\.js$/ }, (args) =>
      classic(args.importer) ? { path: path.join(path.dirname(args.importer), args.path), namespace: 'zod-json-schema' } : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: 'zod-json-schema' }, (args) => {
      const names = [...readFileSync(args.path, 'utf8').matchAll(/^export (?:function|const) (\w+)/gm)].map((m) => m[1]!);
      const kept: string[] = names.filter((n) => n === 'aggregateChecks');
      return {
        contents: [
          "const leftOut = () => { throw new Error('JSON Schema output is not bundled in the functions (infra/build-functions.ts)'); };",
          ...kept.map((n) => `export { ${n} } from ${JSON.stringify(`./${path.basename(args.path)}`)};`),
          // The method factories are called when a schema is made; the methods they return are not.
          ...names.filter((n) => !kept.includes(n)).map((n) => `export const ${n} = ${n.startsWith('create') ? '() => leftOut' : 'leftOut'};`),
        ].join('\n'),
        resolveDir: path.dirname(args.path),
        loader: 'js',
      };
    });
  },
};

/**
 * Cold starts (issue 9 item 9): the AWS SDK the runtime provides is CommonJS. Imported from an ES
 * module, Node lexes every one of its files to find their named exports and detects each file's
 * format, about a third of a route's import time. Loaded with require() (the banner's), it is
 * compiled as CommonJS straight away; esbuild's interop gives the bundle the same named exports.
 */
export const requireSdk: Plugin = {
  name: 'require-sdk',
  setup(b) {
    b.onResolve({ filter: /^@aws-sdk\// }, (args) =>
      args.namespace === 'require-sdk' ? { path: args.path, external: true } : { path: args.path, namespace: 'require-sdk' },
    );
    b.onLoad({ filter: /.*/, namespace: 'require-sdk' }, (args) => ({
      contents: `module.exports = require(${JSON.stringify(args.path)});`,
      loader: 'js',
    }));
  },
};

/**
 * The Stripe webhook verifies signatures with Stripe's own code (`Stripe.webhooks`), which is all
 * it uses of the SDK; the package's entry also loads every API resource (~225 KB of the bundle).
 * Imported from the webhook adapter, `stripe` is bundled as the SDK's own webhook module over its
 * Node platform functions, which is how the SDK itself builds `Stripe.webhooks`.
 */
export const stripeWebhooksOnly: Plugin = {
  name: 'stripe-webhooks-only',
  setup(b) {
    b.onResolve({ filter: /^stripe$/ }, (args) =>
      path.basename(args.importer) === 'stripe-webhook-config.ts' ? { path: 'stripe', namespace: 'stripe-webhooks' } : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: 'stripe-webhooks' }, () => ({
      contents: [
        "import { createWebhooks } from './Webhooks.js';",
        "import { NodePlatformFunctions } from './platform/NodePlatformFunctions.js';",
        'export default { webhooks: createWebhooks(new NodePlatformFunctions()) };',
      ].join('\n'),
      // The package's ES modules; their paths are not in its "exports", so they are read from here.
      resolveDir: path.join(path.dirname(createRequire(import.meta.url).resolve('stripe')), '..', 'esm'),
      loader: 'js',
    }));
  },
};

/**
 * Cold starts: a schema module (shared/schemas) builds all its schemas at its top level, and
 * esbuild keeps every top-level call it cannot prove free of effects, so a route that validates
 * with one schema of a module carried all of them (and the parts of zod only those use). Building
 * a schema has no effect beyond the schema (the functions never read zod's registry, and JSON
 * Schema output is left out above), so every call a top-level constant's initialiser makes while
 * the module loads is marked pure: an unused constant is dropped. Calls inside functions (a
 * refinement's `ctx.addIssue`) run later and are left as they are; a call given a template
 * literal with substitutions still counts as having effects (esbuild's rule), so such a schema
 * stays.
 */
export const pureSchemas: Plugin = {
  name: 'pure-schemas',
  setup(b) {
    b.onLoad({ filter: /[\\/]shared[\\/]schemas[\\/][^\\/]+\.ts$/ }, (args) => ({
      contents: markModuleLoadCallsPure(readFileSync(args.path, 'utf8'), args.path),
      loader: 'ts',
    }));
  },
};

/** Marks the calls (and `new`s) that top-level `const` initialisers make while a module loads as pure. */
export function markModuleLoadCallsPure(source: string, fileName = 'module.ts'): string {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const starts = new Set<number>();
  const visit = (node: ts.Node): void => {
    // A function's body runs when it is called, not when the module loads.
    if (ts.isFunctionLike(node) || ts.isClassLike(node)) return;
    // A value thrown away (`(a(), b)`, `void a()`) was computed for its effect: left unmarked.
    if (ts.isVoidExpression(node)) return;
    if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.CommaToken) return visit(node.right);
    if (ts.isCallExpression(node) || ts.isNewExpression(node)) starts.add(node.getStart(file));
    ts.forEachChild(node, visit);
  };
  for (const statement of file.statements) {
    if (!ts.isVariableStatement(statement) || !(statement.declarationList.flags & ts.NodeFlags.Const)) continue;
    for (const declaration of statement.declarationList.declarations) if (declaration.initializer) visit(declaration.initializer);
  }
  let out = source;
  for (const start of [...starts].sort((a, b) => b - a)) out = `${out.slice(0, start)}/* @__PURE__ */ ${out.slice(start)}`;
  return out;
}

/** The file beside a route function's bundle that holds its route entries. */
export const ROUTE_FILE = 'route.json';

/**
 * Each route function carries its own route entries, not the whole table: the middleware's
 * route look-up (functions/http/middleware/route-lookup.ts) is bundled as a reader of the
 * route.json written beside the bundle. A bundle without one (a worker) finds no route.
 */
export const routesBesideBundle: Plugin = {
  name: 'routes-beside-bundle',
  setup(b) {
    b.onResolve({ filter: /\/route-lookup$/ }, (args) =>
      path.basename(args.importer) === 'chain.ts' ? { path: 'route-lookup', namespace: 'route-file' } : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: 'route-file' }, () => ({
      contents: [
        "import { readFileSync } from 'node:fs';",
        'let entries = [];',
        `try { entries = JSON.parse(readFileSync(new URL(${JSON.stringify(`./${ROUTE_FILE}`)}, import.meta.url), 'utf8')); } catch {}`,
        // A route's key as routeKey() writes it: "METHOD /path".
        'export function findRouteByKey(key) { return entries.find((r) => r.method + " " + r.path === key); }',
      ].join('\n'),
      loader: 'js',
    }));
  },
};

export async function buildFunctions(
  options: BuildFunctionsOptions = {},
): Promise<{ outDir: string; entries: FunctionEntry[] }> {
  const outDir = options.outDir ?? functionsBuildDir;
  const entries = functionEntries(options);
  const missing = entries.filter((e) => !existsSync(e.entry));
  if (missing.length > 0) {
    const list = missing.map((e) => `  ${path.relative(process.cwd(), e.entry)} (for ${e.name})`).join('\n');
    throw new Error(`buildFunctions: handler file(s) missing:\n${list}`);
  }
  // A clean directory, so a removed route never leaves a stale bundle behind.
  rmSync(outDir, { recursive: true, force: true });
  await build({
    entryPoints: entries.map((e) => ({ in: e.entry, out: `${e.name}/index` })),
    outdir: outDir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    target: 'node22',
    format: 'esm',
    mainFields: ['module', 'main'],
    sourcemap: true,
    minify: true,
    // The Node 22 runtime ships AWS SDK v3; bundling it would only add cold-start weight.
    // nodemailer only serves the local stack's SMTP server (functions/adapters/mail/mail-sender.ts
    // imports it on first use there); in AWS mail goes through SES.
    external: ['@aws-sdk/*', 'nodemailer'],
    // CommonJS dependencies call require(), which does not exist in an ES module.
    banner: {
      js: "import { createRequire as __qdCreateRequire } from 'node:module'; const require = __qdCreateRequire(import.meta.url);",
    },
    plugins: [trimZod, requireSdk, routesBesideBundle, stripeWebhooksOnly, pureSchemas],
    logLevel: 'warning',
  });
  for (const { name, routes } of entries) if (routes) writeFileSync(path.join(outDir, name, ROUTE_FILE), JSON.stringify(routes));
  await writeOpenApiDocument(outDir, entries);
  return { outDir, entries };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = Date.now();
  const { outDir, entries } = await buildFunctions();
  console.log(`Bundled ${entries.length} functions into ${path.relative(process.cwd(), outDir)} in ${Date.now() - started} ms`);
}

/** The route that serves the OpenAPI document reads it from beside its bundle (functions/http/docs/openapi-json.ts). */
async function writeOpenApiDocument(outDir: string, entries: readonly FunctionEntry[]): Promise<void> {
  const OPENAPI_ROUTE_NAME = routeName({ method: 'GET', path: '/api/openapi.json' });
  if (!entries.some((e) => e.name === OPENAPI_ROUTE_NAME)) return;
  const { generateOpenApi } = await import('../functions/http/docs/openapi-generate');
  const version = (JSON.parse(readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'package.json'), 'utf8')) as { version: string }).version;
  const { document, problems } = await generateOpenApi(version);
  if (problems.length) throw new Error(`OpenAPI document incomplete:\n  ${problems.join('\n  ')}`);
  writeFileSync(path.join(outDir, OPENAPI_ROUTE_NAME, 'openapi.json'), JSON.stringify(document));
}
