// Which addresses the public site serves (spec 2 §2.1, §2.7, §2.8). They load their own small
// bundle and never the app shell (web/src/main.tsx picks one or the other on the first load).
// /docs/internal needs a signed-in user, so it belongs to the app.

const PUBLIC_EXACT = new Set(['/', '/pricing', '/docs', '/terms', '/privacy']);

export function normalizePath(pathname: string): string {
  return pathname.replace(/\/+$/, '') || '/';
}

export function isPublicPath(pathname: string): boolean {
  const path = normalizePath(pathname);
  if (PUBLIC_EXACT.has(path)) return true;
  return path.startsWith('/docs/') && path !== '/docs/internal' && !path.startsWith('/docs/internal/');
}
