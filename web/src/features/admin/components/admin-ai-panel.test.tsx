import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ProcessingStatus } from '../../../../../shared/schemas/ai';
import { createQueryClient } from '../../../lib/query-client';
import { mockApi } from '../../../test/mock-api';
import { AdminAiPanel } from './admin-ai-panel';

function status(overrides: Partial<ProcessingStatus> = {}): ProcessingStatus {
  return {
    status: 'active',
    isProcessingActive: true,
    paused: false,
    queued: 3,
    rowsProcessed: 1234,
    creditsUsed: 1200,
    dollarsUsed: '$1,200.00',
    dollarsPerCredit: 1,
    activeJobs: 1,
    countersResetAt: null,
    plan: { name: 'Teams', aiSuggestions: true, includedRowsPerMonth: 1000, rowsThisMonth: 0, overageRows: 0 },
    ...overrides,
  };
}

function renderPanel() {
  return render(
    <QueryClientProvider client={createQueryClient({ retry: false })}>
      <AdminAiPanel />
    </QueryClientProvider>,
  );
}

describe('Admin AI panel', () => {
  it("shows the API's figures on the cards", async () => {
    mockApi({ 'GET /api/ai/processing/status': { body: { success: true, data: status() } } });
    renderPanel();
    expect(await screen.findByTestId('admin-ai-credits')).toHaveTextContent('1,200');
    expect(screen.getByTestId('admin-ai-credits-detail')).toHaveTextContent('$1,200.00');
    expect(screen.getByTestId('admin-ai-rows')).toHaveTextContent('1,234');
    expect(screen.getByTestId('admin-ai-queued')).toHaveTextContent('3');
    expect(screen.getByText('Total Credits Used')).toBeInTheDocument();
    expect(screen.getByText('Rows Processed')).toBeInTheDocument();
    expect(screen.getByText('Currently Processing')).toBeInTheDocument();
    expect(within(screen.getByRole('status')).getByText('Active')).toBeInTheDocument();
  });

  it('Pause calls the pause route and shows Idle; Resume and Reset Counters call theirs', async () => {
    let answer = status();
    const api = mockApi({
      'GET /api/ai/processing/status': () => ({ body: { success: true, data: answer } }),
      'POST /api/ai/processing/pause': () => ({ body: { success: true, data: (answer = { ...answer, status: 'idle', paused: true, isProcessingActive: false }) } }),
      'POST /api/ai/processing/resume': () => ({ body: { success: true, data: (answer = { ...answer, status: 'active', paused: false, isProcessingActive: true }) } }),
      'POST /api/ai/processing/reset': () => ({ body: { success: true, data: (answer = { ...answer, rowsProcessed: 0, creditsUsed: 0, dollarsUsed: '$0.00' }) } }),
    });
    renderPanel();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Pause' }));
    expect(api.calls('POST /api/ai/processing/pause')).toHaveLength(1);
    expect(await screen.findByText('Idle')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pause' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Resume' }));
    expect(api.calls('POST /api/ai/processing/resume')).toHaveLength(1);
    expect(await screen.findByText('Active')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reset Counters' }));
    expect(api.calls('POST /api/ai/processing/reset')).toHaveLength(1);
    expect(await screen.findByText('$0.00')).toBeInTheDocument();
  });
});
