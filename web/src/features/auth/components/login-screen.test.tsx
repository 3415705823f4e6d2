import { screen, waitFor, within } from '@testing-library/react';
import { STORAGE_KEYS } from '../../../../../shared/constants';
import { demoConfig, makeUser } from '../../../test/fixtures';
import { mockApi } from '../../../test/mock-api';
import { renderApp, signedInHandlers } from '../../../test/render-app';

describe('login screen', () => {
  it('asks for both fields when either is empty', async () => {
    // Prepare
    mockApi({});
    const { user } = renderApp('/login');
    // Act
    await user.type(await screen.findByLabelText('Email'), 'ana.lopez@acme.test');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    // Assess
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter both email and password');
  });

  it('stores the token and the user and lands on the dashboard after signing in', async () => {
    const signedIn = makeUser();
    const api = mockApi({
      ...signedInHandlers(signedIn),
      'POST /api/auth/login': { body: { success: true, token: 'new-token', expiresIn: 3600, user: signedIn } },
    });
    const { user, router } = renderApp('/login');

    await user.type(await screen.findByLabelText('Email'), 'ana.lopez@acme.test');
    await user.type(screen.getByLabelText('Password'), 'secret-pass');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/app/quality'));
    expect(api.calls('POST /api/auth/login')[0]?.body).toEqual({ email: 'ana.lopez@acme.test', password: 'secret-pass' });
    expect(window.localStorage.getItem(STORAGE_KEYS.authToken)).toBe('new-token');
    expect(JSON.parse(window.localStorage.getItem(STORAGE_KEYS.authUser) ?? 'null')).toMatchObject({ email: signedIn.email });
    expect(JSON.parse(window.localStorage.getItem(STORAGE_KEYS.user) ?? 'null')).toMatchObject({ email: signedIn.email });
    expect(api.calls('GET /api/users/me')[0]?.headers.get('Authorization')).toBe('Bearer new-token');
    expect(await screen.findByRole('heading', { name: 'Quality Dashboard' }, { timeout: 10_000 })).toBeInTheDocument();
  });

  it('asks for a new password after a temporary one, checks it, and signs in with it', async () => {
    const signedIn = makeUser();
    const api = mockApi({
      ...signedInHandlers(signedIn),
      'POST /api/auth/login': { body: { success: false, challenge: 'NEW_PASSWORD_REQUIRED', session: 'pool-session-0123456789abcdef' } },
      'POST /api/auth/new-password': { body: { success: true, token: 'renewed-token', expiresIn: 3600, user: signedIn } },
    });
    const { user, router } = renderApp('/login');

    await user.type(await screen.findByLabelText('Email'), 'ana.lopez@acme.test');
    await user.type(screen.getByLabelText('Password'), 'Temp#Pass2026xy');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByRole('heading', { name: 'Set a new password' })).toBeInTheDocument();
    expect(window.localStorage.getItem(STORAGE_KEYS.authToken)).toBeNull();
    await user.type(screen.getByLabelText('New password'), 'Chosen#2026pass');
    await user.type(screen.getByLabelText('Confirm new password'), 'Chosen#2026pasx');
    await user.click(screen.getByRole('button', { name: 'Set Password and Sign In' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Passwords do not match');
    expect(api.calls('POST /api/auth/new-password')).toHaveLength(0);

    await user.clear(screen.getByLabelText('Confirm new password'));
    await user.type(screen.getByLabelText('Confirm new password'), 'Chosen#2026pass');
    await user.click(screen.getByRole('button', { name: 'Set Password and Sign In' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/app/quality'));
    expect(api.calls('POST /api/auth/new-password')[0]?.body).toEqual({ email: 'ana.lopez@acme.test', session: 'pool-session-0123456789abcdef', new_password: 'Chosen#2026pass' });
    expect(window.localStorage.getItem(STORAGE_KEYS.authToken)).toBe('renewed-token');
  });

  it.each([
    ['the server error', { status: 401, body: { success: false, error: 'Invalid email or password' } }, 'Invalid email or password'],
    ['"Login failed" without a success flag', { status: 200, body: { success: false } }, 'Login failed'],
    ['the network message when nothing answers', 'network-error' as const, 'Network error. Please try again.'],
  ])('shows %s', async (_case, answer, message) => {
    mockApi({ 'POST /api/auth/login': answer });
    const { user } = renderApp('/login');

    await user.type(await screen.findByLabelText('Email'), 'ana.lopez@acme.test');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(window.localStorage.getItem(STORAGE_KEYS.authToken)).toBeNull();
  });

  it('forgets the demo flag without ?r=demo', async () => {
    window.localStorage.setItem(STORAGE_KEYS.demoModeActive, 'true');
    mockApi({});
    renderApp('/login');

    await screen.findByLabelText('Email');
    expect(window.localStorage.getItem(STORAGE_KEYS.demoModeActive)).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Demo accounts' })).not.toBeInTheDocument();
    expect(document.head.querySelector('meta[name="robots"]')).toBeNull();
  });
});

describe('login screen in demo mode', () => {
  it('lists the demo accounts grouped by organization and sets the demo flag', async () => {
    mockApi({ 'GET /api/auth/demo-config': { body: demoConfig } });
    renderApp('/login?r=demo');

    const list = await screen.findByRole('region', { name: 'Demo accounts' });
    const demoCompany = await within(list).findByRole('heading', { name: /Demo Company/ });
    expect(demoCompany).toBeInTheDocument();
    expect(within(list).getByRole('heading', { name: /Provider Ops/ })).toBeInTheDocument();
    for (const email of ['demo.user@demo.test', 'demo.admin@demo.test', 'ops@provider.test']) {
      expect(within(list).getByRole('button', { name: new RegExp(email.replace(/\./g, '\\.')) })).toBeInTheDocument();
    }
    expect(within(list).getByRole('button', { name: /demo\.admin@demo\.test/ })).toHaveTextContent('Data Lead');
    expect(window.localStorage.getItem(STORAGE_KEYS.demoModeActive)).toBe('true');
    expect(document.head.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
  });

  it('signs in with the password of the account type on quick login', async () => {
    const admin = makeUser({ email: 'demo.admin@demo.test', name: 'Dev Admin', role: 'admin' });
    const api = mockApi({
      ...signedInHandlers(admin),
      'GET /api/auth/demo-config': { body: demoConfig },
      'POST /api/auth/login': { body: { success: true, token: 'demo-token', user: admin } },
    });
    const { user, router } = renderApp('/login?r=demo');

    await user.click(await screen.findByRole('button', { name: /demo\.admin@demo\.test/ }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/app/quality'));
    expect(api.calls('POST /api/auth/login')[0]?.body).toEqual({ email: 'demo.admin@demo.test', password: 'Admin-pass-1' });
  });

  it('names the account when a quick login fails', async () => {
    mockApi({
      'GET /api/auth/demo-config': { body: demoConfig },
      'POST /api/auth/login': { status: 401, body: { success: false, error: 'Invalid email or password' } },
    });
    const { user } = renderApp('/login?r=demo');

    await user.click(await screen.findByRole('button', { name: /demo\.user@demo\.test/ }));

    expect(await screen.findByText('Quick login failed for demo.user@demo.test')).toBeInTheDocument();
  });

  it('validates the emergency access form and offers the provider administrator', async () => {
    mockApi({ 'GET /api/auth/demo-config': { body: demoConfig } });
    const { user } = renderApp('/login?r=demo');

    await user.click(await screen.findByRole('button', { name: 'Emergency access' }));
    expect(screen.getByLabelText('Emergency code')).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Emergency Access' }));

    expect(screen.getByRole('alert')).toHaveTextContent('Please enter both emergency code and email');
    expect(screen.getByRole('button', { name: /Emergency access as Olga Ops \(ops@provider\.test\)/ })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back to Login' }));
    expect(screen.getByLabelText('Password')).toBeInTheDocument();
  });

  it('says quick access needs the code first and puts the cursor in the code field', async () => {
    const api = mockApi({ 'GET /api/auth/demo-config': { body: demoConfig } });
    const { user } = renderApp('/login?r=demo');

    await user.click(await screen.findByRole('button', { name: 'Emergency access' }));
    const quick = screen.getByRole('button', { name: /Emergency access as Olga Ops/ });
    expect(quick).toHaveAccessibleDescription('Uses the emergency code entered above.');
    await user.click(quick);

    expect(screen.getByRole('alert')).toHaveTextContent('Enter the emergency code first: quick access signs in with the code typed above.');
    expect(screen.getByLabelText('Emergency code')).toHaveFocus();
    expect(api.calls('POST /api/auth/admin/emergency-access')).toHaveLength(0);
  });
});
