import type { AssignmentRecord, DatasetRecord, InstanceRecord, IssueCounts, MemberRecord, OrganizationRecord } from '../domain/tenancy/records';
import type { CallerContext, TenancyStore } from '../domain/tenancy/tenancy-store';

/** An in-memory TenancyStore for unit tests of use cases. */
export class MemoryTenancyStore implements TenancyStore {
  organizations: OrganizationRecord[] = [];
  members: MemberRecord[] = [];
  instances: InstanceRecord[] = [];
  assignments: AssignmentRecord[] = [];
  datasets: Array<DatasetRecord & { counts: IssueCounts }> = [];

  async getOrganization(orgId: string) {
    return this.organizations.find((o) => o.id === orgId);
  }
  async listOrganizations() {
    return [...this.organizations];
  }
  async getMember(orgId: string, email: string) {
    return this.members.find((m) => m.organizationId === orgId && m.email === email);
  }
  async findMemberByEmail(email: string) {
    const member = this.members.find((m) => m.email === email);
    return { member, assignments: this.assignments.filter((a) => a.email === email && a.organizationId === member?.organizationId) };
  }
  async findCallerContext(sub: string, instanceId?: string): Promise<CallerContext> {
    const member = this.members.find((m) => m.sub === sub);
    if (!member) return {};
    const organization = await this.getOrganization(member.organizationId);
    if (!instanceId) return { member, organization };
    const instance = await this.getInstance(member.organizationId, instanceId);
    const assignment = await this.getAssignment(member.organizationId, instanceId, member.email);
    return { member, organization, instance, assignment };
  }
  async assignmentsOf(orgId: string, email: string) {
    return this.assignments.filter((a) => a.email === email && a.organizationId === orgId);
  }
  async getInstance(orgId: string, instanceId: string) {
    return this.instances.find((i) => i.organizationId === orgId && i.id === instanceId);
  }
  async findInstanceById(instanceId: string) {
    return this.instances.find((i) => i.id === instanceId);
  }
  async listInstances(orgId: string) {
    return this.instances.filter((i) => i.organizationId === orgId);
  }
  async getAssignment(orgId: string, instanceId: string, email: string) {
    return this.assignments.find((a) => a.organizationId === orgId && a.instanceId === instanceId && a.email === email);
  }
  async countAssignments(orgId: string, instanceId: string) {
    return this.assignments.filter((a) => a.organizationId === orgId && a.instanceId === instanceId).length;
  }
  async countDatasets(orgId: string, instanceId: string) {
    return this.datasets.filter((d) => d.organizationId === orgId && d.instanceId === instanceId).length;
  }
  async listDatasets(orgId: string, instanceId: string) {
    return this.datasets.filter((d) => d.organizationId === orgId && d.instanceId === instanceId);
  }
  async updateMemberProfile(orgId: string, email: string, profile: Partial<Pick<MemberRecord, 'firstName' | 'lastName' | 'title'>>) {
    const m = await this.getMember(orgId, email);
    if (!m) throw new Error('no member');
    Object.assign(m, Object.fromEntries(Object.entries(profile).filter(([, v]) => v !== undefined)));
    return m;
  }

  /** The pool-user sub the demo tenants' members are bound to. */
  static subOf(email: string): string {
    return `sub-${email}`;
  }

  /** The verified token identity of a bound member. */
  static identityOf(email: string) {
    return { sub: MemoryTenancyStore.subOf(email), email, emailVerified: true };
  }

  static withDemoTenants(): MemoryTenancyStore {
    const s = new MemoryTenancyStore();
    const at = '2026-01-01T00:00:00.000Z';
    for (const id of ['org_a', 'org_b']) {
      s.organizations.push({ id, name: id.toUpperCase(), type: 'demo', slug: id, domain: `${id}.example`, domains: [], subscription: 'professional', status: 'active', createdAt: at });
      for (const inst of ['prod', 'dev']) {
        s.instances.push({ id: `${id}_${inst}`, organizationId: id, name: inst, type: inst === 'prod' ? 'production' : 'development', description: '', warehouseType: 'mock', createdBy: 'x', status: 'active', createdAt: at });
      }
    }
    const member = (email: string, organizationId: string, role: MemberRecord['role'], isOrgAdmin = false) =>
      s.members.push({ email, sub: MemoryTenancyStore.subOf(email), organizationId, role, isOrgAdmin, firstName: 'F', lastName: 'L', title: '', createdAt: at });
    member('user@a', 'org_a', 'user');
    member('admin@a', 'org_a', 'admin', true);
    member('super@b', 'org_b', 'super_admin');
    s.assignments.push({ organizationId: 'org_a', instanceId: 'org_a_prod', email: 'user@a', role: 'user', assignedAt: at });
    return s;
  }
}
