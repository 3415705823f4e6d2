import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProgressResponse } from '../../shared/schemas/progress';
import { users } from '../support/api';
import { expectNoAxeViolations, launch, newPage, screenshot, signInThroughForm } from '../support/browser';

// "My progress" in the user menu (issue 13 item 5): the figures are those the server answered the
// browser (other suites resolve rows in parallel, so no figure read earlier is compared).

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('my progress in the user menu', () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`shows the server's figures of the last 7 days (${theme})`, async () => {
      const { context, page } = await newPage(browser, { theme });
      await signInThroughForm(page, users.analyst);
      await page.getByTestId('user-menu-trigger').waitFor();
      const answered = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/users/me/progress', { timeout: 60_000 });
      await page.getByTestId('user-menu-trigger').click();
      const response = await answered;
      expect(response.status()).toBe(200);
      const { data } = (await response.json()) as ProgressResponse;
      const region = page.getByTestId('my-progress');
      await expect.poll(() => region.getByText('Resolved', { exact: true }).locator('xpath=preceding-sibling::span').textContent()).toBe(data.resolved.toLocaleString('en-US'));
      expect(await region.getByText('Fixed with AI').locator('xpath=preceding-sibling::span').textContent()).toBe(data.ai_fixed.toLocaleString('en-US'));
      expect(await region.getByTestId('my-streak').textContent()).toContain(`${data.streak_days}-day streak`);
      expect(await region.locator('[data-day]').evaluateAll((days) => days.map((d) => d.getAttribute('data-day')))).toEqual(data.daily!.map((d) => d.date));
      await expectNoAxeViolations(page);
      await screenshot(page, `user-menu-progress-${theme}`);
      await context.close();
    });
  }
});
