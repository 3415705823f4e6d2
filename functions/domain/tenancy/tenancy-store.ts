import type { AssignmentRecord, DatasetRecord, InstanceRecord, IssueCounts, MemberRecord, OrganizationRecord } from './records';

/** What resolving a caller reads (TenancyStore.findCallerContext); absent parts do not exist. */
export interface CallerContext {
  member?: MemberRecord;
  organization?: OrganizationRecord;
  instance?: InstanceRecord;
  assignment?: AssignmentRecord;
}

/** The port through which tenancy use cases read and write. The DynamoDB repository implements it. */
export interface TenancyStore {
  getOrganization(orgId: string): Promise<OrganizationRecord | undefined>;
  listOrganizations(): Promise<OrganizationRecord[]>;
  getMember(orgId: string, email: string): Promise<MemberRecord | undefined>;
  findMemberByEmail(email: string): Promise<{ member?: MemberRecord; assignments: AssignmentRecord[] }>;
  /**
   * How callers are found: the member a pool user (`sub`) is bound to, its organization and, when
   * a request names an instance, that instance of the member's organization and the member's
   * assignment to it, in as few round trips as the store can. A member bound to another sub is
   * not answered (nor is anything else).
   */
  findCallerContext(sub: string, instanceId?: string): Promise<CallerContext>;
  /** The instances assigned to a member (read only where a route lists them). */
  assignmentsOf(orgId: string, email: string): Promise<AssignmentRecord[]>;
  getInstance(orgId: string, instanceId: string): Promise<InstanceRecord | undefined>;
  findInstanceById(instanceId: string): Promise<InstanceRecord | undefined>;
  listInstances(orgId: string): Promise<InstanceRecord[]>;
  getAssignment(orgId: string, instanceId: string, email: string): Promise<AssignmentRecord | undefined>;
  countAssignments(orgId: string, instanceId: string): Promise<number>;
  countDatasets(orgId: string, instanceId: string): Promise<number>;
  listDatasets(orgId: string, instanceId: string): Promise<Array<DatasetRecord & { counts: IssueCounts }>>;
  updateMemberProfile(
    orgId: string,
    email: string,
    profile: Partial<Pick<MemberRecord, 'firstName' | 'lastName' | 'title'>>,
  ): Promise<MemberRecord>;
}
