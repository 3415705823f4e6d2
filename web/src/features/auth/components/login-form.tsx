import { LockKeyhole, Mail } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Spinner } from '../../../components/ui/spinner';
import { useSession } from '../../../lib/session';
import { authFailureMessage } from '../utils/auth-failure-message';
import { FormAlert } from './form-alert';

export const MISSING_CREDENTIALS_MESSAGE = 'Please enter both email and password';

/** E-mail and password sign-in (spec 1 §2, §5). */
export function LoginForm({ onSignedIn, error, onError, initialEmail }: { onSignedIn: () => void; error: string | null; onError: (message: string | null) => void; initialEmail?: string }) {
  const { login } = useSession();
  const [email, setEmail] = useState(initialEmail ?? '');
  const [password, setPassword] = useState('');
  const [pending, setPending] = useState(false);

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
      onError(authFailureMessage(failure, 'Login failed'));
      setPending(false);
    }
  };

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
