import { CheckCircle2, LoaderCircle } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { SIGNUP_ROLES } from '../../../../../shared/marketing';
import { buttonClasses } from '../../../components/ui/button';
import { PublicApiError, PublicNetworkError } from '../../../lib/public-fetch';
import { cn } from '../../../utils/cn';
import { submitSignup } from '../api/signup';
import { trackEvent } from '../utils/analytics';

type FormState = { status: 'idle' } | { status: 'submitting' } | { status: 'success'; isExisting: boolean } | { status: 'error'; message: string };

export const inputClasses =
  'h-10 w-full rounded-lg border border-input bg-card px-3 text-sm text-foreground placeholder:text-muted-foreground/80 focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-ring/40';

function utmFromUrl(): { utm_source?: string; utm_medium?: string; utm_campaign?: string } {
  const query = new URLSearchParams(window.location.search);
  const pick = (name: string) => query.get(name)?.slice(0, 200) || undefined;
  return { utm_source: pick('utm_source'), utm_medium: pick('utm_medium'), utm_campaign: pick('utm_campaign') };
}

/** The landing page's waitlist signup (spec 2 §3, §4, §5, §8). */
export function WaitlistForm() {
  const [state, setState] = useState<FormState>({ status: 'idle' });
  const [email, setEmail] = useState('');
  const id = useId();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!email.trim() || state.status === 'submitting') return;
    const form = new FormData(event.currentTarget);
    const text = (name: string) => (String(form.get(name) ?? '').trim() || undefined);
    setState({ status: 'submitting' });
    try {
      const result = await submitSignup({
        email: email.trim(),
        name: text('name'),
        company: text('company'),
        role: text('role') as (typeof SIGNUP_ROLES)[number] | undefined,
        message: text('message'),
        source: 'landing-page',
        ...utmFromUrl(),
      });
      trackEvent('waitlist_signup', { isExisting: result.isExisting });
      setState({ status: 'success', isExisting: result.isExisting });
    } catch (error) {
      const message =
        error instanceof PublicNetworkError
          ? 'Network error. Please check your connection and try again.'
          : error instanceof PublicApiError && error.serverError
            ? error.serverError
            : 'Something went wrong. Please try again.';
      setState({ status: 'error', message });
    }
  }

  if (state.status === 'success') {
    return (
      <div role="status" className="flex flex-col items-center gap-3 rounded-xl border bg-card p-8 text-center">
        <CheckCircle2 className="size-10 text-success" aria-hidden />
        <h3 className="text-lg font-semibold">{state.isExisting ? "You're already on the list" : "You're on the list"}</h3>
        <p className="text-sm text-muted-foreground">
          {state.isExisting ? 'We already have your e-mail address; we will be in touch.' : 'Thank you. We will write to you when your spot is ready.'}
        </p>
      </div>
    );
  }

  const submitting = state.status === 'submitting';
  return (
    <form onSubmit={onSubmit} className="grid gap-4 rounded-xl border bg-card p-6 shadow-sm sm:grid-cols-2" aria-label="Join the waitlist" noValidate>
      <div className="flex flex-col gap-1.5 sm:col-span-2">
        <label htmlFor={`${id}-email`} className="text-sm font-medium">
          Work email <span aria-hidden="true">*</span>
        </label>
        <input id={`${id}-email`} name="email" type="email" autoComplete="email" required maxLength={254} value={email} onChange={(e) => setEmail(e.target.value)} className={inputClasses} />
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${id}-name`} className="text-sm font-medium">
          Name
        </label>
        <input id={`${id}-name`} name="name" autoComplete="name" maxLength={200} className={inputClasses} />
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${id}-company`} className="text-sm font-medium">
          Company
        </label>
        <input id={`${id}-company`} name="company" autoComplete="organization" maxLength={200} className={inputClasses} />
      </div>
      <div className="flex flex-col gap-1.5 sm:col-span-2">
        <label htmlFor={`${id}-role`} className="text-sm font-medium">
          Role
        </label>
        <select id={`${id}-role`} name="role" defaultValue="" className={inputClasses}>
          <option value="">Select your role</option>
          {SIGNUP_ROLES.map((r) => (
            <option key={r} value={r}>
              {r}
            </option>
          ))}
        </select>
      </div>
      <div className="flex flex-col gap-1.5 sm:col-span-2">
        <label htmlFor={`${id}-message`} className="text-sm font-medium">
          Message
        </label>
        <textarea id={`${id}-message`} name="message" rows={3} maxLength={2000} className={cn(inputClasses, 'h-auto py-2')} placeholder="What data do you want to fix?" />
      </div>
      {state.status === 'error' ? (
        <p role="alert" className="rounded-lg border border-danger/40 bg-danger-soft px-3 py-2 text-sm text-danger sm:col-span-2">
          {state.message}
        </p>
      ) : null}
      <button type="submit" disabled={!email.trim() || submitting} className={cn(buttonClasses('primary', 'lg'), 'sm:col-span-2')}>
        {submitting ? (
          <>
            <LoaderCircle className="size-4 animate-spin" aria-hidden /> Joining…
          </>
        ) : (
          'Join the Waitlist'
        )}
      </button>
    </form>
  );
}
