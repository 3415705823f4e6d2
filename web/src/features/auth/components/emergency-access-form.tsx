import { ArrowLeft, KeyRound, Mail, ShieldUser } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Spinner } from '../../../components/ui/spinner';
import type { DemoAccount } from '../../../lib/api/get-demo-config';
import { useSession } from '../../../lib/session';
import { authFailureMessage } from '../utils/auth-failure-message';
import { FormAlert } from './form-alert';

export const MISSING_EMERGENCY_FIELDS_MESSAGE = 'Please enter both emergency code and email';
export const QUICK_ACCESS_NEEDS_CODE = 'Enter the emergency code first: quick access signs in with the code typed above.';

/**
 * Emergency access for provider administrators, offered in demo mode only (spec 1 §2, §6).
 * The quick-access button uses the code typed above with the provider administrator's e-mail.
 */
export function EmergencyAccessForm({
  providerAdmin,
  onBack,
  onSignedIn,
}: {
  providerAdmin: DemoAccount | undefined;
  onBack: () => void;
  onSignedIn: () => void;
}) {
  const { emergencyAccess } = useSession();
  const [code, setCode] = useState('');
  const [email, setEmail] = useState('');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const codeInput = useRef<HTMLInputElement>(null);

  const attempt = async (withEmail: string, failureMessage: (failure: unknown) => string) => {
    if (!code || !withEmail.trim()) {
      setError(MISSING_EMERGENCY_FIELDS_MESSAGE);
      if (!code) codeInput.current?.focus();
      return;
    }
    setError(null);
    setPending(true);
    try {
      await emergencyAccess(code, withEmail.trim());
      onSignedIn();
    } catch (failure) {
      setError(failureMessage(failure));
      setPending(false);
    }
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void attempt(email, (failure) => authFailureMessage(failure, 'Emergency access failed'));
  };

  const quickAccess = (admin: DemoAccount) => {
    setEmail(admin.email);
    if (!code) {
      // Say what is missing and put the cursor where it goes.
      setError(QUICK_ACCESS_NEEDS_CODE);
      codeInput.current?.focus();
      return;
    }
    void attempt(admin.email, () => `Emergency access failed for ${admin.email}`);
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4" aria-label="Emergency access">
      <p className="text-sm text-muted-foreground">
        For provider administrators when normal sign-in is unavailable. Every use is recorded.
      </p>
      <FormAlert message={error} />
      <Field
        ref={codeInput}
        label="Emergency code"
        type="password"
        name="emergency_code"
        autoComplete="off"
        icon={<KeyRound className="size-4" aria-hidden />}
        value={code}
        onChange={(event) => setCode(event.target.value)}
        disabled={pending}
      />
      <Field
        label="Admin email"
        type="email"
        name="email"
        autoComplete="username"
        inputMode="email"
        icon={<Mail className="size-4" aria-hidden />}
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        disabled={pending}
      />
      <div className="mt-1 grid gap-2 sm:grid-cols-2">
        <Button variant="outline" className="order-2 w-full sm:order-none" onClick={onBack} disabled={pending}>
          <ArrowLeft className="size-4" aria-hidden />
          Back to Login
        </Button>
        <Button type="submit" variant="danger" className="w-full" disabled={pending}>
          {pending ? <Spinner /> : <KeyRound className="size-4" aria-hidden />}
          Emergency Access
        </Button>
      </div>
      {providerAdmin ? (
        <div className="rounded-lg border border-dashed p-3">
          <p className="mb-1 text-xs font-medium tracking-wide text-muted-foreground uppercase">Quick access</p>
          <p id="quick-access-hint" className="mb-2 text-xs text-muted-foreground">
            Uses the emergency code entered above.
          </p>
          <Button
            aria-describedby="quick-access-hint"
            variant="secondary"
            className="h-auto w-full justify-start py-2 text-left whitespace-normal"
            onClick={() => quickAccess(providerAdmin)}
            disabled={pending}
          >
            <ShieldUser className="size-4 shrink-0" aria-hidden />
            <span>
              Emergency access as {providerAdmin.name} ({providerAdmin.email})
            </span>
          </Button>
        </div>
      ) : null}
    </form>
  );
}
