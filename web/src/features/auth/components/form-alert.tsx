import { CircleExclamationPoint } from 'lucide-react';

/** The one error line of a sign-in form; announced when it appears. */
export function FormAlert({ message }: { message: string | null }) {
  return (
    <div role="alert" aria-live="assertive" className={message ? undefined : 'sr-only'}>
      {message ? (
        <p className="flex items-start gap-2 rounded-lg border border-danger/30 bg-danger-soft px-3 py-2.5 text-sm text-danger">
          <CircleExclamationPoint className="mt-0.5 size-4 shrink-0" aria-hidden />
          <span>{message}</span>
        </p>
      ) : null}
    </div>
  );
}
