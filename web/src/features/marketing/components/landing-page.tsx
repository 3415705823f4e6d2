import { Activity, ArrowRight, Building2, Factory, HeartPulse, History, Layers, ListChecks, ShieldCheck, ShoppingCart, Sparkles, Zap, type LucideIcon } from 'lucide-react';
import { useMemo } from 'react';
import { Seo } from '../../../components/public/seo';
import { buttonClasses } from '../../../components/ui/button';
import { PublicLink } from '../../../app/public/navigation';
import { useMarketingStats } from '../api/get-stats';
import { assignVariant } from '../utils/ab-test';
import { trackEvent } from '../utils/analytics';
import { CTA_TEST, CTA_WORDING, ctaKind, pricingViewed, recordVisit } from '../utils/cta';
import { ExitIntent } from './exit-intent';
import { SocialProof } from './social-proof';
import { StatCounter } from './stat-counter';
import { WaitlistForm } from './waitlist-form';

const FEATURES: { icon: LucideIcon; title: string; text: string }[] = [
  { icon: ListChecks, title: 'Issue detection', text: 'Checks run over your CSV datasets (or import Soda and Great Expectations results) and every failing row becomes an issue with its column, value and check.' },
  { icon: Sparkles, title: 'AI-suggested fixes', text: 'A suggestion per failed row with confidence and reasoning, from the built-in engine, Amazon Bedrock or any OpenAI-compatible model. One credit per processed row.' },
  { icon: Zap, title: 'Bulk triage', text: 'Resolve, mute for a day to indefinitely, or unmute one row or hundreds at once, with keyboard shortcuts for every action.' },
  { icon: History, title: 'History and export', text: 'Every change keeps its history event, written in the same transaction; export your fixes as CSV or JSON for the source system.' },
  { icon: Activity, title: 'Quality dashboard', text: 'Exact counts of open, resolved and muted rows per dataset and scan, at any size, so progress is a number, not a guess.' },
  { icon: ShieldCheck, title: 'Tenant isolation', text: 'Organizations, instances and roles keep every team to its own data; each request is checked against the caller’s memberships.' },
];

const INDUSTRIES: { icon: LucideIcon; title: string; text: string }[] = [
  { icon: Building2, title: 'Financial services', text: 'Account numbers, currency codes and amounts that fail format and range checks, fixed before they reach reporting.' },
  { icon: HeartPulse, title: 'Healthcare', text: 'Missing or malformed patient and provider fields, phone numbers and codes, corrected with a reviewed history of each change.' },
  { icon: ShoppingCart, title: 'E-commerce', text: 'Product catalogues with duplicate SKUs, missing prices and inconsistent categories, triaged in bulk.' },
  { icon: Factory, title: 'Manufacturing', text: 'Supplier, part and lot records with out-of-range quantities and invalid dates, resolved before they disturb planning.' },
];

function scrollToSignup() {
  const target = document.getElementById('signup');
  target?.scrollIntoView({ behavior: window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth', block: 'start' });
  target?.querySelector<HTMLInputElement>('input[type="email"]')?.focus({ preventScroll: true });
}

export function LandingPage() {
  const stats = useMarketingStats();
  const cta = useMemo(() => {
    const visits = recordVisit();
    const kind = ctaKind(visits, pricingViewed(), assignVariant(CTA_TEST));
    return { kind, label: CTA_WORDING[kind] };
  }, []);
  const onCta = (where: string) => {
    trackEvent('cta_click', { where, variant: cta.kind });
    scrollToSignup();
  };
  const figures = stats.status === 'ready' ? stats.stats : undefined;
  const resolvedShare = figures && figures.failedRowsFound > 0 ? Math.round((figures.failedRowsResolved / figures.failedRowsFound) * 100) : null;

  return (
    <>
      <Seo
        title="fix the rows that fail your data-quality checks"
        description="Quality Desk turns failed data-quality checks into a triage queue: AI-suggested fixes, bulk actions, history and exact counts, for data teams."
        path="/"
      />
      <section className="bg-gradient-to-b from-[var(--hero-from)] to-[var(--hero-to)]">
        <div className="mx-auto flex max-w-6xl flex-col items-center gap-6 px-4 py-20 text-center sm:px-6 sm:py-28">
          <p className="rounded-full border bg-card/70 px-3 py-1 text-xs font-medium text-muted-foreground">Enterprise data quality platform</p>
          <h1 className="max-w-3xl text-4xl font-bold tracking-tight text-balance sm:text-5xl">Fix the rows that fail your data-quality checks</h1>
          <p className="max-w-2xl text-lg text-muted-foreground text-pretty">
            Quality Desk turns failed checks into a triage queue: every failing row with its value, an AI-suggested fix you can accept or edit, and bulk actions that keep
            exact counts and full history.
          </p>
          <div className="flex flex-wrap justify-center gap-3">
            <button type="button" className={buttonClasses('primary', 'lg')} onClick={() => onCta('hero')}>
              {cta.label} <ArrowRight className="size-4" aria-hidden />
            </button>
            <PublicLink href="/pricing" className={buttonClasses('outline', 'lg')}>
              See pricing
            </PublicLink>
          </div>
        </div>
      </section>

      <section aria-labelledby="stats-heading" className="border-y bg-card">
        <h2 id="stats-heading" className="sr-only">
          Quality Desk in numbers
        </h2>
        <div className="mx-auto grid min-h-32 max-w-6xl grid-cols-2 gap-8 px-4 py-10 sm:px-6 md:grid-cols-4">
          {figures ? (
            <>
              <StatCounter value={figures.rowsChecked} label="rows checked" />
              <StatCounter value={figures.failedRowsResolved} label="failed rows resolved" />
              <StatCounter value={figures.aiRowsProcessed} label="rows processed by AI" />
              <StatCounter value={figures.organizations} label="organizations" />
            </>
          ) : stats.status === 'loading' ? (
            <p className="col-span-full self-center text-center text-sm text-muted-foreground">Loading live figures…</p>
          ) : (
            <p className="col-span-full self-center text-center text-sm text-muted-foreground">Live figures are unavailable right now.</p>
          )}
        </div>
      </section>

      <section id="features" aria-labelledby="features-heading" className="mx-auto max-w-6xl scroll-mt-20 px-4 py-20 sm:px-6">
        <h2 id="features-heading" className="text-center text-3xl font-bold tracking-tight">
          What it does
        </h2>
        <p className="mx-auto mt-3 max-w-2xl text-center text-muted-foreground">From a failed check to a fixed row, in one place.</p>
        <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {FEATURES.map((f) => (
            <li key={f.title} className="rounded-xl border bg-card p-6 shadow-sm">
              <f.icon className="size-6 text-primary" aria-hidden />
              <h3 className="mt-4 font-semibold">{f.title}</h3>
              <p className="mt-2 text-sm text-muted-foreground">{f.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section id="industries" aria-labelledby="industries-heading" className="scroll-mt-20 bg-muted/50">
        <div className="mx-auto max-w-6xl px-4 py-20 sm:px-6">
          <h2 id="industries-heading" className="text-center text-3xl font-bold tracking-tight">
            Built for regulated, data-heavy work
          </h2>
          <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {INDUSTRIES.map((i) => (
              <li key={i.title} className="rounded-xl border bg-card p-6">
                <i.icon className="size-6 text-primary" aria-hidden />
                <h3 className="mt-4 font-semibold">{i.title}</h3>
                <p className="mt-2 text-sm text-muted-foreground">{i.text}</p>
              </li>
            ))}
          </ul>
          <div className="mt-10 text-center">
            <button type="button" className={buttonClasses('primary', 'lg')} onClick={() => onCta('industries')}>
              {cta.label} <ArrowRight className="size-4" aria-hidden />
            </button>
          </div>
        </div>
      </section>

      {figures && figures.failedRowsFound > 0 ? (
        <section aria-labelledby="results-heading" className="bg-primary text-primary-foreground">
          <div className="mx-auto grid max-w-6xl gap-8 px-4 py-14 text-center sm:px-6 md:grid-cols-3">
            <h2 id="results-heading" className="sr-only">
              Results so far
            </h2>
            <div>
              <p className="text-4xl font-bold tabular-nums">{resolvedShare}%</p>
              <p className="mt-1 text-sm opacity-90">of failed rows found are resolved</p>
            </div>
            <div>
              <p className="text-4xl font-bold tabular-nums">{figures.failedRowsFound.toLocaleString('en-US')}</p>
              <p className="mt-1 text-sm opacity-90">failed rows found by checks</p>
            </div>
            <div>
              <p className="text-4xl font-bold tabular-nums">{figures.datasetsMonitored.toLocaleString('en-US')}</p>
              <p className="mt-1 text-sm opacity-90">datasets monitored</p>
            </div>
            <p className="text-xs opacity-80 md:col-span-3">Live figures across every organization, updated every few minutes.</p>
          </div>
        </section>
      ) : null}

      <section id="signup" aria-labelledby="signup-heading" className="mx-auto max-w-2xl scroll-mt-20 px-4 py-20 sm:px-6">
        <div className="mb-8 text-center">
          <Layers className="mx-auto size-8 text-primary" aria-hidden />
          <h2 id="signup-heading" className="mt-3 text-3xl font-bold tracking-tight">
            {cta.label}
          </h2>
          <p className="mt-3 text-muted-foreground">Tell us about your data; we open accounts in the order people join.</p>
        </div>
        <WaitlistForm />
      </section>

      <ExitIntent ctaLabel={cta.label} onSignup={scrollToSignup} />
      <SocialProof signupsThisWeek={figures?.signupsThisWeek} />
    </>
  );
}
