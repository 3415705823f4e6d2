import { act, screen, waitFor } from '@testing-library/react';
import { renderApp } from '../../../test/render-app';
import { fakeIssuesApi, openRows, SCAN_TIMES, waitForRows } from '../testing/fake-issues-api';

// The filters live in the URL query both ways (spec 1 §2): a change writes it, back/forward re-reads it.

const lastQuery = (fake: ReturnType<typeof fakeIssuesApi>) => fake.listQueries().at(-1)!;

describe('issue filters and the URL', { timeout: 60_000 }, () => {
  it('reads every filter from the URL and asks the API with it', async () => {
    const fake = fakeIssuesApi(openRows(3));
    renderApp(`/app/issues?owner=ben.ng%40acme.test&status=muted&date=2025-01-14&scanTime=${encodeURIComponent(SCAN_TIMES[1])}&issueType=duplicate&page=2&pageSize=25&sort=owner:desc`);

    await waitFor(() => expect(fake.listQueries().length).toBeGreaterThan(0));
    const query = lastQuery(fake);
    expect(Object.fromEntries(query)).toEqual({
      owner: 'ben.ng@acme.test',
      status: 'muted',
      date: '2025-01-14',
      scanTime: SCAN_TIMES[1],
      issueType: 'duplicate',
      sort: 'owner:desc',
      limit: '25',
      offset: '25',
    });
    expect(await screen.findByRole('tab', { name: /Muted/ })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByLabelText('Owner')).toHaveValue('ben.ng@acme.test');
    expect(screen.getByLabelText('Date')).toHaveValue('2025-01-14');
    await waitFor(() => expect(screen.getByLabelText('Scan Time')).toHaveValue(SCAN_TIMES[1]));
    expect(screen.getByLabelText('Issue Type')).toHaveValue('duplicate');
  });

  it('filters by the impact on an enabled use case, listing only enabled ones', async () => {
    const at = '2026-01-01T00:00:00.000Z';
    const useCase = (id: string, name: string, enabled: boolean) => ({ id, name, description: `${name} reads it`, priority: 'high', enabled, custom: false, match: { columns: ['amount'], datasets: [], dimensions: [] }, createdAt: at, updatedAt: at });
    const fake = fakeIssuesApi(openRows(3), {
      'GET /api/taxonomy/use-cases': { body: { success: true, data: [useCase('revenue-reporting', 'Revenue reporting', true), useCase('churn', 'Churn model', false)], activeCount: 1 } },
    });
    const { router, user } = renderApp('/app/issues');
    await waitForRows();
    const impact = screen.getByLabelText('Impact');
    await waitFor(() => expect(screen.getByRole('option', { name: 'Revenue reporting' })).toBeInTheDocument());
    expect(screen.queryByRole('option', { name: 'Churn model' })).toBeNull();

    await user.selectOptions(impact, 'revenue-reporting');
    expect(new URLSearchParams(router.state.location.search).get('impact')).toBe('revenue-reporting');
    await waitFor(() => expect(lastQuery(fake).get('impact')).toBe('revenue-reporting'));
  });

  it('writes each change to the URL, resets the page, and clears the scan time when the date changes', async () => {
    fakeIssuesApi(openRows(40));
    const { router, user } = renderApp('/app/issues?page=2');
    const search = () => new URLSearchParams(router.state.location.search);

    await waitForRows();
    expect(screen.getByLabelText('Scan Time')).toBeDisabled();

    await user.selectOptions(screen.getByLabelText('Owner'), 'cara.diaz@acme.test');
    expect(search().get('owner')).toBe('cara.diaz@acme.test');
    expect(search().get('status')).toBe('open');
    expect(search().get('page')).toBeNull();

    await user.selectOptions(screen.getByLabelText('Date'), '2025-01-14');
    expect(search().get('date')).toBe('2025-01-14');
    const scanTime = screen.getByLabelText('Scan Time');
    expect(scanTime).toBeEnabled();
    await waitFor(() => expect(screen.getAllByRole('option', { name: /AM|PM/ }).length).toBe(2));
    await user.selectOptions(scanTime, SCAN_TIMES[0]);
    expect(search().get('scanTime')).toBe(SCAN_TIMES[0]);

    await user.selectOptions(screen.getByLabelText('Date'), '2025-01-15');
    expect(search().get('date')).toBe('2025-01-15');
    expect(search().get('scanTime')).toBeNull();
    expect(screen.getByLabelText('Scan Time')).toHaveValue('');

    await user.click(screen.getByRole('tab', { name: /Resolved/ }));
    expect(search().get('status')).toBe('resolved');
    await user.selectOptions(screen.getByLabelText('Issue Type'), 'out_of_range');
    expect(search().get('issueType')).toBe('out_of_range');
  });

  it('re-reads the filters on back and forward', async () => {
    const fake = fakeIssuesApi(openRows(10));
    const { router, user } = renderApp('/app/issues');
    await waitForRows();

    await user.selectOptions(screen.getByLabelText('Owner'), 'ben.ng@acme.test');
    await user.click(screen.getByRole('tab', { name: /Muted/ }));
    expect(await screen.findByText('No data available')).toBeInTheDocument();

    await act(() => router.navigate(-1));
    expect(screen.getByRole('tab', { name: /Open/ })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByLabelText('Owner')).toHaveValue('ben.ng@acme.test');
    const rows = await waitForRows();
    expect(rows.every((row) => row.textContent?.includes('Open'))).toBe(true);
    expect(fake.listQueries().some((q) => q.get('owner') === 'ben.ng@acme.test' && q.get('status') === 'open')).toBe(true);

    await act(() => router.navigate(-1));
    expect(screen.getByLabelText('Owner')).toHaveValue('');

    await act(() => router.navigate(1));
    expect(screen.getByLabelText('Owner')).toHaveValue('ben.ng@acme.test');
  });

  it('shows the issue type counts in the Issue Type filter', async () => {
    fakeIssuesApi(openRows(10));
    renderApp('/app/issues');
    expect(await screen.findByRole('option', { name: 'Missing Data (2)' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Data Quality (0)' })).toBeInTheDocument();
  });
});
