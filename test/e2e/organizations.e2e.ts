import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, tokenFor, users } from '../support/api';
import { confirmedBy, expectNoAxeViolations, launch, newPage, screenshot, signInThroughForm } from '../support/browser';

// Issue 11 §7: a super admin creates an organization in Settings › Organizations, suspends it (its
// member cannot sign in) and reactivates it (the member can again). The organization is new per
// run; no other suite reads it.

const run = Date.now().toString(36);
const NAME = `E2E Org ${run}`;
const DOMAIN = `e2e-org-${run}.example`;
const MEMBER = `member@${DOMAIN}`;
const PASSWORD = 'Member#2026orgs';
const POLL = { timeout: 15_000, interval: 100 };

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const signIn = () => call('POST', '/api/auth/login', { body: { email: MEMBER, password: PASSWORD } });

describe('Settings → Organizations', () => {
  it('creates an organization, suspends it (its member cannot sign in), reactivates it, and deletes it permanently once suspended again', async () => {
    const { page } = await newPage(browser, { theme: 'light' });
    await signInThroughForm(page, users.superAdmin);
    await page.goto('/app/settings#organizations');
    await page.getByRole('heading', { name: 'Customer Organizations' }).waitFor();
    await page.getByLabel('Multi-tenant overview').waitFor();

    // Create New Organization: required fields, slug derived from the name while empty.
    await page.getByRole('button', { name: 'Create New Organization' }).click();
    const create = page.getByRole('dialog', { name: 'Create New Organization' });
    await create.getByRole('button', { name: 'Create Organization' }).click();
    await create.getByText('Please fill in all required fields').waitFor();
    await create.getByLabel('Organization name').fill(NAME);
    await create.getByText(`Derived from the name: e2e_org_${run}`).waitFor();
    await create.getByLabel('Primary domain').fill(DOMAIN);
    await screenshot(page, 'organizations-create-light');
    await confirmedBy(page, 'POST', '/api/organizations', () => create.getByRole('button', { name: 'Create Organization' }).click());
    const row = page.getByRole('listitem', { name: NAME });
    await row.waitFor();
    expect(await row.textContent()).toContain(`org_e2e_org_${run}`);
    const orgId = `org_e2e_org_${run}`;

    // A member of the new organization (link invitation accepted through the API).
    const invite = await call('POST', `/api/organizations/${orgId}/invites`, { token: await tokenFor(users.superAdmin), body: { invite_type: 'link', role: 'user' } });
    expect(invite.status).toBe(201);
    expect((await call('POST', `/api/invites/${invite.body.invite.invite_code}/accept`, { body: { name: 'Org Member', email: MEMBER, password: PASSWORD } })).status).toBe(201);
    expect((await signIn()).status).toBe(200);
    await screenshot(page, 'organizations-light');
    await expectNoAxeViolations(page);

    // Suspend, through the confirmation dialog.
    await row.getByRole('button', { name: 'Suspend' }).click();
    const suspend = page.getByRole('alertdialog', { name: `Suspend ${NAME}?` });
    await suspend.waitFor();
    await screenshot(page, 'organizations-suspend-light');
    await confirmedBy(page, 'PUT', `/api/organizations/${orgId}`, () => suspend.getByRole('button', { name: 'Suspend' }).click());
    await row.getByText('Suspended').waitFor();
    await expect.poll(async () => (await signIn()).status, POLL).toBe(403);

    // Reactivate.
    await row.getByRole('button', { name: 'Reactivate' }).click();
    const reactivate = page.getByRole('alertdialog', { name: `Reactivate ${NAME}?` });
    await confirmedBy(page, 'PUT', `/api/organizations/${orgId}`, () => reactivate.getByRole('button', { name: 'Reactivate' }).click());
    await row.getByRole('button', { name: 'Suspend' }).waitFor();
    await expect.poll(async () => (await signIn()).status, POLL).toBe(200);

    // Edit: statistics and domains.
    await row.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: `Edit ${NAME}` });
    await edit.getByLabel('Organization statistics').waitFor();
    await expect.poll(async () => edit.getByLabel('Organization statistics').textContent(), POLL).toContain('Members1');
    await screenshot(page, 'organizations-edit-light');
    await page.keyboard.press('Escape');

    const dark = await newPage(browser, { theme: 'dark' });
    await signInThroughForm(dark.page, users.superAdmin);
    await dark.page.goto('/app/settings#organizations');
    await dark.page.getByRole('listitem', { name: NAME }).waitFor();
    await screenshot(dark.page, 'organizations-dark');

    // Permanent deletion: offered once suspended; the row goes and the member's account with it.
    await row.getByRole('button', { name: 'Suspend' }).click();
    await confirmedBy(page, 'PUT', `/api/organizations/${orgId}`, () => page.getByRole('alertdialog', { name: `Suspend ${NAME}?` }).getByRole('button', { name: 'Suspend' }).click());
    await row.getByRole('button', { name: 'Delete permanently' }).click();
    const erase = page.getByRole('alertdialog', { name: `Delete ${NAME} permanently?` });
    await erase.getByText('This action cannot be undone.', { exact: false }).waitFor();
    await confirmedBy(page, 'DELETE', `/api/organizations/${orgId}/permanent`, () => erase.getByRole('button', { name: 'Delete permanently' }).click());
    await row.waitFor({ state: 'detached', timeout: 60_000 });
    expect((await call('GET', `/api/organizations/${orgId}`, { token: await tokenFor(users.superAdmin) })).status).toBe(404);
    expect((await signIn()).status).toBe(401);
  }, 240_000);

  it('tells an organization admin that super admin access is required', async () => {
    const { page } = await newPage(browser, { theme: 'light' });
    await signInThroughForm(page, users.demoAdmin);
    await page.goto('/app/settings#organizations');
    await page.getByText('Super admin access required').waitFor();
  });
});
