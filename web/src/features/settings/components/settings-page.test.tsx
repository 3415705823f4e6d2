import { screen, waitFor, within } from '@testing-library/react';
import { STORAGE_KEYS } from '../../../../../shared/constants';
import { makeUser } from '../../../test/fixtures';
import { mockApi } from '../../../test/mock-api';
import { renderApp, signedInHandlers, storeSignedInUser } from '../../../test/render-app';

const systemStatus = {
  success: true,
  summary: { status: 'degraded', healthPercentage: 67, healthyServices: 2, totalServices: 3 },
  uptime: 2 * 86400 + 3 * 3600 + 4 * 60 + 5,
  version: '1.2.3',
  environment: 'local',
  services: {
    database: { status: 'healthy', lastCheck: '2025-01-15T10:00:00.000Z' },
    identity: { status: 'error', lastCheck: '2025-01-15T10:00:00.000Z', message: 'unreachable' },
    queue: { status: 'unhealthy', lastCheck: '2025-01-15T10:00:00.000Z', queue: { depth: 1200, inFlight: 30, oldestAgeSeconds: 95, deadLetters: 2 } },
  },
  performance: { responseTime: 12, memory: { used: 50 * 1024 * 1024 + 100_000, total: 512 * 1024 * 1024 }, platform: 'linux', arch: 'x64', nodeVersion: 'v20.20.2' },
};

describe('settings', () => {
  it('enables Save only after a change and confirms the update', async () => {
    const signedIn = makeUser();
    storeSignedInUser(signedIn);
    const api = mockApi({
      ...signedInHandlers(signedIn),
      'PUT /api/auth/profile': (request) => ({
        body: { success: true, user: { ...signedIn, ...(request.body as object), name: 'Ana Lopez-Diaz' } },
      }),
    });
    const { user } = renderApp('/app/settings');

    const save = await screen.findByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    await user.type(screen.getByLabelText('Last name'), '-Diaz');
    expect(save).toBeEnabled();
    await user.click(save);

    expect(await screen.findByText('Profile updated successfully!')).toBeInTheDocument();
    expect(api.calls('PUT /api/auth/profile')[0]?.body).toEqual({ first_name: 'Ana', last_name: 'Lopez-Diaz', title: 'Data Steward' });
    expect(JSON.parse(window.localStorage.getItem(STORAGE_KEYS.authUser) ?? '{}')).toMatchObject({ last_name: 'Lopez-Diaz' });
    await waitFor(() => expect(save).toBeDisabled());
  });

  it('refuses a blank or whitespace first or last name with a message on the field', async () => {
    const signedIn = makeUser();
    storeSignedInUser(signedIn);
    const api = mockApi({ ...signedInHandlers(signedIn), 'PUT /api/auth/profile': { body: { success: true, user: signedIn } } });
    const { user } = renderApp('/app/settings');

    const first = await screen.findByLabelText('First name');
    await user.clear(first);
    await user.type(first, '   ');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Enter your first name.');
    expect(first).toHaveAttribute('aria-invalid', 'true');
    expect(first).toHaveFocus();
    expect(api.calls('PUT /api/auth/profile')).toHaveLength(0);
    await user.type(first, 'Ana');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('gives plain users Profile and AI only, and rewrites an unavailable tab in the URL to the one shown', async () => {
    const signedIn = makeUser();
    storeSignedInUser(signedIn);
    mockApi({ ...signedInHandlers(signedIn), 'GET /api/ai/processing/status': { status: 500, body: { success: false, error: 'x' } } });
    const { router } = renderApp('/app/settings#datasets');

    const list = await screen.findByRole('tablist', { name: 'Settings sections' });
    expect(within(list).getAllByRole('tab').map((tab) => tab.textContent)).toEqual([expect.stringContaining('Profile'), expect.stringContaining('AI')]);
    expect(within(list).getByRole('tab', { name: /Profile/ })).toHaveAttribute('aria-selected', 'true');
    await waitFor(() => expect(router.state.location.hash).toBe('#profile'));
    expect(screen.queryByText('Admin access required')).not.toBeInTheDocument();
  });

  it('rewrites an unknown tab to Profile for admins too, and keeps the full area', async () => {
    const signedIn = makeUser({ role: 'admin', is_org_admin: true });
    storeSignedInUser(signedIn);
    mockApi({ ...signedInHandlers(signedIn), 'GET /api/system/status': { body: systemStatus } });
    const { router } = renderApp('/app/settings#nonsense');
    const list = await screen.findByRole('tablist', { name: 'Settings sections' });
    expect(within(list).getByRole('tab', { name: /Datasets/ })).toBeInTheDocument();
    expect(within(list).getByRole('tab', { name: /System/ })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.hash).toBe('#profile'));
  });

  it('says so when the profile cannot be saved', async () => {
    const signedIn = makeUser();
    storeSignedInUser(signedIn);
    mockApi({ ...signedInHandlers(signedIn), 'PUT /api/auth/profile': { status: 500, body: { success: false, error: 'internal error' } } });
    const { user } = renderApp('/app/settings');

    await user.type(await screen.findByLabelText('Title'), ' II');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to update profile');
  });

  it('shows the system status with uptime, memory and every service status', async () => {
    const signedIn = makeUser({ role: 'admin', is_org_admin: true });
    storeSignedInUser(signedIn);
    mockApi({ ...signedInHandlers(signedIn), 'GET /api/system/status': { body: systemStatus } });
    renderApp('/app/settings#system');

    expect(await screen.findByText('2d 3h 4m')).toBeInTheDocument();
    expect(screen.getByText('67%')).toBeInTheDocument();
    expect(screen.getByText('50.1 MB / 512.0 MB')).toBeInTheDocument();
    expect(screen.getByText('Degraded')).toBeInTheDocument();
    expect(screen.getByTestId('queue-figures-queue')).toHaveTextContent('1,200 waiting · 30 in flight · oldest 95 s · 2 dead letters');
    expect(screen.getByText('Error').closest('[data-status]')?.className).toBe(
      screen.getByText('Unhealthy').closest('[data-status]')?.className,
    );
  });
});
