import { mkdirSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { passwordOf } from './api';

// Headless Chromium (Debian's) driven by playwright-core against the local stack.

export const SCREENSHOT_DIR = path.resolve(import.meta.dirname, '..', '..', 'test-artifacts', 'screenshots');

export async function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

export async function newPage(browser: Browser, options: { theme?: 'light' | 'dark' } = {}): Promise<{ context: BrowserContext; page: Page }> {
  // Reduced motion: toasts and panels appear at once, so a check never sees one half faded in.
  const context = await browser.newContext({ baseURL: inject('baseUrl'), viewport: { width: 1280, height: 820 }, reducedMotion: 'reduce' });
  if (options.theme) {
    const theme = options.theme;
    await context.addInitScript((t) => {
      if (!localStorage.getItem('theme')) localStorage.setItem('theme', t);
    }, theme);
  }
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return { context, page };
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
}

export async function signInThroughForm(page: Page, email: string, password = passwordOf(email)): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL('**/app/quality');
  await page.getByTestId('user-menu-trigger').waitFor();
}

export async function expectNoAxeViolations(page: Page): Promise<void> {
  // A toast or panel caught mid-transition has the contrast of its half-transparent frame: let the
  // finite animations end first (spinners loop for ever and are left alone).
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  const results = await new AxeBuilder({ page }).analyze();
  const summary = results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(summary).toEqual([]);
}

/**
 * Runs a user action and waits for the server's answer to the request it makes (method and a
 * path fragment), failing on a non-2xx answer: tests assert on server-confirmed state, never on
 * what the screen shows optimistically before the server has answered.
 */
export async function confirmedBy(page: Page, method: string, pathPart: string | RegExp, action: () => Promise<unknown>): Promise<void> {
  const matches = (url: string) => (typeof pathPart === 'string' ? url.includes(pathPart) : pathPart.test(url));
  const answered = page.waitForResponse((r) => r.request().method() === method && matches(new URL(r.url()).pathname), { timeout: 60_000 });
  try {
    await action();
  } catch (error) {
    answered.catch(() => undefined); // the action failed: nobody waits for its answer any more
    throw error;
  }
  const response = await answered;
  expect(response.status(), `${method} ${response.url()}`).toBeLessThan(300);
}

/**
 * Chooses a dataset in the Issues screen's Dataset list once the server's list holds it: the
 * option exists only after GET /api/datasets of the chosen instance answered, which on a loaded
 * machine (an instance just switched, a dataset just created) can take longer than one action's
 * timeout.
 */
export async function chooseDataset(page: Page, datasetId: string, select: Locator = page.getByLabel('Dataset', { exact: true })): Promise<void> {
  await select.locator(`option[value="${datasetId}"]`).waitFor({ state: 'attached', timeout: 60_000 });
  await select.selectOption(datasetId);
}
