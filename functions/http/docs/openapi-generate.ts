import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { routes } from '../../routes';
import { routeSchemasOf } from '../define-route';
import { buildOpenApiDocument, type OpenApiResult } from './openapi';

// Loads every handler the route table names (AWS clients are created on first use, never at
// import) and builds the document from the schemas defineRoute attached to them.

const functionsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export async function generateOpenApi(version: string): Promise<OpenApiResult> {
  const schemas = new Map<string, ReturnType<typeof routeSchemasOf>>();
  for (const route of routes) {
    if (schemas.has(route.handler)) continue;
    const file = pathToFileURL(path.join(functionsDir, `${route.handler}.ts`)).href;
    const mod = (await import(/* @vite-ignore */ file)) as { handler?: unknown };
    schemas.set(route.handler, routeSchemasOf(mod.handler));
  }
  return buildOpenApiDocument(routes, (route) => schemas.get(route.handler), version);
}
