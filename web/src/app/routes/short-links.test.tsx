import { waitFor } from '@testing-library/react';
import { makeUser } from '../../test/fixtures';
import { mockApi } from '../../test/mock-api';
import { renderApp, signedInHandlers, storeSignedInUser } from '../../test/render-app';

// The hub's short links (spec 2 §2.5) lead somewhere: /quality to the dashboard, /tasks to the
// signed-in member's open rows; signed out, /tasks asks for a login first.

describe('short links', () => {
  it('/tasks opens my open rows on the Issues screen', async () => {
    const user = makeUser({ email: 'ana.lopez@acme.test' });
    storeSignedInUser(user);
    mockApi(signedInHandlers(user));
    const { router } = renderApp('/tasks');
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/issues'));
    const query = new URLSearchParams(router.state.location.search);
    expect([query.get('status'), query.get('owner')]).toEqual(['open', 'ana.lopez@acme.test']);
  });

  it('/quality opens the dashboard', async () => {
    const user = makeUser();
    storeSignedInUser(user);
    mockApi(signedInHandlers(user));
    const { router } = renderApp('/quality');
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/quality'));
  });

  it('/tasks asks a signed-out visitor to sign in', async () => {
    mockApi({});
    const { router } = renderApp('/tasks');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});
