import { LockKeyhole, Mail } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Spinner } from '../../../components/ui/spinner';
import { NewPasswordRequiredError, useSession } from '../../../lib/session';
import { authFailureMessage } from '../utils/auth-failure-message';
import { FormAlert } from './form-alert';
import { NewPasswordForm } from './new-password-form';

export const MISSING_CREDENTIALS_MESSAGE = 'Please enter both email and password';

/** E-mail and password sign-in (spec 1 §2, §5). */
export function LoginForm({ onSignedIn, error, onError, initialEmail }: { onSignedIn: () => void; error: string | null; onError: (message: string | null) => void; initialEmail?: string }) {
  const { login } = useSession();
  const [email, setEmail] = useState(initialEmail ?? '');
  const [password, setPassword] = useState('');
  const [pending, setPending] = useState(false);
  // A temporary password (an administrator's reset) opens the new-password step.
  const [challenge, setChallenge] = useState<{ email: string; session: string } | null>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!email.trim() || !password) {
      onError(MISSING_CREDENTIALS_MESSAGE);
      return;
    }
    onError(null);
    setPending(true);
    try {
      await login(email.trim(), password);
      onSignedIn();
    } catch (failure) {
      setPending(false);
      if (failure instanceof NewPasswordRequiredError) {
        setPassword('');
        setChallenge({ email: failure.email, session: failure.session });
        return;
      }
      onError(authFailureMessage(failure, 'Login failed'));
    }
  };

  if (challenge) {
    return <NewPasswordForm email={challenge.email} session={challenge.session} onSignedIn={onSignedIn} onCancel={() => setChallenge(null)} />;
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-4" aria-label="Sign in">
      <FormAlert message={error} />
      <Field
        label="Email"
        type="email"
        name="email"
        autoComplete="username"
        inputMode="email"
        placeholder="you@company.com"
        icon={<Mail className="size-4" aria-hidden />}
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        disabled={pending}
      />
      <Field
        label="Password"
        type="password"
        name="password"
        autoComplete="current-password"
        placeholder="••••••••"
        icon={<LockKeyhole className="size-4" aria-hidden />}
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        disabled={pending}
      />
      <Button type="submit" size="lg" className="mt-1 w-full" disabled={pending}>
        {pending ? <Spinner /> : null}
        Sign In
      </Button>
    </form>
  );
}
