import { screen, waitFor, within } from '@testing-library/react';
import { renderApp } from '../../../test/render-app';
import { fakeIssuesApi, openRows, shownRows, waitForRows } from '../testing/fake-issues-api';

// Pagination (spec 1 §5, §8): 15 per page from page 1, "Showing X to Y of Z results", "Page N",
// Previous disabled on page 1, Next disabled once page × size reaches the total; sorting by column.

describe('pagination and sorting', { timeout: 60_000 }, () => {
  it('pages through 40 rows 15 at a time', async () => {
    const fake = fakeIssuesApi(openRows(40));
    const { router, user } = renderApp('/app/issues');
    const search = () => new URLSearchParams(router.state.location.search);
    const pagination = () => screen.getByRole('navigation', { name: 'Pagination' });

    expect(await waitForRows()).toHaveLength(15);
    expect(within(pagination()).getByText('Showing 1 to 15 of 40 results')).toBeInTheDocument();
    expect(within(pagination()).getByText('Page 1')).toBeInTheDocument();
    expect(within(pagination()).getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(fake.listQueries().at(-1)?.get('limit')).toBe('15');

    await user.click(within(pagination()).getByRole('button', { name: 'Next' }));
    expect(search().get('page')).toBe('2');
    expect(await within(pagination()).findByText('Showing 16 to 30 of 40 results')).toBeInTheDocument();
    expect(within(pagination()).getByText('Page 2')).toBeInTheDocument();
    expect(within(pagination()).getByRole('button', { name: 'Previous' })).toBeEnabled();
    expect(fake.listQueries().at(-1)?.get('offset')).toBe('15');
    await waitFor(() => expect(shownRows()[0]).toHaveTextContent('16'));

    await user.click(within(pagination()).getByRole('button', { name: 'Next' }));
    expect(await within(pagination()).findByText('Showing 31 to 40 of 40 results')).toBeInTheDocument();
    expect(within(pagination()).getByRole('button', { name: 'Next' })).toBeDisabled();
    await waitFor(() => expect(shownRows()).toHaveLength(10));

    await user.selectOptions(within(pagination()).getByLabelText('Rows per page'), '25');
    expect(search().get('pageSize')).toBe('25');
    expect(search().get('page')).toBeNull();
    expect(await within(pagination()).findByText('Showing 1 to 25 of 40 results')).toBeInTheDocument();
    expect(within(pagination()).getByText('Page 1')).toBeInTheDocument();
  });

  it('disables Next when the total fits on one page exactly', async () => {
    fakeIssuesApi(openRows(15));
    renderApp('/app/issues');
    await waitForRows();
    const pagination = screen.getByRole('navigation', { name: 'Pagination' });
    expect(within(pagination).getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(within(pagination).getByRole('button', { name: 'Previous' })).toBeDisabled();
  });

  it('goes back to the last page when the page asked for is past the end', async () => {
    fakeIssuesApi(openRows(20));
    const { router } = renderApp('/app/issues?page=5');
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('page')).toBe('2'));
    expect(await waitForRows()).toHaveLength(5);
  });

  it('sorts on the server by the clicked column, toggling ascending and descending', async () => {
    const fake = fakeIssuesApi(openRows(6));
    const { router, user } = renderApp('/app/issues?page=1');
    const search = () => new URLSearchParams(router.state.location.search);
    await waitForRows();

    const ownerHeader = screen.getByRole('columnheader', { name: /Owner/ });
    await user.click(within(ownerHeader).getByRole('button'));
    expect(search().get('sort')).toBe('owner:asc');
    expect(ownerHeader).toHaveAttribute('aria-sort', 'ascending');
    await waitFor(() => expect(fake.listQueries().at(-1)?.get('sort')).toBe('owner:asc'));
    await waitFor(() => expect(within(shownRows()[0]!).getByRole('img', { name: /@/ })).toHaveAccessibleName('ana.lopez@acme.test'));

    await user.click(within(ownerHeader).getByRole('button'));
    expect(search().get('sort')).toBe('owner:desc');
    expect(ownerHeader).toHaveAttribute('aria-sort', 'descending');
    await waitFor(() => expect(within(shownRows()[0]!).getByRole('img', { name: /@/ })).toHaveAccessibleName('cara.diaz@acme.test'));

    await user.click(within(screen.getByRole('columnheader', { name: /Record & Field/ })).getByRole('button'));
    expect(search().get('sort')).toBe('record_id:asc');
  });
});
