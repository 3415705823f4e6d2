import { Logo } from './ui/logo';
import { Spinner } from './ui/spinner';

/** Full-page state while the session is being resolved (spec 1 §2). */
export function LoadingScreen({ message = 'Loading…' }: { message?: string }) {
  return (
    <div className="flex min-h-dvh flex-col items-center justify-center gap-4 bg-background" role="status" aria-live="polite">
      <Logo className="text-lg" />
      <p className="flex items-center gap-2 text-sm text-muted-foreground">
        <Spinner />
        {message}
      </p>
    </div>
  );
}
