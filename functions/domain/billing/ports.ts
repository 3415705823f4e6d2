import type { BillingCycle } from '../../../shared/pricing';
import type { OrganizationRecord } from '../tenancy/records';
import type { AuditEntry } from '../team/records';

// The checkout port (issue 16 §4): Stripe Checkout when configured, the built-in checkout otherwise.

export interface CheckoutRequest {
  organizationId: string;
  customerEmail: string;
  plan: 'teams';
  billingCycle: BillingCycle;
  /** Where the checkout returns on success; `{CHECKOUT_SESSION_ID}` is replaced by the session id. */
  successUrl: string;
  /** Where a cancelled checkout returns. */
  cancelUrl: string;
}

export interface CheckoutSession {
  id: string;
  organizationId: string;
  plan: 'teams';
  billingCycle: BillingCycle;
  /** open: not finished; complete: the customer finished it (a trial needs no payment yet); expired. */
  status: 'open' | 'complete' | 'expired';
  customerEmail: string | null;
}

export interface CheckoutProvider {
  readonly name: 'stripe' | 'builtin';
  /** Creates a session and answers where to send the customer. */
  createSession(request: CheckoutRequest): Promise<{ id: string; url: string }>;
  /** The session as the provider knows it; undefined when it does not exist. */
  getSession(id: string, organizationId: string): Promise<CheckoutSession | undefined>;
}

export interface BillingStore {
  getOrganization(id: string): Promise<OrganizationRecord | undefined>;
  /** Conditioned on the organization being unchanged since `previous` was read; with its audit entry. */
  updateOrganization(organization: OrganizationRecord, audit: AuditEntry, previous: OrganizationRecord): Promise<void>;
}

export interface BillingDeps {
  checkout: CheckoutProvider;
  store: BillingStore;
  clock: { now(): Date; newId(): string };
}
