import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../support/api';
import { chooseDataset, confirmedBy, launch, newPage, screenshot, signInThroughForm } from '../support/browser';
import { createIssueDataset, readAllIssues } from '../support/fixtures';

// Real-time updates (issue 13 item 7) in the browser: two colleagues have the same dataset open in
// their Issues screens; one resolves a row, and the other's list loses it and its open count
// drops, without a reload, driven by the issue-resolved event on its WebSocket.
//
// Writes go to a fixture dataset of its own, so no other suite's figures move.

const POLL = { timeout: 15_000, interval: 100 };
const number = (text: string | null) => Number((text ?? '').replace(/[^\d]/g, ''));

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

async function openDataset(page: Page, email: string, datasetId: string, firstRow: string) {
  await signInThroughForm(page, email);
  await page.getByTestId('instance-switcher').click();
  await page.getByRole('menuitemradio', { name: /Sales Operations/ }).click();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Issues' }).click();
  await page.waitForURL('**/app/issues**');
  await chooseDataset(page, datasetId);
  await page.locator(`tr[data-row-id="${firstRow}"]`).waitFor();
}

describe('live updates across tabs', () => {
  it('a resolve in one tab makes the row leave the list in a colleague\'s tab without reload', async () => {
    const { datasetId, issues } = await createIssueDataset({ issues: 6, name: `live-${Date.now().toString(36)}`, build: () => ({ status: 'open' }) });
    const ids = issues.map((i) => i.issue_id);

    const first = await newPage(browser, { theme: 'light' });
    const second = await newPage(browser, { theme: 'dark' });
    // Frames the colleague's socket receives: the change must arrive as an event, not a poll.
    const received: string[] = [];
    second.page.on('websocket', (ws) => ws.on('framereceived', (frame) => received.push(String(frame.payload))));

    await openDataset(first.page, users.demoAdmin, datasetId, ids[0]!);
    await openDataset(second.page, users.analyst, datasetId, ids[0]!);
    await expect.poll(() => second.page.getByTestId('count-open').textContent().then(number), POLL).toBe(6);
    // A marker on the colleague's document: a reload would drop it.
    await second.page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    // Both screens are subscribed (one socket per instance) before the change is made.
    for (const { page } of [first, second]) await expect.poll(() => page.getByTestId('realtime-status').getAttribute('data-status'), POLL).toBe('live');

    const target = ids[2]!;
    await confirmedBy(first.page, 'POST', `/resolve/${target}`, () => first.page.locator(`tr[data-row-id="${target}"]`).getByRole('button', { name: 'Resolve' }).click());
    expect((await readAllIssues(datasetId)).find((i) => i.issue_id === target)?.status).toBe('resolved');

    await expect.poll(() => second.page.locator(`tr[data-row-id="${target}"]`).count(), POLL).toBe(0);
    await expect.poll(() => second.page.getByTestId('count-open').textContent().then(number), POLL).toBe(5);
    await expect.poll(() => second.page.getByTestId('count-resolved').textContent().then(number), POLL).toBe(1);
    expect(await second.page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    expect(received.some((p) => p.includes('"issue-resolved"') && p.includes(target))).toBe(true);
    expect(await second.page.locator('tr[data-row-id]').count()).toBe(5);
    await screenshot(second.page, 'realtime-colleague-tab-dark');

    await first.context.close();
    await second.context.close();
  });
});
