import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, tokenFor, users } from '../support/api';
import { expectNoAxeViolations, launch, newPage, screenshot, signInThroughForm } from '../support/browser';

// An admin brings data in through the browser (issue 4 "Done when"): uploads a CSV in Settings →
// Datasets, defines checks, previews what they would fail, runs a scan and watches it finish,
// then works the failed rows on the Issues screen. The dataset is new and named per run, so the
// suites running beside this one on the same stack never see its rows.

const INSTANCE = 'inst_demo_sales';
const ME = users.demoAdmin;
const POLL = { timeout: 15_000, interval: 100 };
const NAME = `e2e_leads_${Date.now().toString(36)}`;
const CSV = ['lead_id,name,email,score', 'L1,Ana,ana@x.com,50', 'L2,Ben,,50', 'L3,Cy,cy-at-x,150', 'L4,Di,di@x.com,-1', 'L5,Eve,eve@x.com,70', 'L6,Fay,fay@x.com,'].join('\n');

let browser: Browser;
let dir: string;
beforeAll(async () => {
  browser = await launch();
  dir = mkdtempSync(path.join(tmpdir(), 'qd-e2e-datasets-'));
});
afterAll(async () => {
  await browser?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function openDatasetsOfSales(page: Page) {
  await signInThroughForm(page, ME);
  await page.getByTestId('instance-switcher').click();
  await page.getByRole('menuitemradio', { name: /Sales Operations/ }).click();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('current_instance_id'))).toBe(INSTANCE);
  await page.goto('/app/settings#datasets');
  await page.getByRole('heading', { name: 'Create a dataset from a CSV' }).waitFor();
}

/** Sets one field of the n-th check of the editor. */
function check(page: Page, index: number) {
  return page.getByRole('group', { name: `Check ${index + 1}` });
}

describe('Settings → Datasets', () => {
  it('uploads a CSV, defines checks, previews, scans, and shows the failed rows on the Issues screen', async () => {
    const file = path.join(dir, `${NAME}.csv`);
    writeFileSync(file, CSV);
    const { context, page } = await newPage(browser, { theme: 'light' });
    await openDatasetsOfSales(page);

    // Upload: the name comes from the file, the record key column from the header.
    await page.getByLabel('CSV file (header row, up to 50 MB)').setInputFiles(file);
    await expect.poll(() => page.getByLabel('Dataset name').inputValue()).toBe(NAME);
    expect(await page.getByLabel('Record key column').inputValue()).toBe('lead_id');
    await page.getByRole('button', { name: 'Upload and create' }).click();
    await page.getByText(`Dataset ${NAME} created with 6 records`).waitFor();
    const datasets = await call('GET', '/api/datasets', { token: await tokenFor(ME), instanceId: INSTANCE });
    const created = (datasets.body.datasets as Array<{ id: string; name: string; onboardingStatus: string }>).find((d) => d.name === NAME)!;
    expect(created.onboardingStatus).toBe('needs_finalization');
    await page.getByText('No checks yet.', { exact: false }).waitFor();

    // Checks: e-mail missing, score within 0..100.
    await page.getByRole('button', { name: 'Add check' }).click();
    await check(page, 0).getByLabel('Column', { exact: true }).selectOption('email');
    await check(page, 0).getByRole('textbox', { name: 'Name', exact: true }).fill('missing_email');
    await page.getByRole('button', { name: 'Add check' }).click();
    await check(page, 1).getByLabel('Column', { exact: true }).selectOption('score');
    await check(page, 1).getByLabel('Type', { exact: true }).selectOption('range');
    await check(page, 1).getByRole('textbox', { name: 'Name', exact: true }).fill('score_range');
    await check(page, 1).getByLabel('Min', { exact: true }).fill('0');
    await check(page, 1).getByLabel('Max', { exact: true }).fill('100');

    // A problem reads as one sentence on its field, which takes the focus; nothing is sent.
    const secondName = check(page, 1).getByRole('textbox', { name: 'Name', exact: true });
    await secondName.fill('');
    await page.getByRole('button', { name: 'Save checks' }).click();
    await check(page, 1).getByText('Name must not be empty', { exact: true }).waitFor();
    expect(await secondName.getAttribute('aria-invalid')).toBe('true');
    expect(await secondName.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await page.getByText(/control characters|checks\.1/).count()).toBe(0);
    await screenshot(page, 'check-editor-problem-light');
    await secondName.fill('score_range');

    // Preview before saving: L2 has no e-mail; L3 (150) and L4 (-1) are out of range.
    await page.getByRole('button', { name: 'Preview' }).click();
    await page.getByText('Would fail 1 of 6 rows').waitFor();
    await page.getByText('Would fail 2 of 6 rows').waitFor();
    await page.getByRole('button', { name: 'Save checks' }).click();
    await page.getByText('Checks saved').waitFor();

    // Scan: answers at once, the progress follows the job to its end.
    await page.getByRole('button', { name: 'Run scan' }).click();
    await page.getByRole('progressbar', { name: 'Scan progress' }).waitFor();
    await page.getByText('Scan complete: 6 rows checked, 3 failing cells — 3 new, 0 found again, 0 resolved by scan.').waitFor();
    await expect.poll(async () => {
      const list = await call('GET', '/api/datasets', { token: await tokenFor(ME), instanceId: INSTANCE });
      return (list.body.datasets as Array<{ id: string; onboardingStatus: string }>).find((d) => d.id === created.id)?.onboardingStatus;
    }, POLL).toBe('onboarded');
    await page.mouse.move(0, 0);
    await expectNoAxeViolations(page);
    await screenshot(page, 'datasets-light');

    // The same screen in dark.
    await page.evaluate(() => localStorage.setItem('theme', 'dark'));
    await page.reload();
    await page.getByRole('button', { name: NAME, exact: true }).click();
    await page.getByRole('heading', { name: 'Checks' }).waitFor();
    await expect.poll(() => check(page, 1).getByRole('textbox', { name: 'Name', exact: true }).inputValue(), POLL).toBe('score_range');
    await expectNoAxeViolations(page);
    await screenshot(page, 'datasets-dark');

    // The Issues screen of the new dataset: its three failed rows, open.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Issues' }).click();
    await page.waitForURL('**/app/issues**');
    await page.getByLabel('Dataset', { exact: true }).selectOption(created.id);
    await expect.poll(() => page.getByTestId('count-open').textContent(), POLL).toContain('3');
    await expect.poll(() => page.locator('[data-row-id]').count(), POLL).toBe(3);
    const api = await call('GET', `/api/${created.id}/failed_rows?status=open`, { token: await tokenFor(ME), instanceId: INSTANCE });
    const expected = (api.body.data as Array<{ issue_id: string; current_value: string | null }>);
    expect(expected.map((r) => r.current_value).sort()).toEqual(['', '-1', '150']);
    await expect.poll(() => page.locator('[data-row-id]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-row-id')).sort()), POLL).toEqual(expected.map((r) => r.issue_id).sort());
    await expectNoAxeViolations(page);
    await screenshot(page, 'datasets-issues-dark');
    await context.close();
  });
});
