import { lazy, Suspense, type ComponentType } from 'react';
import { PublicLayout } from '../../components/public/public-layout';
import { Seo } from '../../components/public/seo';
import { PublicLink, usePublicNavigation } from './navigation';

// The public site's pages; each is its own chunk, so / does not download the docs or pricing.
const LandingPage = lazy(() => import('../../features/marketing/components/landing-page').then((m) => ({ default: m.LandingPage })));
const PricingPage = lazy(() => import('../../features/marketing/components/pricing-page').then((m) => ({ default: m.PricingPage })));
const DocsPage = lazy(() => import('../../features/docs/components/docs-page').then((m) => ({ default: m.DocsPage })));
const TermsPage = lazy(() => import('../../features/legal/components/terms-page').then((m) => ({ default: m.TermsPage })));
const PrivacyPage = lazy(() => import('../../features/legal/components/privacy-page').then((m) => ({ default: m.PrivacyPage })));

function PublicNotFound() {
  return (
    <div className="mx-auto max-w-xl px-4 py-24 text-center">
      <Seo title="Page not found" description="This page does not exist." path={window.location.pathname} />
      <h1 className="text-3xl font-bold">Page not found</h1>
      <p className="mt-2 text-muted-foreground">The page you are looking for does not exist or has moved.</p>
      <PublicLink href="/" className="mt-6 inline-block text-primary underline">
        Go to the home page
      </PublicLink>
    </div>
  );
}

export function pageFor(pathname: string): ComponentType {
  if (pathname === '/') return LandingPage;
  if (pathname === '/pricing') return PricingPage;
  if (pathname === '/terms') return TermsPage;
  if (pathname === '/privacy') return PrivacyPage;
  if (pathname === '/docs' || pathname.startsWith('/docs/')) return DocsPage;
  return PublicNotFound;
}

export function PublicSite() {
  const { location } = usePublicNavigation();
  const Page = pageFor(location.pathname);
  return (
    <PublicLayout>
      <Suspense fallback={<div className="min-h-dvh" aria-busy="true" />}>
        <Page />
      </Suspense>
    </PublicLayout>
  );
}
