import { Boxes, FileCode2, Lock, Megaphone, type LucideIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { mayReadInternalDocs } from '../../../../../shared/roles';
import { AppFooter } from '../../../components/layouts/app-footer';
import { PageTitle } from '../../../components/page-title';
import { Logo } from '../../../components/ui/logo';
import { useSession } from '../../../lib/session';
import { cn } from '../../../utils/cn';
import type { DocContent } from '../utils/topics';

interface InternalDoc {
  id: 'soda-agent-architecture' | 'implementation-guide' | 'team-updates';
  icon: LucideIcon;
  title: string;
  description: string;
  lastUpdated: string;
  load: () => Promise<{ default: DocContent }>;
}

/** The three internal documents (spec 2 §2.7); the dates are when each was last written. */
export const INTERNAL_DOCS: readonly InternalDoc[] = [
  { id: 'soda-agent-architecture', icon: Boxes, title: 'Agent connector architecture', description: 'Zero-copy design for a financial-institution client.', lastUpdated: '2026-11-23', load: () => import('../content/internal/soda-agent-architecture.md') },
  { id: 'implementation-guide', icon: FileCode2, title: 'Implementation guide', description: 'Adding routes, keys, screens and tests.', lastUpdated: '2026-11-23', load: () => import('../content/internal/implementation-guide.md') },
  { id: 'team-updates', icon: Megaphone, title: 'Team updates', description: 'What shipped, newest first.', lastUpdated: '2026-11-23', load: () => import('../content/internal/team-updates.md') },
];

function Shell({ children }: { children: React.ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col bg-background">
      <header className="border-b bg-card">
        <div className="mx-auto flex h-14 max-w-7xl items-center gap-4 px-4 sm:px-6">
          <a href="/docs" className="rounded-lg focus-visible:outline-2 focus-visible:outline-ring">
            <Logo />
          </a>
          <span className="inline-flex items-center gap-1 rounded-full bg-warning-soft px-2.5 py-0.5 text-xs font-semibold text-warning">
            <Lock className="size-3" aria-hidden /> Team only
          </span>
          <a href="/app" className="ml-auto text-sm text-muted-foreground hover:text-foreground">
            Back to the app
          </a>
        </div>
      </header>
      <main id="main-content" className="flex-1">
        {children}
      </main>
      <AppFooter />
    </div>
  );
}

export function InternalDocsPage() {
  const { user } = useSession();
  const [selected, setSelected] = useState<InternalDoc>(INTERNAL_DOCS[0]!);
  const [content, setContent] = useState<DocContent | null>(null);
  const allowed = !!user && mayReadInternalDocs(user);

  useEffect(() => {
    if (!allowed) return;
    let live = true;
    setContent(null);
    void selected.load().then((m) => live && setContent(m.default));
    return () => {
      live = false;
    };
  }, [selected, allowed]);

  if (!allowed) {
    return (
      <Shell>
        <PageTitle title="Access Restricted" />
        <div className="mx-auto max-w-lg px-4 py-24 text-center">
          <Lock className="mx-auto size-10 text-muted-foreground" aria-hidden />
          <h1 className="mt-4 text-2xl font-bold">Access Restricted</h1>
          <p className="mt-2 text-muted-foreground">This documentation is only available to internal team members and demo organization users.</p>
          <a href="/docs" className="mt-6 inline-block text-primary underline">
            Go to the public documentation
          </a>
        </div>
      </Shell>
    );
  }

  return (
    <Shell>
      <PageTitle title={`${selected.title} – Internal documentation`} />
      <meta name="robots" content="noindex, nofollow" />
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-8 sm:px-6 lg:grid-cols-[18rem_1fr]">
        <nav aria-label="Internal documents" className="lg:sticky lg:top-6 lg:self-start">
          <h1 className="mb-3 text-sm font-semibold text-muted-foreground">Internal documentation</h1>
          <ul className="flex flex-col gap-1">
            {INTERNAL_DOCS.map((doc) => (
              <li key={doc.id}>
                <button
                  type="button"
                  onClick={() => setSelected(doc)}
                  aria-current={doc === selected ? 'page' : undefined}
                  className={cn('flex w-full gap-3 rounded-lg p-3 text-left focus-visible:outline-2 focus-visible:outline-ring', doc === selected ? 'bg-accent text-accent-foreground' : 'hover:bg-muted')}
                >
                  <doc.icon className="mt-0.5 size-5 shrink-0" aria-hidden />
                  <span>
                    <span className="block text-sm font-medium">{doc.title}</span>
                    <span className="block text-xs text-muted-foreground">{doc.description}</span>
                    <span className="mt-1 block text-xs text-muted-foreground">Updated {doc.lastUpdated}</span>
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </nav>
        <article className="min-w-0 rounded-xl border bg-card p-6">
          {content ? <div className="prose-doc" dangerouslySetInnerHTML={{ __html: content.html }} /> : <p className="text-sm text-muted-foreground">Loading…</p>}
        </article>
      </div>
    </Shell>
  );
}
