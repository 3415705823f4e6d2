import { describe, expect, it } from 'vitest';
import { bulkAssignResponseSchema, notificationsResponseSchema } from '../../shared/schemas/assignments';
import { failedRowsResponseSchema } from '../../shared/schemas/issues';
import { call, tokenFor, users } from '../support/api';
import { createIssueDataset, FIXTURE_INSTANCE, recount } from '../support/fixtures';
import { mailTo } from '../support/mail';

// POST /api/datasets/{id}/issues/bulk-assign, "Assigned to me", notifications (issue 13 §4).

const instanceId = FIXTURE_INSTANCE.instanceId;
const auth = async (email: string) => ({ token: await tokenFor(email), instanceId });

describe('bulk assignment', () => {
  it('assigns rows to a colleague with access: history per row, owner and counts unchanged, "Assigned to me", notification and e-mail', async () => {
    const { datasetId, issues } = await createIssueDataset({ issues: 40 });
    const open = issues.filter((i) => i.status === 'open');
    const chosen = open.slice(0, 6).map((i) => i.issue_id);
    const resolved = issues.find((i) => i.status === 'resolved')!.issue_id;
    const countsBefore = await recount(datasetId);
    const mailsBefore = mailTo(users.demoAdmin).length;

    const res = await call('POST', `/api/datasets/${datasetId}/issues/bulk-assign`, {
      ...(await auth(users.analyst)),
      body: { issue_ids: [...chosen, resolved], assigned_to: 'Admin@DemoCorp.example', assignment_reason: 'You know these accounts' },
    });
    expect(res.status).toBe(200);
    expect(bulkAssignResponseSchema.parse(res.body)).toEqual({
      success: true,
      assigned_to: users.demoAdmin,
      assigned: 6,
      failed: 1,
      total: 7,
      errors: [{ id: resolved, error: 'This issue is already resolved.' }],
    });
    expect(await recount(datasetId)).toEqual(countsBefore);

    const history = await call('GET', `/api/${datasetId}/issues/${chosen[0]}/history`, await auth(users.analyst));
    expect(history.body.events[0]).toMatchObject({ action: 'assigned', by: users.analyst, details: { method: 'assign', assigned_to: users.demoAdmin, assignment_reason: 'You know these accounts', bulk: true } });

    // The assignee sees them under "Assigned to me"; the assigner does not.
    const mine = failedRowsResponseSchema.parse((await call('GET', `/api/${datasetId}/failed_rows?assignee=me&limit=100`, await auth(users.demoAdmin))).body);
    expect(mine.data.map((r) => r.issue_id).sort()).toEqual([...chosen].sort());
    expect(mine.counts).toEqual({ open: 6, resolved: 0, muted: 0 });
    for (const row of mine.data) expect(row).toMatchObject({ assigned_to: users.demoAdmin, owner: issues.find((i) => i.issue_id === row.issue_id)!.owner });
    const theirs = (await call('GET', `/api/${datasetId}/failed_rows?assignee=me`, await auth(users.analyst))).body;
    expect(theirs.pagination.total).toBe(0);

    const inbox = notificationsResponseSchema.parse((await call('GET', '/api/users/me/notifications', { token: await tokenFor(users.demoAdmin) })).body);
    const note = inbox.notifications.find((n) => n.dataset_id === datasetId)!;
    expect(note).toMatchObject({ type: 'assignment', read: false, by: users.analyst, body: 'You know these accounts', instance_id: instanceId });
    expect(note.title).toContain('assigned you 6 rows');
    const read = await call('POST', '/api/users/me/notifications/read', { token: await tokenFor(users.demoAdmin), body: { ids: [note.id] } });
    expect(read.status).toBe(200);
    const after = (await call('GET', '/api/users/me/notifications', { token: await tokenFor(users.demoAdmin) })).body;
    expect(after.notifications.find((n: { id: string }) => n.id === note.id).read).toBe(true);
    // Nobody else sees it.
    const analystInbox = (await call('GET', '/api/users/me/notifications', { token: await tokenFor(users.analyst) })).body;
    expect(analystInbox.notifications.some((n: { id: string }) => n.id === note.id)).toBe(false);

    await expect.poll(() => mailTo(users.demoAdmin).length, { timeout: 10_000 }).toBeGreaterThan(mailsBefore);
    expect(mailTo(users.demoAdmin).some((m) => m.subject.includes('6 rows') && m.text.includes('assignee=me'))).toBe(true);
  });

  it('refuses an assignee without access to the instance or outside the organization, naming the field, and changes nothing', async () => {
    const { datasetId, issues } = await createIssueDataset({ issues: 8 });
    const ids = issues.filter((i) => i.status === 'open').map((i) => i.issue_id);
    for (const who of [users.engineer, users.northwindAdmin, 'nobody@democorp.example']) {
      const res = await call('POST', `/api/datasets/${datasetId}/issues/bulk-assign`, { ...(await auth(users.analyst)), body: { issue_ids: ids, assigned_to: who } });
      expect(res.status, who).toBe(400);
      expect(JSON.stringify(res.body)).toContain('assigned_to');
    }
    const history = await call('GET', `/api/${datasetId}/issues/${ids[0]}/history`, await auth(users.analyst));
    expect(history.body.events).toEqual([]);
    const bad = await call('POST', `/api/datasets/${datasetId}/issues/bulk-assign`, { ...(await auth(users.analyst)), body: { issue_ids: [], assigned_to: 'x' } });
    expect(bad.status).toBe(400);
  });

  it('lists the members rows can be assigned to', async () => {
    const res = await call('GET', '/api/opportunities/assignees', await auth(users.analyst));
    expect(res.status).toBe(200);
    const emails = res.body.assignees.map((a: { email: string }) => a.email);
    expect(emails).toEqual(expect.arrayContaining([users.analyst, users.demoAdmin]));
    expect(emails).not.toContain(users.engineer);
  });
});
