import { screen, waitFor, within } from '@testing-library/react';
import { makeUser } from '../../../test/fixtures';
import { mockApi } from '../../../test/mock-api';
import { renderApp, signedInHandlers, storeSignedInUser } from '../../../test/render-app';
import { describeChange } from './audit-log-panel';

const systemStatus = {
  success: true,
  summary: { status: 'healthy', healthPercentage: 100, healthyServices: 1, totalServices: 1 },
  uptime: 60,
  version: '0.1.0',
  environment: 'local',
  services: { database: { status: 'healthy', lastCheck: '2026-11-23T10:00:00.000Z' } },
  performance: { responseTime: 5, memory: { used: 1, total: 2 }, platform: 'linux', arch: 'x64', nodeVersion: 'v20' },
};

const entry = (n: number, action = 'member.role') => ({
  id: `E${n}`,
  organizationId: 'org_acme',
  at: `2026-11-2${n}T10:00:00.000Z`,
  actor: 'admin@acme.test',
  action,
  target: `person${n}@acme.test`,
  before: { role: 'user' },
  after: { role: 'admin' },
});

describe('audit log panel (Settings › System & Security)', () => {
  it('shows the entries newest first, pages older ones with the cursor, and offers the CSV export', async () => {
    const signedIn = makeUser({ role: 'admin', is_org_admin: true });
    storeSignedInUser(signedIn);
    const api = mockApi({
      ...signedInHandlers(signedIn),
      'GET /api/system/status': { body: systemStatus },
      'GET /api/organizations/org_acme/audit': (request) =>
        request.query.get('cursor') === 'next-1'
          ? { body: { success: true, entries: [entry(1, 'invite.revoke')], next: null } }
          : { body: { success: true, entries: [entry(3), entry(2)], next: 'next-1' } },
    });
    const { user } = renderApp('/app/settings#system');

    const table = await screen.findByRole('table', { name: 'Audit log entries' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(within(table).getByText('person3@acme.test')).toBeInTheDocument();
    expect(within(table).getAllByText('role: admin')).toHaveLength(2);
    expect(screen.getByRole('button', { name: /Export CSV/ })).toBeEnabled();

    await user.click(screen.getByRole('button', { name: 'Load older entries' }));
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(4));
    expect(within(table).getByText('invite.revoke')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load older entries' })).not.toBeInTheDocument();
    expect(api.calls('GET /api/organizations/org_acme/audit')[1]?.query.get('cursor')).toBe('next-1');
  });

  it('says when nothing was recorded, and offers Try again after a failure', async () => {
    const signedIn = makeUser({ role: 'admin', is_org_admin: true });
    storeSignedInUser(signedIn);
    mockApi({
      ...signedInHandlers(signedIn),
      'GET /api/system/status': { body: systemStatus },
      'GET /api/organizations/org_acme/audit': (_request, index) =>
        index === 0 ? { status: 500, body: { success: false, error: 'Internal error' } } : { body: { success: true, entries: [], next: null } },
    });
    const { user } = renderApp('/app/settings#system');

    // The tab's other panels (security, IP allowlist) have their own Try again: this one's is in its alert.
    const alert = (await screen.findByText(/Failed to load the audit log/)).closest<HTMLElement>('[role="alert"]')!;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No administrative actions recorded yet.')).toBeInTheDocument();
  });

  it('describes before and after values briefly', () => {
    expect(describeChange(null)).toBe('—');
    expect(describeChange({ role: 'user', instances: ['a'] })).toBe('role: user, instances: ["a"]');
    expect(describeChange('x')).toBe('x');
  });
});
