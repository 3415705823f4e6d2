import { useEffect, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { SUBSCRIPTIONS, type Subscription } from '../../../../../shared/constants';
import { slugFromName } from '../../../../../shared/invites';
import type { Organization } from '../../../../../shared/schemas/organizations';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Spinner } from '../../../components/ui/spinner';
import { serverMessage } from '../../team/components/errors';
import { Modal, selectClasses } from '../../team/components/modal';
import { useAddDomain, useCreateOrganization, useOrganizationStats, useRemoveDomain, useUpdateOrganization } from './organizations-api';

export const FILL_REQUIRED = 'Please fill in all required fields';
export const SUBSCRIPTION_LABELS: Record<Subscription, string> = { free: 'Free', professional: 'Professional', enterprise: 'Enterprise' };

function SubscriptionSelect({ id, value, onChange, disabled }: { id: string; value: Subscription; onChange: (value: Subscription) => void; disabled?: boolean }) {
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        Subscription
      </label>
      <select id={id} className={selectClasses} value={value} onChange={(event) => onChange(event.target.value as Subscription)} disabled={disabled}>
        {SUBSCRIPTIONS.map((s) => (
          <option key={s} value={s}>
            {SUBSCRIPTION_LABELS[s]}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Create New Organization (spec 2 §5: name, slug derived while empty, domain; professional by default). */
export function CreateOrganizationDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const create = useCreateOrganization();
  const [name, setName] = useState('');
  const [slug, setSlug] = useState('');
  const [domain, setDomain] = useState('');
  const [subscription, setSubscription] = useState<Subscription>('professional');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!open) return;
    setName('');
    setSlug('');
    setDomain('');
    setSubscription('professional');
    setError(null);
  }, [open]);
  const derived = slugFromName(name);
  const effectiveSlug = slug.trim() || derived;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!name.trim() || !effectiveSlug || !domain.trim()) {
      setError(FILL_REQUIRED);
      return;
    }
    setError(null);
    try {
      const created = await create.mutateAsync({ name: name.trim(), slug: effectiveSlug, domain: domain.trim(), subscription });
      toast.success(`Organization ${created.organization.name} created`);
      onOpenChange(false);
    } catch (failure) {
      setError(`Failed to create organization: ${serverMessage(failure)}`);
    }
  };

  return (
    <Modal open={open} onOpenChange={onOpenChange} title="Create New Organization" description="A new customer organization with its primary domain.">
      <form onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-4">
        {error ? (
          <p role="alert" className="rounded-lg bg-danger-soft px-3 py-2 text-sm text-danger">
            {error}
          </p>
        ) : null}
        <Field label="Organization name" value={name} onChange={(event) => setName(event.target.value)} placeholder="Acme Corporation" required />
        <Field label="Slug" value={slug} onChange={(event) => setSlug(event.target.value)} placeholder={derived || 'acme_corporation'} hint={slug.trim() ? undefined : derived ? `Derived from the name: ${derived}` : 'Derived from the name while empty'} />
        <Field label="Primary domain" value={domain} onChange={(event) => setDomain(event.target.value)} placeholder="acme.com" required />
        <SubscriptionSelect id="create-org-subscription" value={subscription} onChange={setSubscription} />
        <div className="flex justify-end gap-2">
          <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? <Spinner /> : null}
            Create Organization
          </Button>
        </div>
      </form>
    </Modal>
  );
}

function Stats({ id }: { id: string }) {
  const stats = useOrganizationStats(id);
  if (stats.isPending) return <p className="text-sm text-muted-foreground">Loading statistics…</p>;
  if (stats.isError) return <p className="text-sm text-danger">Failed to load statistics: {serverMessage(stats.error)}</p>;
  const s = stats.data.stats;
  const figures: Array<[string, number]> = [
    ['Members', s.members],
    ['Administrators', s.administrators],
    ['Instances', s.instances],
    ['Datasets', s.datasets],
    ['Invitations', s.invites],
  ];
  return (
    <dl className="grid grid-cols-3 gap-3 sm:grid-cols-5" aria-label="Organization statistics">
      {figures.map(([label, value]) => (
        <div key={label} className="rounded-lg bg-muted/60 px-3 py-2">
          <dt className="text-xs text-muted-foreground">{label}</dt>
          <dd className="text-lg font-semibold tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Edit an organization: name, subscription, accepted domains (primary not removable), its statistics. */
export function EditOrganizationDialog({ organization, onOpenChange }: { organization: Organization | null; onOpenChange: (open: boolean) => void }) {
  const update = useUpdateOrganization();
  const addDomain = useAddDomain();
  const removeDomain = useRemoveDomain();
  const [name, setName] = useState('');
  const [subscription, setSubscription] = useState<Subscription>('professional');
  const [newDomain, setNewDomain] = useState('');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!organization) return;
    setName(organization.name);
    setSubscription(organization.subscription);
    setNewDomain('');
    setError(null);
  }, [organization]);
  if (!organization) return null;
  const duplicate = organization.domains.includes(newDomain.trim().toLowerCase());

  const save = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!name.trim()) {
      setError(FILL_REQUIRED);
      return;
    }
    try {
      await update.mutateAsync({ id: organization.id, name: name.trim(), subscription });
      toast.success('Organization updated');
      onOpenChange(false);
    } catch (failure) {
      setError(`Failed to update organization: ${serverMessage(failure)}`);
    }
  };
  const add = async () => {
    try {
      await addDomain.mutateAsync({ id: organization.id, domain: newDomain.trim() });
      setNewDomain('');
      setError(null);
    } catch (failure) {
      setError(serverMessage(failure));
    }
  };

  return (
    <Modal open onOpenChange={onOpenChange} title={`Edit ${organization.name}`} description={organization.id} wide>
      <div className="flex flex-col gap-5">
        <Stats id={organization.id} />
        {error ? (
          <p role="alert" className="rounded-lg bg-danger-soft px-3 py-2 text-sm text-danger">
            {error}
          </p>
        ) : null}
        <form onSubmit={(event) => void save(event)} noValidate className="flex flex-col gap-4">
          <Field label="Organization name" value={name} onChange={(event) => setName(event.target.value)} />
          <SubscriptionSelect id="edit-org-subscription" value={subscription} onChange={setSubscription} />
          <div className="flex justify-end">
            <Button type="submit" disabled={update.isPending || !name.trim()}>
              {update.isPending ? <Spinner /> : null}
              Save Changes
            </Button>
          </div>
        </form>
        <section aria-label="Accepted domains" className="flex flex-col gap-2 border-t pt-4">
          <h3 className="text-sm font-semibold">Accepted domains</h3>
          <ul className="flex flex-col gap-1">
            {organization.domains.map((domain) => (
              <li key={domain} className="flex items-center justify-between gap-2 rounded-lg bg-muted/50 px-3 py-1.5 text-sm">
                <span>
                  {domain}
                  {domain === organization.domain ? <span className="ml-2 text-xs text-muted-foreground">(primary)</span> : null}
                </span>
                {domain !== organization.domain ? (
                  <Button size="sm" variant="ghost" aria-label={`Remove ${domain}`} disabled={removeDomain.isPending} onClick={() => void removeDomain.mutateAsync({ id: organization.id, domain }).catch((failure: unknown) => setError(serverMessage(failure)))}>
                    Remove
                  </Button>
                ) : null}
              </li>
            ))}
          </ul>
          <div className="flex items-end gap-2">
            <div className="grow">
              <Field label="Add domain" value={newDomain} onChange={(event) => setNewDomain(event.target.value)} placeholder="eu.acme.com" error={duplicate && newDomain.trim() ? 'This domain is already added' : null} />
            </div>
            <Button type="button" variant="outline" disabled={!newDomain.trim() || duplicate || addDomain.isPending} onClick={() => void add()}>
              Add
            </Button>
          </div>
        </section>
      </div>
    </Modal>
  );
}
