import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppProvider } from '../../../app/provider';
import { createQueryClient } from '../../../lib/query-client';
import { makeUser } from '../../../test/fixtures';
import { mockApi } from '../../../test/mock-api';
import { useSession } from '../../../lib/session';
import { signedInHandlers, storeSignedInUser } from '../../../test/render-app';
import { CheckEditor } from './check-editor';

const check = { type: 'missing', name: 'email_missing', column: 'email', severity: 'fail', missingValues: [] };
const config = { ownerRule: { kind: 'fixed', owner: 'ana@example.com' }, checks: [check] };

const signedIn = makeUser();

/** The editor reads the signed-in user, whose session restores from storage first. */
function WhenSignedIn({ children }: { children: React.ReactNode }) {
  return useSession().user ? children : null;
}

function renderEditor() {
  storeSignedInUser(signedIn);
  const user = userEvent.setup();
  render(
    <AppProvider queryClient={createQueryClient({ retry: false })}>
      <WhenSignedIn>
        <CheckEditor instanceId="inst_1" datasetId="contacts" />
      </WhenSignedIn>
    </AppProvider>,
  );
  return user;
}

describe('check editor', () => {
  it('shows one human sentence on an emptied name, highlights and focuses it, and sends nothing', async () => {
    const api = mockApi({ ...signedInHandlers(signedIn), 'GET /api/contacts/config': { body: { success: true, config, columns: ['email', 'name'], recordKey: 'email', updatedAt: null, updatedBy: null } } });
    const user = renderEditor();

    const name = await screen.findByDisplayValue('email_missing');
    await user.clear(name);
    await user.click(screen.getByRole('button', { name: 'Save checks' }));

    expect(await screen.findByText('Name must not be empty')).toBeInTheDocument();
    expect(screen.queryByText(/control characters|checks\.0/)).not.toBeInTheDocument();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription('Name must not be empty');
    expect(name).toHaveFocus();
    expect(within(screen.getByRole('alert')).getByText('1 problem to fix: see the highlighted fields.')).toBeInTheDocument();
    expect(api.calls('POST /api/contacts/config')).toHaveLength(0);
  });

  it("puts the server's problems on their fields", async () => {
    mockApi({
      ...signedInHandlers(signedIn),
      'GET /api/contacts/config': { body: { success: true, config, columns: ['email', 'name'], recordKey: 'email', updatedAt: null, updatedBy: null } },
      'POST /api/contacts/config': {
        status: 400,
        body: { success: false, error: 'Validation failed', details: [{ field: 'checks.0.column', message: 'is not a column of this dataset' }] },
      },
    });
    const user = renderEditor();

    await screen.findByDisplayValue('email_missing');
    await user.click(screen.getByRole('button', { name: 'Save checks' }));

    expect(await screen.findByText('Column is not a column of this dataset')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Column' })).toHaveAttribute('aria-invalid', 'true');
  });
});
