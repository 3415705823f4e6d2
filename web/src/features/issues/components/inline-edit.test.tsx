import { screen, waitFor, within } from '@testing-library/react';
import { renderApp } from '../../../test/render-app';
import { fakeIssuesApi, makeIssueRow, waitForRows } from '../testing/fake-issues-api';

// Inline edit (spec 1 §2, §5): prefilled; Enter saves the trimmed value; Escape cancels; an empty or
// whitespace-only value is refused with "Value cannot be empty"; the row's version goes along.

const RESOLVE = 'POST /api/opportunities/resolve/';

describe('inline edit', { timeout: 60_000 }, () => {
  it('refuses an empty value, cancels with Escape, and saves the trimmed value with the version', async () => {
    const row = makeIssueRow(1, { current_value: '-50', version: 3 });
    const fake = fakeIssuesApi([row, makeIssueRow(2)]);
    const { user } = renderApp('/app/issues');
    await waitForRows();
    const tr = screen.getByText('OPP-1001').closest('tr')!;
    expect(tr).toHaveTextContent('-$50.00');

    await user.click(within(tr).getByRole('button', { name: 'Edit value' }));
    const input = within(tr).getByRole('textbox', { name: 'New value for amount' });
    expect(input).toHaveValue('-50');
    expect(input).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(within(tr).queryByRole('textbox')).toBeNull();
    expect(tr).toHaveFocus();

    await user.click(within(tr).getByRole('button', { name: 'Edit value' }));
    await user.clear(within(tr).getByRole('textbox'));
    await user.type(within(tr).getByRole('textbox'), '   {Enter}');
    expect(within(tr).getByRole('alert')).toHaveTextContent('Value cannot be empty');
    expect(within(tr).getByRole('textbox')).toHaveAttribute('aria-invalid', 'true');
    expect(fake.api.requests.filter((r) => r.path.startsWith('/api/opportunities/resolve/'))).toHaveLength(0);

    await user.clear(within(tr).getByRole('textbox'));
    await user.type(within(tr).getByRole('textbox'), '  1250.75 {Enter}');
    await waitFor(() => expect(fake.api.calls(`${RESOLVE}${row.issue_id}`)).toHaveLength(1));
    expect(fake.api.calls(`${RESOLVE}${row.issue_id}`)[0]!.body).toEqual({
      resolution: { amount: '1250.75' },
      issueId: row.issue_id,
      version: 3,
    });
    // Resolved: it leaves the Open tab (highlighted, faded, removed) and the counts are refetched.
    await waitFor(() => expect(tr).toHaveAttribute('data-fading', 'true'));
    await waitFor(() => expect(screen.queryByText('OPP-1001')).toBeNull());
    expect(await screen.findByRole('tab', { name: /Resolved\s*1/ })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: /Open\s*1/ })).toBeInTheDocument();
  });

  it('shows the server message on a stale write (409) and refetches the row', async () => {
    const row = makeIssueRow(1);
    const fake = fakeIssuesApi([row], {
      [`${RESOLVE}${row.issue_id}`]: { status: 409, body: { success: false, error: 'This issue was changed by someone else. Reload to see the latest version.' } },
    });
    const { user } = renderApp('/app/issues');
    const [tr] = await waitForRows();
    const listCalls = fake.listQueries().length;

    await user.click(within(tr!).getByRole('button', { name: 'Edit value' }));
    await user.type(within(tr!).getByRole('textbox'), '9{Enter}');

    expect((await screen.findAllByText('This issue was changed by someone else. Reload to see the latest version.'))[0]).toBeInTheDocument();
    await waitFor(() => expect(fake.listQueries().length).toBeGreaterThan(listCalls));
    // The editor stays open with what was typed, to try again.
    expect(within(tr!).getByRole('textbox')).toHaveValue('10019');
  });

  it('says "Failed to save changes. Please try again." when the save fails', async () => {
    const row = makeIssueRow(1);
    fakeIssuesApi([row], { [`${RESOLVE}${row.issue_id}`]: { status: 500, body: { success: false, error: 'Internal error' } } });
    const { user } = renderApp('/app/issues');
    const [tr] = await waitForRows();

    await user.click(within(tr!).getByRole('button', { name: 'Edit value' }));
    await user.type(within(tr!).getByRole('textbox'), '{Enter}');
    expect((await screen.findAllByText('Failed to save changes. Please try again.'))[0]).toBeInTheDocument();
  });
});
