import { MapPinOff } from 'lucide-react';
import { Link } from 'react-router';
import { PageTitle } from '../../components/page-title';
import { buttonClasses } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { AFTER_LOGIN_PATH } from '../../config/paths';

export function NotFoundContent() {
  return (
    <>
      <PageTitle title="Page not found" />
      <h1 className="sr-only">Page not found</h1>
      <EmptyState
        icon={MapPinOff}
        title="Page not found"
        action={
          <Link to={AFTER_LOGIN_PATH} className={buttonClasses('primary', 'sm')}>
            Go to the dashboard
          </Link>
        }
      >
        The page you are looking for does not exist or has moved.
      </EmptyState>
    </>
  );
}

/** Not found outside the app shell. */
export function NotFoundRoute() {
  return (
    <main className="mx-auto flex min-h-dvh max-w-xl flex-col justify-center px-4">
      <NotFoundContent />
    </main>
  );
}
