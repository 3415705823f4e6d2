import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { beforeAll, describe, expect, it } from 'vitest';
import { qaRoutes, routeKey } from '../../routes';

// Outside QA mode (the default when deployed) every QA route answers 404 before anything else.

type Handler = (e: APIGatewayProxyEventV2, c: Context) => Promise<APIGatewayProxyStructuredResultV2>;

function event(key: string): APIGatewayProxyEventV2 {
  const [method, path] = key.split(' ');
  return {
    version: '2.0',
    routeKey: key,
    rawPath: path!,
    rawQueryString: '',
    headers: { 'content-type': 'application/json' },
    pathParameters: { orgId: 'org_demo', instanceId: 'inst_demo_prod' },
    requestContext: { http: { method: method!, path: path! }, requestId: 'r' } as APIGatewayProxyEventV2['requestContext'],
    body: JSON.stringify({ confirm: 'RESET_ALL_DATA' }),
    isBase64Encoded: false,
  };
}

describe('QA routes with QA_MODE unset', () => {
  beforeAll(() => {
    Object.assign(process.env, { TABLE_NAME: 't', USER_POOL_ID: 'p', USER_POOL_CLIENT_ID: 'c' });
    delete process.env.QA_MODE;
  });

  it('covers every /qa and /api/qa-validation route of the table', () => {
    expect(qaRoutes.length).toBe(19);
    expect(qaRoutes.filter((r) => r.path.startsWith('/api/qa-validation/'))).toHaveLength(9);
    for (const r of qaRoutes) expect(r.qaOnly).toBe(true);
  });

  it.each(qaRoutes.map((r) => [routeKey(r), r.handler] as const))('%s answers 404', async (key, module) => {
    const { handler } = (await import(`../../${module}`)) as { handler: Handler };
    const res = await handler(event(key), { awsRequestId: 'r' } as Context);
    expect(res.statusCode).toBe(404);
    expect(JSON.parse(res.body!)).toEqual({ success: false, error: 'Not found' });
    // The first import of a handler transforms its whole module graph: seconds on a loaded machine.
  }, 60_000);
});
