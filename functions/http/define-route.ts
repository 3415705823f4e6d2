import middy from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyResultV2, Context } from 'aws-lambda';
import * as z from 'zod';
import type { ZodType } from 'zod';
import { API_SECURITY_HEADERS } from '../../shared/security-headers';
import type { Caller } from '../domain/tenancy/caller';
import type { InstanceRecord } from '../domain/tenancy/records';
import { ValidationFailed } from '../domain/errors';
import { authenticate, checkPermission, errorHandler, resolveTenant, routeAndBody } from './middleware/chain';
import { json, zodProblems } from './middleware/errors';
import { boundedHeaders } from './middleware/headers';
import type { HttpEvent } from './middleware/state';
import { acceptCorrelationId, withLogScope } from '../lib/logger';
import { countHttpStatus } from '../lib/metrics';

// A handler is a few lines: defineRoute(schemas, useCase). The chain authenticates, resolves the
// tenant, checks the route's permission and validates path, query and body with zod.

export interface RouteSchemas<P extends ZodType, Q extends ZodType, B extends ZodType> {
  params?: P;
  query?: Q;
  body?: B;
}

export interface RouteInput<P, Q, B> {
  params: P;
  query: Q;
  body: B;
  caller: Caller | undefined;
  instance: InstanceRecord | undefined;
  event: APIGatewayProxyEventV2;
  requestId: string;
}

export interface RouteResult {
  status?: number;
  /** Answered as JSON. */
  body?: unknown;
  /** Answered as is instead of body (e.g. a CSV download); name its content-type in headers. */
  raw?: string;
  cookies?: string[];
  headers?: Record<string, string>;
}

function validate<T extends ZodType>(schema: T | undefined, value: unknown, where: string): z.infer<T> {
  if (!schema) return value as z.infer<T>;
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const details = zodProblems(parsed.error, where === 'body' ? undefined : where);
  throw new ValidationFailed(`Invalid request: ${details.map((d) => `${d.field} ${d.message}`).join('; ')}`, details);
}

export function defineRoute<P extends ZodType = ZodType, Q extends ZodType = ZodType, B extends ZodType = ZodType>(
  schemas: RouteSchemas<P, Q, B>,
  useCase: (input: RouteInput<z.infer<P>, z.infer<Q>, z.infer<B>>) => Promise<RouteResult>,
) {
  const handler = middy<APIGatewayProxyEventV2, APIGatewayProxyResultV2, Error, Context>()
    .use(errorHandler())
    .use(routeAndBody())
    .use(boundedHeaders())
    .use(authenticate())
    .use(resolveTenant())
    .use(checkPermission())
    .handler(async (event) => {
      const { qd } = event as HttpEvent;
      const params = validate(schemas.params, event.pathParameters ?? {}, 'path');
      const query = validate(schemas.query, event.queryStringParameters ?? {}, 'query');
      const body = validate(schemas.body, qd.body ?? {}, 'body');
      const result = await useCase({ params, query, body, caller: qd.caller, instance: qd.instance, event, requestId: qd.requestId });
      if (result.raw !== undefined) {
        return { statusCode: result.status ?? 200, headers: { 'cache-control': 'no-store', ...result.headers, ...API_SECURITY_HEADERS }, body: result.raw, ...(result.cookies?.length ? { cookies: result.cookies } : {}) };
      }
      return json(result.status ?? 200, result.body, { cookies: result.cookies, headers: result.headers });
    });
  // Every log line and metric of the request carries its correlation id (the caller's
  // x-correlation-id when plain and short, else API Gateway's request id) and the Lambda context;
  // the queue messages and scan jobs it starts carry the id on. Each answer counts its status class.
  const routed = async (event: APIGatewayProxyEventV2, context: Context): Promise<APIGatewayProxyResultV2> => {
    const fallback = event.requestContext?.requestId ?? context?.awsRequestId ?? 'unknown';
    const correlationId = acceptCorrelationId(event.headers?.['x-correlation-id'], fallback);
    return withLogScope({ correlationId, context }, async () => {
      const response = await handler(event, context);
      const status = typeof response === 'object' && response !== null ? response.statusCode : undefined;
      if (status !== undefined) countHttpStatus(event.routeKey, status);
      return response;
    });
  };
  // The schemas travel with the handler, so the OpenAPI generator and the fuzz walk of
  // test/security read every route's contract from the module the route table names.
  return Object.assign(routed, { routeSchemas: schemas as RouteSchemas<ZodType, ZodType, ZodType> });
}

/** A handler built by defineRoute: it carries its schemas. */
export function routeSchemasOf(handler: unknown): RouteSchemas<ZodType, ZodType, ZodType> | undefined {
  if ((typeof handler !== 'function' && typeof handler !== 'object') || handler === null) return undefined;
  const schemas = (handler as { routeSchemas?: unknown }).routeSchemas;
  return schemas && typeof schemas === 'object' ? (schemas as RouteSchemas<ZodType, ZodType, ZodType>) : undefined;
}

/** The caller of a signed-in route; the chain guarantees it is present. */
export function requireCaller(input: { caller: Caller | undefined }): Caller {
  if (!input.caller) throw new Error('route requires a signed-in caller');
  return input.caller;
}

export function requireInstance(input: { instance: InstanceRecord | undefined }): InstanceRecord {
  if (!input.instance) throw new Error('route requires an instance');
  return input.instance;
}
