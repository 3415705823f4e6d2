import type { APIGatewayProxyResultV2 } from 'aws-lambda';
import { ZodError } from 'zod';
import { API_SECURITY_HEADERS } from '../../../shared/security-headers';
import { DomainError, type FieldProblem } from '../../domain/errors';
import { logger } from '../../lib/logger';

export type { FieldProblem } from '../../domain/errors';

export function zodProblems(error: ZodError, prefix?: string): FieldProblem[] {
  return error.issues.map((issue) => ({
    field: [prefix, ...issue.path.map(String)].filter(Boolean).join('.') || prefix || 'body',
    message: issue.message,
  }));
}

export function json(status: number, body: unknown, extra: { cookies?: string[]; headers?: Record<string, string> } = {}): APIGatewayProxyResultV2 {
  return {
    statusCode: status,
    // Tenant data is never cached (a handler of public data may say otherwise); the security headers always win.
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...extra.headers, ...API_SECURITY_HEADERS },
    body: JSON.stringify(body),
    ...(extra.cookies?.length ? { cookies: extra.cookies } : {}),
  };
}

/** Maps any error to the error body of ARCHITECTURE §5; a 500 never carries internals. */
export function errorResponse(error: unknown, context: { requestId: string; route?: string; organizationId?: string }): APIGatewayProxyResultV2 {
  if (error instanceof DomainError) {
    if (error.status >= 500) logger.error('domain error', { ...context, error: error.message });
    return json(error.status, { success: false, error: error.message, ...(error.details !== undefined ? { details: error.details } : {}) });
  }
  if (error instanceof ZodError) {
    const details = zodProblems(error);
    return json(400, { success: false, error: `Invalid request: ${details.map((d) => `${d.field} ${d.message}`).join('; ')}`, details });
  }
  logger.error('unhandled error', {
    ...context,
    error: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
    stack: error instanceof Error ? error.stack : undefined,
  });
  return json(500, { success: false, error: 'Internal error', requestId: context.requestId });
}
