import { describe, expect, it } from 'vitest';
import { QA_ORG_PREFIX, removeLeftoverOrganizations, resultView, StepRunner } from './validation';
import { buildCaller } from '../tenancy/caller';

let tick = 0;
const clock = { now: () => new Date(Date.UTC(2026, 0, 1) + (tick += 5)), newId: () => `id${tick}` };
const caller = buildCaller(
  'sub',
  { email: 'a@x', organizationId: 'org_x', firstName: '', lastName: '', title: '', role: 'admin', isOrgAdmin: true, createdAt: '' },
  { id: 'org_x', name: 'X', type: 'internal', slug: 'x', domain: 'x', domains: [], subscription: 'free', status: 'active', createdAt: '' },
);

describe('StepRunner', () => {
  it('records passed, warned and failed steps; a failed required step stops the later ones', async () => {
    const r = new StepRunner(clock);
    await r.step('one', async () => ({ details: { n: 1 } }));
    await r.step('two', async () => ({ status: 'warned' }));
    await r.step('three', async () => {
      throw new Error('broke');
    }, { required: true });
    await r.step('four', async () => undefined);
    const result = r.result('user_flow', new Date(Date.UTC(2026, 0, 1)), caller, 'run1');
    expect(result.steps.map((s) => [s.name, s.status, s.error])).toEqual([
      ['one', 'passed', undefined],
      ['two', 'warned', undefined],
      ['three', 'failed', 'broke'],
      ['four', 'failed', 'Not run: an earlier required step failed'],
    ]);
    expect(result).toMatchObject({ status: 'failed', summary: { total: 4, passed: 1, warned: 1, failed: 2 }, organization_id: 'org_x', created_by: 'a@x', name: 'User flow' });
    expect(result.logs!.some((l) => l.endsWith('failed: three: broke'))).toBe(true);
    expect(resultView(result, false).logs).toBeUndefined();
    expect(resultView(result, true).logs).toEqual(result.logs);
  });
});

describe('removeLeftoverOrganizations', () => {
  it('removes only temporary QA organizations', async () => {
    const removed: string[] = [];
    const out = await removeLeftoverOrganizations({
      listTempOrganizations: async () => [`${QA_ORG_PREFIX}1`, 'org_demo', `${QA_ORG_PREFIX}2`],
      removeTempOrganization: async (id) => void removed.push(id),
    });
    expect(out).toEqual([`${QA_ORG_PREFIX}1`, `${QA_ORG_PREFIX}2`]);
    expect(removed).toEqual(out);
  });
});
