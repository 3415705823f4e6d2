import type { MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyResultV2, Context } from 'aws-lambda';
import { getConfig } from '../../config';
import { tenancyRepository } from '../../adapters/dynamodb/tenancy-repository';
import { InvalidToken, verifyIdToken } from '../../adapters/identity/token-verifier';
import { Forbidden, NotFound, Unauthorized, UnsupportedMediaType, ValidationFailed } from '../../domain/errors';
import { managesOrganization } from '../../domain/tenancy/caller';
import { assertOrganizationAccess, resolveCallerWithInstance } from '../../domain/tenancy/resolve';
import { ipAllowed, ipRefusal } from '../../domain/tenancy/ip-allowlist';
import { sourceIpOf } from './source-ip';
import { logger } from '../../lib/logger';
import { recordTiming } from '../../lib/route-timings';
import { findRouteByKey } from './route-lookup';
import { errorResponse } from './errors';
import { header, type HttpEvent } from './state';

// The middy chain of ARCHITECTURE §5, in order: errors → body → authentication → tenant →
// permission. Validation of path, query and body follows in defineRoute.

/** When each request entered the chain (GET /qa/performance reads the timings). */
const requestStarts = new WeakMap<object, number>();

type Mw = MiddlewareObj<APIGatewayProxyEventV2, APIGatewayProxyResultV2, Error, Context>;

export function errorHandler(): Mw {
  return {
    onError: async (request) => {
      const event = request.event as Partial<HttpEvent>;
      request.response = errorResponse(request.error, {
        requestId: request.context.awsRequestId ?? 'unknown',
        route: request.event.routeKey,
        organizationId: event.qd?.caller?.organization.id,
      });
    },
  };
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
export const JSON_ONLY = 'Content-Type must be application/json';

/**
 * Cross-site request forgery (issue 8 item 4): a foreign page can post a "simple" body (text/plain,
 * form encodings) without a preflight, but never application/json. So a state-changing request
 * with a body must say application/json, and one without a body may name no other type. Reads
 * are not checked.
 */
export function assertJsonContentType(method: string, contentType: string | undefined, hasBody: boolean): void {
  if (!STATE_CHANGING.has(method.toUpperCase())) return;
  const mediaType = contentType?.split(';')[0]?.trim().toLowerCase();
  if (mediaType === 'application/json') return;
  if (!hasBody && !mediaType) return;
  throw new UnsupportedMediaType(JSON_ONLY, [{ field: 'content-type', message: 'must be application/json' }]);
}

/** Finds the route entry by the API Gateway routeKey and parses the JSON body. */
export function routeAndBody(): Mw {
  return {
    before: async (request) => {
      const route = findRouteByKey(request.event.routeKey);
      if (!route) throw new Error(`No route table entry for ${request.event.routeKey}`);
      if (route.demoOnly && !getConfig().demoMode) throw new NotFound('Not found');
      if (route.qaOnly && !getConfig().qaMode) throw new NotFound('Not found');
      requestStarts.set(request.event, Date.now());
      const raw = request.event.body;
      assertJsonContentType(route.method, header(request.event, 'content-type'), raw !== undefined && raw !== null && raw !== '');
      let body: unknown = undefined;
      if (raw !== undefined && raw !== null && raw !== '') {
        const text = request.event.isBase64Encoded ? Buffer.from(raw, 'base64').toString('utf8') : raw;
        try {
          body = JSON.parse(text);
        } catch {
          throw new ValidationFailed('Request body must be valid JSON', [{ field: 'body', message: 'must be valid JSON' }]);
        }
      }
      (request.event as HttpEvent).qd = { route, requestId: request.context.awsRequestId ?? 'unknown', body };
    },
  };
}

export function authenticate(): Mw {
  return {
    before: async (request) => {
      const state = (request.event as HttpEvent).qd;
      if (state.route.access === 'public') return;
      const authorization = header(request.event, 'authorization');
      const match = authorization?.match(/^Bearer\s+(.+)$/i);
      if (!match) throw new Unauthorized('Authentication required');
      try {
        state.identity = await verifyIdToken(match[1]!.trim());
      } catch (error) {
        if (error instanceof InvalidToken) throw new Unauthorized('Invalid or expired token');
        throw error;
      }
    },
  };
}

export function resolveTenant(): Mw {
  return {
    before: async (request) => {
      const state = (request.event as HttpEvent).qd;
      if (!state.identity) return;
      // The instance a request names is read alongside the caller's organization (one round trip
      // fewer) and used only after the caller's own checks below have passed.
      const namedInstance =
        state.route.scope === 'instance'
          ? header(request.event, 'x-instance-id')?.trim() || undefined
          : state.route.scope === 'pathInstance'
            ? request.event.pathParameters?.id
            : undefined;
      const resolved = await resolveCallerWithInstance(tenancyRepository, state.identity, namedInstance);
      state.caller = resolved.caller;
      // The caller's organization's IP allowlist (issue 14 §5), before any tenant data is touched.
      const allowlist = state.caller.organization.ipAllowlist?.cidrs;
      const source = sourceIpOf(request.event);
      if (!ipAllowed(source, allowlist)) throw new Forbidden(ipRefusal(source));
      if (state.route.scope === 'instance') {
        if (!namedInstance) {
          throw new ValidationFailed('x-instance-id header is required', [{ field: 'x-instance-id', message: 'is required' }]);
        }
        state.instance = resolved.instance();
      } else if (state.route.scope === 'pathInstance') {
        if (!namedInstance) throw new Error(`Route ${state.route.path} is instance-scoped by path but has no {id}`);
        state.instance = resolved.instance();
      } else if (state.route.scope === 'organization') {
        const orgId = request.event.pathParameters?.orgId ?? request.event.pathParameters?.id;
        if (!orgId) throw new Error(`Route ${state.route.path} is organization-scoped but has no {orgId}`);
        assertOrganizationAccess(state.caller, orgId);
      }
    },
  };
}

export function checkPermission(): Mw {
  return {
    before: async (request) => {
      const { route, caller } = (request.event as HttpEvent).qd;
      switch (route.access) {
        case 'public':
        case 'signedIn':
          return;
        case 'orgAdmin':
          if (caller && managesOrganization(caller)) return;
          throw new Forbidden(route.deniedMessage ?? 'Admin access required');
        case 'superAdmin':
          if (caller?.isSuperAdmin) return;
          throw new Forbidden(route.deniedMessage ?? 'Super admin access required');
      }
    },
    after: async (request) => {
      const { route, caller } = (request.event as HttpEvent).qd ?? {};
      const status = typeof request.response === 'object' ? request.response?.statusCode : undefined;
      const started = requestStarts.get(request.event);
      if (route && started !== undefined) recordTiming(`${route.method} ${route.path}`, Date.now() - started);
      logger.info('request', {
        requestId: request.context.awsRequestId,
        route: route ? `${route.method} ${route.path}` : request.event.routeKey,
        organizationId: caller?.organization.id,
        status,
      });
    },
  };
}
