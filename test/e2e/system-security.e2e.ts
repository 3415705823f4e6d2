import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../support/api';
import { launch, newPage, screenshot, signInThroughForm } from '../support/browser';

// Settings → System & Security (issue 14 §5) in the browser: the security panel as the server
// reads the local key file, the Health Check's live probes, the IP allowlist with the caller's
// address. Read only: Northwind's allowlist is not changed here (the integration suite does that
// in an organization of its own).

const ME = users.northwindAdmin;

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('System & Security tab', () => {
  it('shows the configured security, runs the Health Check and shows the IP allowlist', async () => {
    for (const theme of ['light', 'dark'] as const) {
      const { context, page } = await newPage(browser, { theme });
      await signInThroughForm(page, ME);
      await page.goto('/app/settings#system');
      const stage = page.getByTestId('stage-key');
      await stage.waitFor({ timeout: 60_000 });
      expect(await stage.getByText('Local key file (stands in for KMS)').count()).toBe(1);
      expect(await page.getByText('AES-256-GCM, a fresh data key per secret (envelope encryption)').count()).toBe(1);
      await page.getByText('Not restricted').waitFor({ timeout: 60_000 });
      await page.getByRole('button', { name: 'Health Check' }).click();
      const results = page.getByTestId('health-check-results');
      await results.waitFor({ timeout: 60_000 });
      expect(await results.getByText('encryption key', { exact: true }).count()).toBe(1);
      expect(await results.getByText('database', { exact: true }).count()).toBe(1);
      await screenshot(page, `system-security-${theme}`);
      await context.close();
    }
  });
});
