import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { line } from './measure';

// npm run bench -- bundles: the JavaScript each page downloads before it shows (gzip), from the
// build's chunk graph (web/dist/.vite/manifest.json). A page is the entry plus the lazy modules its
// first render imports, each with every chunk it statically imports. Run `npm run build:web` first.

interface ManifestChunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}

const dist = path.resolve(import.meta.dirname, '../../web/dist');

/** The modules a first visit of each page loads (web/src/main.tsx decides public site or app); targets from issue 16. */
export const PAGES: Record<string, { modules: string[]; target: number | null }> = {
  '/': { modules: ['src/app/public/mount.tsx', 'src/features/marketing/components/landing-page.tsx'], target: 80 },
  '/pricing': { modules: ['src/app/public/mount.tsx', 'src/features/marketing/components/pricing-page.tsx'], target: 100 },
  '/docs': { modules: ['src/app/public/mount.tsx', 'src/features/docs/components/docs-page.tsx', 'src/features/docs/content/overview.md'], target: 100 },
  '/login': { modules: ['src/app/mount.tsx', 'src/features/auth/components/login-screen.tsx'], target: null },
  '/app/issues': { modules: ['src/app/mount.tsx', 'src/app/routes/app/root.tsx', 'src/features/issues/components/issues-page.tsx'], target: 150 },
};

export function pageFiles(manifest: Record<string, ManifestChunk>, modules: readonly string[]): string[] {
  const entry = Object.entries(manifest).find(([, c]) => c.isEntry)?.[0];
  if (!entry) throw new Error('manifest has no entry');
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`manifest has no chunk for ${key}`);
    if (files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  for (const key of [entry, ...modules]) visit(key);
  return [...files].filter((f) => f.endsWith('.js'));
}

export async function run(): Promise<boolean> {
  const manifestPath = path.join(dist, '.vite/manifest.json');
  if (!existsSync(manifestPath)) {
    console.error('web/dist/.vite/manifest.json is missing: run `npm run build:web` first');
    return false;
  }
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
  let passed = true;
  for (const [page, { modules, target }] of Object.entries(PAGES)) {
    const files = pageFiles(manifest, modules);
    const bytes = files.map((f) => gzipSync(readFileSync(path.join(dist, f)), { level: 9 }).length);
    const kb = Math.round((bytes.reduce((a, b) => a + b, 0) / 1024) * 10) / 10;
    if (target !== null && kb > target) passed = false;
    line('bundles', { metric: 'initialJsGzipKB', page, value: kb, target, chunks: files.length });
  }
  return passed;
}
