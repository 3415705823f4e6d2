import { screen, within } from '@testing-library/react';
import { STORAGE_KEYS } from '../../../../../shared/constants';
import { makeDataset, makeInstance, makeUser } from '../../../test/fixtures';
import { mockApi } from '../../../test/mock-api';
import { renderApp, signedInHandlers, storeSignedInUser } from '../../../test/render-app';
import { fakeIssuesApi, makeIssueRow, openRows } from '../testing/fake-issues-api';

describe('issues screen', () => {
  it('selects opportunities and shows its status counts from the failed rows, for the default instance', async () => {
    const signedIn = makeUser();
    storeSignedInUser(signedIn);
    const row = makeIssueRow(1);
    const api = mockApi({
      ...signedInHandlers(signedIn, {
        instances: [makeInstance({ id: 'inst_dev', name: 'Dev', type: 'development' }), makeInstance()],
        datasets: [makeDataset({ id: 'leads', name: 'leads' }), makeDataset()],
      }),
      'GET /api/opportunities/available-dates': { body: { success: true, dates: [] } },
      'GET /api/opportunities/failed_rows': {
        body: {
          success: true,
          data: [row],
          pagination: { total: 30, limit: 15, offset: 0 },
          counts: { open: 30, resolved: 9, muted: 3 },
          issueTypeCounts: { missing_data: 30, invalid_value: 0, duplicate: 0, format_error: 0, out_of_range: 0, data_quality: 0 },
          owners: [],
          sort: 'scan_time:desc',
        },
      },
      'POST /api/ai/recommendations/batch': { status: 202, body: { success: true, jobId: 'job-1', queued: 0, skipped: 1, total: 1, paused: false } },
      'GET /api/opportunities/suggestions': {
        body: { success: true, data: [{ issueId: row.issue_id, state: 'none', field: row.issue_column, currentValue: row.current_value, suggestedValue: null, confidence: null, reasoning: null, recommendationId: null, provider: null }] },
      },
    });
    renderApp('/app');

    expect(await screen.findByRole('heading', { name: 'Data Quality Issues' })).toBeInTheDocument();
    expect(await screen.findByLabelText('Dataset')).toHaveValue('opportunities');
    const tabs = await screen.findByRole('tablist', { name: 'Issue status' });
    expect(await within(tabs).findByRole('tab', { name: /Open\s*30/ })).toHaveAttribute('aria-selected', 'true');
    expect(within(tabs).getByRole('tab', { name: /Resolved\s*9/ })).toBeInTheDocument();
    expect(within(tabs).getByRole('tab', { name: /Muted\s*3/ })).toBeInTheDocument();
    expect(screen.getByTestId('count-line')).toHaveTextContent('42 total issues · 0 selected rows');
    expect(api.calls('GET /api/opportunities/failed_rows')[0]?.headers.get('x-instance-id')).toBe('inst_prod');
    expect(window.localStorage.getItem(STORAGE_KEYS.currentInstanceId)).toBe('inst_prod');
    // The open rows shown are asked for AI suggestions (spec 1 §4), in the chosen instance.
    await vi.waitFor(() => expect(api.calls('POST /api/ai/recommendations/batch')).toHaveLength(1));
    const batch = api.calls('POST /api/ai/recommendations/batch')[0]!;
    expect(batch.body).toEqual({ issues: [row.issue_id], context: { datasetId: 'opportunities' } });
    expect(batch.headers.get('x-instance-id')).toBe('inst_prod');
  });

  it('opens the dataset the URL names, writes the pick to the URL, and remembers it per instance (issue 9)', async () => {
    const signedIn = makeUser();
    storeSignedInUser(signedIn);
    const emptyRows = { body: { success: true, data: [], pagination: { total: 0, limit: 15, offset: 0 }, counts: { open: 0, resolved: 0, muted: 0 }, issueTypeCounts: {}, owners: [], sort: 'scan_time:desc' } };
    mockApi({
      ...signedInHandlers(signedIn, { instances: [makeInstance()], datasets: [makeDataset({ id: 'leads', name: 'leads' }), makeDataset(), makeDataset({ id: 'contacts', name: 'contacts' })] }),
      'GET /api/leads/available-dates': { body: { success: true, dates: [] } },
      'GET /api/opportunities/available-dates': { body: { success: true, dates: [] } },
      'GET /api/contacts/available-dates': { body: { success: true, dates: [] } },
      'GET /api/leads/failed_rows': emptyRows,
      'GET /api/opportunities/failed_rows': emptyRows,
      'GET /api/contacts/failed_rows': emptyRows,
    });
    const first = renderApp('/app/issues?dataset=leads');
    expect(await screen.findByLabelText('Dataset')).toHaveValue('leads');
    await first.user.selectOptions(screen.getByLabelText('Dataset'), 'contacts');
    await vi.waitFor(() => expect(new URLSearchParams(first.router.state.location.search).get('dataset')).toBe('contacts'));
    first.unmount();

    // A later visit without ?dataset opens the one last worked on in this instance, and names it in the URL.
    const second = renderApp('/app/issues');
    await vi.waitFor(() => expect(screen.getByLabelText('Dataset')).toHaveValue('contacts'));
    await vi.waitFor(() => expect(new URLSearchParams(second.router.state.location.search).get('dataset')).toBe('contacts'));
  });

  it('shows the columns of a row: number and short id, record and field, type, USD amount, status, owner', async () => {
    fakeIssuesApi([
      makeIssueRow(7, { issue_id: '01JABCDEFGHIJKLMNOPQRSWXYZ', current_value: '1234.5' }),
      makeIssueRow(8, { status: 'muted', mute_until: '2020-01-01T00:00:00.000Z', muted_at: '2019-12-31T00:00:00.000Z' }),
      makeIssueRow(9, { status: 'muted', mute_until: null }),
    ]);
    const { router } = renderApp('/app/issues');

    const row = (await screen.findByText('OPP-1007')).closest('tr')!;
    expect(within(row).getByText('1')).toBeInTheDocument();
    expect(within(row).getByText('WXYZ')).toBeInTheDocument();
    expect(within(row).getByText('amount')).toBeInTheDocument();
    expect(within(row).getByText('Deal 7')).toBeInTheDocument();
    expect(within(row).getByText('$1,234.50')).toBeInTheDocument();
    expect(within(row).getByText('Open')).toBeInTheDocument();
    expect(within(row).getByRole('img', { name: 'ben.ng@acme.test' })).toHaveTextContent('BN');

    await router.navigate('/app/issues?status=muted');
    const expired = (await screen.findByText('OPP-1008')).closest('tr')!;
    expect(within(expired).getByText('Expired')).toBeInTheDocument();
    expect(within(expired).getByRole('button', { name: 'Unmute' })).toBeInTheDocument();
    const indefinite = screen.getByText('OPP-1009').closest('tr')!;
    expect(within(indefinite).getByText('Muted')).toBeInTheDocument();
    expect(within(indefinite).getByText('Indefinitely')).toBeInTheDocument();
  });

  it('offers no actions on resolved rows but still their history', async () => {
    fakeIssuesApi([makeIssueRow(1, { status: 'resolved', resolved_at: '2025-01-16T00:00:00.000Z' })]);
    renderApp('/app/issues?status=resolved');

    const row = (await screen.findByText('OPP-1001')).closest('tr')!;
    expect(within(row).queryByRole('button', { name: 'Resolve' })).toBeNull();
    expect(within(row).queryByRole('button', { name: 'Edit value' })).toBeNull();
    expect(within(row).getByRole('checkbox')).toBeDisabled();
    expect(within(row).getByRole('button', { name: 'History' })).toBeInTheDocument();
  });

  it('shows the data table states', async () => {
    fakeIssuesApi([], { 'GET /api/opportunities/failed_rows': { status: 500, body: { success: false, error: 'Database unavailable' } } });
    renderApp('/app/issues');
    expect(await screen.findByText('Error: Database unavailable')).toBeInTheDocument();
    expect((await screen.findAllByText('Failed to fetch issue rows'))[0]).toBeInTheDocument();
  });

  it('says "No data available" for an empty tab', async () => {
    fakeIssuesApi(openRows(2));
    renderApp('/app/issues?status=muted');
    expect(await screen.findByText('No data available')).toBeInTheDocument();
    expect(screen.getByText('Showing 0 to 0 of 0 results')).toBeInTheDocument();
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
