import * as z from 'zod';
import type { ZodType } from 'zod';
import type { Route } from '../../routes';
import { routeName } from '../../routes';
import type { RouteSchemas } from '../define-route';

// The API reference (issue 16): an OpenAPI 3.1 document built from the route table and the zod
// schemas each handler declares through defineRoute. Nothing here is written by hand per route.

type Schemas = RouteSchemas<ZodType, ZodType, ZodType>;
type JsonSchema = Record<string, unknown>;

export interface OpenApiResult {
  document: Record<string, unknown>;
  /** Routes whose contract is incomplete: no defineRoute schemas, or path parameters without a schema. */
  problems: string[];
}

const ACCESS_TEXT: Record<Route['access'], string> = {
  public: 'Public: no token.',
  signedIn: 'Any signed-in member.',
  orgAdmin: 'Organization admins (is_org_admin or the admin permission) and super admins.',
  superAdmin: 'Super admins.',
};

const SCOPE_TEXT: Record<Route['scope'], string> = {
  none: '',
  instance: ' Acts on the instance named by x-instance-id, checked against the caller’s memberships.',
  organization: ' Acts on the {orgId} organization, checked against the caller’s organization.',
  pathInstance: ' Acts on the instance named by the {id} path parameter, checked against the caller’s memberships.',
};

function toJsonSchema(schema: ZodType): JsonSchema {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any', target: 'draft-2020-12' }) as JsonSchema;
  delete json.$schema;
  return json;
}

function objectProperties(schema: ZodType | undefined): { properties: Record<string, JsonSchema>; required: string[] } {
  if (!schema) return { properties: {}, required: [] };
  const json = toJsonSchema(schema);
  return { properties: (json.properties as Record<string, JsonSchema> | undefined) ?? {}, required: (json.required as string[] | undefined) ?? [] };
}

export function pathParameterNames(path: string): string[] {
  return [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
}

export function buildOpenApiDocument(routes: readonly Route[], schemasOf: (route: Route) => Schemas | undefined, version: string): OpenApiResult {
  const paths: Record<string, Record<string, unknown>> = {};
  const problems: string[] = [];
  for (const route of routes) {
    const key = `${route.method} ${route.path}`;
    const schemas = schemasOf(route);
    if (!schemas) {
      problems.push(`${key}: handler ${route.handler} was not built with defineRoute (no schemas)`);
      continue;
    }
    const params = objectProperties(schemas.params);
    const missingParams = pathParameterNames(route.path).filter((name) => !(name in params.properties));
    if (missingParams.length) problems.push(`${key}: path parameter(s) ${missingParams.join(', ')} have no schema`);
    const query = objectProperties(schemas.query);
    const parameters: unknown[] = [
      ...pathParameterNames(route.path).map((name) => ({ name, in: 'path', required: true, schema: params.properties[name] ?? { type: 'string' } })),
      ...Object.entries(query.properties).map(([name, schema]) => ({ name, in: 'query', required: query.required.includes(name), schema })),
      ...(route.scope === 'instance' ? [{ name: 'x-instance-id', in: 'header', required: true, schema: { type: 'string', maxLength: 128 } }] : []),
    ];
    const operation: Record<string, unknown> = {
      operationId: routeName(route),
      tags: [route.area],
      summary: `${ACCESS_TEXT[route.access]}${SCOPE_TEXT[route.scope]}${route.demoOnly ? ' Demo mode only.' : ''}`,
      'x-access': route.access,
      'x-scope': route.scope,
      security: route.access === 'public' ? [] : [{ bearer: [] }],
      ...(parameters.length ? { parameters } : {}),
      responses: {
        '200': { description: 'Success: `{ success: true, ... }`.' },
        '400': { $ref: '#/components/responses/BadRequest' },
        ...(route.access === 'public' ? {} : { '401': { $ref: '#/components/responses/Unauthorized' }, '403': { $ref: '#/components/responses/Forbidden' } }),
      },
    };
    if (schemas.body && route.method !== 'GET' && route.method !== 'DELETE') {
      operation.requestBody = { required: true, content: { 'application/json': { schema: toJsonSchema(schemas.body) } } };
    }
    (paths[route.path] ??= {})[route.method.toLowerCase()] = operation;
  }
  const error = { type: 'object', required: ['success', 'error'], properties: { success: { const: false }, error: { type: 'string' }, details: {}, requestId: { type: 'string' } } };
  const document = {
    openapi: '3.1.0',
    info: { title: 'Quality Desk API', version, description: 'Generated from the route table and the handlers’ zod schemas.' },
    servers: [{ url: '/' }],
    paths,
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      schemas: { Error: error },
      responses: {
        BadRequest: { description: 'Invalid input; details name the field.', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
        Unauthorized: { description: 'No valid token.', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
        Forbidden: { description: 'Not allowed for this caller or tenant.', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
      },
    },
  };
  return { document, problems };
}
