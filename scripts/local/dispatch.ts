import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { routeKey, routeName, routes, type Route } from '../../functions/routes';

// Turns a local HTTP request into the API Gateway v2 event of the route the table names, and calls
// that route's very handler: the same code path as in AWS.

interface CompiledRoute {
  route: Route;
  pattern: RegExp;
  params: string[];
  specificity: number[];
}

function compile(route: Route): CompiledRoute {
  const params: string[] = [];
  const segments = route.path.split('/').filter(Boolean);
  const source = segments
    .map((segment) => {
      const m = segment.match(/^\{(\w+)\}$/);
      if (m) {
        params.push(m[1]!);
        return '/([^/]+)';
      }
      return '/' + segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('');
  // API Gateway prefers literal segments over parameters, position by position.
  const specificity = segments.map((s) => (s.startsWith('{') ? 0 : 1));
  return { route, pattern: new RegExp(`^${source}/?$`), params, specificity };
}

const compiled = routes.map(compile).sort((a, b) => {
  for (let i = 0; i < Math.max(a.specificity.length, b.specificity.length); i++) {
    const d = (b.specificity[i] ?? -1) - (a.specificity[i] ?? -1);
    if (d !== 0) return d;
  }
  return 0;
});

/** A path API Gateway would refuse with 400 before any route runs (e.g. a malformed %-escape). */
export class MalformedPath extends Error {}

/** Throws MalformedPath for a path segment that is not valid percent-encoding, as API Gateway answers 400. */
export function matchRoute(method: string, path: string): { route: Route; pathParameters: Record<string, string> } | undefined {
  try {
    decodeURIComponent(path);
  } catch {
    throw new MalformedPath('The path holds a malformed percent-encoding');
  }
  for (const c of compiled) {
    if (c.route.method !== method) continue;
    const m = c.pattern.exec(path);
    if (!m) continue;
    const pathParameters: Record<string, string> = {};
    c.params.forEach((name, i) => (pathParameters[name] = decodeURIComponent(m[i + 1]!)));
    return { route: c.route, pathParameters };
  }
  return undefined;
}

const functionsDir = path.resolve(import.meta.dirname, '..', '..', 'functions');

type Handler = (event: APIGatewayProxyEventV2, context: Context) => Promise<APIGatewayProxyStructuredResultV2>;
const handlers = new Map<string, Promise<Handler>>();

function loadHandler(route: Route): Promise<Handler> {
  let loaded = handlers.get(route.handler);
  if (!loaded) {
    const file = pathToFileURL(path.join(functionsDir, `${route.handler}.ts`)).href;
    loaded = import(/* @vite-ignore */ file).then((m: { handler: Handler }) => m.handler);
    handlers.set(route.handler, loaded);
  }
  return loaded;
}

export function toEvent(
  req: IncomingMessage,
  url: URL,
  route: Route,
  pathParameters: Record<string, string>,
  body: Buffer,
): APIGatewayProxyEventV2 {
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(req.headers)) {
    if (v === undefined || k === 'cookie') continue;
    headers[k.toLowerCase()] = Array.isArray(v) ? v.join(',') : v;
  }
  const query: Record<string, string> = {};
  for (const [k, v] of url.searchParams) query[k] = k in query ? `${query[k]},${v}` : v;
  const cookies = req.headers.cookie?.split(';').map((c) => c.trim()).filter(Boolean);
  const now = Date.now();
  const requestId = randomUUID();
  return {
    version: '2.0',
    routeKey: routeKey(route),
    rawPath: url.pathname,
    rawQueryString: url.search.replace(/^\?/, ''),
    ...(cookies?.length ? { cookies } : {}),
    headers,
    ...(Object.keys(query).length ? { queryStringParameters: query } : {}),
    ...(Object.keys(pathParameters).length ? { pathParameters } : {}),
    requestContext: {
      accountId: 'local',
      apiId: 'local',
      domainName: url.host,
      domainPrefix: url.hostname.split('.')[0] ?? 'localhost',
      http: {
        method: req.method ?? 'GET',
        path: url.pathname,
        protocol: `HTTP/${req.httpVersion}`,
        sourceIp: req.socket.remoteAddress ?? '127.0.0.1',
        userAgent: req.headers['user-agent'] ?? '',
      },
      requestId,
      routeKey: routeKey(route),
      stage: '$default',
      time: new Date(now).toISOString(),
      timeEpoch: now,
    },
    ...(body.length ? { body: body.toString('utf8') } : {}),
    isBase64Encoded: false,
  };
}

function lambdaContext(route: Route, requestId: string): Context {
  const started = Date.now();
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName: routeName(route),
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:${routeName(route)}`,
    memoryLimitInMB: '512',
    awsRequestId: requestId,
    logGroupName: `/aws/lambda/${routeName(route)}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, 29_000 - (Date.now() - started)),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}

export async function invoke(route: Route, event: APIGatewayProxyEventV2): Promise<APIGatewayProxyStructuredResultV2> {
  const handler = await loadHandler(route);
  return handler(event, lambdaContext(route, event.requestContext.requestId));
}
