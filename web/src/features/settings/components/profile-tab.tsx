import { Monitor, Moon, Sun, type LucideIcon } from 'lucide-react';
import { RadioGroup } from 'radix-ui';
import { useEffect, useState, type FormEvent } from 'react';
import { ROLE_LABELS } from '../../../../../shared/roles';
import { FIRST_NAME_REQUIRED, LAST_NAME_REQUIRED, type User } from '../../../../../shared/schemas/session';
import { UserAvatar } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { Spinner } from '../../../components/ui/spinner';
import { useCurrentUser } from '../../../lib/session';
import { useTheme, type Theme } from '../../../lib/theme';
import { cn } from '../../../utils/cn';
import { useUpdateProfile } from '../api/update-profile';
import { EmailChangeCard } from './email-change-card';

export const PROFILE_SAVED_MESSAGE = 'Profile updated successfully!';
export const PROFILE_FAILED_MESSAGE = 'Failed to update profile';
const SAVED_MESSAGE_MS = 3000;

type ProfileFields = Pick<User, 'first_name' | 'last_name' | 'title'>;

function fieldsOf(user: User): ProfileFields {
  return { first_name: user.first_name, last_name: user.last_name, title: user.title };
}

function ProfileForm() {
  const user = useCurrentUser();
  const saved = fieldsOf(user);
  const [fields, setFields] = useState<ProfileFields>(saved);
  const [outcome, setOutcome] = useState<'saved' | 'failed' | null>(null);
  const [errors, setErrors] = useState<{ first_name?: string; last_name?: string }>({});
  const updateProfile = useUpdateProfile();
  const changed = (Object.keys(saved) as (keyof ProfileFields)[]).some((key) => fields[key] !== saved[key]);

  useEffect(() => {
    if (outcome !== 'saved') return;
    const timer = window.setTimeout(() => setOutcome(null), SAVED_MESSAGE_MS);
    return () => window.clearTimeout(timer);
  }, [outcome]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setOutcome(null);
    const problems = {
      ...(fields.first_name.trim() ? {} : { first_name: FIRST_NAME_REQUIRED }),
      ...(fields.last_name.trim() ? {} : { last_name: LAST_NAME_REQUIRED }),
    };
    setErrors(problems);
    if (problems.first_name || problems.last_name) {
      document.getElementById(problems.first_name ? 'profile-first-name' : 'profile-last-name')?.focus();
      return;
    }
    updateProfile.mutate(
      { first_name: fields.first_name.trim(), last_name: fields.last_name.trim(), title: fields.title.trim() },
      {
        onSuccess: (response) => {
          setFields(fieldsOf(response.user));
          setOutcome('saved');
        },
        onError: () => setOutcome('failed'),
      },
    );
  };

  const set = (key: keyof ProfileFields) => (event: { target: { value: string } }) => {
    setFields((current) => ({ ...current, [key]: event.target.value }));
    if (key !== 'title') setErrors((current) => ({ ...current, [key]: undefined }));
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Your Profile</CardTitle>
        <CardDescription>How your name appears to your team.</CardDescription>
      </CardHeader>
      <CardContent>
        <div className="mb-5 flex items-center gap-3">
          <UserAvatar email={user.email} name={user.name} size="lg" />
          <div>
            <p className="font-medium">{user.name}</p>
            <p className="text-sm text-muted-foreground">{user.email}</p>
          </div>
        </div>
        <form onSubmit={submit} noValidate className="flex flex-col gap-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <Field id="profile-first-name" label="First name" name="first_name" autoComplete="given-name" maxLength={100} value={fields.first_name} onChange={set('first_name')} error={errors.first_name} />
            <Field id="profile-last-name" label="Last name" name="last_name" autoComplete="family-name" maxLength={100} value={fields.last_name} onChange={set('last_name')} error={errors.last_name} />
          </div>
          <Field label="Title" name="title" autoComplete="organization-title" maxLength={150} value={fields.title} onChange={set('title')} />
          <div className="flex flex-wrap items-center gap-3">
            <Button type="submit" disabled={!changed || updateProfile.isPending}>
              {updateProfile.isPending ? <Spinner /> : null}
              Save
            </Button>
            <p role="status" className="text-sm text-success">
              {outcome === 'saved' ? PROFILE_SAVED_MESSAGE : ''}
            </p>
            {outcome === 'failed' ? (
              <p role="alert" className="text-sm text-danger">
                {PROFILE_FAILED_MESSAGE}
              </p>
            ) : null}
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

const THEME_CHOICES: { value: Theme; label: string; icon: LucideIcon }[] = [
  { value: 'light', label: 'Light', icon: Sun },
  { value: 'dark', label: 'Dark', icon: Moon },
  { value: 'system', label: 'System', icon: Monitor },
];

function AppearanceCard() {
  const { theme, setTheme } = useTheme();
  return (
    <Card>
      <CardHeader>
        <CardTitle id="appearance-heading">Appearance</CardTitle>
        <CardDescription>Choose a theme; System follows your device.</CardDescription>
      </CardHeader>
      <CardContent>
        <RadioGroup.Root
          aria-labelledby="appearance-heading"
          value={theme}
          onValueChange={(value) => setTheme(value as Theme)}
          className="grid grid-cols-3 gap-3"
        >
          {THEME_CHOICES.map(({ value, label, icon: Icon }) => (
            <RadioGroup.Item
              key={value}
              value={value}
              className={cn(
                'flex flex-col items-center gap-2 rounded-lg border bg-card px-3 py-4 text-sm font-medium transition-colors hover:bg-muted',
                'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
                'data-[state=checked]:border-primary data-[state=checked]:bg-accent data-[state=checked]:text-accent-foreground',
              )}
            >
              <Icon className="size-5" aria-hidden />
              {label}
            </RadioGroup.Item>
          ))}
        </RadioGroup.Root>
      </CardContent>
    </Card>
  );
}

function AccountInformation() {
  const user = useCurrentUser();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Account Information</CardTitle>
        <CardDescription>Managed by your organization administrator.</CardDescription>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-4 sm:grid-cols-2">
          <div>
            <dt className="text-sm text-muted-foreground">Role</dt>
            <dd className="font-medium">{ROLE_LABELS[user.role]}</dd>
          </div>
          <div>
            <dt className="text-sm text-muted-foreground">Organization</dt>
            <dd className="font-medium">{user.organization_name}</dd>
          </div>
        </dl>
      </CardContent>
    </Card>
  );
}

export function ProfileTab() {
  return (
    <div className="flex flex-col gap-6">
      <ProfileForm />
      <EmailChangeCard />
      <AppearanceCard />
      <AccountInformation />
    </div>
  );
}
