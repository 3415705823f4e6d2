import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FailedRowsResponse } from '../../shared/schemas/issues';
import { users } from '../support/api';
import { launch, newPage, signInThroughForm } from '../support/browser';

// The Issues screen's first download holds no zod (issue 16 §7): response schemas load beside the
// first requests (web/src/lib/api-client.ts ResponseSchema) and the Impact cell's rules load with
// the cell. This drives a cold load of /app/issues and checks what the user gets: rows the server
// sent, Impact cells, and no Content-Security-Policy violation (zod's configuration — no eval —
// must run before any schema is built, now that zod arrives after the first render).

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('the Issues screen, opened cold', () => {
  it('shows the server rows and their impact without a CSP violation', async () => {
    const { context, page } = await newPage(browser);
    await context.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { __csp: string[] }).__csp = seen;
      document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`));
    });
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));

    await signInThroughForm(page, users.demoAdmin);
    // Every rows answer, read the moment it arrives: the screen may ask again once it has put the
    // dataset into the URL, and a body is gone once the page has moved on.
    const answers: FailedRowsResponse[] = [];
    page.on('response', (r) => {
      if (/\/api\/[^/]+\/failed_rows/.test(new URL(r.url()).pathname) && r.status() === 200) r.json().then((body: FailedRowsResponse) => answers.push(body), () => undefined);
    });
    // A full load of the screen (not in-app navigation): the first download is the Issues page's own.
    await page.goto('/app/issues');
    await expect.poll(() => answers.length, { timeout: 60_000 }).toBeGreaterThan(0);

    // The screen shows the rows of the latest answer the server gave it.
    const rows = page.locator('tr[data-row-id]');
    await expect
      .poll(async () => {
        const last = answers.at(-1)!;
        return last.data.length > 0 && (await rows.count()) === last.data.length && (await rows.first().getAttribute('data-row-id')) === last.data[0]!.issue_id;
      }, { timeout: 30_000 })
      .toBe(true);
    // The Impact column: each row shows a classification or a dash once its module and the
    // organization's use cases are in, never the loading mark.
    await expect.poll(() => page.locator('tbody').getByText('…', { exact: true }).count(), { timeout: 30_000 }).toBe(0);

    expect(await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp)).toEqual([]);
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
