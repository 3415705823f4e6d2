import { screen, waitFor, within } from '@testing-library/react';
import { renderApp } from '../../../test/render-app';
import { fakeIssuesApi, makeIssueRow, openRows, shownRows, waitForRows } from '../testing/fake-issues-api';

// Keyboard triage (issue 3 §3): j/k move, x selects, e edits, r resolves, m mutes, u unmutes, h shows
// the history, ? lists the keys; keys are ignored while typing.

const resolveCalls = (fake: ReturnType<typeof fakeIssuesApi>) => fake.api.requests.filter((r) => r.path.startsWith('/api/opportunities/resolve/'));

describe('keyboard triage', { timeout: 60_000 }, () => {
  it('moves between rows with j and k, keeping focus visible on the row', async () => {
    fakeIssuesApi(openRows(3));
    const { user } = renderApp('/app/issues');
    const rows = await waitForRows();

    await user.keyboard('j');
    expect(rows[0]).toHaveFocus();
    await user.keyboard('j');
    expect(rows[1]).toHaveFocus();
    await user.keyboard('jj');
    expect(rows[2]).toHaveFocus();
    await user.keyboard('k');
    expect(rows[1]).toHaveFocus();
    expect(rows[1]).toHaveAttribute('tabindex', '0');
    expect(rows[0]).toHaveAttribute('tabindex', '-1');
  });

  it('selects with x and lists the keys with ?', async () => {
    fakeIssuesApi(openRows(3));
    const { user } = renderApp('/app/issues');
    const rows = await waitForRows();

    await user.keyboard('jx');
    expect(within(rows[0]!).getByRole('checkbox')).toBeChecked();
    expect(screen.getByTestId('count-line')).toHaveTextContent('1 selected rows');
    await user.keyboard('x');
    expect(within(rows[0]!).getByRole('checkbox')).not.toBeChecked();

    await user.keyboard('?');
    const dialog = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    for (const key of ['j', 'k', 'x', 'e', 'r', 'm', 'u', '?']) expect(within(dialog).getByText(key, { selector: 'kbd' })).toBeInTheDocument();
    // Keys do nothing while the dialog is open.
    await user.keyboard('r');
    expect(screen.queryByRole('alert')).toBeNull();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('edits with e, ignores keys while typing, and resolves with r', async () => {
    const fake = fakeIssuesApi(openRows(3));
    const { user } = renderApp('/app/issues');
    const rows = await waitForRows();
    const second = rows[1]!;
    const secondId = second.dataset.rowId!;

    await user.keyboard('jje');
    const input = within(second).getByRole('textbox');
    expect(input).toHaveFocus();
    await user.keyboard('rmux');
    expect(input).toHaveValue(`${fake.rows.find((r) => r.issue_id === secondId)!.current_value}rmux`);
    expect(resolveCalls(fake)).toHaveLength(0);
    await user.keyboard('{Escape}');
    expect(second).toHaveFocus();

    await user.keyboard('r');
    await waitFor(() => expect(resolveCalls(fake)).toHaveLength(1));
    expect(resolveCalls(fake)[0]).toMatchObject({ path: `/api/opportunities/resolve/${secondId}`, body: { resolution: { method: 'manual_fix' }, version: 1 } });
    // The resolved row fades out; focus moves to the row that takes its place.
    await waitFor(() => expect(shownRows()).toHaveLength(2));
    expect(shownRows()[1]).toHaveFocus();
  });

  it('hands focus to the row that followed the one that left, even when a row above left too', async () => {
    const fake = fakeIssuesApi(openRows(4));
    const { user } = renderApp('/app/issues');
    const rows = await waitForRows();
    const followerId = rows[2]!.dataset.rowId!;

    await user.keyboard('jj');
    expect(rows[1]).toHaveFocus();
    // A colleague resolves the first row meanwhile; the refetch after our resolve no longer has it.
    const above = fake.rows.findIndex((r) => r.issue_id === rows[0]!.dataset.rowId);
    fake.rows[above] = { ...fake.rows[above]!, status: 'resolved', version: fake.rows[above]!.version + 1 };
    await user.keyboard('r');
    await waitFor(() => expect(resolveCalls(fake)).toHaveLength(1));
    await waitFor(() => expect(shownRows()).toHaveLength(2));
    await waitFor(() => expect(document.activeElement?.getAttribute('data-row-id')).toBe(followerId));
  });

  it('opens the mute durations with m (Enter mutes for 1 day) and unmutes with u', async () => {
    const muted = makeIssueRow(5, { status: 'muted', mute_until: '2999-01-01T00:00:00.000Z' });
    const fake = fakeIssuesApi([...openRows(2), muted]);
    const { user, router } = renderApp('/app/issues');
    await waitForRows();

    await user.keyboard('jm');
    const menu = await screen.findByRole('menu');
    await waitFor(() => expect(within(menu).getAllByRole('menuitem')[0]).toHaveFocus());
    expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      '1 daydefault',
      '3 days',
      '1 week',
      '2 weeks',
      '1 month',
      'Indefinitely',
    ]);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(resolveCalls(fake)).toHaveLength(1));
    expect(resolveCalls(fake)[0]!.body).toMatchObject({ resolution: { method: 'manual_mute', muteDuration: '1_day' } });

    await router.navigate('/app/issues?status=muted');
    await waitFor(() => expect(screen.getByText('OPP-1005')).toBeInTheDocument());
    const row = screen.getByText('OPP-1005').closest('tr')!;
    row.focus();
    await user.keyboard('u');
    await waitFor(() => expect(resolveCalls(fake)).toHaveLength(2));
    expect(resolveCalls(fake)[1]).toMatchObject({ path: `/api/opportunities/resolve/${muted.issue_id}`, body: { resolution: { method: 'manual_unmute' } } });
  });

  it('opens the history of the focused row with h', async () => {
    fakeIssuesApi(openRows(1));
    const { user } = renderApp('/app/issues');
    await waitForRows();
    await user.keyboard('jh');
    const sheet = await screen.findByRole('dialog', { name: 'Issue history' });
    expect(within(sheet).getByText(/OPP-1000 · amount/)).toBeInTheDocument();
    expect(await within(sheet).findByText(/No changes yet/)).toBeInTheDocument();
  });
});
