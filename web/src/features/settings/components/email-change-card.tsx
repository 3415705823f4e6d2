import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import { useCurrentUser } from '../../../lib/session';
import { useConfirmEmailChange, useStartEmailChange } from '../api/email-change';

// The sign-in e-mail is not an editable profile field (spec 2 §5 Profile): it changes only by
// proving the new address with a code sent to it; the current one stays active until then.

function problemOf(error: unknown, field: string): string | null {
  if (!error) return null;
  if (error instanceof ApiError) {
    const details = Array.isArray(error.details) ? (error.details as Array<{ field?: string; message?: string }>) : [];
    const named = details.find((d) => d.field === field);
    if (named?.message) return named.message;
    return error.serverError ?? error.message;
  }
  return 'Something went wrong. Try again.';
}

export function EmailChangeCard() {
  const user = useCurrentUser();
  const [step, setStep] = useState<'idle' | 'address' | 'code'>('idle');
  const [newEmail, setNewEmail] = useState('');
  const [code, setCode] = useState('');
  const start = useStartEmailChange();
  const confirm = useConfirmEmailChange();

  const submitAddress = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    start.mutate(newEmail.trim(), { onSuccess: () => setStep('code') });
  };
  const submitCode = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    confirm.mutate(code.trim(), { onSuccess: cancel });
  };
  const cancel = () => {
    setStep('idle');
    setNewEmail('');
    setCode('');
    start.reset();
    confirm.reset();
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Sign-in e-mail</CardTitle>
        <CardDescription>
          Your current e-mail is <span className="font-medium text-foreground">{user.email}</span>. To change it, we send a code to the new address; your current e-mail stays active until you enter it.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {step === 'idle' ? (
          <Button variant="outline" onClick={() => setStep('address')}>
            Change e-mail
          </Button>
        ) : null}
        {step === 'address' ? (
          <form onSubmit={submitAddress} noValidate className="flex flex-col gap-4">
            <Field
              label="New e-mail"
              name="new_email"
              type="email"
              autoComplete="email"
              maxLength={320}
              required
              autoFocus
              value={newEmail}
              onChange={(e) => setNewEmail(e.target.value)}
              error={problemOf(start.error, 'new_email')}
            />
            <div className="flex gap-3">
              <Button type="submit" disabled={!newEmail.trim() || start.isPending}>
                {start.isPending ? <Spinner /> : null}
                Send code
              </Button>
              <Button type="button" variant="ghost" onClick={cancel}>
                Cancel
              </Button>
            </div>
          </form>
        ) : null}
        {step === 'code' ? (
          <form onSubmit={submitCode} noValidate className="flex flex-col gap-4">
            <p role="status" className="text-sm text-muted-foreground">
              {start.data?.message}
            </p>
            <Field
              label="Verification code"
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="\d{6}"
              maxLength={6}
              required
              autoFocus
              value={code}
              onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
              error={problemOf(confirm.error, 'code')}
            />
            <div className="flex gap-3">
              <Button type="submit" disabled={code.length !== 6 || confirm.isPending}>
                {confirm.isPending ? <Spinner /> : null}
                Confirm new e-mail
              </Button>
              <Button type="button" variant="ghost" onClick={cancel}>
                Cancel
              </Button>
            </div>
          </form>
        ) : null}
      </CardContent>
    </Card>
  );
}
