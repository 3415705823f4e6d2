import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MetricsResponse, QuickWinsResponse } from '../../shared/schemas/dashboard';
import { call, tokenFor, users } from '../support/api';
import { chooseDataset, launch, newPage, screenshot, signInThroughForm } from '../support/browser';
import { createIssueDataset, FIXTURE_INSTANCE, putDatasetMeta } from '../support/fixtures';
import { buildProfile } from '../../functions/domain/profile/build-profile';

// The dashboard in the browser (issue 12 §7): a quick win is AutoFixed and the Quality Score and
// Issues Found cards follow the server without a reload; then the hub and a dataset's panel. Other
// suites change this instance too, so expected figures are read from the API, never hard-coded.

const INSTANCE = FIXTURE_INSTANCE.instanceId;
const ME = users.demoAdmin;
const POLL = { timeout: 20_000, interval: 200 };
const number = (text: string | null) => Number((text ?? '').replace(/[^\d]/g, ''));

async function api<T>(path: string): Promise<T> {
  const reply = await call<T>('GET', path, { token: await tokenFor(ME), instanceId: INSTANCE });
  expect(reply.status, `GET ${path}`).toBe(200);
  return reply.body;
}

async function openSales(page: Page) {
  await signInThroughForm(page, ME);
  await page.getByTestId('instance-switcher').click();
  await page.getByRole('menuitemradio', { name: /Sales Operations/ }).click();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('current_instance_id'))).toBe(INSTANCE);
}

describe('quality dashboard and hub in the browser', () => {
  let browser: Browser;
  let datasetId: string;
  let learnedId: string;

  beforeAll(async () => {
    browser = await launch();
    // Two 'U.S.A' rows fixed by hand to 'USA' (a learned fix) and three still open; the profile has
    // a phone column of which 14 of 100 values read as no phone number, and no format check.
    ({ datasetId: learnedId } = await createIssueDataset({
      issues: 5,
      name: 'Learned probe',
      build: (i) => ({
        issue_column: 'country',
        check_name: 'country must be a valid country name',
        original_value: 'U.S.A',
        ...(i < 2
          ? { status: 'resolved' as const, current_value: 'USA', resolution_method: 'manual_edit' as const, resolved_at: new Date().toISOString(), resolved_by: ME }
          : { status: 'open' as const, current_value: 'U.S.A' }),
        taxonomy: { dimension: { key: 'conformity', description: 'd' }, subcategory: { name: 's', description: 'd', priority: 'high', automationPotential: 0.5 } },
      }),
    }));
    await putDatasetMeta(learnedId, {
      profile: buildProfile(Array.from({ length: 100 }, (_, i) => ({ country: 'USA', phone: i < 86 ? `+1 415 555 ${1000 + i}` : `call ${i} later` }))),
    });
    ({ datasetId } = await createIssueDataset({
      issues: 12,
      name: 'Dashboard probe',
      build: (i) => ({
        status: 'open',
        ...(i < 4 ? { ai_suggestion: { suggestedValue: `fixed-${i}`, confidence: 97, reasoning: 'probe' } } : {}),
        taxonomy: { dimension: { key: 'completeness', description: 'd' }, subcategory: { name: 's', description: 'd', priority: 'critical', automationPotential: 0.5 } },
      }),
    }));
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('AutoFixes a quick win and shows the new score and issue count without a reload', async () => {
    const { page, context } = await newPage(browser, { theme: 'light' });
    await openSales(page);
    await page.goto('/app/quality');
    await chooseDataset(page, datasetId, page.getByRole('combobox', { name: /^Dataset/ }));
    const win = page.getByTestId('quick-win').first();
    await win.waitFor();
    await page.getByTestId('issues-found').filter({ hasNotText: '…' }).waitFor();
    const before = await api<MetricsResponse>('/api/dashboard/metrics?timeframe=7d');
    const wins = await api<QuickWinsResponse>(`/api/dashboard/quick-wins?dataset_id=${datasetId}`);
    expect(wins.data).toHaveLength(4);
    await screenshot(page, 'dashboard-light');

    let navigations = 0;
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) navigations++;
    });
    const resolved = page.waitForResponse((r) => r.url().includes(`/api/${datasetId}/resolve/`) && r.request().method() === 'POST');
    await win.getByRole('button', { name: 'AutoFix' }).click();
    expect((await resolved).status()).toBe(200);

    // The server's figures, and the screen showing them.
    await expect.poll(async () => (await api<QuickWinsResponse>(`/api/dashboard/quick-wins?dataset_id=${datasetId}`)).data.length, POLL).toBe(3);
    await expect
      .poll(async () => {
        const now = (await api<MetricsResponse>('/api/dashboard/metrics?timeframe=7d')).data;
        const shown = { score: number(await page.getByTestId('quality-score').textContent()), found: number(await page.getByTestId('issues-found').textContent()) };
        return shown.score === now.qualityScore && shown.found === now.issuesFound && now.issuesFound < before.data.issuesFound;
      }, POLL)
      .toBe(true);
    await expect.poll(() => page.getByTestId('quick-win').count(), POLL).toBe(3);
    expect(navigations).toBe(0);
    await context.close();
  });

  it('opens the hub and a dataset panel with its issue types, in light and dark', async () => {
    for (const theme of ['light', 'dark'] as const) {
      const { page, context } = await newPage(browser, { theme });
      await openSales(page);
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Datasets' }).click();
      await page.waitForURL('**/app/datasets');
      const card = page.getByTestId(`dataset-card-${datasetId}`);
      await card.waitFor();
      await expect.poll(async () => (await card.textContent()) ?? '', POLL).toMatch(/Grade/);
      await screenshot(page, `hub-${theme}`);
      await card.getByRole('button', { name: /Details/ }).click();
      const panel = page.getByRole('dialog');
      await panel.getByText('Issue types').waitFor();
      await panel.getByText(/Accept \d+ high-confidence suggestion/).waitFor();
      await screenshot(page, `hub-panel-${theme}`);
      if (theme === 'dark') {
        await page.keyboard.press('Escape');
        await page.goto('/app/quality');
        await page.getByTestId('quality-score').filter({ hasNotText: '…' }).waitFor();
        await screenshot(page, 'dashboard-dark');
      }
      await context.close();
    }
  });

  it('lists and AutoFixes a learned fix, and the hub recommends a format check, in light and dark', async () => {
    const { page, context } = await newPage(browser, { theme: 'light' });
    await openSales(page);
    await page.goto('/app/quality');
    await page.getByRole('combobox', { name: /^Dataset/ }).selectOption(learnedId);
    const learned = page.getByTestId('quick-win').filter({ hasText: 'learned fix' });
    await expect.poll(() => learned.count(), POLL).toBe(3);
    await expect.poll(async () => (await learned.first().textContent()) ?? '', POLL).toMatch(/U\.S\.A → USA \(fixed this way 2 times before\)/);
    // The chart is a lazy chunk: shot once it has drawn.
    await page.locator('.recharts-legend-item-text').first().waitFor({ timeout: 60_000 });
    await screenshot(page, 'dashboard-learned-light');

    const resolved = page.waitForResponse((r) => r.url().includes(`/api/${learnedId}/resolve/`) && r.request().method() === 'POST');
    await learned.first().getByRole('button', { name: 'AutoFix' }).click();
    expect((await resolved).status()).toBe(200);
    // The server's list (now three agreeing fixes, two rows left), and the screen showing it.
    await expect
      .poll(async () => (await api<QuickWinsResponse>(`/api/dashboard/quick-wins?dataset_id=${learnedId}`)).data.map((w) => w.learnedFrom), POLL)
      .toEqual([3, 3]);
    await expect.poll(() => learned.count(), POLL).toBe(2);
    await expect.poll(async () => (await learned.first().textContent()) ?? '', POLL).toMatch(/fixed this way 3 times before/);
    await context.close();

    for (const theme of ['light', 'dark'] as const) {
      const hub = await newPage(browser, { theme });
      await openSales(hub.page);
      await hub.page.goto('/app/datasets');
      const card = hub.page.getByTestId(`dataset-card-${learnedId}`);
      await card.waitFor();
      await card.getByRole('button', { name: /Details/ }).click();
      const panel = hub.page.getByRole('dialog');
      await panel.getByText('Add a format check to column phone: 14 % of values fail a phone pattern').waitFor();
      await panel.getByText(/Apply 2 learned fixes/).waitFor();
      await screenshot(hub.page, `hub-panel-learned-${theme}`);
      if (theme === 'dark') {
        await hub.page.keyboard.press('Escape');
        await hub.page.goto('/app/quality');
        await hub.page.getByRole('combobox', { name: /^Dataset/ }).selectOption(learnedId);
        await expect.poll(() => hub.page.getByTestId('quick-win').filter({ hasText: 'learned fix' }).count(), POLL).toBe(2);
        await screenshot(hub.page, 'dashboard-learned-dark');
      }
      await hub.context.close();
    }
  });
});
