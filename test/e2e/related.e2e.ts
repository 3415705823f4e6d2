import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RelatedResponse } from '../../shared/schemas/related';
import { call, tokenFor, users } from '../support/api';
import { expectNoAxeViolations, launch, newPage, screenshot, signInThroughForm } from '../support/browser';

// The "Related" panel of a row (issue 13 item 3): it lists what the server answered for that row,
// most similar first, with similarity and reasons; loosening the threshold asks the server again.
// Read only. Other suites change rows in parallel, so the panel is compared with the response the
// browser itself received, never with a figure read earlier.

const ME = users.analyst;
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

async function openIssues(page: Page): Promise<{ instanceId: string; datasetId: string }> {
  await signInThroughForm(page, ME);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Issues' }).click();
  await page.waitForURL('**/app/issues**');
  await page.locator('tr[data-row-id]').first().waitFor();
  const instanceId = (await page.evaluate(() => localStorage.getItem('current_instance_id')))!;
  const datasetId = await page.getByLabel('Dataset', { exact: true }).inputValue();
  return { instanceId, datasetId };
}

function relatedAnswer(page: Page): Promise<RelatedResponse> {
  return page
    .waitForResponse((r) => r.request().method() === 'GET' && /\/api\/datasets\/[^/]+\/issues\/[^/]+\/related/.test(new URL(r.url()).pathname), { timeout: 60_000 })
    .then(async (r) => {
      expect(r.status()).toBe(200);
      return (await r.json()) as RelatedResponse;
    });
}

async function panelShows(page: Page, answer: RelatedResponse) {
  const panel = page.getByRole('dialog', { name: 'Related issues' });
  const items = panel.locator('li[data-issue-id]');
  await expect.poll(() => items.evaluateAll((lis) => lis.map((li) => li.getAttribute('data-issue-id')))).toEqual(answer.related.map((r) => r.issue.issue_id));
  for (const [i, item] of answer.related.entries()) {
    const li = items.nth(i);
    expect(await li.getByLabel(/^Similarity/).textContent()).toBe(`${Math.round(item.similarity * 100)} %`);
    expect(await li.getByRole('list', { name: 'Why it is related' }).getByRole('listitem').allTextContents()).toEqual(item.reasons.map((r) => r.text));
  }
}

describe('related issues panel', { timeout: 180_000 }, () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`shows a row's related issues as the server ranks them (${theme})`, async () => {
      const { context, page } = await newPage(browser, { theme });
      const { instanceId, datasetId } = await openIssues(page);
      // A row of the first page that has related rows (asked of the API; the demo seed repeats misspellings).
      const ids = await page.locator('tr[data-row-id]').evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-row-id')!));
      let chosen: string | undefined;
      for (const id of ids) {
        const reply = await call<RelatedResponse>('GET', `/api/datasets/${datasetId}/issues/${id}/related`, { token: await tokenFor(ME), instanceId });
        expect(reply.status).toBe(200);
        if (reply.body.related.length > 1) {
          chosen = id;
          break;
        }
      }
      expect(chosen, 'a row of the first page with related rows').toBeDefined();

      const row = page.locator(`tr[data-row-id="${chosen}"]`);
      const first = relatedAnswer(page);
      await row.getByRole('button', { name: 'Related issues' }).click();
      const answer = await first;
      expect(answer.issue_id).toBe(chosen);
      expect(answer.similarity_threshold).toBe(0.7);
      await panelShows(page, answer);
      for (const item of answer.related) expect(item.similarity).toBeGreaterThanOrEqual(0.7);
      await expectNoAxeViolations(page);
      await screenshot(page, `issues-related-${theme}`);

      // Loosening the threshold asks again; the panel follows the new answer.
      const loosened = relatedAnswer(page);
      await page.getByRole('dialog', { name: 'Related issues' }).getByLabel('Similarity at least').selectOption('0.5');
      const wider = await loosened;
      expect(wider.similarity_threshold).toBe(0.5);
      expect(wider.matched).toBeGreaterThanOrEqual(answer.matched);
      await panelShows(page, wider);
      await context.close();
    });
  }
});
