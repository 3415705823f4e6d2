import { isPublicPath, normalizePath } from './config/public-paths';
import './index.css';

// Two sites share this page: the public site (landing, pricing, docs, legal) and the signed-in
// app. The first load picks one, so a visitor of / never downloads the app shell, and the app
// never downloads the marketing pages.

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

if (isPublicPath(window.location.pathname)) {
  // The page's own chunk is fetched alongside the site's, not after it: one round trip less
  // before the first paint (the site's lazy() finds the module already loaded).
  void Promise.all([import('./app/public/mount'), preloadPublicPage(window.location.pathname)]).then(([{ mountPublicSite }]) => mountPublicSite(root));
} else {
  // The login screen's chunk likewise (the route's lazy() finds it loaded): a visitor of /login
  // otherwise waited for the app's mount, then the router, before asking for it.
  if (normalizePath(window.location.pathname) === '/login') void import('./features/auth/components/login-screen').catch(() => undefined);
  void import('./app/mount').then(({ mountApp }) => mountApp(root));
}

function preloadPublicPage(pathname: string): Promise<unknown> {
  const path = normalizePath(pathname);
  const page =
    path === '/'
      ? import('./features/marketing/components/landing-page')
      : path === '/pricing'
        ? import('./features/marketing/components/pricing-page')
        : path.startsWith('/docs')
          ? import('./features/docs/components/docs-page')
          : Promise.resolve();
  return page.catch(() => undefined);
}
