import { BookOpen, Lock, Search } from 'lucide-react';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { mayReadInternalDocs, normalizeRole } from '../../../../../shared/roles';
import { STORAGE_KEYS } from '../../../../../shared/constants';
import { PublicLink, usePublicNavigation } from '../../../app/public/navigation';
import { Seo } from '../../../components/public/seo';
import { cn } from '../../../utils/cn';
import { DOC_TOPICS, searchTopics, topicForPath, type DocContent, type DocTopic } from '../utils/topics';

const ApiReference = lazy(() => import('./api-reference').then((m) => ({ default: m.ApiReference })));

/** Blurring the search hides its results after 200 ms, so a click on a result still lands. */
const BLUR_HIDE_MS = 200;

function storedUserMayReadInternalDocs(): boolean {
  try {
    const raw = window.localStorage.getItem(STORAGE_KEYS.authUser);
    if (!raw || !window.localStorage.getItem(STORAGE_KEYS.authToken)) return false;
    const user = JSON.parse(raw) as { role?: unknown; is_org_admin?: unknown; is_super_admin?: unknown; organization_id?: unknown };
    return mayReadInternalDocs({
      role: normalizeRole(String(user.role ?? 'user')),
      is_org_admin: user.is_org_admin === true,
      is_super_admin: user.is_super_admin === true,
      organization_id: String(user.organization_id ?? ''),
    });
  } catch {
    return false;
  }
}

function DocSearch() {
  const [query, setQuery] = useState('');
  const [showResults, setShowResults] = useState(false);
  const blurTimer = useRef(0);
  const id = useId();
  const results = searchTopics(DOC_TOPICS, query);
  useEffect(() => () => window.clearTimeout(blurTimer.current), []);
  return (
    <div className="relative">
      <label htmlFor={id} className="sr-only">
        Search documentation
      </label>
      <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
      <input
        id={id}
        type="search"
        value={query}
        placeholder="Search documentation"
        autoComplete="off"
        maxLength={100}
        onChange={(e) => {
          setQuery(e.target.value);
          setShowResults(true);
        }}
        onFocus={() => {
          window.clearTimeout(blurTimer.current);
          setShowResults(true);
        }}
        onBlur={() => {
          blurTimer.current = window.setTimeout(() => setShowResults(false), BLUR_HIDE_MS);
        }}
        aria-controls={showResults && query.trim() ? `${id}-results` : undefined}
        className="h-10 w-full rounded-lg border border-input bg-card pr-3 pl-9 text-sm placeholder:text-muted-foreground/80 focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-ring/40"
      />
      {showResults && query.trim() ? (
        <div id={`${id}-results`} role="region" aria-label="Search results" className="absolute z-10 mt-1 w-full rounded-lg border bg-popover p-1 shadow-lg">
          {results.length === 0 ? (
            <p className="px-3 py-2 text-sm text-muted-foreground">No topics match “{query.trim()}”.</p>
          ) : (
            <ul>
              {results.map((t) => (
                <li key={t.id}>
                  <PublicLink href={t.path} className="block rounded-md px-3 py-2 text-sm hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring">
                    <span className="font-medium">{t.title}</span>
                    <span className="block text-xs text-muted-foreground">{t.description}</span>
                  </PublicLink>
                </li>
              ))}
            </ul>
          )}
        </div>
      ) : null}
    </div>
  );
}

function MarkdownTopic({ topic }: { topic: DocTopic }) {
  const [content, setContent] = useState<DocContent | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    setContent(null);
    setFailed(false);
    topic.load?.().then(
      (m) => live && setContent(m.default),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [topic]);
  if (failed) return <p role="alert">This page could not be loaded. Reload to try again.</p>;
  if (!content) return <p className="text-sm text-muted-foreground">Loading…</p>;
  // Our own markdown, rendered at build time from files in the repository.
  return <div className="prose-doc" dangerouslySetInnerHTML={{ __html: content.html }} />;
}

export function DocsPage() {
  const { location } = usePublicNavigation();
  const topic = topicForPath(location.pathname);
  const internal = storedUserMayReadInternalDocs();

  useEffect(() => {
    if (!location.hash) return;
    const timer = window.setTimeout(() => document.getElementById(decodeURIComponent(location.hash.slice(1)))?.scrollIntoView(), 50);
    return () => window.clearTimeout(timer);
  }, [location.hash, topic]);

  return (
    <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:px-6 lg:grid-cols-[16rem_1fr]">
      <Seo title={topic ? `${topic.title} – Documentation` : 'Page not found'} description={topic?.description ?? 'Quality Desk documentation.'} path={location.pathname} />
      <aside className="flex flex-col gap-4 lg:sticky lg:top-24 lg:self-start">
        <p className="flex items-center gap-2 font-semibold">
          <BookOpen className="size-4 text-primary" aria-hidden /> Documentation
        </p>
        <DocSearch />
        <nav aria-label="Documentation">
          <ul className="flex flex-col gap-0.5">
            {DOC_TOPICS.map((t) => (
              <li key={t.id}>
                <PublicLink
                  href={t.path}
                  aria-current={t === topic ? 'page' : undefined}
                  className={cn(
                    'block rounded-md px-3 py-1.5 text-sm focus-visible:outline-2 focus-visible:outline-ring',
                    t === topic ? 'bg-accent font-medium text-accent-foreground' : 'text-muted-foreground hover:bg-muted hover:text-foreground',
                  )}
                >
                  {t.title}
                </PublicLink>
              </li>
            ))}
          </ul>
        </nav>
        {internal ? (
          <a href="/docs/internal" className="flex items-center gap-2 rounded-md px-3 py-1.5 text-sm text-muted-foreground hover:bg-muted hover:text-foreground">
            <Lock className="size-4" aria-hidden /> Internal documentation
          </a>
        ) : null}
      </aside>
      <article className="min-h-[70vh] min-w-0">
        {!topic ? (
          <div>
            <h1 className="text-3xl font-bold">Page not found</h1>
            <p className="mt-2 text-muted-foreground">
              There is no documentation page at this address. <PublicLink href="/docs" className="text-primary underline">Back to the overview</PublicLink>.
            </p>
          </div>
        ) : topic.id === 'api-reference' ? (
          <Suspense fallback={<p className="text-sm text-muted-foreground">Loading…</p>}>
            <ApiReference />
          </Suspense>
        ) : (
          <MarkdownTopic topic={topic} />
        )}
      </article>
    </div>
  );
}
