import { describe, expect, it } from 'vitest';
import { call, tokenFor, users } from '../support/api';
import { createMember } from '../support/fixtures';
import { waitForMail, type ReceivedMail } from '../support/mail';

// Issue 8 item 1: the e-mail changes only through the API, which proves the new address with a
// code, keeps the old one active meanwhile, and then moves the pool user and the member together.

const run = `${process.pid}-${Date.now().toString(36)}`;
const password = 'Change#Quality2026';

async function signIn(email: string) {
  const res = await call('POST', '/api/auth/login', { body: { email, password } });
  return { status: res.status, token: res.body?.token as string, cookie: (res.headers.get('set-cookie') ?? '').split(';')[0]!, user: res.body?.user };
}

const codeIn = (mail: ReceivedMail | undefined) => mail?.text.match(/Verification code: (\d{6})/)?.[1];

describe('changing the sign-in e-mail (issue 8 item 1)', () => {
  it('sends a code to the new address, keeps the old e-mail until it is entered, then moves pool and member together', async () => {
    const oldEmail = `mover-${run}@democorp.example`;
    const newEmail = `moved-${run}@democorp.example`;
    await createMember({ email: oldEmail, password, organizationId: 'org_demo', instances: ['inst_demo_prod', 'inst_demo_sales'] });
    const session = await signIn(oldEmail);
    expect(session.status).toBe(200);

    const started = await call('POST', '/api/users/me/email-change', { token: session.token, body: { new_email: newEmail } });
    expect(started.status).toBe(200);
    expect(started.body.pending_email).toBe(newEmail);
    const [mail] = await waitForMail(newEmail);
    const code = codeIn(mail);
    expect(code).toMatch(/^\d{6}$/);

    // Pending: the old e-mail still signs in, the new one does not.
    expect((await signIn(oldEmail)).status).toBe(200);
    expect((await signIn(newEmail)).status).toBe(401);
    // Asking again at once is refused (no mailbox flooding).
    expect((await call('POST', '/api/users/me/email-change', { token: session.token, body: { new_email: newEmail } })).status).toBe(429);

    const wrong = await call('POST', '/api/users/me/email-change/verify', { token: session.token, body: { code: code === '000000' ? '111111' : '000000' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.details[0].field).toBe('code');

    const done = await call('POST', '/api/users/me/email-change/verify', { token: session.token, body: { code } });
    expect(done.status).toBe(200);
    expect(done.body.email).toBe(newEmail);

    // The token that names the old e-mail serves nothing; a refreshed one is for the new e-mail.
    expect((await call('GET', '/api/users/me', { token: session.token })).status).toBe(403);
    const refreshed = await call('POST', '/api/auth/refresh', { cookie: session.cookie });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.user.email).toBe(newEmail);
    const instances = await call('GET', '/api/users/me/instances', { token: refreshed.body.token });
    expect(instances.status).toBe(200);
    expect(JSON.stringify(instances.body)).toContain('inst_demo_sales');

    // Sign-in follows: the new e-mail works with the same password, the old one is gone.
    const again = await signIn(newEmail);
    expect(again.status).toBe(200);
    expect(again.user.email).toBe(newEmail);
    expect((await signIn(oldEmail)).status).toBe(401);

    // The organization's audit log records it.
    const audit = await call('GET', '/api/organizations/org_demo/audit?limit=100', { token: await tokenFor(users.demoAdmin) });
    expect(audit.status).toBe(200);
    expect(JSON.stringify(audit.body)).toContain(`"member.email_changed"`);
    expect(JSON.stringify(audit.body)).toContain(newEmail);
  });

  it('refuses an address that already belongs to an account, but only after the code proved the mailbox', async () => {
    const email = `taker-${run}@democorp.example`;
    await createMember({ email, password, organizationId: 'org_demo' });
    const session = await signIn(email);
    const started = await call('POST', '/api/users/me/email-change', { token: session.token, body: { new_email: users.analyst } });
    expect(started.status).toBe(200);
    const mails = await waitForMail(users.analyst);
    const code = codeIn(mails.at(-1));
    const res = await call('POST', '/api/users/me/email-change/verify', { token: session.token, body: { code } });
    expect(res.status).toBe(409);
    // Nothing moved: both still sign in as themselves.
    expect((await signIn(email)).status).toBe(200);
  });

  it('refuses an address outside the organization\'s accepted domains, and its own address', async () => {
    const email = `outsider-${run}@democorp.example`;
    await createMember({ email, password, organizationId: 'org_demo' });
    const session = await signIn(email);
    const foreign = await call('POST', '/api/users/me/email-change', { token: session.token, body: { new_email: `x-${run}@elsewhere.example` } });
    expect(foreign.status).toBe(400);
    expect(foreign.body.details[0].field).toBe('new_email');
    const same = await call('POST', '/api/users/me/email-change', { token: session.token, body: { new_email: email.toUpperCase() } });
    expect(same.status).toBe(400);
    expect(same.body.details[0].field).toBe('new_email');
  });

  it(`drops the pending change after 5 wrong codes`, async () => {
    const email = `guesser-${run}@democorp.example`;
    await createMember({ email, password, organizationId: 'org_demo' });
    const session = await signIn(email);
    const target = `guessed-${run}@democorp.example`;
    expect((await call('POST', '/api/users/me/email-change', { token: session.token, body: { new_email: target } })).status).toBe(200);
    const code = codeIn((await waitForMail(target))[0]);
    const wrongCodes = ['000001', '000002', '000003', '000004', '000005', '000006'].filter((c) => c !== code).slice(0, 5);
    for (const c of wrongCodes) expect((await call('POST', '/api/users/me/email-change/verify', { token: session.token, body: { code: c } })).status).toBe(400);
    const sixth = await call('POST', '/api/users/me/email-change/verify', { token: session.token, body: { code } });
    expect(sixth.status).toBe(429);
    // The right code no longer works: the change is gone.
    expect((await call('POST', '/api/users/me/email-change/verify', { token: session.token, body: { code } })).status).toBe(400);
    expect((await signIn(target)).status).toBe(401);
  });
});
