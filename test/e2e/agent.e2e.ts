import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { items } from '../../functions/adapters/dynamodb/items';
import { startReferenceAgent, type ReferenceAgent } from '../../scripts/agent/reference-agent';
import { call } from '../support/api';
import { confirmedBy, expectNoAxeViolations, launch, newPage, screenshot, signInThroughForm } from '../support/browser';
import { tableDoc } from '../support/demo';
import { createMember } from '../support/fixtures';

// An org admin connects the reference agent from Settings → Soda Agent (issue 14 "Done when"):
// tests it, sees its datasets, configures it, triages its failed rows on the Issues screen, then
// disconnects and sees the instance revert. A fresh organization of its own: no other suite sees it.

const run = Date.now().toString(36);
const ORG = `org_agent_e2e_${run}`;
const INSTANCE = `inst_agent_e2e_${run}`;
const ADMIN = `admin.${run}@agent-e2e.example`;
const PASSWORD = 'Agent#E2e2026x';
const API_KEY = `agent-e2e-key-${run}-0123456789abcdefghij`;

let browser: Browser;
let agent: ReferenceAgent;

beforeAll(async () => {
  const { doc, table } = tableDoc();
  const now = new Date().toISOString();
  await doc.send(new PutCommand({ TableName: table, Item: items.organization({ id: ORG, name: `Agent E2E ${run}`, type: 'admin', slug: ORG.slice(4), domain: 'agent-e2e.example', domains: ['agent-e2e.example'], subscription: 'enterprise', status: 'active', createdAt: now }) }));
  await doc.send(new PutCommand({ TableName: table, Item: items.instance({ id: INSTANCE, organizationId: ORG, name: 'Warehouse', type: 'production', warehouseType: 'mock', description: 'agent e2e', createdBy: ADMIN, status: 'active', createdAt: now }) }));
  await createMember({ email: ADMIN, password: PASSWORD, organizationId: ORG, role: 'admin', isOrgAdmin: true });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'qd-agent-e2e-'));
  cpSync(path.resolve(import.meta.dirname, '../../scripts/agent/sample'), dataDir, { recursive: true });
  agent = await startReferenceAgent({ dataDir, stateDir: mkdtempSync(path.join(tmpdir(), 'qd-agent-e2e-state-')), port: 0, apiKey: API_KEY, trustDir: inject('stackEnv').AGENT_TRUST_DIR });
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
  await agent?.stop();
});

describe('Settings → Soda Agent', () => {
  it('connects the reference agent, shows its failed rows on the Issues screen, and reverts on disconnect', async () => {
    const { context, page } = await newPage(browser, { theme: 'light' });
    await signInThroughForm(page, ADMIN, PASSWORD);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('current_instance_id'))).toBe(INSTANCE);
    await page.goto('/app/settings#soda-agent');
    await page.getByRole('heading', { name: 'Connection Status' }).waitFor();
    await page.getByText('Not configured').waitFor();

    const testButton = page.getByRole('button', { name: 'Test Connection' });
    const configureButton = page.getByRole('button', { name: 'Configure', exact: true });
    expect(await testButton.isDisabled()).toBe(true);
    expect(await configureButton.isDisabled()).toBe(true);

    // A plain-HTTP endpoint gets the HTTPS hint.
    await page.getByLabel('Agent endpoint').fill('http://localhost:1');
    await page.getByText('The endpoint must use HTTPS (https://…).').waitFor();

    // A wrong key: the dismissible Error panel with the spec's title.
    await page.getByLabel('Agent endpoint').fill(agent.url);
    await page.getByLabel('API key').fill('w'.repeat(40));
    expect(await testButton.isDisabled()).toBe(false);
    await confirmedBy(page, 'POST', '/soda-agent/test', () => testButton.click());
    const alert = page.getByRole('alert');
    await alert.getByText('Connection failed').waitFor();
    // Polled on the text so that a different failure (e.g. a timeout) is named in the report.
    await expect.poll(() => alert.textContent()).toContain('The agent refused the API key');
    await alert.getByRole('button', { name: 'Dismiss' }).click();
    await expect.poll(() => alert.count()).toBe(0);

    await page.getByLabel('API key').fill(API_KEY);
    await confirmedBy(page, 'POST', '/soda-agent/test', () => testButton.click());
    await page.getByRole('heading', { name: 'Connection Test Results' }).waitFor();
    await page.getByRole('cell', { name: 'Customers', exact: true }).waitFor();
    await expectNoAxeViolations(page);
    await screenshot(page, 'agent-settings-tested-light');

    await confirmedBy(page, 'POST', '/soda-agent/configure', () => configureButton.click());
    await page.getByText('Connected', { exact: true }).waitFor();
    // The first sync runs in the background; the status shows its result when it has ended.
    await expect.poll(() => page.getByTestId('agent-last-sync').textContent(), { timeout: 60_000 }).toMatch(/Customers: [\d,]+ failed rows/);
    const token = (await call('POST', '/api/auth/login', { body: { email: ADMIN, password: PASSWORD } })).body.token as string;
    const listed = (await call('GET', '/api/datasets', { token, instanceId: INSTANCE })).body.datasets as Array<{ id: string; openIssues: number; origin: string }>;
    const customers = listed.find((d) => d.id === 'customers')!;
    expect(customers.origin).toBe('agent');
    await screenshot(page, 'agent-settings-connected-light');

    // Its failed rows on the Issues screen.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Issues' }).click();
    await page.getByRole('heading', { name: 'Data Quality Issues' }).waitFor();
    await expect.poll(() => page.getByLabel('Dataset', { exact: true }).inputValue()).toBe('customers');
    await expect.poll(() => page.getByTestId('count-open').textContent()).toContain(String(customers.openIssues));
    await expect.poll(() => page.locator('tr[data-row-id]').count()).toBeGreaterThan(0);
    await screenshot(page, 'agent-issues-light');

    // Disconnect (with the spec's confirmation) and the instance reverts: no agent datasets.
    await page.goto('/app/settings#soda-agent');
    await page.getByRole('button', { name: 'Disconnect' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByText(/This will revert to mock data/).waitFor();
    await confirmedBy(page, 'DELETE', '/soda-agent/disconnect', () => dialog.getByRole('button', { name: 'Disconnect' }).click());
    await page.getByText('Not connected', { exact: true }).waitFor();
    const after = (await call('GET', '/api/datasets', { token, instanceId: INSTANCE })).body.datasets as Array<{ id: string }>;
    expect(after.map((d) => d.id)).not.toContain('customers');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Issues' }).click();
    await page.getByText('No Datasets Available').waitFor();
    await context.close();
  });

  it('looks right in dark mode', async () => {
    const { context, page } = await newPage(browser, { theme: 'dark' });
    await signInThroughForm(page, ADMIN, PASSWORD);
    await page.goto('/app/settings#soda-agent');
    await page.getByRole('heading', { name: 'Connection Status' }).waitFor();
    // Whatever the test above left (it disconnects at its end): the status is read, not assumed.
    await page.getByText(/^(Not connected|Not configured|Connected)$/).first().waitFor();
    await screenshot(page, 'agent-settings-dark');
    await context.close();
  });
});
