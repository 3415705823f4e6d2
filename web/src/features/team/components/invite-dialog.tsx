import { Check, Copy } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { COPIED_INDICATOR_MS, DEFAULT_INVITE_EXPIRY_HOURS, INVITE_EXPIRY_HOURS, INVITE_MODAL_CLOSE_MS, LINK_INVITE_MAX_USES, type InviteType } from '../../../../../shared/invites';
import { ASSIGNABLE_ROLES, ROLE_LABELS } from '../../../../../shared/roles';
import type { Instance } from '../../../../../shared/schemas/session';
import type { InviteCreateResponse } from '../../../../../shared/schemas/team';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Spinner } from '../../../components/ui/spinner';
import { useCreateInvite } from '../api/invites';
import { absoluteLink, copyText } from './copy';
import { serverMessage } from './errors';
import { Modal, selectClasses } from './modal';

export const ROLE_DESCRIPTIONS = {
  user: 'Can view and edit data quality issues',
  admin: 'Can manage team members and organization settings',
  account_owner: 'Full access including billing and organization management',
} as const;

const expiryLabel = (h: number) => (h < 24 ? `${h} hour${h === 1 ? '' : 's'}` : h === 24 ? '24 hours (1 day)' : `${h / 24} days`);

/** Invite Team Member (spec 2 §2.3 Teams, §3 Invite, §4, §5 invite rules, §9). */
export function InviteDialog({ orgId, instance, open, onOpenChange }: { orgId: string; instance: Instance; open: boolean; onOpenChange: (open: boolean) => void }) {
  const create = useCreateInvite(orgId);
  const [inviteType, setInviteType] = useState<InviteType>('email');
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<(typeof ASSIGNABLE_ROLES)[number]>('user');
  const [hours, setHours] = useState<number>(DEFAULT_INVITE_EXPIRY_HOURS);
  const [message, setMessage] = useState('');
  const [withInstance, setWithInstance] = useState(true);
  const [created, setCreated] = useState<InviteCreateResponse | null>(null);
  const [copied, setCopied] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!open) return;
    setInviteType('email');
    setEmail('');
    setRole('user');
    setHours(DEFAULT_INVITE_EXPIRY_HOURS);
    setMessage('');
    setWithInstance(true);
    setCreated(null);
    setError(null);
  }, [open]);

  // After creation the link is copied and the modal closes after 3.5 s (spec 2 §4).
  useEffect(() => {
    if (!created) return;
    const timer = window.setTimeout(() => onOpenChange(false), INVITE_MODAL_CLOSE_MS);
    return () => window.clearTimeout(timer);
  }, [created, onOpenChange]);

  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), COPIED_INDICATOR_MS);
    return () => window.clearTimeout(timer);
  }, [copied]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    create.mutate(
      { invite_type: inviteType, ...(inviteType === 'email' ? { email: email.trim() } : {}), role, expires_in_hours: hours, ...(message.trim() ? { message: message.trim() } : {}), ...(withInstance ? { instance_id: instance.id } : {}) },
      {
        onSuccess: async (response) => {
          setCreated(response);
          setCopied(await copyText(absoluteLink(response.invite_link)));
          toast.success(response.invite.email ? (response.email_sent ? `Invitation sent to ${response.invite.email}` : `Invitation created for ${response.invite.email}, but the e-mail could not be sent: share the link`) : 'Invitation link created');
        },
        onError: (e) => setError(`Failed to create invitation: ${serverMessage(e)}`),
      },
    );
  };

  if (created) {
    const link = absoluteLink(created.invite_link);
    return (
      <Modal open={open} onOpenChange={onOpenChange} title="Invitation created" description={created.invite.email ? `An invitation for ${created.invite.email} is ready.` : `Anyone with this link can join (up to ${LINK_INVITE_MAX_USES} people).`}>
        <div className="flex flex-col gap-3">
          <p role="status" className="text-sm text-success">
            {created.email_sent ? 'Invitation e-mail sent.' : created.invite.email ? 'The e-mail could not be sent; share the link instead.' : 'Share this link with your colleagues.'}
          </p>
          <div className="flex items-center gap-2">
            <input aria-label="Invitation link" readOnly value={link} className={`${selectClasses} font-mono text-xs`} onFocus={(e) => e.target.select()} />
            <Button variant="outline" onClick={async () => setCopied(await copyText(link))}>
              {copied ? <Check className="size-4" aria-hidden /> : <Copy className="size-4" aria-hidden />}
              {copied ? 'Copied' : 'Copy'}
            </Button>
          </div>
        </div>
      </Modal>
    );
  }

  return (
    <Modal open={open} onOpenChange={onOpenChange} title="Invite Team Member" description={`Invite someone to ${instance.organization_name}.`}>
      <form onSubmit={submit} className="flex flex-col gap-4">
        <fieldset className="flex gap-2">
          <legend className="mb-1.5 text-sm font-medium">Invitation type</legend>
          {(['email', 'link'] as const).map((t) => (
            <label key={t} className="flex flex-1 cursor-pointer items-center gap-2 rounded-lg border px-3 py-2 text-sm has-[:checked]:border-primary has-[:checked]:bg-accent">
              <input type="radio" name="invite-type" value={t} checked={inviteType === t} onChange={() => setInviteType(t)} />
              {t === 'email' ? 'Email invitation' : `Shareable link (up to ${LINK_INVITE_MAX_USES} uses)`}
            </label>
          ))}
        </fieldset>
        {inviteType === 'email' ? <Field label="Email address" name="invite-email" type="email" maxLength={254} value={email} onChange={(e) => setEmail(e.target.value)} placeholder="colleague@company.com" required /> : null}
        <label className="flex flex-col gap-1.5 text-sm font-medium">
          Role
          <select className={selectClasses} value={role} onChange={(e) => setRole(e.target.value as typeof role)}>
            {ASSIGNABLE_ROLES.map((r) => (
              <option key={r} value={r}>
                {ROLE_LABELS[r]}
              </option>
            ))}
          </select>
          <span className="text-xs font-normal text-muted-foreground">{ROLE_DESCRIPTIONS[role]}</span>
        </label>
        <label className="flex flex-col gap-1.5 text-sm font-medium">
          Expires after
          <select className={selectClasses} value={hours} onChange={(e) => setHours(Number(e.target.value))}>
            {INVITE_EXPIRY_HOURS.map((h) => (
              <option key={h} value={h}>
                {expiryLabel(h)}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1.5 text-sm font-medium">
          Message (optional)
          <textarea className={`${selectClasses} h-20 py-2`} maxLength={1000} value={message} onChange={(e) => setMessage(e.target.value)} placeholder="A note for the invitee" />
        </label>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={withInstance} onChange={(e) => setWithInstance(e.target.checked)} />
          Give access to the instance {instance.name}
        </label>
        {error ? (
          <p role="alert" className="rounded-lg bg-danger-soft px-3 py-2 text-sm text-danger">
            {error}
          </p>
        ) : null}
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={(inviteType === 'email' && !email.trim()) || create.isPending}>
            {create.isPending ? <Spinner /> : null}
            {inviteType === 'email' ? 'Send Invitation' : 'Create Link'}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
