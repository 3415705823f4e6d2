import { screen, waitFor, within } from '@testing-library/react';
import type { AppNotification } from '../../../../../shared/schemas/assignments';
import { makeInstance, makeUser } from '../../../test/fixtures';
import { mockApi, type MockHandler } from '../../../test/mock-api';
import { renderApp, signedInHandlers, storeSignedInUser } from '../../../test/render-app';
import { timeAgo } from './notification-bell';

// The notification bell (issue 13 §4): unread count from the server, the list, opening one marks
// it read and leads to the rows assigned to me in its instance, "Mark all as read".

const note = (id: string, overrides: Partial<AppNotification> = {}): AppNotification => ({
  id,
  type: 'assignment',
  at: new Date(Date.now() - 5 * 60_000).toISOString(),
  read: false,
  title: 'lead@acme.test assigned you 3 rows of leads',
  body: 'Please fix the e-mails before Friday',
  link: '/app/issues?dataset=leads&assignee=me',
  instance_id: 'inst_prod',
  dataset_id: 'leads',
  by: 'lead@acme.test',
  ...overrides,
});

function setup(list: AppNotification[], extra: Record<string, MockHandler> = {}) {
  const user = makeUser();
  storeSignedInUser(user);
  const store = list.map((n) => ({ ...n }));
  const api = mockApi({
    ...signedInHandlers(user, { instances: [makeInstance(), makeInstance({ id: 'inst_test', name: 'Test', type: 'testing' })] }),
    'GET /api/users/me/notifications': () => ({ body: { success: true, unread: store.filter((n) => !n.read).length, notifications: store } }),
    'POST /api/users/me/notifications/read': (request) => {
      const ids = (request.body as { ids?: string[] }).ids ?? store.filter((n) => !n.read).map((n) => n.id);
      for (const n of store) if (ids.includes(n.id)) n.read = true;
      return { body: { success: true, read: ids.length } };
    },
    ...extra,
  });
  return { api, ...renderApp('/app/quality') };
}

const bell = () => screen.findByTestId('notification-bell', {}, { timeout: 10_000 });

describe('notification bell', { timeout: 30_000 }, () => {
  it('counts the unread notifications and lists them, newest first as the server sends them', async () => {
    const { user } = setup([note('01JNOTE0000000000000000002'), note('01JNOTE0000000000000000001', { read: true, title: 'Older assignment', body: '' })]);
    const trigger = await bell();
    await waitFor(() => expect(trigger).toHaveAccessibleName('Notifications, 1 unread'));
    expect(within(trigger).getByTestId('notification-count')).toHaveTextContent('1');

    await user.click(trigger);
    const menu = await screen.findByRole('menu');
    const items = within(menu).getAllByTestId('notification-item');
    expect(items.map((i) => i.getAttribute('data-read'))).toEqual(['false', 'true']);
    expect(items[0]).toHaveTextContent('Unread: lead@acme.test assigned you 3 rows of leads');
    expect(items[0]).toHaveTextContent('Please fix the e-mails before Friday');
    expect(items[0]).toHaveTextContent('5 minutes ago');
    expect(within(menu).getByRole('menuitem', { name: 'Mark all as read' })).toBeInTheDocument();
  });

  it('opening one marks it read on the server and shows the rows assigned to me, switching instance if needed', async () => {
    const { user, api, router } = setup([note('01JNOTE0000000000000000003', { instance_id: 'inst_test' })]);
    await user.click(await bell());
    await user.click(await screen.findByRole('menuitem', { name: /assigned you 3 rows/ }));
    await waitFor(() => expect(api.calls('POST /api/users/me/notifications/read')).toHaveLength(1));
    expect(api.calls('POST /api/users/me/notifications/read')[0]!.body).toEqual({ ids: ['01JNOTE0000000000000000003'] });
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/issues'));
    expect(router.state.location.search).toContain('assignee=me');
    expect(localStorage.getItem('current_instance_id')).toBe('inst_test');
    await waitFor(async () => expect(await bell()).toHaveAccessibleName('Notifications'));
  });

  it('marks all as read in one call', async () => {
    const { user, api } = setup([note('01JNOTE0000000000000000004'), note('01JNOTE0000000000000000005')]);
    const trigger = await bell();
    await waitFor(() => expect(trigger).toHaveAccessibleName('Notifications, 2 unread'));
    await user.click(trigger);
    await user.click(await screen.findByRole('menuitem', { name: 'Mark all as read' }));
    await waitFor(() => expect(api.calls('POST /api/users/me/notifications/read')).toHaveLength(1));
    expect(api.calls('POST /api/users/me/notifications/read')[0]!.body).toEqual({});
    await waitFor(() => expect(trigger).toHaveAccessibleName('Notifications'));
    expect(within(trigger).queryByTestId('notification-count')).toBeNull();
  });

  it('says so when there are none', async () => {
    const { user } = setup([]);
    await user.click(await bell());
    expect(await screen.findByText(/No notifications yet/)).toBeInTheDocument();
  });

  it('says so when they cannot be loaded', async () => {
    const { user } = setup([], { 'GET /api/users/me/notifications': { status: 500, body: { success: false, error: 'Internal error' } } });
    await user.click(await bell());
    expect(await screen.findByText('Notifications are not available right now.', {}, { timeout: 10_000 })).toBeInTheDocument();
  });
});

describe('timeAgo', () => {
  const now = Date.parse('2026-03-10T12:00:00.000Z');
  it.each([
    ['2026-03-10T11:59:40.000Z', 'just now'],
    ['2026-03-10T11:55:00.000Z', '5 minutes ago'],
    ['2026-03-10T09:00:00.000Z', '3 hours ago'],
    ['2026-03-09T12:00:00.000Z', 'yesterday'],
    ['2026-02-24T12:00:00.000Z', '2 weeks ago'],
  ])('%s is %s', (at, text) => expect(timeAgo(at, now)).toBe(text));
});
