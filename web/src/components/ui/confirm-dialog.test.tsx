import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { useConfirm } from './confirm-dialog';

// The accessible confirmation that replaces window.confirm: labelled actions, focus kept inside,
// Escape and Cancel answer no, the action answers yes.

function Harness() {
  const [confirm, dialog] = useConfirm();
  const [answer, setAnswer] = useState('none');
  return (
    <>
      <button type="button" onClick={async () => setAnswer(String(await confirm({ title: 'Reset the data of Prod?', description: 'All resolutions will be lost.', confirmLabel: 'Reset instance data' })))}>
        Open
      </button>
      <output>{answer}</output>
      {dialog}
    </>
  );
}

describe('useConfirm', () => {
  it('answers true for the named action and false for Cancel or Escape, keeping focus in the dialog', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const opener = screen.getByRole('button', { name: 'Open' });

    await user.click(opener);
    const dialog = await screen.findByRole('alertdialog', { name: 'Reset the data of Prod?' });
    expect(dialog).toHaveAccessibleDescription('All resolutions will be lost.');
    // Focus is trapped: tabbing cycles between the dialog's two buttons.
    expect(dialog.contains(document.activeElement)).toBe(true);
    await user.tab();
    expect(dialog.contains(document.activeElement)).toBe(true);
    await user.tab();
    expect(dialog.contains(document.activeElement)).toBe(true);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(screen.getByRole('status')).toHaveTextContent('false');

    await user.click(opener);
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('status')).toHaveTextContent('false');

    await user.click(opener);
    await user.click(await screen.findByRole('button', { name: 'Reset instance data' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('true'));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });
});
