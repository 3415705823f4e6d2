import { CheckCircle2, Clock, MailX, Building2, UserRound, ShieldCheck, Server } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router';
import { INVITE_PASSWORD_MIN, INVITE_REDIRECT_MS } from '../../../../../shared/invites';
import { ROLE_LABELS } from '../../../../../shared/roles';
import type { InviteDetails } from '../../../../../shared/schemas/team';
import { PageTitle } from '../../../components/page-title';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { Logo } from '../../../components/ui/logo';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { acceptErrorMessage, useAcceptInvite } from '../api/accept-invite';
import { inviteDetailsErrorMessage, useInviteDetails } from '../api/invite-details';

// The invitation page (spec 2 §2.8, §4 Invite page, §5 Invite accept, §8 Invite page): loading,
// error, form, submitting, created (redirect to /login after 3 s with a message and the e-mail).

export const PASSWORDS_DIFFER = 'Passwords do not match';
export const PASSWORD_TOO_SHORT = 'Password must be at least 8 characters long';
const REQUIRED = 'Please fill in name, email, password and confirmation';

/** The state /login shows after an accepted invitation. */
export interface InviteLoginState {
  message: string;
  email: string;
}

function Shell({ children }: { children: React.ReactNode }) {
  return (
    <div className="relative min-h-dvh bg-gradient-to-br from-hero-from via-background to-hero-to">
      <main id="main-content" className="mx-auto flex min-h-dvh w-full max-w-lg flex-col items-center justify-center gap-6 px-4 py-10">
        <Logo className="text-xl" />
        {children}
      </main>
    </div>
  );
}

function Skeleton() {
  return (
    <Card className="w-full p-6 sm:p-8" aria-busy="true" aria-label="Loading invitation">
      <div className="animate-pulse space-y-4">
        <div className="h-6 w-2/3 rounded bg-muted" />
        <div className="h-4 w-full rounded bg-muted" />
        <div className="h-4 w-5/6 rounded bg-muted" />
        <div className="h-10 w-full rounded bg-muted" />
        <div className="h-10 w-full rounded bg-muted" />
        <div className="h-10 w-full rounded bg-muted" />
      </div>
    </Card>
  );
}

function NotFoundCard({ message }: { message: string }) {
  const navigate = useNavigate();
  return (
    <Card className="w-full p-6 text-center sm:p-8" role="alert">
      <span className="mx-auto mb-3 inline-flex size-12 items-center justify-center rounded-full bg-danger-soft text-danger">
        <MailX className="size-6" aria-hidden />
      </span>
      <h1 className="text-xl font-semibold">Invitation Not Found</h1>
      <p className="mt-2 text-sm text-muted-foreground">{message}</p>
      <Button className="mt-6" onClick={() => navigate(paths.login.getHref())}>
        Go to Login
      </Button>
    </Card>
  );
}

function Detail({ icon: Icon, label, value }: { icon: typeof Clock; label: string; value: string }) {
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="flex items-center gap-1.5 text-xs text-muted-foreground">
        <Icon className="size-3.5 shrink-0" aria-hidden />
        {label}
      </dt>
      <dd className="text-sm font-medium">{value}</dd>
    </div>
  );
}

function AcceptForm({ code, invite }: { code: string; invite: InviteDetails['invite'] }) {
  const navigate = useNavigate();
  const accept = useAcceptInvite(code);
  const [name, setName] = useState('');
  const [email, setEmail] = useState(invite.email ?? '');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const done = accept.isSuccess;

  useEffect(() => {
    if (!accept.data) return;
    const state: InviteLoginState = { message: `Your account is ready. Sign in to ${accept.data.organization.name}.`, email: accept.data.email };
    const timer = window.setTimeout(() => navigate(paths.login.getHref(), { state }), INVITE_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [accept.data, navigate]);

  if (done) {
    return (
      <Card className="w-full p-6 text-center sm:p-8" role="status">
        <span className="mx-auto mb-3 inline-flex size-12 items-center justify-center rounded-full bg-success-soft text-success">
          <CheckCircle2 className="size-6" aria-hidden />
        </span>
        <h1 className="text-xl font-semibold">Welcome to {accept.data.organization.name}!</h1>
        <p className="mt-2 text-sm text-muted-foreground">Your account was created. Taking you to sign in…</p>
        <Spinner className="mx-auto mt-4" />
      </Card>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    if (!name.trim() || !email.trim() || !password || !confirm) return setProblem(REQUIRED);
    if (password !== confirm) return setProblem(PASSWORDS_DIFFER);
    if (password.length < INVITE_PASSWORD_MIN) return setProblem(PASSWORD_TOO_SHORT);
    accept.mutate({ name: name.trim(), email: email.trim(), password }, { onError: (error) => setProblem(acceptErrorMessage(error)) });
  };

  const expires = new Date(invite.expires_at);
  return (
    <Card className="w-full p-6 sm:p-8">
      <h1 className="text-xl font-semibold tracking-tight">Join {invite.organization.name}</h1>
      <p className="mt-1 text-sm text-muted-foreground">{invite.inviter.name} invited you to work on data quality together.</p>
      <dl className="mt-5 grid gap-3 rounded-lg border bg-muted/40 p-4 sm:grid-cols-2">
        <Detail icon={Building2} label="Organization" value={invite.organization.name} />
        <Detail icon={UserRound} label="Invited by" value={invite.inviter.name} />
        <Detail icon={ShieldCheck} label="Role" value={ROLE_LABELS[invite.role]} />
        <Detail icon={Clock} label="Expires" value={expires.toLocaleString()} />
        {invite.instance ? <Detail icon={Server} label="Instance" value={invite.instance.name} /> : null}
      </dl>
      {invite.message ? (
        <blockquote className="mt-4 border-l-4 border-primary/50 pl-3 text-sm italic text-muted-foreground">“{invite.message}”</blockquote>
      ) : null}
      <form onSubmit={submit} className="mt-6 flex flex-col gap-4" noValidate>
        <Field label="Full name" name="name" autoComplete="name" maxLength={200} value={name} onChange={(e) => setName(e.target.value)} required />
        <Field
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          maxLength={254}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          readOnly={invite.email !== null}
          className={invite.email !== null ? 'bg-muted text-muted-foreground' : undefined}
          aria-readonly={invite.email !== null}
          hint={invite.email !== null ? 'The invitation was sent to this address.' : undefined}
          required
        />
        <Field label="Password" name="password" type="password" autoComplete="new-password" maxLength={256} value={password} onChange={(e) => setPassword(e.target.value)} hint={`At least ${INVITE_PASSWORD_MIN} characters.`} required />
        <Field label="Confirm password" name="confirm" type="password" autoComplete="new-password" maxLength={256} value={confirm} onChange={(e) => setConfirm(e.target.value)} required />
        {problem ? (
          <p role="alert" className="rounded-lg bg-danger-soft px-3 py-2 text-sm text-danger">
            {problem}
          </p>
        ) : null}
        <Button type="submit" size="lg" disabled={accept.isPending}>
          {accept.isPending ? <Spinner /> : null}
          {accept.isPending ? 'Creating your account…' : 'Accept Invitation'}
        </Button>
      </form>
    </Card>
  );
}

export function InvitePage() {
  const { inviteCode = '' } = useParams();
  const details = useInviteDetails(inviteCode);
  return (
    <Shell>
      <PageTitle title="Invitation" />
      {details.isPending ? <Skeleton /> : details.isError ? <NotFoundCard message={inviteDetailsErrorMessage(details.error)} /> : <AcceptForm code={inviteCode} invite={details.data.invite} />}
    </Shell>
  );
}
