import type { ReactNode } from 'react';
import { Seo } from '../../../components/public/seo';

export function LegalPage({ title, description, path, updated, children }: { title: string; description: string; path: string; updated: string; children: ReactNode }) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-16 sm:px-6">
      <Seo title={title} description={description} path={path} />
      <h1 className="text-4xl font-bold tracking-tight">{title}</h1>
      <p className="mt-2 text-sm text-muted-foreground">Last updated {updated}</p>
      <div className="prose-doc mt-8">{children}</div>
    </article>
  );
}
