import { randomInt } from 'node:crypto';
import { normalizeRole, type Role } from '../../../shared/roles';
import type { Member } from '../../../shared/schemas/team';
import { displayName, type Caller } from '../tenancy/caller';
import { auditEntry } from './audit';
import type { IdentityAdmin, TeamClock, TeamStore } from './ports';
import { assertControllable, assertRoleChange } from './rules';

// Members of an organization: the list with their instances, role change, password reset.

export async function listMembers(store: TeamStore, orgId: string): Promise<Member[]> {
  const [members, instances] = await Promise.all([store.listMembers(orgId), store.listInstances(orgId)]);
  const active = instances.filter((i) => i.status === 'active');
  const assignments = (await Promise.all(active.map((i) => store.listAssignments(orgId, i.id)))).flat();
  const byEmail = new Map<string, Member['instances']>();
  const instanceById = new Map(active.map((i) => [i.id, i]));
  for (const a of assignments) {
    const instance = instanceById.get(a.instanceId);
    if (!instance) continue;
    const list = byEmail.get(a.email) ?? [];
    list.push({ id: instance.id, name: instance.name, type: instance.type });
    byEmail.set(a.email, list);
  }
  return members
    .map((m) => {
      // An org admin has global access to every instance (spec 2 §6).
      const list = m.isOrgAdmin ? active.map((i) => ({ id: i.id, name: i.name, type: i.type })) : (byEmail.get(m.email) ?? []);
      list.sort((a, b) => a.name.localeCompare(b.name));
      return { email: m.email, name: displayName(m), role: normalizeRole(m.role), is_org_admin: m.isOrgAdmin, instanceCount: list.length, instances: list };
    })
    .sort((a, b) => a.name.localeCompare(b.name) || a.email.localeCompare(b.email));
}

export async function changeMemberRole(store: TeamStore, clock: TeamClock, caller: Caller, orgId: string, email: string, role: Role): Promise<Member> {
  const members = await store.listMembers(orgId);
  const target = assertControllable(caller, members.find((m) => m.email === email));
  assertRoleChange(caller, target, role, members);
  const now = clock.now();
  const from = normalizeRole(target.role);
  const updated = await store.changeRole(orgId, email, target.role, role, auditEntry(clock, now, orgId, caller, 'member.role', email, { role: from }, { role }));
  const list = await listMembers(store, orgId);
  return list.find((m) => m.email === updated.email)!;
}

const ALPHABETS = ['ABCDEFGHJKLMNPQRSTUVWXYZ', 'abcdefghijkmnopqrstuvwxyz', '23456789', '#$%&*+-=?@'];

/** A temporary password of 16 characters with every class the user pool's policy asks for. */
export function temporaryPassword(): string {
  const all = ALPHABETS.join('');
  const chars = ALPHABETS.map((a) => a[randomInt(a.length)]!);
  while (chars.length < 16) chars.push(all[randomInt(all.length)]!);
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j]!, chars[i]!];
  }
  return chars.join('');
}

/** Sets a temporary Cognito password; the member must choose a new one at the next sign-in. */
export async function resetMemberPassword(store: TeamStore, identity: IdentityAdmin, clock: TeamClock, caller: Caller, orgId: string, email: string): Promise<string> {
  assertControllable(caller, await store.getMember(orgId, email));
  const password = temporaryPassword();
  await identity.setTemporaryPassword(email, password);
  await store.writeAudit(auditEntry(clock, clock.now(), orgId, caller, 'member.password_reset', email, null, { temporary: true }));
  return password;
}
