import { screen, waitFor } from '@testing-library/react';
import type { DemoDeploymentProgress, DemoTemplate } from '../../../../../shared/schemas/demo';
import { makeUser } from '../../../test/fixtures';
import { mockApi } from '../../../test/mock-api';
import { renderApp, signedInHandlers, storeSignedInUser } from '../../../test/render-app';

// The demo deploy panel follows the server's deploy job: its progress while it runs, also when the
// page is opened (or reloaded) in the middle of it, and the spec's banner when it ends.

const TEMPLATE: DemoTemplate = { id: 'financial_services', name: 'Financial Services', description: 'Bank', industry: 'financial', icon: 'landmark', datasets: { opportunities: 12, leads: 6, transactions: 12 } };

function deployment(overrides: Partial<DemoDeploymentProgress>): DemoDeploymentProgress {
  return {
    jobId: 'J1',
    templateId: 'financial_services',
    dataVolume: 'medium',
    status: 'deploying',
    phase: 'writing',
    startedAt: '2026-11-23T10:00:00.000Z',
    startedBy: 'ana.lopez@acme.test',
    recordsGenerated: 300,
    datasetsTotal: 3,
    datasetsWritten: 1,
    datasetsDone: 0,
    rowsScanned: 0,
    failedRows: 0,
    datasets: [],
    ...overrides,
  };
}

function renderWith(answers: DemoDeploymentProgress[]) {
  const user = makeUser({ role: 'admin', is_org_admin: true });
  storeSignedInUser(user);
  let calls = 0;
  const api = mockApi({
    ...signedInHandlers(user),
    'GET /api/demo-data/templates': { body: { success: true, templates: [TEMPLATE] } },
    'GET /api/demo-data/instances/inst_prod/config': () => ({
      body: { success: true, instanceId: 'inst_prod', organizationId: 'org_acme', config: null, deployment: answers[Math.min(calls++, answers.length - 1)] },
    }),
  });
  renderApp('/app/admin');
  return api;
}

describe('demo deploy panel', () => {
  it('picks up a running deploy job when the page opens, shows its progress, and announces its end', async () => {
    renderWith([
      deployment({}),
      deployment({ phase: 'scanning', datasetsWritten: 3, datasetsDone: 1, rowsScanned: 120 }),
      deployment({ status: 'deployed', phase: 'done', datasetsWritten: 3, datasetsDone: 3, rowsScanned: 300 }),
    ]);
    expect(await screen.findByTestId('demo-progress', {}, { timeout: 10_000 })).toHaveTextContent('Deploying Financial Services (300 records): 1 of 3 datasets generated');
    expect(await screen.findByText(/1 of 3 datasets checked, 120 of 300 records scanned/, {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Deploying' })).toBeDisabled();
    expect(await screen.findByTestId('demo-banner', {}, { timeout: 5000 })).toHaveTextContent('Successfully deployed Financial Services! Generated 300 demo records');
    expect(screen.queryByTestId('demo-progress')).not.toBeInTheDocument();
  });

  it('shows the failure message of a job that ends failed', async () => {
    renderWith([deployment({}), deployment({ status: 'failed', phase: 'done', error: 'The deployment stopped before it finished (no progress for 5 minutes). Deploy again.' })]);
    expect(await screen.findByTestId('demo-banner', {}, { timeout: 10_000 })).toHaveTextContent('Failed to deploy Financial Services: The deployment stopped before it finished');
  });

  it('announces nothing for a deployment that had ended before the page opened', async () => {
    renderWith([deployment({ status: 'deployed', phase: 'done', datasetsWritten: 3, datasetsDone: 3, rowsScanned: 300 })]);
    // Enabled once the instance's demo state has loaded (the deployment that had ended).
    const button = await screen.findByRole('button', { name: 'Deploy' }, { timeout: 10_000 });
    await waitFor(() => expect(button).toBeEnabled());
    expect(screen.queryByTestId('demo-banner')).not.toBeInTheDocument();
  });
});
