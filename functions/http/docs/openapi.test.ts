import { routeKey, routes } from '../../routes';
import { generateOpenApi } from './openapi-generate';
import { buildOpenApiDocument } from './openapi';
import * as z from 'zod';

// The API reference is generated: every route of the table must carry its schemas.

describe('OpenAPI document', () => {
  it('covers every route of the table, each with its schemas', async () => {
    const { document, problems } = await generateOpenApi('test');
    expect(problems).toEqual([]);
    const paths = document.paths as Record<string, Record<string, unknown>>;
    const documented = Object.entries(paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`));
    expect(documented.sort()).toEqual(routes.map(routeKey).sort());
    expect(document.openapi).toBe('3.1.0');
  }, 60_000);

  it('documents path, query, header and body from the zod schemas', async () => {
    const { document } = await generateOpenApi('test');
    const op = (document.paths as Record<string, Record<string, { parameters?: { name: string; in: string }[]; requestBody?: unknown }>>)['/api/{dataset}/resolve/{id}']!.post!;
    expect(op.parameters!.map((p) => `${p.in}:${p.name}`)).toEqual(expect.arrayContaining(['path:dataset', 'path:id', 'header:x-instance-id']));
    expect(op.requestBody).toBeDefined();
  }, 60_000);

  it('names a route whose handler lacks schemas or a path parameter schema', () => {
    const route = { method: 'GET', path: '/api/things/{id}', handler: 'x', access: 'signedIn', scope: 'none', area: 'admin', table: 'read' } as const;
    expect(buildOpenApiDocument([route], () => undefined, 't').problems).toEqual(['GET /api/things/{id}: handler x was not built with defineRoute (no schemas)']);
    expect(buildOpenApiDocument([route], () => ({ params: z.object({}) }), 't').problems).toEqual(['GET /api/things/{id}: path parameter(s) id have no schema']);
  });
});
