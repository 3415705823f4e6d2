import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ORGANIZATIONS } from '../../functions/domain/demo/demo-directory';
import { showsAdminNavigation } from '../../shared/roles';
import { call, tokenFor, users } from '../support/api';
import { confirmedBy, expectNoAxeViolations, launch, newPage, screenshot, signInThroughForm } from '../support/browser';
import { inject } from 'vitest';

// What a user does with the shell: sign in as every demo role, see only their organization's
// instances, switch instance, toggle the theme, sign out.

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const everyDemoUser = DEMO_ORGANIZATIONS.flatMap((org) => org.users.map((u) => [u.role, u.email, org.id] as const));

const POLL = { timeout: 30_000, interval: 250 };

describe('sign-in', () => {
  it('shows an accessible login screen and the validation message', async () => {
    for (const theme of ['light', 'dark'] as const) {
      const { context, page } = await newPage(browser, { theme });
      await page.goto('/login');
      await page.getByRole('button', { name: 'Sign In' }).click();
      await expect.poll(() => page.getByRole('alert').textContent()).toContain('Please enter both email and password');
      await expectNoAxeViolations(page);
      await screenshot(page, `login-${theme}`);
      await context.close();
    }
  });

  it('shows the server message for a wrong password', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/login');
    await page.getByLabel('Email').fill(users.engineer);
    await page.getByLabel('Password').fill('Wrong#Password9');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('Invalid email or password');
    await context.close();
  });

  it.each(everyDemoUser)('signs a %s (%s) in, shows only their organization’s instances, and signs out', async (role, email, orgId) => {
    const { context, page } = await newPage(browser);
    type Listed = Array<{ id: string; name: string; organization_id: string }>;
    const listed = async () => (await call('GET', '/api/users/me/instances', { token: await tokenFor(email) })).body.instances as Listed;
    // Other suites add instances while this one runs (the admin page's demo deploy adds one to Demo
    // Corp; a super admin also sees the QA flow tests' temporary organizations come and go): the
    // menu must offer every instance the server lists both before sign-in and after the menu
    // opened, and a member who is no super admin only their own organization's.
    const before = await listed();
    await signInThroughForm(page, email);

    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect.poll(() => nav.getByRole('link', { name: 'Admin' }).count()).toBe(showsAdminNavigation(role) ? 1 : 0);

    await page.getByTestId('instance-switcher').click();
    const superAdmin = role === 'super_admin' || role === 'provider_admin';
    // The menu fills once the page's own list has loaded: polled until it holds what it must.
    await expect
      .poll(async () => {
        const offered = await page.getByRole('menuitemradio').allTextContents();
        const after = await listed();
        const stable = before.filter((b) => after.some((a) => a.id === b.id));
        return [
          ...stable.filter((i) => !offered.some((text) => text.includes(i.name))).map((i) => `not offered: ${i.name}`),
          ...(superAdmin ? [] : offered.filter((text) => !after.some((i) => text.includes(i.name))).map((text) => `not listed: ${text}`)),
          ...(superAdmin ? [] : after.filter((i) => i.organization_id !== orgId).map((i) => `another organization's: ${i.name}`)),
          ...(offered.length === 0 ? ['no instance offered'] : []),
        ];
      }, POLL)
      .toEqual([]);
    await page.keyboard.press('Escape');

    await page.getByTestId('user-menu-trigger').click();
    // The menu is complete once the server's progress figures are in (the body keeps its height
    // meanwhile, so Sign Out does not move either way).
    await expect.poll(() => page.getByTestId('my-progress-body').getAttribute('data-state')).not.toBe('loading');
    // Signing out waits for the server to revoke the session (POST /api/auth/logout), then leaves.
    await confirmedBy(page, 'POST', '/api/auth/logout', () => page.getByRole('menuitem', { name: 'Sign Out' }).click());
    await page.waitForURL(/\/login/);
    expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();
    await context.close();
  });
});

describe('app shell', () => {
  it('keeps the user menu still while its progress figures load, so Sign Out stays under the pointer', async () => {
    const { context, page } = await newPage(browser);
    await signInThroughForm(page, users.analyst);
    // The figures arrive late on purpose: the menu is measured before and after they do.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/users/me/progress**', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByTestId('user-menu-trigger').click();
    const signOut = page.getByRole('menuitem', { name: 'Sign Out' });
    await signOut.waitFor();
    // The demo stack's "Login as" comes from the demo configuration: measured once it is there.
    await page.getByRole('menuitem', { name: 'Login as' }).waitFor();
    expect(await page.getByTestId('my-progress-body').getAttribute('data-state')).toBe('loading');
    // Measured within the menu: the header the menu hangs from may change meanwhile for reasons of
    // its own (another test of the suite starting AI work in this instance shows the AI status
    // there), which moves the whole menu with its trigger, as it should.
    const menu = signOut.locator('xpath=ancestor::*[@role="menu"][1]');
    const withinMenu = async () => {
      const [item, box] = await Promise.all([signOut.boundingBox(), menu.boundingBox()]);
      return item && box ? { x: item.x - box.x, y: item.y - box.y, width: item.width, height: item.height } : null;
    };
    const before = await withinMenu();
    expect(before).not.toBeNull();
    release();
    await expect.poll(() => page.getByTestId('my-progress-body').getAttribute('data-state')).toBe('ready');
    expect(await withinMenu()).toEqual(before);
    await context.close();
  });

  it('switches instance and shows the new instance’s real datasets', async () => {
    const { context, page } = await newPage(browser);
    await signInThroughForm(page, users.demoAdmin);

    await page.getByTestId('instance-switcher').click();
    await page.getByRole('menuitemradio', { name: /Development/ }).click();

    await expect.poll(() => page.evaluate(() => localStorage.getItem('current_instance_id'))).toBe('inst_demo_dev');
    const datasets = await call('GET', '/api/datasets', { token: await tokenFor(users.demoAdmin), instanceId: 'inst_demo_dev' });
    const opportunities = datasets.body.datasets.find((d: { name: string }) => d.name === 'opportunities');
    // Sign-in lands on the dashboard (issue 12), whose Dataset health list shows each dataset's open rows.
    const row = page.getByRole('list', { name: 'Dataset health' }).getByRole('listitem').filter({ has: page.getByText('opportunities', { exact: true }) });
    await expect.poll(async () => (await row.textContent())?.replace(/,/g, '')).toContain(`${opportunities.openIssues} open`);
    await context.close();
  });

  it('toggles the theme and keeps it across reloads', async () => {
    const { context, page } = await newPage(browser, { theme: 'light' });
    await signInThroughForm(page, users.owner);
    await screenshot(page, 'app-shell-light');

    await page.getByTestId('user-menu-trigger').click();
    await page.getByRole('menuitem', { name: 'Dark mode' }).click();
    await expect.poll(() => page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    await page.reload();
    await page.getByTestId('user-menu-trigger').waitFor();

    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    await expectNoAxeViolations(page);
    await screenshot(page, 'app-shell-dark');
    await context.close();
  });

  it('warns a super admin of cross-organization access', async () => {
    const { context, page } = await newPage(browser);
    await signInThroughForm(page, users.superAdmin);
    await page.getByTestId('instance-switcher').click();
    await expect.poll(() => page.getByText(/super admin mode/i).count()).toBeGreaterThan(0);
    await screenshot(page, 'super-admin-switcher');
    await context.close();
  });
});

describe('demo mode', () => {
  it('lists the demo accounts, signs in with one click, and signs out back to demo mode', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/login?r=demo');
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toMatch(/noindex/);
    await screenshot(page, 'login-demo');

    await page.getByRole('button', { name: new RegExp(users.analyst) }).click();
    await page.waitForURL('**/app/quality');
    await page.getByTestId('user-menu-trigger').click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();

    await page.waitForURL(/\/login\?r=demo/);
    await context.close();
  });

  it('grants emergency access to a provider administrator', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/login?r=demo');
    await page.getByRole('button', { name: 'Emergency access' }).click();
    await page.getByLabel('Emergency code').fill(inject('emergencyCode'));
    await page.getByLabel('Admin email').fill(users.provider);
    await screenshot(page, 'login-emergency');
    await page.getByRole('button', { name: 'Emergency Access', exact: true }).click();

    await page.waitForURL('**/app/quality');
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('auth_user') ?? '{}'));
    expect(stored).toMatchObject({ email: users.provider, access_type: 'emergency' });
    await context.close();
  });
});
