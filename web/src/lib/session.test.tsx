import { screen, waitFor } from '@testing-library/react';
import { STORAGE_KEYS } from '../../../shared/constants';
import { makeUser } from '../test/fixtures';
import { mockApi } from '../test/mock-api';
import { renderApp, signedInHandlers, storeSignedInUser } from '../test/render-app';
import { logoutDestination } from './session';

describe('logoutDestination', () => {
  it.each([
    [true, '/login?r=demo'],
    [false, '/login'],
  ])('with demo flag %s goes to %s', (demo, destination) => {
    expect(logoutDestination(demo)).toBe(destination);
  });
});

describe('session', () => {
  it('restores a stored session after verifying it', async () => {
    const user = makeUser();
    storeSignedInUser(user);
    const api = mockApi(signedInHandlers(user));
    renderApp('/app/quality');

    expect(await screen.findByRole('heading', { name: 'Quality Dashboard' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(api.calls('GET /api/users/me')).toHaveLength(1);
  });

  it('clears everything when the stored session cannot be verified', async () => {
    storeSignedInUser(makeUser());
    window.localStorage.setItem(STORAGE_KEYS.currentInstanceId, 'inst_prod');
    mockApi({
      'GET /api/users/me': { status: 401, body: { success: false, error: 'Invalid token' } },
      'POST /api/auth/refresh': { status: 401, body: { success: false, error: 'No session' } },
    });
    const { router } = renderApp('/app/settings');

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toContain('from=%2Fapp%2Fsettings');
    for (const key of [STORAGE_KEYS.authToken, STORAGE_KEYS.authUser, STORAGE_KEYS.user, STORAGE_KEYS.currentInstanceId]) {
      expect(window.localStorage.getItem(key)).toBeNull();
    }
  });

  it('keeps the stored credentials when the server cannot be reached on start', async () => {
    storeSignedInUser(makeUser());
    mockApi({ 'GET /api/users/me': 'network-error' });
    const { router } = renderApp('/app/quality');

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(window.localStorage.getItem(STORAGE_KEYS.authToken)).toBe('stored-token');
  });

  it.each([
    ['the demo flag is set', true, '/login', '?r=demo'],
    ['there is no demo flag', false, '/login', ''],
  ])('signs out to the right login screen when %s, even if the call fails', async (_case, demo, pathname, search) => {
    const user = makeUser();
    storeSignedInUser(user);
    if (demo) window.localStorage.setItem(STORAGE_KEYS.demoModeActive, 'true');
    mockApi({ ...signedInHandlers(user), 'POST /api/auth/logout': 'network-error' });
    const { user: actor, router } = renderApp('/app/quality');

    await actor.click(await screen.findByTestId('user-menu-trigger'));
    await actor.click(await screen.findByRole('menuitem', { name: 'Sign Out' }));

    await waitFor(() => expect(router.state.location.pathname).toBe(pathname));
    expect(router.state.location.search).toBe(search);
    expect(window.localStorage.getItem(STORAGE_KEYS.authToken)).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.authUser)).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.demoModeActive)).toBe(demo ? 'true' : null);
    expect(await screen.findByLabelText('Email')).toBeInTheDocument();
  });
});
