import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { QaTestResult } from '../../../../../shared/schemas/qa-validation';
import { mockApi } from '../../../test/mock-api';
import { QaValidationPanel } from './qa-validation-panel';

const RESULT: QaTestResult = {
  id: '01JQA',
  kind: 'data_integrity',
  name: 'Data integrity',
  status: 'failed',
  started_at: '2026-11-26T10:00:00.000Z',
  finished_at: '2026-11-26T10:00:01.500Z',
  duration_ms: 1500,
  summary: { total: 3, passed: 1, failed: 1, warned: 1 },
  steps: [
    { name: 'customers: counters equal a recount', status: 'passed', ms: 20, details: {} },
    { name: 'customers: every suggestion has its credit', status: 'failed', ms: 10, details: {}, error: '2 suggestion(s) without a credit' },
    { name: 'Rows with a stored suggestion', status: 'warned', ms: 1, details: { reason: 'No row has a suggestion yet' } },
  ],
  created_by: 'admin@acme.test',
  organization_id: 'org_acme',
};

describe('QA validation panel', () => {
  it('offers the flow tests to super admins only', () => {
    mockApi({});
    const { unmount } = render(<QaValidationPanel superAdmin={false} />);
    expect(screen.queryByRole('button', { name: 'Run user flow tests' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Test data integrity' })).toBeEnabled();
    unmount();
    render(<QaValidationPanel superAdmin />);
    expect(screen.getByRole('button', { name: 'Run user flow tests' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Run admin flow tests' })).toBeEnabled();
  });

  it("runs a test and shows the server's result step by step, with each failure's reason", async () => {
    const api = mockApi({ 'POST /api/qa-validation/test-data-integrity': { body: { success: true, test_id: RESULT.id, result: RESULT } } });
    render(<QaValidationPanel superAdmin={false} />);
    await userEvent.click(screen.getByRole('button', { name: 'Test data integrity' }));
    const result = await screen.findByTestId('qa-validation-result');
    expect(result).toHaveTextContent('Data integrity');
    expect(result).toHaveTextContent('1/3 passed, 1 warned, 1 failed');
    const steps = within(result).getAllByRole('listitem');
    expect(steps).toHaveLength(3);
    expect(steps[1]).toHaveTextContent('failed');
    expect(steps[1]).toHaveTextContent('2 suggestion(s) without a credit');
    expect(steps[2]).toHaveTextContent('No row has a suggestion yet');
    expect(api.requests.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual(['/api/qa-validation/test-data-integrity']);
  });

  it('says why a run failed', async () => {
    mockApi({ 'POST /api/qa-validation/generate-qa-report': { status: 503, body: { success: false, error: 'Service unavailable' } } });
    render(<QaValidationPanel superAdmin={false} />);
    await userEvent.click(screen.getByRole('button', { name: 'Generate QA report' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Failed to run the test: /);
  });

  it('asks before cleaning up, then reports what was removed', async () => {
    const api = mockApi({ 'DELETE /api/qa-validation/cleanup-test-data': { body: { success: true, message: 'Removed 4 test result(s) and 0 temporary QA organization(s)', removedResults: 4 } } });
    render(<QaValidationPanel superAdmin={false} />);
    await userEvent.click(screen.getByRole('button', { name: 'Clean up test data' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Clean up' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Removed 4 test result(s)');
    expect(api.requests.find((r) => r.method === 'DELETE')?.body).toEqual({ remove_results: true });
  });
});
