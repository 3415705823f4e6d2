import { describe, expect, it } from 'vitest';
import { progressResponseSchema } from '../../shared/schemas/progress';
import { call, tokenFor } from '../support/api';
import { createIssueDataset, createMember, FIXTURE_INSTANCE } from '../support/fixtures';

// GET /api/users/me/progress (issue 13 item 5): what a member did, from the member records the
// issue commits write. A member of its own, so no other suite's work is theirs; the team's figures
// may grow with other suites' work in the instance, so they are compared as at least.

const instanceId = FIXTURE_INSTANCE.instanceId;
const PASSWORD = 'Progress#Test2026';

describe('my progress', () => {
  it('counts the rows I resolved, fixed with AI and muted today, my streak and my share of the team', async () => {
    const me = `progress-${process.pid}-${Date.now().toString(36)}@democorp.example`;
    await createMember({ email: me, password: PASSWORD, organizationId: FIXTURE_INSTANCE.organizationId, instances: [instanceId] });
    const login = await call('POST', '/api/auth/login', { body: { email: me, password: PASSWORD } });
    expect(login.status).toBe(200);
    const token = login.body.token as string;
    const auth = async () => ({ token, instanceId });
    const progress = async (query = '') => {
      const res = await call('GET', `/api/users/me/progress${query}`, await auth());
      expect(res.status).toBe(200);
      return progressResponseSchema.parse(res.body);
    };

    const before = await progress();
    expect(before.timeframe).toBe('7d');
    expect(before.data).toMatchObject({ resolved: 0, ai_fixed: 0, muted: 0, unmuted: 0, streak_days: 0 });
    const teamBefore = before.data.team_resolved;

    const { datasetId, issues } = await createIssueDataset({ issues: 24, build: (i) => (i % 4 === 1 ? { ai_suggestion: { suggestedValue: `fixed ${i}`, confidence: 95, reasoning: 'test' } } : {}) });
    const open = issues.filter((i) => i.status === 'open');
    const withSuggestion = open.filter((i) => i.ai_suggestion).slice(0, 2).map((i) => i.issue_id);
    const plain = open.filter((i) => !i.ai_suggestion).map((i) => i.issue_id);
    expect(withSuggestion).toHaveLength(2);

    expect((await call('POST', `/api/${datasetId}/resolve/${plain[0]}`, { ...(await auth()), body: { resolution: { method: 'manual_fix' } } })).status).toBe(200);
    const accepted = await call('POST', `/api/${datasetId}/bulk-resolve`, { ...(await auth()), body: { recordIds: withSuggestion, resolution: { method: 'accept_suggestion' } } });
    expect(accepted.body).toMatchObject({ resolved: 2 });
    const muted = await call('POST', `/api/${datasetId}/bulk-resolve`, { ...(await auth()), body: { recordIds: plain.slice(1, 4), resolution: { method: 'manual_mute', muteDuration: '1_day' } } });
    expect(muted.body).toMatchObject({ resolved: 3 });
    const unmuted = await call('POST', `/api/${datasetId}/bulk-resolve`, { ...(await auth()), body: { recordIds: [plain[1]], resolution: { method: 'manual_unmute' } } });
    expect(unmuted.body).toMatchObject({ resolved: 1 });

    const after = await progress('?include_details=true');
    expect(after.data).toMatchObject({ resolved: 3, ai_fixed: 2, muted: 3, unmuted: 1, streak_days: 1 });
    expect(after.data.team_resolved).toBeGreaterThanOrEqual(teamBefore + 3);
    expect(after.data.share).toBeCloseTo(3 / after.data.team_resolved, 3);
    const today = new Date().toISOString().slice(0, 10);
    expect(after.data.to).toBe(today);
    expect(after.data.daily).toHaveLength(7);
    expect(after.data.daily!.at(-1)).toMatchObject({ date: today, resolved: 3, ai_fixed: 2, muted: 3 });
    expect(after.data.datasets).toEqual([{ dataset_id: datasetId, name: datasetId, resolved: 3, ai_fixed: 2, muted: 3 }]);

    // Someone else's progress is theirs: the analyst's figures never include mine.
    const theirs = progressResponseSchema.parse((await call('GET', '/api/users/me/progress?include_details=true', { token: await tokenFor('analyst@democorp.example'), instanceId })).body);
    expect(theirs.data.datasets?.some((d) => d.dataset_id === datasetId) ?? false).toBe(false);
  });

  it('refuses bad query values naming the field', async () => {
    const auth = { token: await tokenFor('analyst@democorp.example'), instanceId };
    for (const [query, field] of [
      ['timeframe=1y', 'timeframe'],
      ['include_details=maybe', 'include_details'],
    ] as const) {
      const res = await call('GET', `/api/users/me/progress?${query}`, auth);
      expect(res.status, query).toBe(400);
      expect(JSON.stringify(res.body)).toContain(field);
    }
  });
});
