import { DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, inject, it } from 'vitest';
import { teamItems } from '../../functions/adapters/dynamodb/team-repository';
import { hashInviteCode, newInviteCode } from '../../functions/domain/team/invites';
import { INVITES_DENIED, TEAM_DENIED } from '../../functions/domain/team/rules';
import { dynamoClient } from '../../scripts/local/provision';
import { MULTI_INSTANCE_ORG } from '../../scripts/seed/seed-admin';
import { DEMO_PASSWORDS } from '../../functions/domain/demo/demo-directory';
import { call, tokenFor, users } from '../support/api';
import { inviteCodeIn, waitForMail } from '../support/mail';

// Team administration through the real local stack (spec 2 §7.1, §7.6; issue 11). The demo users
// are read, never changed: every change acts on members and instances this file creates.

// Reads use Demo Corp; every change happens in the seeded Initech Holdings (scripts/seed/seed-admin.ts),
// whose instances no other suite counts, so files running beside this one see nothing move.
const DEMO = '/api/organizations/org_demo';
const ORG = MULTI_INSTANCE_ORG.id;
const DOMAIN = MULTI_INSTANCE_ORG.domain;
const run = Date.now().toString(36);
const api = `/api/organizations/${ORG}`;
let adminToken: Promise<string> | undefined;
const admin = () =>
  (adminToken ??= call('POST', '/api/auth/login', { body: { email: MULTI_INSTANCE_ORG.admin, password: DEMO_PASSWORDS.customer } }).then((r) => {
    expect(r.status).toBe(200);
    return r.body.token as string;
  }));

async function createInstance(name: string) {
  const res = await call('POST', `${api}/instances`, { token: await admin(), body: { name, type: 'testing', warehouseType: 'snowflake', description: 'made by the team tests' } });
  expect(res.status).toBe(201);
  return res.body.instance as { id: string; name: string };
}

async function invite(body: Record<string, unknown>, token?: string) {
  return call('POST', `${api}/invites`, { token: token ?? (await admin()), body, instanceId: undefined });
}

async function signIn(email: string, password: string) {
  return call('POST', '/api/auth/login', { body: { email, password } });
}

async function audit(): Promise<Array<{ action: string; target: string; actor: string; before: unknown; after: unknown }>> {
  const res = await call('GET', `${api}/audit?limit=200`, { token: await admin() });
  expect(res.status).toBe(200);
  return res.body.entries;
}

/** Invites by e-mail, reads the delivered message and accepts it; answers the new member's token. */
async function joinByEmail(email: string, password: string, instanceId?: string): Promise<string> {
  const created = await invite({ email, role: 'user', invite_type: 'email', expires_in_hours: 24, ...(instanceId ? { instance_id: instanceId } : {}) });
  expect(created.status).toBe(201);
  const [mail] = await waitForMail(email);
  const code = inviteCodeIn(mail!);
  expect(code).toBe(created.body.invite.invite_code);
  const accepted = await call('POST', `/api/invites/${code}/accept`, { body: { name: 'New Member', email, password } });
  expect(accepted.status).toBe(201);
  const login = await signIn(email, password);
  expect(login.status).toBe(200);
  return login.body.token;
}

describe('members', () => {
  it('lists the members with their instances; org admins have every instance', async () => {
    const res = await call('GET', `${DEMO}/members`, { token: await tokenFor(users.demoAdmin) });
    expect(res.status).toBe(200);
    const analyst = res.body.members.find((m: { email: string }) => m.email === users.analyst);
    expect(analyst).toMatchObject({ role: 'user', is_org_admin: false, instanceCount: 2 });
    expect(analyst.instances.map((i: { id: string }) => i.id).sort()).toEqual(['inst_demo_prod', 'inst_demo_sales']);
    const owner = res.body.members.find((m: { email: string }) => m.email === users.owner);
    expect(owner.is_org_admin).toBe(true);
    expect(owner.instanceCount).toBeGreaterThanOrEqual(3);
    expect(res.body.total).toBe(res.body.members.length);
  });

  it.each([
    ['members', `/members`, TEAM_DENIED],
    ['instances', `/instances`, TEAM_DENIED],
    ['invites', `/invites`, INVITES_DENIED],
  ])('refuses a plain user the %s with the spec message', async (_name, path, message) => {
    const res = await call('GET', `${DEMO}${path}`, { token: await tokenFor(users.analyst) });
    expect(res.status).toBe(403);
    expect(res.body.error).toBe(message);
  });

  it("refuses another organization's admin", async () => {
    const res = await call('GET', `${DEMO}/members`, { token: await tokenFor(users.northwindAdmin) });
    expect(res.status).toBe(403);
    expect(JSON.stringify(res.body)).not.toContain(users.analyst);
  });

  it('refuses changes of org admins and of oneself, and account-owner grants by a plain admin', async () => {
    const token = await tokenFor(users.demoAdmin);
    const api = DEMO;
    const orgAdmin = await call('PUT', `${api}/members/${encodeURIComponent(users.owner)}/role`, { token, body: { role: 'user' } });
    expect(orgAdmin.status).toBe(403);
    const self = await call('PUT', `${api}/members/${encodeURIComponent(users.demoAdmin)}/role`, { token, body: { role: 'user' } });
    expect(self.status).toBe(403);
    const owner = await call('PUT', `${api}/members/${encodeURIComponent(users.analyst)}/role`, { token, body: { role: 'account_owner' } });
    expect(owner.status).toBe(403);
    const bad = await call('PUT', `${api}/members/${encodeURIComponent(users.analyst)}/role`, { token, body: { role: 'super_admin' } });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('role');
    const members = await call('GET', `${api}/members`, { token });
    expect(members.body.members.find((m: { email: string }) => m.email === users.analyst).role).toBe('user');
  });

  it("changes a member's role, which their next request reflects, and audits it", async () => {
    const email = `role-${run}@${DOMAIN}`;
    const memberToken = await joinByEmail(email, 'Joiner#2026role');
    expect((await call('GET', `${api}/members`, { token: memberToken })).status).toBe(403);

    const promoted = await call('PUT', `${api}/members/${encodeURIComponent(email)}/role`, { token: await admin(), body: { role: 'admin', permissions: ['read'] } });
    expect(promoted.status).toBe(200);
    expect(promoted.body.member).toMatchObject({ email, role: 'admin' });
    // Same token, next request: the role is read from the table.
    expect((await call('GET', `${api}/members`, { token: memberToken })).status).toBe(200);
    const me = await call('GET', '/api/users/me', { token: memberToken });
    expect(me.body.user.permissions).toEqual(['read', 'write', 'admin']);

    const demoted = await call('PUT', `${api}/members/${encodeURIComponent(email)}/role`, { token: await admin(), body: { role: 'user' } });
    expect(demoted.status).toBe(200);
    expect((await call('GET', `${api}/members`, { token: memberToken })).status).toBe(403);

    const entries = (await audit()).filter((e) => e.action === 'member.role' && e.target === email);
    expect(entries.map((e) => [e.before, e.after])).toEqual([
      [{ role: 'admin' }, { role: 'user' }],
      [{ role: 'user' }, { role: 'admin' }],
    ]);
    expect(entries[0]!.actor).toBe(MULTI_INSTANCE_ORG.admin);
  });

  it('resets a password to a temporary one, answered once', async () => {
    const email = `reset-${run}@${DOMAIN}`;
    await joinByEmail(email, 'Joiner#2026reset');
    const res = await call('POST', `${api}/members/${encodeURIComponent(email)}/reset-password`, { token: await admin() });
    expect(res.status).toBe(200);
    expect(res.body.temporary_password).toMatch(/^.{16}$/);
    expect((await signIn(email, 'Joiner#2026reset')).status).toBe(401);
    expect((await audit()).some((e) => e.action === 'member.password_reset' && e.target === email)).toBe(true);
    expect(JSON.stringify(await audit())).not.toContain(res.body.temporary_password);
  });

  it('asks a reset member for a new password at the next sign-in, once, then signs them in with it', async () => {
    const email = `renew-${run}@${DOMAIN}`;
    await joinByEmail(email, 'Joiner#2026renew');
    const reset = await call('POST', `${api}/members/${encodeURIComponent(email)}/reset-password`, { token: await admin() });
    const temporary = reset.body.temporary_password as string;

    const challenged = await signIn(email, temporary);
    expect(challenged.status).toBe(200);
    expect(challenged.body).toMatchObject({ success: false, challenge: 'NEW_PASSWORD_REQUIRED' });
    expect(challenged.body.token).toBeUndefined();
    const session = challenged.body.session as string;

    // A weak password is refused naming the field; a made-up session is refused.
    const weak = await call('POST', '/api/auth/new-password', { body: { email, session, new_password: 'weakpass' } });
    expect(weak.status).toBe(400);
    expect(JSON.stringify(weak.body)).toContain('new_password');
    const forged = await call('POST', '/api/auth/new-password', { body: { email, session: 'f'.repeat(64), new_password: 'Chosen#2026pass' } });
    expect(forged.status).toBe(401);
    // Another member cannot use this session.
    const other = await call('POST', '/api/auth/new-password', { body: { email: MULTI_INSTANCE_ORG.admin, session, new_password: 'Chosen#2026pass' } });
    expect(other.status).toBe(401);

    const chosen = await call('POST', '/api/auth/new-password', { body: { email, session, new_password: 'Chosen#2026pass' } });
    expect(chosen.status).toBe(200);
    expect(chosen.body.user.email).toBe(email);
    expect((await call('GET', '/api/users/me', { token: chosen.body.token })).status).toBe(200);

    // The session was answered once; the temporary password is gone; the new one signs in.
    expect((await call('POST', '/api/auth/new-password', { body: { email, session, new_password: 'Again#2026pass' } })).status).toBe(401);
    expect((await signIn(email, temporary)).status).toBe(401);
    const again = await signIn(email, 'Chosen#2026pass');
    expect(again.status).toBe(200);
    expect(again.body.token).toBeTruthy();
  });
});

describe('instances', () => {
  it('requires a name, creates, edits and lists instances, with audit entries', async () => {
    const token = await admin();
    const missing = await call('POST', `${api}/instances`, { token, body: { name: '  ' } });
    expect(missing.status).toBe(400);
    expect(JSON.stringify(missing.body)).toContain('Instance name is required');
    const badType = await call('POST', `${api}/instances`, { token, body: { name: 'X', type: 'galaxy' } });
    expect(badType.status).toBe(400);

    const created = await createInstance(`QA ${run}`);
    expect(created.id).toMatch(/^inst_/);
    const duplicate = await call('POST', `${api}/instances`, { token, body: { name: `qa ${run}` } });
    expect(duplicate.status).toBe(409);

    const edited = await call('PUT', `${api}/instances/${created.id}`, { token, body: { name: `QA ${run} renamed`, type: 'staging' } });
    expect(edited.status).toBe(200);
    expect(edited.body.instance).toMatchObject({ name: `QA ${run} renamed`, type: 'staging', warehouseType: 'snowflake', organization_id: ORG });

    const list = await call('GET', `${api}/instances`, { token });
    expect(list.body.instances.find((i: { id: string }) => i.id === created.id)).toMatchObject({ name: `QA ${run} renamed`, userCount: 0, datasetCount: 0 });
    const entries = (await audit()).filter((e) => e.target === created.id);
    expect(entries.map((e) => e.action)).toEqual(['instance.update', 'instance.create']);
    expect(entries[0]!.before).toMatchObject({ name: `QA ${run}`, type: 'testing' });
  });

  it('assigns and removes a member; the member sees exactly the assigned instances', async () => {
    const token = await admin();
    const instance = await createInstance(`Assign ${run}`);
    const email = `assign-${run}@${DOMAIN}`;
    const memberToken = await joinByEmail(email, 'Joiner#2026assign');
    expect((await call('GET', '/api/users/me/instances', { token: memberToken })).body.instances).toEqual([]);

    const added = await call('POST', `${api}/instances/${instance.id}/users`, { token, body: { userEmail: email, role: 'user' } });
    expect(added.status).toBe(201);
    const again = await call('POST', `${api}/instances/${instance.id}/users`, { token, body: { userEmail: email } });
    expect(again.status).toBe(409);
    const mine = await call('GET', '/api/users/me/instances', { token: memberToken });
    expect(mine.body.instances.map((i: { id: string }) => i.id)).toEqual([instance.id]);

    const removed = await call('DELETE', `${api}/instances/${instance.id}/users/${encodeURIComponent(email)}`, { token });
    expect(removed.status).toBe(200);
    expect((await call('GET', '/api/users/me/instances', { token: memberToken })).body.instances).toEqual([]);
    const gone = await call('DELETE', `${api}/instances/${instance.id}/users/${encodeURIComponent(email)}`, { token });
    expect(gone.status).toBe(404);
    const stranger = await call('POST', `${api}/instances/${instance.id}/users`, { token, body: { userEmail: users.northwindUser } });
    expect(stranger.status).toBe(404);
  });

  it('deletes an instance: gone from lists, assignments removed, unusable, audited', async () => {
    const token = await admin();
    const instance = await createInstance(`Delete ${run}`);
    const email = `delete-${run}@${DOMAIN}`;
    const memberToken = await joinByEmail(email, 'Joiner#2026delete', instance.id);
    expect((await call('GET', '/api/datasets', { token: memberToken, instanceId: instance.id })).status).toBe(200);

    const deleted = await call('DELETE', `${api}/instances/${instance.id}`, { token });
    expect(deleted.status).toBe(200);
    expect(deleted.body.removedAssignments).toBe(1);
    expect((await call('GET', `${api}/instances`, { token })).body.instances.some((i: { id: string }) => i.id === instance.id)).toBe(false);
    expect((await call('GET', '/api/users/me/instances', { token: memberToken })).body.instances).toEqual([]);
    expect((await call('GET', '/api/datasets', { token, instanceId: instance.id })).status).toBe(403);
    expect((await call('PUT', `${api}/instances/${instance.id}`, { token, body: { name: 'zombie' } })).status).toBe(404);
    expect((await audit()).some((e) => e.action === 'instance.delete' && e.target === instance.id)).toBe(true);
  });
});

describe('invitations', () => {
  it('sends an e-mail invitation through the local SMTP server; accepting creates the member on the named instance', async () => {
    const instance = await createInstance(`Invite ${run}`);
    const email = `newbie-${run}@${DOMAIN}`;
    const created = await invite({ email, role: 'user', invite_type: 'email', expires_in_hours: 72, message: 'Welcome aboard!', instance_id: instance.id });
    expect(created.status).toBe(201);
    expect(created.body.email_sent).toBe(true);
    expect(created.body.invite).toMatchObject({ email, role: 'user', status: 'pending', max_uses: 1, usage_count: 0, invite_type: 'email', instance_id: instance.id });
    expect(created.body.invite_link).toBe(`/invite/${created.body.invite.invite_code}`);
    expect(created.body.invite.invite_code.length).toBeGreaterThanOrEqual(43); // 256 bits, base64url
    expect(created.body.email_content.subject).toContain(MULTI_INSTANCE_ORG.name);
    const hours = (Date.parse(created.body.invite.expires_at) - Date.parse(created.body.invite.created_at)) / 3_600_000;
    expect(hours).toBe(72);

    const [mail] = await waitForMail(email);
    expect(mail!.subject).toContain(MULTI_INSTANCE_ORG.name);
    expect(mail!.text).toContain('Welcome aboard!');
    const code = inviteCodeIn(mail!)!;

    const details = await call('GET', `/api/invites/${code}/details`);
    expect(details.status).toBe(200);
    expect(details.body.invite).toMatchObject({ email, role: 'user', message: 'Welcome aboard!', organization: { name: MULTI_INSTANCE_ORG.name }, inviter: { name: 'Alex Initech' }, instance: { name: instance.name } });

    const other = await call('POST', `/api/invites/${code}/accept`, { body: { name: 'X', email: `other-${run}@${DOMAIN}`, password: 'Joiner#2026x' } });
    expect(other.status).toBe(400);
    const short = await call('POST', `/api/invites/${code}/accept`, { body: { name: 'X', email, password: 'short' } });
    expect(short.status).toBe(400);
    expect(JSON.stringify(short.body)).toContain('Password must be at least 8 characters long');

    const accepted = await call('POST', `/api/invites/${code}/accept`, { body: { name: 'Nina Newbie', email, password: 'Joiner#2026nina' } });
    expect(accepted.status).toBe(201);
    const twice = await call('POST', `/api/invites/${code}/accept`, { body: { name: 'Nina Newbie', email, password: 'Joiner#2026nina' } });
    expect(twice.status).toBe(410);

    const login = await signIn(email, 'Joiner#2026nina');
    expect(login.status).toBe(200);
    expect(login.body.user).toMatchObject({ email, role: 'user', organization_id: ORG, first_name: 'Nina', last_name: 'Newbie', is_org_admin: false });
    const mine = await call('GET', '/api/users/me/instances', { token: login.body.token });
    expect(mine.body.instances.map((i: { id: string }) => i.id)).toEqual([instance.id]);

    const list = await call('GET', `${api}/invites`, { token: await admin() });
    expect(list.body.invites.find((i: { id: string }) => i.id === created.body.invite.id)).toMatchObject({ status: 'accepted', usage_count: 1 });
    const actions = (await audit()).filter((e) => e.target === created.body.invite.id).map((e) => e.action);
    expect(actions).toEqual(['invite.accept', 'invite.create']);
  });

  it('refuses e-mails outside the accepted domains, existing members and duplicate pending invitations', async () => {
    const outside = await invite({ email: `someone-${run}@gmail.example`, invite_type: 'email' });
    expect(outside.status).toBe(400);
    expect(outside.body.error).toContain('accepted domains');
    const member = await invite({ email: MULTI_INSTANCE_ORG.admin, invite_type: 'email' });
    expect(member.status).toBe(409);
    expect(member.body.error).toContain('already a member of this organization');
    const email = `dup-${run}@${DOMAIN}`;
    expect((await invite({ email, invite_type: 'email' })).status).toBe(201);
    expect((await invite({ email, invite_type: 'email' })).status).toBe(409);
    const noEmail = await invite({ invite_type: 'email' });
    expect(noEmail.status).toBe(400);
    const badExpiry = await invite({ invite_type: 'link', expires_in_hours: 5 });
    expect(badExpiry.status).toBe(400);
    // A super admin may invite outside the domains.
    const bySuper = await invite({ email: `partner-${run}@partner.example`, invite_type: 'email' }, await tokenFor(users.superAdmin));
    expect(bySuper.status).toBe(201);
  });

  it('resends pending e-mail invitations and revokes them; a revoked link is not found', async () => {
    const token = await admin();
    const email = `resend-${run}@${DOMAIN}`;
    const created = await invite({ email, invite_type: 'email' });
    await waitForMail(email, 1);
    const resent = await call('POST', `${api}/invites/${created.body.invite.id}/resend`, { token });
    expect(resent.status).toBe(200);
    expect(resent.body.message).toBe('Invitation email resent successfully!');
    expect(await waitForMail(email, 2)).toHaveLength(2);

    const revoked = await call('DELETE', `${api}/invites/${created.body.invite.id}`, { token });
    expect(revoked.status).toBe(200);
    const code = created.body.invite.invite_code;
    const details = await call('GET', `/api/invites/${code}/details`);
    expect(details.status).toBe(404);
    expect(details.body.error).toBe('Invitation not found or has expired');
    expect((await call('POST', `/api/invites/${code}/accept`, { body: { name: 'X', email, password: 'Joiner#2026x' } })).status).toBe(404);
    expect((await call('POST', `${api}/invites/${created.body.invite.id}/resend`, { token })).status).toBe(409);
    expect((await call('DELETE', `${api}/invites/${created.body.invite.id}`, { token })).status).toBe(409);
    const actions = (await audit()).filter((e) => e.target === created.body.invite.id).map((e) => e.action);
    expect(actions).toEqual(['invite.revoke', 'invite.resend', 'invite.create']);
  });

  it('lets a link invitation be used ten times, not eleven', async () => {
    const created = await invite({ invite_type: 'link', role: 'user' });
    expect(created.status).toBe(201);
    expect(created.body.invite).toMatchObject({ invite_type: 'link', email: null, max_uses: 10 });
    expect(created.body.email_content).toBeNull();
    const code = created.body.invite.invite_code;
    expect((await call('POST', `${api}/invites/${created.body.invite.id}/resend`, { token: await admin() })).status).toBe(400);
    const outside = await call('POST', `/api/invites/${code}/accept`, { body: { name: 'Out', email: `out-${run}@elsewhere.example`, password: 'Joiner#2026out' } });
    expect(outside.status).toBe(400);
    for (let i = 0; i < 10; i++) {
      const res = await call('POST', `/api/invites/${code}/accept`, { body: { name: `Link ${i}`, email: `link${i}-${run}@${DOMAIN}`, password: 'Joiner#2026link' } });
      expect(res.status).toBe(201);
    }
    const eleventh = await call('POST', `/api/invites/${code}/accept`, { body: { name: 'Eleven', email: `link10-${run}@${DOMAIN}`, password: 'Joiner#2026link' } });
    expect(eleventh.status).toBe(410);
    expect((await signIn(`link10-${run}@${DOMAIN}`, 'Joiner#2026link')).status).toBe(401);
  });

  it('answers 410 for an expired invitation, at read time', async () => {
    const env = inject('stackEnv');
    const doc = DynamoDBDocumentClient.from(dynamoClient(env.DYNAMODB_ENDPOINT!));
    const code = newInviteCode();
    const past = new Date(Date.now() - 3_600_000).toISOString();
    await doc.send(
      new PutCommand({
        TableName: env.TABLE_NAME,
        Item: teamItems.invite({
          id: `01EXPIRED${run.toUpperCase()}`.slice(0, 26), organizationId: ORG, inviteType: 'email', email: `late-${run}@${DOMAIN}`, role: 'user', status: 'pending',
          inviterEmail: MULTI_INSTANCE_ORG.admin, inviterName: 'Alex Initech', inviterIsSuperAdmin: false, createdAt: past, validUntil: past, usageCount: 0, maxUses: 1,
          message: null, code, codeHash: hashInviteCode(code), instanceId: null, lastSentAt: null, sendCount: 0,
        }),
      }),
    );
    const details = await call('GET', `/api/invites/${code}/details`);
    expect(details.status).toBe(410);
    expect(details.body.error).toBe('This invitation has expired');
    const accept = await call('POST', `/api/invites/${code}/accept`, { body: { name: 'Late', email: `late-${run}@${DOMAIN}`, password: 'Joiner#2026late' } });
    expect(accept.status).toBe(410);
    const list = await call('GET', `${api}/invites`, { token: await admin() });
    expect(list.body.invites.find((i: { invite_code: string }) => i.invite_code === code).status).toBe('expired');
  });

  it('leaves no half-created member when accepting fails midway', async () => {
    const token = await admin();
    const instance = await createInstance(`Vanishing ${run}`);
    const email = `half-${run}@${DOMAIN}`;
    const created = await invite({ email, invite_type: 'email', instance_id: instance.id });
    expect((await call('DELETE', `${api}/instances/${instance.id}`, { token })).status).toBe(200);
    const accept = await call('POST', `/api/invites/${created.body.invite.invite_code}/accept`, { body: { name: 'Half', email, password: 'Joiner#2026half' } });
    expect(accept.status).toBe(409);
    expect((await signIn(email, 'Joiner#2026half')).status).toBe(401);
    const members = await call('GET', `${api}/members`, { token });
    expect(members.body.members.some((m: { email: string }) => m.email === email)).toBe(false);
    const list = await call('GET', `${api}/invites`, { token });
    expect(list.body.invites.find((i: { id: string }) => i.id === created.body.invite.id)).toMatchObject({ status: 'pending', usage_count: 0 });
  });

  it('finds nothing for an unknown code and refuses malformed ones', async () => {
    expect((await call('GET', `/api/invites/${'B'.repeat(43)}/details`)).status).toBe(404);
    expect((await call('GET', '/api/invites/short/details')).status).toBe(400);
  });
});

describe('audit log', () => {
  it('pages newest first and exports CSV', async () => {
    const token = await admin();
    const first = await call('GET', `${api}/audit?limit=2`, { token });
    expect(first.body.entries).toHaveLength(2);
    expect(first.body.entries[0].at >= first.body.entries[1].at).toBe(true);
    const second = await call('GET', `${api}/audit?limit=2&cursor=${encodeURIComponent(first.body.next)}`, { token });
    expect(second.body.entries[0].at <= first.body.entries[1].at).toBe(true);
    const csv = await call('GET', `${api}/audit/export`, { token });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(String(csv.body).split('\r\n')[0]).toBe('at,actor,action,target,before,after');
    expect((await call('GET', `${api}/audit`, { token: await tokenFor(users.analyst) })).status).toBe(403);
  });
});
