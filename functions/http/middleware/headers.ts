import type { MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyResultV2, Context } from 'aws-lambda';
import * as z from 'zod';
import { ValidationFailed } from '../../domain/errors';
import { zodProblems } from './errors';
import { header, type HttpEvent } from './state';

// The request headers the chain reads, bounded before anything uses them (issue 8 §7): an
// over-long x-instance-id once reached DynamoDB as a key (1,024-byte limit) and answered 500.

/** Instance ids are short slugs (inst_demo_prod, inst_<ulid>); '#' would split a key. */
export const instanceIdHeaderSchema = z
  .string()
  .trim()
  .max(128, { message: 'must be at most 128 characters', abort: true })
  .regex(/^[A-Za-z0-9_.-]*$/, 'must be an instance id (letters, digits, _ . -)');

/** A Cognito ID token is about 1–2 kB; anything much longer is not one. */
export const authorizationHeaderSchema = z.string().max(8192, 'must be at most 8192 characters');

export const requestHeadersSchema = z.object({
  'x-instance-id': instanceIdHeaderSchema.optional(),
  authorization: authorizationHeaderSchema.optional(),
});

/** Organization ids (org_demo, org_<ulid>) follow the same rule as instance ids. */
export const tenantIdParamSchema = z
  .string()
  .max(128, { message: 'must be at most 128 characters', abort: true })
  .regex(/^[A-Za-z0-9_.-]+$/, 'must be an id (letters, digits, _ . -)');

/**
 * Bounds the headers, and the path parameters that the tenant resolution reads before the route's
 * own schemas run ({id} of an instance-scoped-by-path route, {orgId} of an organization route).
 */
export function boundedHeaders(): MiddlewareObj<APIGatewayProxyEventV2, APIGatewayProxyResultV2, Error, Context> {
  return {
    before: async (request) => {
      const parsed = requestHeadersSchema.safeParse({
        'x-instance-id': header(request.event, 'x-instance-id'),
        authorization: header(request.event, 'authorization'),
      });
      if (!parsed.success) {
        const details = zodProblems(parsed.error);
        throw new ValidationFailed(`Invalid request: ${details.map((d) => `${d.field} header ${d.message}`).join('; ')}`, details);
      }
      const { route } = (request.event as HttpEvent).qd;
      const params = request.event.pathParameters ?? {};
      const tenantParams = route.scope === 'pathInstance' ? ['id'] : route.scope === 'organization' ? ['orgId', 'id'] : [];
      for (const name of tenantParams) {
        const value = params[name];
        if (value === undefined) continue;
        const checked = tenantIdParamSchema.safeParse(value);
        if (!checked.success) {
          const details = zodProblems(checked.error, `path.${name}`);
          throw new ValidationFailed(`Invalid request: ${details.map((d) => `${d.field} ${d.message}`).join('; ')}`, details);
        }
        break;
      }
    },
  };
}
