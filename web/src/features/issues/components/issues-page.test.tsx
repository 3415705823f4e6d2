import { screen, within } from '@testing-library/react';
import { STORAGE_KEYS } from '../../../../../shared/constants';
import { makeDataset, makeInstance, makeUser } from '../../../test/fixtures';
import { mockApi } from '../../../test/mock-api';
import { renderApp, signedInHandlers, storeSignedInUser } from '../../../test/render-app';

describe('issues screen', () => {
  it('selects opportunities and shows its real status counts, for the default instance', async () => {
    const signedIn = makeUser();
    storeSignedInUser(signedIn);
    const api = mockApi(
      signedInHandlers(signedIn, {
        instances: [makeInstance({ id: 'inst_dev', name: 'Dev', type: 'development' }), makeInstance()],
        datasets: [makeDataset({ id: 'leads', name: 'leads', openIssues: 1 }), makeDataset({ openIssues: 30, resolvedIssues: 9, mutedIssues: 3 })],
      }),
    );
    renderApp('/app');

    expect(await screen.findByRole('heading', { name: 'Data Quality Issues' })).toBeInTheDocument();
    expect(await screen.findByLabelText('Dataset')).toHaveValue('opportunities');
    const counts = screen.getByRole('region', { name: 'Issues by status' });
    expect(within(counts).getByText('Open').nextSibling).toHaveTextContent('30');
    expect(within(counts).getByText('Resolved').nextSibling).toHaveTextContent('9');
    expect(within(counts).getByText('Muted').nextSibling).toHaveTextContent('3');
    expect(api.calls('GET /api/datasets')[0]?.headers.get('x-instance-id')).toBe('inst_prod');
    expect(window.localStorage.getItem(STORAGE_KEYS.currentInstanceId)).toBe('inst_prod');
  });

  it('shows "No Datasets Available" for an instance without datasets', async () => {
    const signedIn = makeUser();
    storeSignedInUser(signedIn);
    mockApi(signedInHandlers(signedIn, { datasets: [] }));
    renderApp('/app/issues');

    expect(await screen.findByRole('heading', { name: 'No Datasets Available' })).toBeInTheDocument();
  });

  it.each([
    [false, 'No instances available. Please contact your organization administrator.'],
    [true, 'No instances available. Please contact system administrator.'],
  ])('shows "No Instance Selected" when there is none (org admin %s)', async (isOrgAdmin, message) => {
    const signedIn = makeUser({ is_org_admin: isOrgAdmin });
    storeSignedInUser(signedIn);
    mockApi(signedInHandlers(signedIn, { instances: [] }));
    renderApp('/app/issues');

    expect(await screen.findByRole('heading', { name: 'No Instance Selected' })).toBeInTheDocument();
    expect(screen.getByText(message)).toBeInTheDocument();
  });
});
