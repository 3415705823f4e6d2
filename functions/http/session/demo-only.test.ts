import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { beforeAll, describe, expect, it } from 'vitest';

// Outside demo mode the demo-only routes do not exist (404), before anything else is touched.

type Handler = (e: APIGatewayProxyEventV2, c: Context) => Promise<APIGatewayProxyStructuredResultV2>;

function event(routeKey: string, body?: unknown): APIGatewayProxyEventV2 {
  const [method, path] = routeKey.split(' ');
  return {
    version: '2.0',
    routeKey,
    rawPath: path!,
    rawQueryString: '',
    headers: { 'content-type': 'application/json' },
    requestContext: { http: { method: method!, path: path! }, requestId: 'r' } as APIGatewayProxyEventV2['requestContext'],
    body: body ? JSON.stringify(body) : undefined,
    isBase64Encoded: false,
  };
}

describe('demo-only routes with DEMO_MODE off', () => {
  beforeAll(() => {
    Object.assign(process.env, { TABLE_NAME: 't', USER_POOL_ID: 'p', USER_POOL_CLIENT_ID: 'c', DEMO_MODE: 'false', EMERGENCY_ACCESS_CODE: 'CODE' });
  });

  it.each([
    ['./demo-config', 'GET /api/auth/demo-config', undefined],
    ['./emergency-access', 'POST /api/auth/admin/emergency-access', { email: 'a@b.c', emergency_code: 'CODE' }],
  ])('%s answers 404', async (module, routeKey, body) => {
    const { handler } = (await import(module)) as { handler: Handler };
    const res = await handler(event(routeKey, body), { awsRequestId: 'r' } as Context);
    expect(res.statusCode).toBe(404);
    expect(JSON.parse(res.body!)).toEqual({ success: false, error: 'Not found' });
  });
});
