import { useEffect, useState } from 'react';
import { publicRequest } from '../../../lib/public-fetch';
import { cn } from '../../../utils/cn';

// Renders the OpenAPI 3.1 document the API serves (GET /api/openapi.json), generated from the
// route table and each handler's zod schemas: this page cannot drift from the code.

interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  schema?: unknown;
}
interface Operation {
  summary?: string;
  description?: string;
  tags?: string[];
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: unknown }> };
  security?: unknown[];
  'x-access'?: string;
}
interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<string, Record<string, Operation>>;
}

const METHOD_COLOURS: Record<string, string> = {
  get: 'bg-success-soft text-success',
  post: 'bg-accent text-accent-foreground',
  put: 'bg-warning-soft text-warning',
  patch: 'bg-warning-soft text-warning',
  delete: 'bg-danger-soft text-danger',
};

function isDocument(body: unknown): body is OpenApiDocument {
  return !!body && typeof body === 'object' && typeof (body as OpenApiDocument).openapi === 'string' && typeof (body as OpenApiDocument).paths === 'object';
}

function schemaSummary(schema: unknown): string {
  if (!schema || typeof schema !== 'object') return '';
  const s = schema as { type?: string; enum?: unknown[]; maxLength?: number; format?: string };
  if (s.enum) return s.enum.map(String).join(' | ');
  return [s.type, s.format, s.maxLength !== undefined ? `≤ ${s.maxLength} chars` : undefined].filter(Boolean).join(', ');
}

export function ApiReference() {
  const [doc, setDoc] = useState<OpenApiDocument | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const controller = new AbortController();
    publicRequest('/openapi.json', { signal: controller.signal }).then(
      (body) => (isDocument(body) ? setDoc(body) : setFailed(true)),
      () => !controller.signal.aborted && setFailed(true),
    );
    return () => controller.abort();
  }, []);

  if (failed) return <p role="alert">The API reference could not be loaded. Reload to try again.</p>;
  if (!doc) return <p className="text-sm text-muted-foreground">Loading the API reference…</p>;

  const operations = Object.entries(doc.paths).flatMap(([path, methods]) => Object.entries(methods).map(([method, op]) => ({ path, method, op })));
  const tags = [...new Set(operations.map((o) => o.op.tags?.[0] ?? 'other'))];
  return (
    <div>
      <h1 className="text-3xl font-bold tracking-tight">API reference</h1>
      <p className="mt-2 text-muted-foreground">
        {operations.length} endpoints of {doc.info.title} {doc.info.version}, generated from the route table and the handlers’ schemas. Download the{' '}
        <a className="text-primary underline" href="/api/openapi.json">
          OpenAPI 3.1 document
        </a>
        . Calls send JSON, a Bearer token when signed in, and <code>x-instance-id</code> for instance-scoped routes.
      </p>
      {tags.map((tag) => (
        <section key={tag} aria-labelledby={`api-${tag}`} className="mt-10">
          <h2 id={`api-${tag}`} className="border-b pb-2 text-xl font-semibold capitalize">
            {tag}
          </h2>
          <ul className="mt-4 flex flex-col gap-4">
            {operations
              .filter((o) => (o.op.tags?.[0] ?? 'other') === tag)
              .map(({ path, method, op }) => {
                const body = op.requestBody?.content?.['application/json']?.schema;
                return (
                  <li key={`${method} ${path}`} className="rounded-xl border bg-card p-4">
                    <p className="flex flex-wrap items-center gap-2 font-mono text-sm">
                      <span className={cn('rounded px-2 py-0.5 text-xs font-bold uppercase', METHOD_COLOURS[method])}>{method}</span>
                      <span className="break-all">{path}</span>
                    </p>
                    {op.summary ? <p className="mt-2 text-sm text-muted-foreground">{op.summary}</p> : null}
                    {op.parameters?.length ? (
                      <table className="mt-3 w-full text-left text-sm">
                        <caption className="sr-only">Parameters of {method.toUpperCase()} {path}</caption>
                        <thead className="text-xs text-muted-foreground">
                          <tr>
                            <th scope="col" className="py-1 pr-3 font-medium">Parameter</th>
                            <th scope="col" className="py-1 pr-3 font-medium">In</th>
                            <th scope="col" className="py-1 font-medium">Schema</th>
                          </tr>
                        </thead>
                        <tbody>
                          {op.parameters.map((p) => (
                            <tr key={`${p.in}-${p.name}`} className="border-t">
                              <td className="py-1 pr-3 font-mono">
                                {p.name}
                                {p.required ? <span className="text-danger" title="required"> *</span> : null}
                              </td>
                              <td className="py-1 pr-3">{p.in}</td>
                              <td className="py-1">{schemaSummary(p.schema)}</td>
                            </tr>
                          ))}
                        </tbody>
                      </table>
                    ) : null}
                    {body ? (
                      <details className="mt-3">
                        <summary className="cursor-pointer text-sm font-medium">Request body</summary>
                        <pre className="mt-2 max-h-96 overflow-auto rounded-lg bg-muted p-3 text-xs">
                          <code>{JSON.stringify(body, null, 2)}</code>
                        </pre>
                      </details>
                    ) : null}
                  </li>
                );
              })}
          </ul>
        </section>
      ))}
    </div>
  );
}
