import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as keys from '../../functions/adapters/dynamodb/keys';
import { buildProfile } from '../../functions/domain/profile/build-profile';
import { FREE_PLAN_MESSAGE } from '../../shared/plans';
import { call } from '../support/api';
import { FRESH_PASSWORD, freshFreeOrganization } from '../support/billing';
import { chooseDataset, confirmedBy, expectNoAxeViolations, launch, newPage, screenshot, signInThroughForm } from '../support/browser';
import { tableDoc } from '../support/demo';
import { createIssueDataset } from '../support/fixtures';

// The account owner of a Free organization goes from /pricing to a Teams trial and gets AI
// suggestions, without a terminal (issue 16 §4). The organization is the test's own (Free, one
// instance, a dataset of misspelt cities), so the seeded Free organization stays Free for others.

const CITIES = ['birmingham', 'huntsville', 'montgomery'];
const POLL = { timeout: 30_000, interval: 250 };

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('plans and billing in the browser', { timeout: 180_000 }, () => {
  it('takes a Free organization\'s account owner from /pricing through checkout to billing success and AI suggestions', async () => {
    const org = await freshFreeOrganization('e2e');
    const { datasetId, issues } = await createIssueDataset({
      issues: 3,
      name: `billing-cities-${Date.now().toString(36)}`,
      at: { organizationId: org.orgId, instanceId: org.instanceId },
      build: (i) => ({ status: 'open', issue_column: 'city', check_name: 'city_in_reference_list', current_value: `${CITIES[i % 3]!.slice(0, 2)}x${CITIES[i % 3]!.slice(3)}`, owner: org.owner }),
    });
    const { doc, table } = tableDoc();
    const profile = buildProfile(Array.from({ length: 300 }, (_, i) => ({ city: CITIES[i % 3]! })));
    await doc.send(new PutCommand({ TableName: table, Item: { ...keys.datasetProfile(org.orgId, org.instanceId, datasetId), kind: 'datasetProfile', profile, scanTime: new Date().toISOString() } }));

    // Free: the API refuses AI suggestions.
    const login = await call('POST', '/api/auth/login', { body: { email: org.owner, password: FRESH_PASSWORD } });
    const token = login.body.token as string;
    const refused = await call('POST', '/api/ai/recommendations/batch', { token, instanceId: org.instanceId, body: { issues: [issues[0]!.issue_id], context: { datasetId } } });
    expect(refused.body.error).toBe(FREE_PLAN_MESSAGE);

    const { context, page } = await newPage(browser, { theme: 'light' });
    await signInThroughForm(page, org.owner, FRESH_PASSWORD);

    // Settings → General shows the Free plan with the way up.
    await page.goto('/app/settings#general');
    await expect.poll(() => page.getByTestId('plan-name').textContent(), POLL).toBe('Free');
    await expect.poll(() => page.getByTestId('org-subscription').textContent(), POLL).toBe('Free');

    // Pricing → Teams (signed in: into the app's checkout, not the early-access modal).
    await page.goto('/pricing');
    await page.getByRole('radio', { name: /Annual/ }).click();
    await page.getByRole('link', { name: 'Start 14-day trial' }).click();
    await page.waitForURL('**/app/billing/checkout?cycle=annual');
    await page.getByRole('button', { name: 'Continue to checkout' }).waitFor();
    expect(await page.getByRole('radio', { name: /Annual/ }).getAttribute('aria-checked')).toBe('true');
    await expectNoAxeViolations(page);
    await screenshot(page, 'billing-checkout-light');

    await confirmedBy(page, 'POST', '/api/billing/checkout-sessions', () => page.getByRole('button', { name: 'Continue to checkout' }).click());
    await page.waitForURL(/\/app\/billing\/success\?session_id=cs_local_/);
    // The page shows what the server answered for the session: the trial it started.
    const notice = page.getByTestId('trial-notice');
    await notice.waitFor({ timeout: 30_000 });
    expect(await notice.textContent()).toMatch(/14-day free trial is active until .+ \(14 days left\)/);
    await page.getByRole('heading', { name: 'Welcome to Quality Desk Teams!' }).waitFor();
    expect(await page.getByRole('link', { name: /Explore Data/ }).getAttribute('href')).toBe('/app/datasets');
    expect(await page.getByRole('link', { name: /Manage Billing/ }).getAttribute('href')).toBe('/app/settings#general');
    await expectNoAxeViolations(page);
    await screenshot(page, 'billing-success-light');

    const plan = await call('GET', '/api/billing/plan', { token });
    expect(plan.body.plan).toMatchObject({ status: 'trialing', effectiveSubscription: 'professional' });

    // The Issues screen now gets AI suggestions for the open rows.
    await page.goto('/app/issues');
    await chooseDataset(page, datasetId);
    await page.locator(`tr[data-row-id="${issues[0]!.issue_id}"]`).waitFor();
    await expect.poll(() => page.getByTestId('ai-suggestion').count(), POLL).toBe(3);
    expect(await page.locator(`tr[data-row-id="${issues[0]!.issue_id}"]`).getByTestId('ai-suggested-value').textContent()).toBe('birmingham');

    // Settings → General: Teams on trial, with its end and the ledger's rows this month.
    await page.goto('/app/settings#general');
    await expect.poll(() => page.getByTestId('plan-name').textContent(), POLL).toBe('Teams');
    expect(await page.getByTestId('trial-end').textContent()).toMatch(/^Ends .+ \(14 days left\)$/);
    await expect.poll(() => page.getByTestId('rows-this-month').textContent(), POLL).toBe('3');
    await expectNoAxeViolations(page);
    await screenshot(page, 'settings-general-light');
    await context.close();
  });

  it('adds and removes an accepted domain in Settings → General, and shows it in dark', async () => {
    const org = await freshFreeOrganization('domains');
    const { context, page } = await newPage(browser, { theme: 'dark' });
    await signInThroughForm(page, org.owner, FRESH_PASSWORD);
    await page.goto('/app/settings#general');
    const field = page.getByLabel('Add a domain');
    await field.fill('extra-billing.example');
    await confirmedBy(page, 'POST', '/domains', () => page.getByRole('button', { name: 'Add Domain' }).click());
    await page.getByRole('list', { name: 'Accepted domains' }).getByText('extra-billing.example').waitFor();
    // A duplicate is refused before it is sent.
    await field.fill('extra-billing.example');
    await page.getByText('This domain is already added').waitFor();
    expect(await page.getByRole('button', { name: 'Add Domain' }).isDisabled()).toBe(true);
    await expectNoAxeViolations(page);
    await screenshot(page, 'settings-general-dark');
    await page.getByRole('button', { name: 'Remove extra-billing.example' }).click();
    await confirmedBy(page, 'DELETE', '/domains/extra-billing.example', () => page.getByRole('alertdialog').getByRole('button', { name: 'Remove' }).click());
    await expect.poll(async () => (await call('GET', `/api/organizations/${org.orgId}`, { token: (await call('POST', '/api/auth/login', { body: { email: org.owner, password: FRESH_PASSWORD } })).body.token })).body.organization.domains, POLL).toHaveLength(1);
    await context.close();
  });
});
