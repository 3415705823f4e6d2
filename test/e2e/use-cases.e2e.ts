import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, tokenFor, users } from '../support/api';
import { chooseDataset, confirmedBy, expectNoAxeViolations, launch, newPage, screenshot, signInThroughForm } from '../support/browser';
import { createIssueDataset } from '../support/fixtures';

// Settings → Tagging (issue 13 item 6): an admin adds a use case (the button waits for name and
// description), toggles it, deletes it after confirming; the Issues screen's Impact column tags
// rows with the enabled use cases they affect. Demo Corp's seeded use cases are left as they are.

const POLL = { timeout: 15_000, interval: 100 };
/**
 * The list shows a change only once its refetch after the change has answered, which on a loaded
 * machine (the whole suite at once) can take longer than one action's timeout.
 */
const REFETCHED = { timeout: 60_000, interval: 100 };
const ME = users.demoAdmin;
const listed = async () => (await call('GET', '/api/taxonomy/use-cases', { token: await tokenFor(ME) })).body.data as Array<{ id: string; name: string; enabled: boolean; priority: string }>;

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('Tagging tab and Impact column', () => {
  it('adds, disables and deletes a use case', async () => {
    const name = `Churn model ${Date.now().toString(36)}`;
    for (const theme of ['light', 'dark'] as const) {
      const { context, page } = await newPage(browser, { theme });
      await signInThroughForm(page, ME);
      await page.goto('/app/settings#tagging');
      await page.getByRole('heading', { name: 'Business Impact & Use Cases' }).waitFor();
      await expect.poll(() => page.getByTestId('use-case').count(), POLL).toBeGreaterThanOrEqual(7);
      await screenshot(page, `tagging-tab-${theme}`);
      if (theme === 'light') await expectNoAxeViolations(page);
      await context.close();
    }

    const { context, page } = await newPage(browser, { theme: 'light' });
    await signInThroughForm(page, ME);
    await page.goto('/app/settings#tagging');
    const form = page.getByRole('form', { name: 'Add use case' });
    const add = form.getByRole('button', { name: 'Add use case' });
    await form.getByLabel('Name').fill(name);
    expect(await add.isDisabled()).toBe(true);
    await form.getByLabel('Description').fill('Renewal dates and plan changes');
    expect(await form.getByLabel('Priority').inputValue()).toBe('medium');
    // The screen's own list, refetched after the POST, answers with the new use case.
    const relisted = page.waitForResponse(async (r) => r.request().method() === 'GET' && new URL(r.url()).pathname === '/api/taxonomy/use-cases' && (await r.text()).includes(name), { timeout: REFETCHED.timeout });
    await confirmedBy(page, 'POST', '/api/taxonomy/use-cases', () => add.click());
    const created = (await listed()).find((u) => u.name === name)!;
    expect(created).toMatchObject({ enabled: true, priority: 'medium' });
    await relisted;
    const row = page.locator(`[data-testid="use-case"][data-id="${created.id}"]`);
    await row.waitFor();

    await confirmedBy(page, 'PUT', `/api/taxonomy/use-cases/${created.id}`, () => row.getByRole('switch').click());
    expect((await listed()).find((u) => u.id === created.id)?.enabled).toBe(false);
    await expect.poll(() => row.getByRole('switch').getAttribute('aria-checked'), REFETCHED).toBe('false');

    await row.getByRole('button', { name: `Delete ${name}` }).click();
    await confirmedBy(page, 'DELETE', `/api/taxonomy/use-cases/${created.id}`, () => page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click());
    expect((await listed()).some((u) => u.id === created.id)).toBe(false);
    await expect.poll(() => row.count(), REFETCHED).toBe(0);
    await context.close();
  });

  it('tags rows in the Issues screen with the use cases they affect', async () => {
    const { datasetId, issues } = await createIssueDataset({ issues: 2, name: `impact-${Date.now().toString(36)}`, build: (i) => ({ status: 'open', issue_column: i === 0 ? 'amount' : 'notes', check_name: i === 0 ? 'missing_amount' : 'notes_format' }) });
    const { context, page } = await newPage(browser, { theme: 'light' });
    await signInThroughForm(page, ME);
    await page.getByTestId('instance-switcher').click();
    await page.getByRole('menuitemradio', { name: /Sales Operations/ }).click();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Issues' }).click();
    await page.waitForURL('**/app/issues**');
    await chooseDataset(page, datasetId);
    const amountRow = page.locator(`tr[data-row-id="${issues[0]!.issue_id}"]`);
    await amountRow.waitFor();
    await expect.poll(() => amountRow.getByTestId('impact').getAttribute('data-impact'), POLL).toBe('critical');
    expect(await amountRow.getByTestId('impact').textContent()).toContain('Revenue reporting');
    expect(await page.locator(`tr[data-row-id="${issues[1]!.issue_id}"]`).getByTestId('impact').count()).toBe(0);
    await amountRow.getByTestId('impact').focus();
    await page.getByText('Column "amount" matches "amount", which Revenue reporting reads').first().waitFor();
    await screenshot(page, 'issues-impact-column-light');
    await context.close();
  });
});
