import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../support/api';
import { launch, newPage, screenshot, signInThroughForm } from '../support/browser';

// Issue 8 §5: the SPA works under its strict Content-Security-Policy. A real Chromium signs in and
// walks the main screens in both themes; the browser reports every blocked script, style, image or
// connection as a securitypolicyviolation event, and there must be none.

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('the SPA under its Content-Security-Policy', () => {
  it.each(['light', 'dark'] as const)('signs in and shows the main screens without a single CSP violation (%s)', async (theme) => {
    const { context, page } = await newPage(browser, { theme });
    await context.addInitScript(() => {
      const seen: string[] = ((window as unknown as { __csp: string[] }).__csp = []);
      document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI} at ${e.sourceFile}:${e.lineNumber}:${e.columnNumber}`));
    });
    const consoleViolations: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) consoleViolations.push(m.text());
    });
    const violations = async () => [...(await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp)), ...consoleViolations];

    await signInThroughForm(page, users.northwindAdmin);
    // The theme script (a file now, not inline) ran before the app: the saved theme is applied.
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(theme === 'dark');
    for (const screen of ['/app/quality', '/app/issues', '/app/datasets', '/app/settings']) {
      await page.goto(screen);
      await page.getByTestId('user-menu-trigger').waitFor();
      await page.waitForLoadState('networkidle');
      expect(await violations(), screen).toEqual([]);
    }
    await screenshot(page, `csp-settings-${theme}`);
    await context.close();
  });
});
