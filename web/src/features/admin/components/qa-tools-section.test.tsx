import { screen } from '@testing-library/react';
import { makeUser } from '../../../test/fixtures';
import { mockApi } from '../../../test/mock-api';
import { renderApp, signedInHandlers, storeSignedInUser } from '../../../test/render-app';

// The admin page's QA tools: which set a member is shown follows their role, and only a super
// admin's page asks for the super admin tools (an organization admin's would get a 403).

function renderAs(role: 'admin' | 'super_admin') {
  const user = makeUser({ role, is_org_admin: true });
  storeSignedInUser(user);
  const api = mockApi({
    ...signedInHandlers(user),
    'GET /qa/status': { body: { success: true, enabled: true } },
    'GET /qa/superadmin/tools': { body: { success: true, tools: [{ id: 'diagnostics', name: 'System diagnostics', description: 'Checks' }] } },
    'GET /api/demo-data/templates': { body: { success: true, templates: [] } },
    'GET /api/demo-data/instances/inst_prod/config': { body: { success: true, instanceId: 'inst_prod', organizationId: 'org_acme', config: null, deployment: null } },
  });
  renderApp('/app/admin');
  return api;
}

describe('QA tools section', () => {
  it("shows an organization admin their organization's tools without asking for the super admin ones", async () => {
    const api = renderAs('admin');
    expect(await screen.findByText('QA mode is on for this server.', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: /Reset instance/i }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Run system diagnostics' })).not.toBeInTheDocument();
    expect(api.calls('GET /qa/superadmin/tools')).toHaveLength(0);
  });

  it('shows a super admin the super admin tools', async () => {
    const api = renderAs('super_admin');
    expect(await screen.findByRole('button', { name: 'Run system diagnostics' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(api.calls('GET /qa/superadmin/tools')).toHaveLength(1);
  });
});
