import { mkdirSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { chromium, type Browser, type BrowserContext, type Locator, type Page, type Request } from 'playwright-core';
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
 * what the screen shows optimistically before the server has answered. Without an answer within a
 * minute it fails saying whether the request was sent at all, and when the action returned: a
 * screen that never sent it is another bug than a server that never answered.
 */
export async function confirmedBy(page: Page, method: string, pathPart: string | RegExp, action: () => Promise<unknown>): Promise<void> {
  const matches = (request: Request) => {
    const path = new URL(request.url()).pathname;
    return request.method() === method && (typeof pathPart === 'string' ? path.includes(pathPart) : pathPart.test(path));
  };
  const started = Date.now();
  const seconds = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;
  const seen: string[] = [];
  const onRequest = (request: Request) => void (matches(request) && seen.push(`sent after ${seconds()}`));
  const onFailed = (request: Request) => void (matches(request) && seen.push(`failed after ${seconds()} (${request.failure()?.errorText ?? 'no reason'})`));
  page.on('request', onRequest);
  page.on('requestfailed', onFailed);
  // Settled either way, so that an action slower than the wait leaves no unhandled rejection.
  const answered = page.waitForResponse((r) => matches(r.request()), { timeout: 60_000 }).then(
    (response) => ({ response }),
    (error: unknown) => ({ error }),
  );
  try {
    await action();
    const acted = seconds();
    const result = await answered;
    if ('error' in result) {
      throw new Error(`No answer to ${method} ${String(pathPart)} within 60 s: the action returned after ${acted}; the request was ${seen.length > 0 ? seen.join(', ') : 'never sent'}.`, { cause: result.error });
    }
    expect(result.response.status(), `${method} ${result.response.url()}`).toBeLessThan(300);
  } finally {
    page.off('request', onRequest);
    page.off('requestfailed', onFailed);
  }
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
