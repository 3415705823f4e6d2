import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CTA_WORDING } from '../../web/src/features/marketing/utils/cta';
import { users } from '../support/api';
import { expectNoAxeViolations, launch, newPage, screenshot, signInThroughForm } from '../support/browser';

// The public site as a visitor uses it: landing signup with UTM tags, the pricing toggle and
// modal, exit intent, docs search, internal docs both ways. Each step waits on the server's answer.

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function appBundleRequested(page: Page, path: string): Promise<string[]> {
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  return scripts.filter((s) => /\/(root|issues-page|login-screen|router)-/.test(s));
}

describe('landing page', () => {
  it('never downloads the app shell', async () => {
    const { context, page } = await newPage(browser);
    expect(await appBundleRequested(page, '/')).toEqual([]);
    await context.close();
  });

  it('shows live figures and takes a signup with the UTM tags of the link', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/?utm_source=newsletter&utm_medium=email&utm_campaign=launch');
    await page.getByText('rows checked').first().waitFor();
    // The hero's call to action, whatever wording the visit counter and the A/B test chose (not the
    // form's own submit button, which says "Join the Waitlist" too and is disabled while empty).
    await page.locator('button[type="button"]').filter({ hasText: new RegExp(Object.values(CTA_WORDING).join('|')) }).first().click();
    const email = `visitor-${unique()}@example.com`;
    await page.getByLabel(/Work email/).fill(email);
    await page.getByLabel('Name').fill('Ada Lovelace');
    await page.getByLabel('Company').fill('Analytical Engines');
    await page.getByLabel('Role').selectOption('Data Engineer');
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/marketing/signup'));
    await page.getByRole('button', { name: 'Join the Waitlist' }).last().click();
    const response = await answer;
    expect(response.status()).toBe(201);
    expect(response.request().postDataJSON()).toMatchObject({ email, source: 'landing-page', role: 'Data Engineer', utm_source: 'newsletter', utm_medium: 'email', utm_campaign: 'launch' });
    await page.getByText("You're on the list").waitFor();
    await context.close();
  });

  it('offers the exit-intent modal once when the pointer leaves through the top', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.mouse.move(600, 300);
    await page.mouse.move(600, -5);
    await page.evaluate(() => document.dispatchEvent(new MouseEvent('mouseout', { clientY: -1, relatedTarget: null, bubbles: true })));
    const dialog = page.getByRole('dialog', { name: 'Before you go' });
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await page.evaluate(() => document.dispatchEvent(new MouseEvent('mouseout', { clientY: -1, relatedTarget: null, bubbles: true })));
    await page.waitForTimeout(300);
    expect(await dialog.isVisible()).toBe(false);
    await context.close();
  });
});

describe('pricing page', () => {
  it('switches to annual prices and signs up for the Teams early access', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/pricing');
    await expect.poll(() => page.getByTestId('price-teams').textContent()).toBe('$1,000');
    await page.getByRole('radio', { name: /Annual/ }).click();
    await expect.poll(() => page.getByTestId('price-teams').textContent()).toBe('$850');
    await page.getByRole('button', { name: 'Start 14-day trial' }).click();
    const dialog = page.getByRole('dialog', { name: 'Join the Teams Early Access' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Join Early Access' }).click();
    await expect.poll(() => dialog.getByText('Email is required').count()).toBe(1);
    await dialog.getByLabel(/Email/).fill('not-an-address');
    await dialog.getByRole('button', { name: 'Join Early Access' }).click();
    await expect.poll(() => dialog.getByText('Please enter a valid email address').count()).toBe(1);
    await dialog.getByLabel(/Email/).fill(`buyer-${unique()}@example.com`);
    await dialog.getByLabel('Organization').fill('Buyer Inc');
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/marketing/signup'));
    await dialog.getByRole('button', { name: 'Join Early Access' }).click();
    expect((await answer).status()).toBe(201);
    expect((await answer).request().postDataJSON()).toMatchObject({ planId: 'teams', organizationName: 'Buyer Inc', source: 'pricing_page' });
    await expect.poll(() => dialog.getByRole('status').textContent()).toContain('early access list');
    await dialog.waitFor({ state: 'hidden', timeout: 10_000 });
    await context.close();
  });

  it('passes axe in light and dark', async () => {
    for (const theme of ['light', 'dark'] as const) {
      const { context, page } = await newPage(browser, { theme });
      for (const path of ['/', '/pricing', '/docs', '/terms', '/privacy']) {
        await page.goto(path);
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        await expectNoAxeViolations(page);
      }
      await context.close();
    }
  });
});

describe('documentation', () => {
  it('finds topics by search and opens the generated API reference', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/docs');
    await page.getByRole('heading', { name: 'Quality Desk documentation' }).waitFor();
    await page.getByLabel('Search documentation').fill('OPENAPI');
    const results = page.getByRole('region', { name: 'Search results' });
    await expect.poll(() => results.getByRole('link').allTextContents()).toEqual([expect.stringContaining('API reference')]);
    // The reference's chunk loads, then it asks for the document: on a loaded machine that is slow.
    const document = page.waitForResponse((r) => r.url().endsWith('/api/openapi.json'), { timeout: 60_000 });
    await results.getByRole('link', { name: /API reference/ }).click();
    expect((await document).status()).toBe(200);
    await page.getByRole('heading', { name: 'API reference' }).waitFor({ timeout: 60_000 });
    await expect.poll(() => page.getByText('/api/marketing/signup').count()).toBeGreaterThan(0);
    await page.getByLabel('Search documentation').fill('keyboard');
    await page.getByLabel('Search documentation').blur();
    await results.waitFor({ state: 'hidden' });
    await context.close();
  });

  it('shows internal documentation to a member of the demo organization', async () => {
    const { context, page } = await newPage(browser);
    await signInThroughForm(page, users.analyst);
    await page.goto('/docs');
    await page.getByRole('link', { name: 'Internal documentation' }).click();
    await page.waitForURL('**/docs/internal');
    await page.getByRole('navigation', { name: 'Internal documents' }).waitFor();
    await page.getByRole('button', { name: /Implementation guide/ }).click();
    await page.getByRole('heading', { name: 'Implementation guide', level: 1 }).waitFor();
    await context.close();
  });

  it('restricts internal documentation for a user of a customer organization', async () => {
    const { context, page } = await newPage(browser);
    await signInThroughForm(page, users.northwindUser);
    await page.goto('/docs');
    await page.getByRole('heading', { name: 'Quality Desk documentation' }).waitFor();
    expect(await page.getByRole('link', { name: 'Internal documentation' }).count()).toBe(0);
    await page.goto('/docs/internal');
    await page.getByRole('heading', { name: 'Access Restricted' }).waitFor();
    await expect.poll(() => page.getByText('only available to internal team members and demo organization users').count()).toBe(1);
    await context.close();
  });
});

describe('screenshots', () => {
  it('takes every public page at desktop and phone widths, light and dark', async () => {
    for (const theme of ['light', 'dark'] as const) {
      for (const [device, viewport] of [['desktop', { width: 1280, height: 820 }], ['phone', { width: 390, height: 844 }]] as const) {
        const { context, page } = await newPage(browser, { theme });
        await page.setViewportSize(viewport);
        await page.emulateMedia({ reducedMotion: 'reduce' });
        for (const [name, path] of [['landing', '/'], ['pricing', '/pricing'], ['docs', '/docs'], ['docs-api', '/docs/api'], ['terms', '/terms'], ['privacy', '/privacy']] as const) {
          await page.goto(path);
          await page.getByRole('heading', { level: 1 }).first().waitFor();
          if (name === 'landing') await page.getByText('rows checked').waitFor();
          if (name === 'docs-api') await page.getByText('/api/openapi.json').first().waitFor();
          await screenshot(page, `public-${name}-${device}-${theme}`);
        }
        await context.close();
      }
    }
  }, 180_000);
});
