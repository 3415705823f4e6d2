import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { STORAGE_KEYS } from '../../../shared/constants';
import type { DatasetSummary, Instance, User } from '../../../shared/schemas/session';
import { AppProvider } from '../app/provider';
import { createAppRoutes } from '../app/router';
import { createQueryClient } from '../lib/query-client';
import { makeDataset, makeInstance } from './fixtures';
import type { MockHandler } from './mock-api';

/** Renders the whole app (providers + routes) at a path, in memory. */
export function renderApp(path: string) {
  const router = createMemoryRouter(createAppRoutes(), { initialEntries: [path] });
  const user = userEvent.setup();
  const view = render(
    <AppProvider queryClient={createQueryClient({ retry: false })}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...view, router, user };
}

/** Pretends a user signed in earlier: the session restores from these keys. */
export function storeSignedInUser(user: User, token = 'stored-token'): void {
  window.localStorage.setItem(STORAGE_KEYS.authToken, token);
  window.localStorage.setItem(STORAGE_KEYS.authUser, JSON.stringify(user));
  window.localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
}

/** The calls a signed-in shell makes, answered for one user. */
export function signedInHandlers(
  user: User,
  options: { instances?: Instance[]; datasets?: DatasetSummary[]; isOrgAdmin?: boolean } = {},
): Record<string, MockHandler> {
  const instances = options.instances ?? [makeInstance()];
  return {
    'GET /api/users/me': { body: { success: true, user } },
    'GET /api/users/me/instances': {
      body: {
        success: true,
        total: instances.length,
        is_org_admin: options.isOrgAdmin ?? user.is_org_admin,
        user_email: user.email,
        instances,
      },
    },
    'GET /api/datasets': { body: { success: true, datasets: options.datasets ?? [makeDataset()] } },
    'POST /api/auth/logout': { body: { success: true } },
    'GET /api/users/me/notifications': { body: { success: true, unread: 0, notifications: [] } },
  };
}
