import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ProcessingStatus } from '../../../../../shared/schemas/ai';
import { createQueryClient } from '../../../lib/query-client';
import { mockApi } from '../../../test/mock-api';
import { AiSettingsTab } from './ai-settings-tab';
import { AiStatusIndicator } from './ai-status-indicator';

function status(overrides: Partial<ProcessingStatus> = {}): ProcessingStatus {
  return {
    status: 'active',
    isProcessingActive: true,
    paused: false,
    queued: 0,
    rowsProcessed: 0,
    creditsUsed: 0,
    dollarsUsed: '$0.00',
    dollarsPerCredit: 1,
    activeJobs: 0,
    countersResetAt: null,
    plan: { name: 'Teams', aiSuggestions: true, includedRowsPerMonth: 1000, rowsThisMonth: 0, overageRows: 0 },
    ...overrides,
  };
}

function renderWith(ui: React.ReactNode) {
  return render(<QueryClientProvider client={createQueryClient({ retry: false })}>{ui}</QueryClientProvider>);
}

describe('AI status indicator', () => {
  it('is hidden when idle with no credits used', async () => {
    const api = mockApi({ 'GET /api/ai/processing/status': { body: { success: true, data: status() } } });
    renderWith(<AiStatusIndicator />);
    await vi.waitFor(() => expect(api.calls('GET /api/ai/processing/status')).toHaveLength(1));
    expect(screen.queryByTestId('ai-status-indicator')).not.toBeInTheDocument();
  });

  it('shows AI Processing (n) with Stop while rows are queued, then AI Complete! for 3 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let answer = status({ queued: 4, creditsUsed: 2, dollarsUsed: '$2.00' });
    const api = mockApi({
      'GET /api/ai/processing/status': () => ({ body: { success: true, data: answer } }),
      'POST /api/ai/processing/stop': () => ({ body: { success: true, data: (answer = status({ creditsUsed: 2, dollarsUsed: '$2.00' })) } }),
    });
    renderWith(<AiStatusIndicator />);
    expect(await screen.findByText('AI Processing (4)')).toBeInTheDocument();
    expect(screen.getByTestId('ai-credits')).toHaveTextContent('2 credits · $2.00');
    await userEvent.setup({ advanceTimers: vi.advanceTimersByTime }).click(screen.getByRole('button', { name: 'Stop' }));
    expect(api.calls('POST /api/ai/processing/stop')).toHaveLength(1);
    expect(await screen.findByText('AI Complete!')).toBeInTheDocument();
    await act(async () => vi.advanceTimersByTime(3_100));
    expect(screen.getByText('AI Ready')).toBeInTheDocument();
    vi.useRealTimers();
  });
});

describe('Settings AI tab', () => {
  it('shows real figures and pauses and resumes on the server', async () => {
    let answer = status({ rowsProcessed: 7, creditsUsed: 7, dollarsUsed: '$7.00' });
    const api = mockApi({
      'GET /api/ai/processing/status': () => ({ body: { success: true, data: answer } }),
      'POST /api/ai/processing/pause': () => ({ body: { success: true, data: (answer = { ...answer, status: 'idle', paused: true, isProcessingActive: false }) } }),
      'POST /api/ai/processing/resume': () => ({ body: { success: true, data: (answer = { ...answer, status: 'active', paused: false, isProcessingActive: true }) } }),
    });
    renderWith(<AiSettingsTab />);
    expect(await screen.findByTestId('ai-rows-processed')).toHaveTextContent('7');
    expect(screen.getByTestId('ai-processing-status')).toHaveTextContent('Active');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Pause' }));
    expect(await screen.findByText('Idle')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Resume' }));
    expect(await screen.findByText('Active')).toBeInTheDocument();
    expect(api.calls('POST /api/ai/processing/pause')).toHaveLength(1);
    expect(api.calls('POST /api/ai/processing/resume')).toHaveLength(1);
  });

  it('explains that the Free plan has no AI suggestions', async () => {
    mockApi({ 'GET /api/ai/processing/status': { body: { success: true, data: status({ plan: { name: 'Free', aiSuggestions: false, includedRowsPerMonth: 0, rowsThisMonth: 0, overageRows: 0 } }) } } });
    renderWith(<AiSettingsTab />);
    expect(await screen.findByText(/not included in the Free plan/)).toBeInTheDocument();
  });
});
