import { LockKeyhole } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { PASSWORD_RULES_TEXT, passwordPolicyProblem } from '../../../../../shared/schemas/session';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { authFailureMessage } from '../utils/auth-failure-message';
import { FormAlert } from './form-alert';

export const NEW_PASSWORD_TITLE = 'Set a new password';
export const NEW_PASSWORD_EXPLANATION = 'Your password was reset by an administrator. Choose a new password to finish signing in.';
export const PASSWORDS_DIFFER = 'Passwords do not match';

/** The new-password step of sign-in after an administrator's reset (issue 11). */
export function NewPasswordForm({ email, session, onSignedIn, onCancel }: { email: string; session: string; onSignedIn: () => void; onCancel: () => void }) {
  const { completeNewPassword } = useSession();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = passwordPolicyProblem(password) ?? (password !== confirm ? PASSWORDS_DIFFER : null);
    if (problem) {
      setError(problem);
      return;
    }
    setError(null);
    setPending(true);
    try {
      await completeNewPassword(email, session, password);
      onSignedIn();
    } catch (failure) {
      // The field named by a 400, or the server's message (an expired session says to start again).
      const field = failure instanceof ApiError ? (failure.details as Array<{ message?: string }> | undefined)?.[0]?.message : undefined;
      setError(field ?? authFailureMessage(failure, 'Login failed'));
      setPending(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-4" aria-label={NEW_PASSWORD_TITLE}>
      <div>
        <h2 className="text-base font-semibold">{NEW_PASSWORD_TITLE}</h2>
        <p className="mt-1 text-sm text-muted-foreground">{NEW_PASSWORD_EXPLANATION}</p>
        <p className="mt-1 text-sm text-muted-foreground">
          Signing in as <span className="font-medium text-foreground">{email}</span>
        </p>
      </div>
      <FormAlert message={error} />
      <Field
        label="New password"
        type="password"
        name="new-password"
        autoComplete="new-password"
        hint={PASSWORD_RULES_TEXT}
        icon={<LockKeyhole className="size-4" aria-hidden />}
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        disabled={pending}
        autoFocus
      />
      <Field
        label="Confirm new password"
        type="password"
        name="confirm-password"
        autoComplete="new-password"
        icon={<LockKeyhole className="size-4" aria-hidden />}
        value={confirm}
        onChange={(event) => setConfirm(event.target.value)}
        disabled={pending}
      />
      <Button type="submit" size="lg" className="mt-1 w-full" disabled={pending || !password || !confirm}>
        {pending ? <Spinner /> : null}
        Set Password and Sign In
      </Button>
      <Button type="button" variant="ghost" onClick={onCancel} disabled={pending}>
        Back to sign in
      </Button>
    </form>
  );
}
