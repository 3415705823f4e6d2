import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeUser } from '../../../test/fixtures';
import { mockApi } from '../../../test/mock-api';
import { renderApp, signedInHandlers, storeSignedInUser } from '../../../test/render-app';

const status = (check: 'quick' | 'full') => ({
  success: true,
  summary: { status: check === 'full' ? 'degraded' : 'healthy', healthPercentage: check === 'full' ? 75 : 100, healthyServices: check === 'full' ? 3 : 3, totalServices: check === 'full' ? 4 : 3 },
  uptime: 600,
  version: '1.2.3',
  environment: 'local',
  services:
    check === 'full'
      ? {
          database: { status: 'healthy', lastCheck: '2026-11-23T10:00:00.000Z' },
          identity: { status: 'healthy', lastCheck: '2026-11-23T10:00:00.000Z' },
          'encryption key': { status: 'healthy', lastCheck: '2026-11-23T10:00:00.000Z' },
          agent: { status: 'error', lastCheck: '2026-11-23T10:00:00.000Z', message: 'Agent unreachable: connection refused' },
        }
      : { database: { status: 'healthy', lastCheck: '2026-11-23T10:00:00.000Z' } },
  performance: { responseTime: 42, memory: { used: 1, total: 2 }, platform: 'linux', arch: 'x64', nodeVersion: 'v20' },
  check,
});

const key = (status: string, extra: object = {}) => ({
  provider: 'aws-kms',
  keyId: 'arn:aws:kms:eu-west-1:123456789012:key/stage',
  status,
  lastRotation: '2026-10-01T00:00:00.000Z',
  rotationEnabled: true,
  rotationPeriodDays: 90,
  nextRotation: '2026-12-30T00:00:00.000Z',
  message: null,
  ...extra,
});

const security = {
  success: true,
  encryption: { algorithm: 'AES-256-GCM', rotationPolicyDays: 90, stageKey: key('active') },
  byok: { enabled: true, keyArn: 'arn:aws:kms:eu-west-1:999999999999:key/own', key: key('key_rotation_needed', { keyId: 'arn:aws:kms:eu-west-1:999999999999:key/own', rotationEnabled: false, message: 'last rotated 120 days ago; the policy is every 90 days' }) },
  sealedSecrets: [{ name: 'Soda Agent API key', keyProvider: 'aws-kms', keyId: 'arn:aws:kms:eu-west-1:999999999999:key/own', sealedAt: '2026-11-01T09:00:00.000Z', byok: true }],
  rateLimits: [
    { name: 'API requests', limit: 200, per: 'second (bursts up to 400)', scope: 'all callers of the stage', enforcedBy: 'API Gateway stage throttling', deployedOnly: true, enforcedHere: false },
    { name: 'Wrong passwords', limit: 5, per: '15 minutes (doubling after each full window)', scope: 'one account from one address', enforcedBy: 'sign-in function', deployedOnly: false, enforcedHere: true },
  ],
};

describe('Settings › System & Security', () => {
  it('shows the security settings the server reports, and runs the Health Check on demand', async () => {
    const signedIn = makeUser({ role: 'admin', is_org_admin: true });
    storeSignedInUser(signedIn);
    const api = mockApi({
      ...signedInHandlers(signedIn),
      'GET /api/system/status': (request) => ({ body: status(request.query.get('check') === 'full' ? 'full' : 'quick') }),
      'GET /api/system/security': { body: security },
    });
    renderApp('/app/settings#system');

    const stage = await screen.findByTestId('stage-key');
    expect(screen.getByText('AES-256-GCM, a fresh data key per secret (envelope encryption)')).toBeInTheDocument();
    expect(screen.getByText('Every 90 days')).toBeInTheDocument();
    expect(within(stage).getByText('Active')).toBeInTheDocument();
    expect(within(stage).getByText('AWS KMS')).toBeInTheDocument();
    expect(within(stage).getByText(/^Automatic, every 90 days/)).toBeInTheDocument();
    const own = screen.getByTestId('byok-key');
    expect(within(own).getByText('Rotation needed')).toBeInTheDocument();
    expect(within(own).getByText('last rotated 120 days ago; the policy is every 90 days')).toBeInTheDocument();
    expect(within(own).getByText('Not rotated automatically')).toBeInTheDocument();
    expect(screen.getByText('Soda Agent API key')).toBeInTheDocument();
    const limits = screen.getByTestId('rate-limits');
    expect(within(limits).getByText('API requests: 200 per second (bursts up to 400)')).toBeInTheDocument();
    expect(within(limits).getByText(/API Gateway stage throttling · applies in deployed stages/)).toBeInTheDocument();
    expect(within(limits).getByText('Wrong passwords: 5 per 15 minutes (doubling after each full window)')).toBeInTheDocument();

    expect(screen.queryByTestId('health-check-results')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Health Check' }));
    const results = await screen.findByTestId('health-check-results');
    expect(within(results).getByText('3 of 4 checks healthy · took 42 ms')).toBeInTheDocument();
    expect(within(results).getByText('encryption key')).toBeInTheDocument();
    expect(within(results).getByText(/Agent unreachable: connection refused/)).toBeInTheDocument();
    expect(api.requests.some((r) => r.path === '/api/system/status' && r.query.get('check') === 'full')).toBe(true);
  });

  it('says so when the security settings cannot be read', async () => {
    const signedIn = makeUser({ role: 'admin', is_org_admin: true });
    storeSignedInUser(signedIn);
    mockApi({ ...signedInHandlers(signedIn), 'GET /api/system/status': { body: status('quick') }, 'GET /api/system/security': { status: 403, body: { success: false, error: 'Admin access required' } } });
    renderApp('/app/settings#system');
    const alert = (await screen.findByText(/Failed to load security settings: Admin access required/)).closest('[role=alert]') as HTMLElement;
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe('Settings › System & Security › IP allowlist', () => {
  it('asks before saving a list the server says would lock the admin out, then saves with the confirmation', async () => {
    const signedIn = makeUser({ role: 'admin', is_org_admin: true });
    storeSignedInUser(signedIn);
    const path = `PUT /api/organizations/${signedIn.organization_id}/ip-allowlist`;
    const api = mockApi({
      ...signedInHandlers(signedIn),
      'GET /api/system/status': { body: status('quick') },
      'GET /api/system/security': { body: security },
      [`GET /api/organizations/${signedIn.organization_id}/ip-allowlist`]: { body: { success: true, cidrs: [], yourIp: '198.51.100.4', yourIpAllowed: true, updatedAt: null, updatedBy: null } },
      [path]: (request) =>
        (request.body as { confirmLockout?: boolean }).confirmLockout
          ? { body: { success: true, cidrs: ['10.0.0.0/8'], yourIp: '198.51.100.4', yourIpAllowed: false, updatedAt: '2026-11-23T10:00:00.000Z', updatedBy: signedIn.email } }
          : {
              status: 409,
              body: { success: false, error: 'Your IP address (198.51.100.4) is not in this allowlist: saving it would lock you out. Confirm to save anyway.', details: [{ field: 'confirmLockout', message: 'x' }] },
            },
    });
    renderApp('/app/settings#system');
    expect(await screen.findByText('Not restricted')).toBeInTheDocument();
    expect(screen.getByText('198.51.100.4')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/Ranges, one per line/), '10.0.0.0/8');
    await userEvent.click(screen.getByRole('button', { name: 'Save allowlist' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText(/saving it would lock you out/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save and lose access' }));
    expect(await screen.findByText('Enforced · 1 range')).toBeInTheDocument();
    expect(screen.getByText('(not in the list)', { exact: false })).toBeInTheDocument();
    const puts = api.requests.filter((r) => r.method === 'PUT');
    expect(puts.map((r) => r.body)).toEqual([{ cidrs: ['10.0.0.0/8'] }, { cidrs: ['10.0.0.0/8'], confirmLockout: true }]);
  });
});
