import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as z from 'zod';
import { getConfig } from '../../config';
import { defineRoute } from '../define-route';

// GET /api/openapi.json. Deployed, the document was generated at build time and ships beside the
// bundle (infra/build-functions.ts); locally it is generated from the live code on first call.

const BUNDLED = fileURLToPath(new URL('./openapi.json', import.meta.url));
let document: Promise<unknown> | undefined;

async function load(): Promise<unknown> {
  if (existsSync(BUNDLED)) return JSON.parse(readFileSync(BUNDLED, 'utf8')) as unknown;
  const { generateOpenApi } = await import('./openapi-generate');
  return (await generateOpenApi(getConfig().appVersion)).document;
}

/**
 * The document, loaded or generated once. The local server asks for it as soon as it listens:
 * generated from the code, the first call imports every route's schemas, seconds of work that on
 * a busy machine would otherwise fall on the first reader of the API reference.
 */
export function openApiDocument(): Promise<unknown> {
  document ??= load().catch((error: unknown) => {
    document = undefined;
    throw error;
  });
  return document;
}

export const handler = defineRoute({ query: z.object({}) }, async () => {
  return { body: await openApiDocument(), headers: { 'cache-control': 'public, max-age=300' } };
});
