import { DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import * as keys from '../../functions/adapters/dynamodb/keys';
import { buildProfile } from '../../functions/domain/profile/build-profile';
import { dynamoClient } from '../../scripts/local/provision';
import { call, tokenFor, users } from '../support/api';
import { chooseDataset, confirmedBy, expectNoAxeViolations, launch, newPage, screenshot, signInThroughForm } from '../support/browser';
import { createIssueDataset, FIXTURE_INSTANCE, readAllIssues } from '../support/fixtures';

// A steward opens the Issues screen: suggestions arrive for the open rows shown, one is accepted,
// and the AI indicator's credits rise by exactly the rows processed (the ledger's figure).

const CITIES = ['birmingham', 'huntsville', 'montgomery'];
const ME = users.analyst;
const POLL = { timeout: 20_000, interval: 200 };

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

async function aiDataset(rows: number) {
  const { datasetId, issues } = await createIssueDataset({
    issues: rows,
    name: `ai-cities-${Date.now().toString(36)}`,
    build: (i) => ({ status: 'open', issue_column: 'city', check_name: 'city_in_reference_list', current_value: `${CITIES[i % 3]!.slice(0, 2)}x${CITIES[i % 3]!.slice(3)}`, owner: ME }),
  });
  const env = inject('stackEnv');
  const doc = DynamoDBDocumentClient.from(dynamoClient(env.DYNAMODB_ENDPOINT!));
  const profile = buildProfile(Array.from({ length: 300 }, (_, i) => ({ city: CITIES[i % 3]! })));
  await doc.send(new PutCommand({ TableName: env.TABLE_NAME, Item: { ...keys.datasetProfile(FIXTURE_INSTANCE.organizationId, FIXTURE_INSTANCE.instanceId, datasetId), kind: 'datasetProfile', profile, scanTime: new Date().toISOString() } }));
  return { datasetId, ids: issues.map((i) => i.issue_id) };
}

const credits = async () => (await call('GET', '/api/ai/processing/status', { token: await tokenFor(ME) })).body.data.creditsUsed as number;
/** This user's credits for one dataset, from the ledger (other suites may charge the same user elsewhere). */
async function datasetCredits(datasetId: string): Promise<number> {
  const usage = await call('GET', '/api/ai/usage/me?groupBy=dataset', { token: await tokenFor(ME) });
  return (usage.body.data.usage as Array<{ key: string; credits: number }>).find((u) => u.key === `${FIXTURE_INSTANCE.instanceId}/${datasetId}`)?.credits ?? 0;
}

describe('AI suggestions in the browser', () => {
  it('shows suggestions for the visible open rows, accepts one, and counts one credit per processed row', async () => {
    const { datasetId, ids } = await aiDataset(5);
    const { context, page } = await newPage(browser, { theme: 'light' });
    await signInThroughForm(page, ME);
    await page.getByTestId('instance-switcher').click();
    await page.getByRole('menuitemradio', { name: /Sales Operations/ }).click();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Issues' }).click();
    await page.waitForURL('**/app/issues**');
    await chooseDataset(page, datasetId);
    await page.locator(`tr[data-row-id="${ids[0]}"]`).waitFor();

    // Every open row gets its suggestion.
    await expect.poll(() => page.getByTestId('ai-suggestion').count(), POLL).toBe(5);
    const first = page.locator(`tr[data-row-id="${ids[0]}"]`);
    expect(await first.getByTestId('ai-suggested-value').textContent()).toBe('birmingham');
    await expect.poll(() => datasetCredits(datasetId), POLL).toBe(5);
    const indicator = page.getByTestId('ai-status-indicator');
    // The indicator shows the ledger's figure for this user.
    const shown = async () => {
      const n = await credits();
      return (await indicator.getByTestId('ai-credits').textContent()) === `${n} credits · ${n.toLocaleString('en-US', { style: 'currency', currency: 'USD' })}`;
    };
    await expect.poll(shown, POLL).toBe(true);
    await expectNoAxeViolations(page);
    await screenshot(page, 'ai-suggestions-light');

    // Accept resolves the row with the suggestion; no further credit.
    await first.getByRole('button', { name: 'Accept' }).click();
    await expect.poll(async () => (await readAllIssues(datasetId)).find((i) => i.issue_id === ids[0])?.status, POLL).toBe('resolved');
    const resolved = (await readAllIssues(datasetId)).find((i) => i.issue_id === ids[0])!;
    expect(resolved).toMatchObject({ current_value: 'birmingham', resolution_method: 'accept_suggestion' });
    expect(await datasetCredits(datasetId)).toBe(5);
    const stored = (await readAllIssues(datasetId)).filter((i) => (i as { ai_suggestion?: unknown }).ai_suggestion).length;
    expect(stored).toBe(5);
    await context.close();
  });

  it('shows the real figures in Settings → AI and pauses on the server', async () => {
    const { context, page } = await newPage(browser, { theme: 'dark' });
    await signInThroughForm(page, ME);
    await page.goto('/app/settings#soda-ai');
    await expect.poll(() => page.getByTestId('ai-credits-used').textContent(), POLL).toBe(String(await credits()));
    // The click is confirmed by the server's answer before the state is read back.
    await confirmedBy(page, 'POST', '/api/ai/processing/pause', () => page.getByRole('button', { name: 'Pause' }).click());
    await expect.poll(async () => (await call('GET', '/api/ai/processing/status', { token: await tokenFor(ME) })).body.data.paused, POLL).toBe(true);
    await expect.poll(() => page.getByTestId('ai-processing-status').textContent(), POLL).toBe('Idle');
    await expectNoAxeViolations(page);
    await screenshot(page, 'ai-settings-dark');
    await confirmedBy(page, 'POST', '/api/ai/processing/resume', () => page.getByRole('button', { name: 'Resume' }).click());
    await expect.poll(async () => (await call('GET', '/api/ai/processing/status', { token: await tokenFor(ME) })).body.data.paused, POLL).toBe(false);
    await context.close();
  });
});
