import { screen, within } from '@testing-library/react';
import { STORAGE_KEYS } from '../../../../shared/constants';
import { demoConfig, makeInstance, makeUser } from '../../test/fixtures';
import { mockApi } from '../../test/mock-api';
import { renderApp, signedInHandlers, storeSignedInUser } from '../../test/render-app';

async function renderShellAs(role: 'user' | 'admin', extra: Parameters<typeof makeUser>[0] = {}) {
  const user = makeUser({ role, ...extra });
  storeSignedInUser(user);
  const api = mockApi(signedInHandlers(user));
  const rendered = renderApp('/app/quality');
  await screen.findByRole('heading', { name: 'Quality Dashboard' }, { timeout: 10_000 });
  return { ...rendered, api };
}

describe('app shell header', () => {
  it.each([
    ['user', false],
    ['admin', true],
  ] as const)('for role %s shows the Admin entry: %s', async (role, shown) => {
    await renderShellAs(role);
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).queryByRole('link', { name: 'Admin' }) !== null).toBe(shown);
  });

  it('shows the user in the menu, without "Login as" when demo configuration is unavailable', async () => {
    const { user } = await renderShellAs('user');

    await user.click(await screen.findByTestId('user-menu-trigger', {}, { timeout: 10_000 }));
    const menu = await screen.findByRole('menu');

    expect(within(menu).getByText('ana.lopez@acme.test')).toBeInTheDocument();
    expect(within(menu).getByText('Acme Corp')).toBeInTheDocument();
    expect(within(menu).getByText('Online')).toBeInTheDocument();
    expect(within(menu).queryByRole('menuitem', { name: 'Login as' })).not.toBeInTheDocument();
  });

  it('shows my progress of the last 7 days from the server in the menu', async () => {
    const signedIn = makeUser();
    storeSignedInUser(signedIn);
    const days = ['2026-03-04', '2026-03-05', '2026-03-06', '2026-03-07', '2026-03-08', '2026-03-09', '2026-03-10'];
    const api = mockApi({
      ...signedInHandlers(signedIn),
      'GET /api/users/me/progress': {
        body: {
          success: true,
          timeframe: '7d',
          data: {
            resolved: 12,
            ai_fixed: 5,
            muted: 3,
            unmuted: 1,
            team_resolved: 48,
            share: 0.25,
            streak_days: 3,
            from: days[0],
            to: days[6],
            daily: days.map((date, i) => ({ date, resolved: i, ai_fixed: 0, muted: 0, team_resolved: i * 2 })),
            datasets: [],
          },
        },
      },
    });
    const { user } = renderApp('/app/quality');
    await screen.findByRole('heading', { name: 'Quality Dashboard' }, { timeout: 10_000 });

    await user.click(await screen.findByTestId('user-menu-trigger', {}, { timeout: 10_000 }));
    const progress = await screen.findByTestId('my-progress');
    expect(await within(progress).findByText('12')).toBeInTheDocument();
    expect(within(progress).getByText('Fixed with AI').previousSibling).toHaveTextContent('5');
    expect(within(progress).getByTestId('my-streak')).toHaveTextContent('3-day streak');
    expect(within(progress).getByTestId('my-share')).toHaveTextContent("25 % of the team's 48 resolutions");
    expect(within(progress).getByTestId('my-days-text')).toHaveTextContent('Tuesday, Mar 10 6');
    expect(api.calls('GET /api/users/me/progress')[0]!.query.get('timeframe')).toBe('7d');
  });

  it('offers "Login as" when the demo configuration loads', async () => {
    const signedIn = makeUser();
    storeSignedInUser(signedIn);
    mockApi({ ...signedInHandlers(signedIn), 'GET /api/auth/demo-config': { body: demoConfig } });
    const { user } = renderApp('/app/quality');
    await screen.findByRole('heading', { name: 'Quality Dashboard' }, { timeout: 10_000 });

    await user.click(await screen.findByTestId('user-menu-trigger', {}, { timeout: 10_000 }));

    expect(await screen.findByRole('menuitem', { name: 'Login as' })).toBeInTheDocument();
  });

  it('persists the theme toggle under "theme" and switches <html> to dark', async () => {
    const { user } = await renderShellAs('user');

    await user.click(await screen.findByTestId('user-menu-trigger', {}, { timeout: 10_000 }));
    await user.click(await screen.findByRole('menuitem', { name: 'Dark mode' }));

    expect(window.localStorage.getItem(STORAGE_KEYS.theme)).toBe('dark');
    expect(document.documentElement).toHaveClass('dark');
    await user.click(await screen.findByTestId('user-menu-trigger', {}, { timeout: 10_000 }));
    await user.click(await screen.findByRole('menuitem', { name: 'Light mode' }));
    expect(window.localStorage.getItem(STORAGE_KEYS.theme)).toBe('light');
    expect(document.documentElement).not.toHaveClass('dark');
  });

  it('warns org admins of cross-organization access in the instance switcher', async () => {
    const admin = makeUser({ role: 'admin', is_org_admin: true });
    storeSignedInUser(admin);
    mockApi(
      signedInHandlers(admin, {
        instances: [makeInstance(), makeInstance({ id: 'inst_other', name: 'Other BU', type: 'business_unit', organization_name: 'Beta Org' })],
      }),
    );
    const { user } = renderApp('/app/quality');
    await screen.findByRole('heading', { name: 'Quality Dashboard' }, { timeout: 10_000 });

    await user.click(screen.getByTestId('instance-switcher'));
    const menu = await screen.findByRole('menu');

    expect(within(menu).getByText('Super admin mode: you can access data across organizations')).toBeInTheDocument();
    expect(within(menu).getByText('Super Admin')).toBeInTheDocument();
    expect(within(menu).getByText('Beta Org')).toBeInTheDocument();
    expect(within(menu).getByRole('menuitemradio', { name: /Production/ })).toHaveAttribute('aria-checked', 'true');
  });
});
