import type { MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyResultV2, Context } from 'aws-lambda';
import { z } from 'zod';
import { ValidationFailed } from '../../domain/errors';
import { zodProblems } from './errors';
import { header } from './state';

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

export function boundedHeaders(): MiddlewareObj<APIGatewayProxyEventV2, APIGatewayProxyResultV2, Error, Context> {
  return {
    before: async (request) => {
      const parsed = requestHeadersSchema.safeParse({
        'x-instance-id': header(request.event, 'x-instance-id'),
        authorization: header(request.event, 'authorization'),
      });
      if (parsed.success) return;
      const details = zodProblems(parsed.error);
      throw new ValidationFailed(`Invalid request: ${details.map((d) => `${d.field} header ${d.message}`).join('; ')}`, details);
    },
  };
}
