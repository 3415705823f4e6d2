import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../support/api';
import { confirmedBy, expectNoAxeViolations, launch, newPage, screenshot, signInThroughForm } from '../support/browser';
import { createMember } from '../support/fixtures';
import { waitForMail } from '../support/mail';

// Issue 8 item 1 as a user does it: Settings → Profile → Change e-mail, the code from the mailbox,
// and the session goes on under the new e-mail.

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('changing the sign-in e-mail from the profile', () => {
  it('sends a code, confirms it, and shows the new e-mail without signing out', async () => {
    const run = `${process.pid}-${Date.now().toString(36)}`;
    const oldEmail = `profile-mover-${run}@democorp.example`;
    const newEmail = `profile-moved-${run}@democorp.example`;
    const password = 'Profile#Quality2026';
    await createMember({ email: oldEmail, password, organizationId: 'org_demo', instances: ['inst_demo_prod'] });

    const { context, page } = await newPage(browser);
    await signInThroughForm(page, oldEmail, password);
    await page.goto('/app/settings');
    await page.getByRole('button', { name: 'Change e-mail' }).click();
    await page.getByLabel('New e-mail').fill(newEmail);
    await confirmedBy(page, 'POST', '/api/users/me/email-change', () => page.getByRole('button', { name: 'Send code' }).click());
    const code = (await waitForMail(newEmail))[0]?.text.match(/Verification code: (\d{6})/)?.[1];
    expect(code).toBeTruthy();
    await page.getByLabel('Verification code').fill(code!);
    await expectNoAxeViolations(page);
    await screenshot(page, 'profile-email-change-code');
    await confirmedBy(page, 'POST', '/api/users/me/email-change/verify', () => page.getByRole('button', { name: 'Confirm new e-mail' }).click());
    await expect.poll(() => page.getByText(`Your sign-in e-mail is now ${newEmail}.`).count()).toBeGreaterThan(0);
    // The session carries on under the new e-mail: the card names it, and the API agrees.
    await expect.poll(() => page.getByText(`Your current e-mail is ${newEmail}`).count()).toBe(1);
    expect((await call('POST', '/api/auth/login', { body: { email: newEmail, password } })).status).toBe(200);
    await context.close();
  });
});
