import type { InstanceType, OnboardingStatus, OrganizationType, Subscription, WarehouseType } from '../../../shared/constants';
import type { Role } from '../../../shared/roles';

// What the tenancy items hold, independent of how they are stored.

export interface OrganizationRecord {
  id: string;
  name: string;
  type: OrganizationType;
  slug: string;
  domain: string;
  domains: string[];
  subscription: Subscription;
  status: 'active' | 'suspended';
  createdAt: string;
  /** Soft-deleted (DELETE /api/organizations/{id}); listed only with include_inactive. */
  inactive?: boolean;
  /** The data cell the organization lives in: today the stage's DynamoDB table (issue 11 §5). */
  shard?: string;
  /** A customer-managed key registered for the organization (BYOK). */
  byok?: { kmsKeyArn: string; lastRotation: string; status: 'active' | 'key_rotation_needed' | 'error' };
  diagnosticsConfig?: { schema: string; enabled: boolean };
  /** CIDR ranges the organization's members may call the API from (issue 14 §5); absent or empty: any. */
  ipAllowlist?: { cidrs: string[]; updatedAt: string; updatedBy: string };
  /**
   * The Teams trial a checkout started (issue 16 §4); the subscription stays what is paid. What
   * applies at a time is `effectiveSubscription` (shared/plans.ts). Started once per organization.
   */
  trial?: TrialRecord;
  /** What Stripe's webhooks told about the organization's Teams subscription (issue 16 §4). */
  stripe?: StripeBillingRecord;
  /** Set by the first call of the permanent purge: no change is accepted from then on. */
  purgeStartedAt?: string;
}

export interface StripeBillingRecord {
  customerId?: string;
  subscriptionId?: string;
  /** Stripe's subscription status, or 'deleted'. */
  subscriptionStatus?: string;
  /** The last event applied (its id, and its `created` in seconds: older events are not applied). */
  lastEventId: string;
  lastEventCreated: number;
}

export interface TrialRecord {
  plan: 'professional';
  startedAt: string;
  endsAt: string;
  /** The checkout session that started it (Stripe's id, or the built-in checkout's). */
  checkoutSessionId: string;
  startedBy: string;
}

export interface MemberRecord {
  email: string;
  /**
   * The user-pool user's immutable `sub` this member is bound to. Callers are resolved by it,
   * never by the e-mail claim; a member without one (not yet bound) cannot be signed in as.
   */
  sub?: string;
  organizationId: string;
  firstName: string;
  lastName: string;
  title: string;
  role: Role;
  isOrgAdmin: boolean;
  createdAt: string;
}

/** Which member a user-pool user (`sub`) signs in as. */
export interface IdentityBinding {
  sub: string;
  organizationId: string;
  email: string;
}

export interface InstanceRecord {
  id: string;
  organizationId: string;
  name: string;
  type: InstanceType;
  description: string;
  warehouseType: WarehouseType;
  createdBy: string;
  status: 'active' | 'inactive';
  createdAt: string;
}

export interface AssignmentRecord {
  organizationId: string;
  instanceId: string;
  email: string;
  role: Role;
  assignedAt: string;
}

export interface DatasetRecord {
  id: string;
  name: string;
  organizationId: string;
  instanceId: string;
  onboardingStatus: OnboardingStatus;
  /** The column that identifies a source record (spec 1 §3 record key). */
  recordKey: string;
  totalRecords: number;
  lastScanTime: string | null;
  createdAt: string;
  /** Brought in by the organization's agent connector (issue 14); absent for uploaded and demo datasets. */
  origin?: 'agent';
  /** An agent dataset while its agent is disconnected: kept (with its triage work), out of view. */
  hidden?: boolean;
}

/** Whether a dataset is in view: hidden agent datasets are not, anywhere. */
export function inView<T extends Pick<DatasetRecord, 'hidden'>>(dataset: T): boolean {
  return dataset.hidden !== true;
}

export interface IssueCounts {
  open: number;
  resolved: number;
  muted: number;
}
