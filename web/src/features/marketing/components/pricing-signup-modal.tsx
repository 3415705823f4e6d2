import { CheckCircle2, LoaderCircle } from 'lucide-react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import type { PricingPlan } from '../../../../../shared/pricing';
import { Modal } from '../../../components/public/modal';
import { buttonClasses } from '../../../components/ui/button';
import { PublicApiError } from '../../../lib/public-fetch';
import { submitSignup } from '../api/signup';
import { trackEvent } from '../utils/analytics';
import { TIMING } from '../utils/timing';
import { inputClasses } from './waitlist-form';

type ModalState = { status: 'form' } | { status: 'submitting' } | { status: 'success'; isExisting: boolean } | { status: 'error'; message: string };

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** "Join the {plan} Early Access" (spec 2 §2.8, §4, §5, §8); auto-closes 3 s after success. */
export function PricingSignupModal({ plan, onClose }: { plan: PricingPlan | null; onClose: () => void }) {
  const [state, setState] = useState<ModalState>({ status: 'form' });
  const [fieldError, setFieldError] = useState<string | null>(null);
  const id = useId();

  useEffect(() => {
    setState({ status: 'form' });
    setFieldError(null);
  }, [plan]);

  useEffect(() => {
    if (state.status !== 'success') return;
    const timer = window.setTimeout(onClose, TIMING.signupModalCloseMs);
    return () => window.clearTimeout(timer);
  }, [state.status, onClose]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!plan || state.status === 'submitting') return;
    const form = new FormData(event.currentTarget);
    const email = String(form.get('email') ?? '').trim();
    if (!email) return setFieldError('Email is required');
    if (!EMAIL_SHAPE.test(email)) return setFieldError('Please enter a valid email address');
    setFieldError(null);
    setState({ status: 'submitting' });
    const text = (name: string) => String(form.get(name) ?? '').trim() || undefined;
    try {
      const result = await submitSignup({ email, planId: plan.id, name: text('name'), organizationName: text('organizationName'), source: 'pricing_page' });
      trackEvent('pricing_signup', { plan: plan.id, isExisting: result.isExisting });
      setState({ status: 'success', isExisting: result.isExisting });
    } catch (error) {
      setState({ status: 'error', message: error instanceof PublicApiError && error.serverError ? error.serverError : 'Failed to submit signup. Please try again.' });
    }
  }

  const title = plan ? `Join the ${plan.name} Early Access` : '';
  return (
    <Modal open={plan !== null} onClose={onClose} title={title}>
      {state.status === 'success' ? (
        <div role="status" className="flex flex-col items-center gap-3 py-4 text-center">
          <CheckCircle2 className="size-10 text-success" aria-hidden />
          <p className="font-medium">{state.isExisting ? 'You are already signed up. We will be in touch.' : "Thank you! You're on the early access list."}</p>
        </div>
      ) : (
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
          <div className="flex flex-col gap-1.5">
            <label htmlFor={`${id}-email`} className="text-sm font-medium">
              Email <span aria-hidden="true">*</span>
            </label>
            <input id={`${id}-email`} name="email" type="email" autoComplete="email" maxLength={254} className={inputClasses} aria-invalid={fieldError ? true : undefined} aria-describedby={fieldError ? `${id}-email-error` : undefined} autoFocus />
            {fieldError ? (
              <p id={`${id}-email-error`} className="text-sm text-danger">
                {fieldError}
              </p>
            ) : null}
          </div>
          <div className="flex flex-col gap-1.5">
            <label htmlFor={`${id}-name`} className="text-sm font-medium">
              Name
            </label>
            <input id={`${id}-name`} name="name" autoComplete="name" maxLength={200} className={inputClasses} />
          </div>
          <div className="flex flex-col gap-1.5">
            <label htmlFor={`${id}-org`} className="text-sm font-medium">
              Organization
            </label>
            <input id={`${id}-org`} name="organizationName" autoComplete="organization" maxLength={200} className={inputClasses} />
          </div>
          {state.status === 'error' ? (
            <p role="alert" className="rounded-lg border border-danger/40 bg-danger-soft px-3 py-2 text-sm text-danger">
              {state.message}
            </p>
          ) : null}
          <button type="submit" className={buttonClasses('primary')} disabled={state.status === 'submitting'}>
            {state.status === 'submitting' ? (
              <>
                <LoaderCircle className="size-4 animate-spin" aria-hidden /> Submitting…
              </>
            ) : (
              'Join Early Access'
            )}
          </button>
        </form>
      )}
    </Modal>
  );
}
