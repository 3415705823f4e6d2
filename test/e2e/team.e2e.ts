import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORDS } from '../../functions/domain/demo/demo-directory';
import { MULTI_INSTANCE_ORG } from '../../scripts/seed/seed-admin';
import { call } from '../support/api';
import { expectNoAxeViolations, launch, newPage, screenshot, signInThroughForm } from '../support/browser';
import { inviteCodeIn, waitForMail } from '../support/mail';

// Issue 11 "Done when": an org admin brings a new colleague from the invitation e-mail to a working
// session on one instance, without a terminal; a role change shows on the member's next request.
// The instance and the invitee are new per run, so other suites on the same stack never see them.

const run = Date.now().toString(36);
const INSTANCE = `E2E Team ${run}`;
// Changes happen in the seeded Initech Holdings, whose instances no other suite counts.
const ADMIN = MULTI_INSTANCE_ORG.admin;
const ADMIN_PASSWORD = DEMO_PASSWORDS.customer;
const ORG = MULTI_INSTANCE_ORG.id;
const INVITEE = `e2e-${run}@${MULTI_INSTANCE_ORG.domain}`;
const PASSWORD = 'Welcome#2026team';
const POLL = { timeout: 15_000, interval: 100 };

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

async function openTeams(page: Page) {
  await page.goto('/app/settings#teams');
  await page.getByRole('heading', { name: 'Team Members' }).waitFor();
}

/** The signed-in page's own call, with its own token: what the member's next request sees. */
function fetchAsPage(page: Page, path: string): Promise<number> {
  return page.evaluate(async (p) => (await fetch(`/api${p}`, { headers: { authorization: `Bearer ${localStorage.getItem('auth_token')}` } })).status, path);
}

describe('Settings → Teams and the invitation page', () => {
  it('invites by e-mail, the invitee accepts and works on exactly the assigned instance; a role change reaches their next request', async () => {
    const admin = await newPage(browser, { theme: 'light' });
    await signInThroughForm(admin.page, ADMIN, ADMIN_PASSWORD);
    await openTeams(admin.page);
    await screenshot(admin.page, 'teams-light');
    await expectNoAxeViolations(admin.page);

    // Create New Instance: the name is required (button disabled while blank).
    await admin.page.getByRole('button', { name: 'Create Instance' }).click();
    const create = admin.page.getByRole('dialog', { name: 'Create New Instance' });
    expect(await create.getByRole('button', { name: 'Create Instance' }).isDisabled()).toBe(true);
    await create.getByLabel('Instance name').fill(INSTANCE);
    await create.getByLabel('Type').selectOption('testing');
    await screenshot(admin.page, 'teams-create-instance-light');
    await create.getByRole('button', { name: 'Create Instance' }).click();
    await admin.page.locator('[data-instance]', { hasText: INSTANCE }).waitFor();
    const adminToken = await admin.page.evaluate(() => localStorage.getItem('auth_token'));
    const instances = await call('GET', `/api/organizations/${ORG}/instances`, { token: adminToken! });
    const instanceId = (instances.body.instances as Array<{ id: string; name: string }>).find((i) => i.name === INSTANCE)!.id;

    // Work in the new instance, so the invitation gives access to it.
    await admin.page.getByTestId('instance-switcher').click();
    await admin.page.getByRole('menuitemradio', { name: new RegExp(INSTANCE) }).click();
    await expect.poll(() => admin.page.evaluate(() => localStorage.getItem('current_instance_id')), POLL).toBe(instanceId);

    await admin.page.getByRole('button', { name: 'Invite Member' }).first().click();
    const dialog = admin.page.getByRole('dialog', { name: 'Invite Team Member' });
    await dialog.getByLabel('Email address').fill(INVITEE);
    await dialog.getByLabel('Message (optional)').fill('Welcome to the data team!');
    await screenshot(admin.page, 'teams-invite-dialog-light');
    await dialog.getByRole('button', { name: 'Send Invitation' }).click();
    await admin.page.getByRole('dialog', { name: 'Invitation created' }).waitFor();
    await admin.page.locator('[data-invite]', { hasText: INVITEE }).getByText('Pending').waitFor();

    // The invitee reads the delivered e-mail and opens the link, signed out.
    const [mail] = await waitForMail(INVITEE);
    const code = inviteCodeIn(mail!)!;
    expect(mail!.text).toContain('Welcome to the data team!');
    const invitee = await newPage(browser, { theme: 'dark' });
    await invitee.page.goto(`/invite/${code}`);
    await invitee.page.getByRole('heading', { name: `Join ${MULTI_INSTANCE_ORG.name}` }).waitFor();
    expect(await invitee.page.getByLabel('Email').inputValue()).toBe(INVITEE);
    expect(await invitee.page.getByLabel('Email').getAttribute('readonly')).not.toBeNull();
    await screenshot(invitee.page, 'invite-form-dark');
    await expectNoAxeViolations(invitee.page);

    await invitee.page.getByLabel('Full name').fill('Erin Example');
    await invitee.page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await invitee.page.getByLabel('Confirm password').fill('Different#2026');
    await invitee.page.getByRole('button', { name: 'Accept Invitation' }).click();
    await invitee.page.getByRole('alert').getByText('Passwords do not match').waitFor();
    await invitee.page.getByLabel('Confirm password').fill(PASSWORD);
    await invitee.page.getByRole('button', { name: 'Accept Invitation' }).click();
    await invitee.page.getByRole('heading', { name: `Welcome to ${MULTI_INSTANCE_ORG.name}!` }).waitFor();
    await screenshot(invitee.page, 'invite-accepted-dark');

    // Redirected to /login after 3 s, with a message and the e-mail filled in.
    await invitee.page.waitForURL('**/login', { timeout: 10_000 });
    await invitee.page.getByText(`Your account is ready. Sign in to ${MULTI_INSTANCE_ORG.name}.`).waitFor();
    expect(await invitee.page.getByLabel('Email').inputValue()).toBe(INVITEE);
    await invitee.page.getByLabel('Password').fill(PASSWORD);
    await invitee.page.getByRole('button', { name: 'Sign In' }).click();
    await invitee.page.waitForURL('**/app/quality');
    await expect.poll(() => invitee.page.evaluate(() => localStorage.getItem('current_instance_id')), POLL).toBe(instanceId);
    await invitee.page.getByTestId('instance-switcher').click();
    const options = await invitee.page.getByRole('menuitemradio').allInnerTexts();
    expect(options).toHaveLength(1);
    expect(options[0]).toContain(INSTANCE);
    await invitee.page.keyboard.press('Escape');
    expect(await fetchAsPage(invitee.page, `/organizations/${ORG}/members`)).toBe(403);

    // The admin makes them an admin (after a reload shows the new member); their very next
    // request (same token) is allowed.
    await admin.page.reload();
    await admin.page.getByRole('heading', { name: 'Team Members' }).waitFor();
    const row = admin.page.locator(`[data-member="${INVITEE}"]`);
    await row.getByLabel('Role of Erin Example').selectOption('admin');
    await admin.page.getByText('Erin Example is now Admin').waitFor();
    await expect.poll(() => row.getByLabel('Role of Erin Example').inputValue(), POLL).toBe('admin');
    expect(await fetchAsPage(invitee.page, `/organizations/${ORG}/members`)).toBe(200);

    // Dark screenshots of the Teams screen.
    await admin.page.evaluate(() => localStorage.setItem('theme', 'dark'));
    await admin.page.reload();
    await admin.page.getByRole('heading', { name: 'Team Members' }).waitFor();
    await screenshot(admin.page, 'teams-dark');
    await admin.context.close();
    await invitee.context.close();
  }, 240_000);

  it('shows "Invitation Not Found" with Go to Login for an unknown code', async () => {
    const { context, page } = await newPage(browser, { theme: 'light' });
    await page.goto(`/invite/${'Z'.repeat(43)}`);
    await page.getByRole('heading', { name: 'Invitation Not Found' }).waitFor();
    await page.getByText('Invitation not found or has expired').waitFor();
    await screenshot(page, 'invite-not-found-light');
    await page.setViewportSize({ width: 390, height: 800 });
    await screenshot(page, 'invite-not-found-phone');
    await page.getByRole('button', { name: 'Go to Login' }).click();
    await page.waitForURL('**/login');
    await context.close();
  });
});
