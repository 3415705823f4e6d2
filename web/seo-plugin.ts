import type { Plugin } from 'vite';

// robots.txt and sitemap.xml for the public pages, written at build time: a sitemap needs
// absolute addresses, so the site's origin comes from VITE_SITE_URL.

export const PUBLIC_PAGES = ['/', '/pricing', '/docs', '/docs/quick-start', '/docs/user-guide', '/docs/admin-guide', '/docs/ORGANIZATION_ADMIN_GUIDE.md', '/docs/api', '/docs/compliance', '/docs/releases', '/terms', '/privacy'];

export function seoPlugin(siteUrl: string): Plugin {
  const origin = siteUrl.replace(/\/$/, '');
  return {
    name: 'quality-desk-seo',
    apply: 'build',
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: 'robots.txt',
        source: `User-agent: *\nAllow: /\nDisallow: /app\nDisallow: /billing\nDisallow: /docs/internal\nDisallow: /login\nDisallow: /invite\nDisallow: /api/\n\nSitemap: ${origin}/sitemap.xml\n`,
      });
      const urls = PUBLIC_PAGES.map((p) => `  <url><loc>${origin}${p}</loc></url>`).join('\n');
      this.emitFile({ type: 'asset', fileName: 'sitemap.xml', source: `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n` });
    },
  };
}
