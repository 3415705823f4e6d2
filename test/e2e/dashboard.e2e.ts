import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MetricsResponse, QuickWinsResponse } from '../../shared/schemas/dashboard';
import { call, tokenFor, users } from '../support/api';
import { launch, newPage, screenshot, signInThroughForm } from '../support/browser';
import { createIssueDataset, FIXTURE_INSTANCE } from '../support/fixtures';

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

  beforeAll(async () => {
    browser = await launch();
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
    await page.getByRole('combobox', { name: /^Dataset/ }).selectOption(datasetId);
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
});
