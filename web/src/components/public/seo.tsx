import { env } from '../../config/env';
import { STORAGE_KEYS } from '../../../../shared/constants';

// Titles, descriptions and Open Graph tags of a public page (React hoists them into <head>).
// Demo deployments are not for search engines: noindex when demo mode is on, as the login does.

function demoMode(): boolean {
  try {
    return new URLSearchParams(window.location.search).get('r') === 'demo' || window.localStorage.getItem(STORAGE_KEYS.demoModeActive) === 'true';
  } catch {
    return false;
  }
}

export function Seo({ title, description, path }: { title: string; description: string; path: string }) {
  const fullTitle = path === '/' ? `${env.appName}: ${title}` : `${title} · ${env.appName}`;
  const url = `${window.location.origin}${path}`;
  return (
    <>
      <title>{fullTitle}</title>
      <meta name="description" content={description} />
      <link rel="canonical" href={url} />
      <meta property="og:type" content="website" />
      <meta property="og:site_name" content={env.appName} />
      <meta property="og:title" content={fullTitle} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={url} />
      <meta name="twitter:card" content="summary" />
      {demoMode() ? <meta name="robots" content="noindex, nofollow" /> : null}
    </>
  );
}
