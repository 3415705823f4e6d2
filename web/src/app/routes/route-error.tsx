import { TriangleExclamationPoint } from 'lucide-react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Button } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';

/** Shown when a screen throws or its code fails to load (e.g. after a deploy). */
export function RouteError() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : null;
  return (
    <main className="mx-auto flex min-h-dvh max-w-xl flex-col justify-center px-4">
      <h1 className="sr-only">Something went wrong</h1>
      <EmptyState
        icon={TriangleExclamationPoint}
        title="Something went wrong"
        action={<Button onClick={() => window.location.reload()}>Reload</Button>}
      >
        {detail ?? 'An unexpected error occurred. Reloading usually helps.'}
      </EmptyState>
    </main>
  );
}
