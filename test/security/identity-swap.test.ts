import { AdminUpdateUserAttributesCommand, UpdateUserAttributesCommand } from '@aws-sdk/client-cognito-identity-provider';
import { beforeAll, describe, expect, it } from 'vitest';
import { call } from '../support/api';
import { createMember } from '../support/fixtures';
import { claimsOf, pool, poolRefreshAsServer, poolTokensAsServer } from '../support/pool';

// Issue 8 item 1, the measured attack: a signed-in user changes their own e-mail attribute at the
// user pool (UpdateUserAttributes with their access token) to another member's e-mail, refreshes,
// and calls the API. Before the fix the API found members by the e-mail claim and served the
// victim (another organization's admin). Now members are bound to the pool user's `sub`.

const run = `${process.pid}-${Date.now().toString(36)}`;
const attacker = { email: `attacker-${run}@democorp.example`, password: 'Attack#Quality2026' };
const victim = { email: `victim-admin-${run}@northwind.example`, password: 'Victim#Quality2026' };
const VICTIM_INSTANCE = 'inst_northwind_prod';

function refreshCookie(setCookie: string | null): string {
  return (setCookie ?? '').split(';')[0]!;
}

/** Answers nothing of the victim: no user, instances, datasets or rows, and no victim e-mail. */
function expectServesNothing(res: { status: number; body: unknown }) {
  expect([401, 403]).toContain(res.status);
  const text = JSON.stringify(res.body);
  expect(text).not.toContain(victim.email);
  expect(text).not.toContain('org_northwind');
  expect(res.body).toMatchObject({ success: false });
}

describe('identity swap through the user pool (issue 8 item 1)', () => {
  beforeAll(async () => {
    // The victim first: cognito-local resolves an e-mail alias to the first user holding it, so the
    // victim's own sign-in keeps reaching the victim after the attacker takes the same e-mail.
    await createMember({ ...victim, organizationId: 'org_northwind', role: 'admin', isOrgAdmin: true, instances: [VICTIM_INSTANCE] });
    await createMember({ ...attacker, organizationId: 'org_demo', instances: ['inst_demo_prod'] });
  });

  it('the pool refuses the write: the app client may not write the e-mail (nor custom attributes)', async () => {
    const { client } = pool();
    const tokens = await poolTokensAsServer(attacker.email, attacker.password);
    for (const attribute of [
      { Name: 'email', Value: victim.email },
      { Name: 'custom:organization_id', Value: 'org_northwind' },
    ]) {
      await expect(client.send(new UpdateUserAttributesCommand({ AccessToken: tokens.AccessToken!, UserAttributes: [attribute] }))).rejects.toMatchObject({
        name: 'NotAuthorizedException',
      });
    }
  });

  it('even if the pool let the e-mail change through, the refreshed session serves nothing of the victim', async () => {
    const login = await call('POST', '/api/auth/login', { body: attacker });
    expect(login.status).toBe(200);
    const cookie = refreshCookie(login.headers.get('set-cookie'));
    const me = await call('GET', '/api/users/me', { token: login.body.token });
    expect(me.body.user.email).toBe(attacker.email);

    const own = await poolTokensAsServer(attacker.email, attacker.password);

    // The write the app client may not do, done with admin powers: the strongest form of the attack.
    const { client, userPoolId } = pool();
    await client.send(
      new AdminUpdateUserAttributesCommand({
        UserPoolId: userPoolId,
        Username: attacker.email,
        UserAttributes: [
          { Name: 'email', Value: victim.email },
          { Name: 'email_verified', Value: 'true' },
        ],
      }),
    );

    // Refresh through the API: refused, no user, no token.
    const refreshed = await call('POST', '/api/auth/refresh', { cookie });
    expectServesNothing(refreshed);
    expect(refreshed.body.token).toBeUndefined();

    // A fresh id token straight from the pool, now carrying the victim's e-mail.
    const swapped = await poolRefreshAsServer(own.RefreshToken!, String(claimsOf(own.IdToken!)['cognito:username']));
    expect(claimsOf(swapped.IdToken!).email).toBe(victim.email);
    const swappedToken = swapped.IdToken!;

    for (const [method, path, instanceId] of [
      ['GET', '/api/users/me', undefined],
      ['GET', '/api/users/me/instances', undefined],
      ['GET', '/api/datasets', VICTIM_INSTANCE],
      ['GET', '/api/datasets', 'inst_demo_prod'],
    ] as const) {
      expectServesNothing(await call(method, path, { token: swappedToken!, instanceId }));
    }

    // The victim is untouched.
    const victimLogin = await call('POST', '/api/auth/login', { body: victim });
    expect(victimLogin.status).toBe(200);
    expect(victimLogin.body.user).toMatchObject({ email: victim.email, organization_id: 'org_northwind' });
  });
});
