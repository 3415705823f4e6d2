import { failedRowsQuerySchema } from '../../../shared/schemas/issues';
import { QA_TEST_KINDS, QA_VALIDATION_TESTS, type QaStep, type QaStepStatus, type QaTestKind, type QaTestResult } from '../../../shared/schemas/qa-validation';
import { Forbidden, NotFound } from '../errors';
import { bulkResolve } from '../issues/bulk-resolve';
import { statusTotals } from '../issues/counters';
import type { IssueRecord } from '../issues/issue-record';
import type { DatasetRef, IssueStore } from '../issues/issue-store';
import { listFailedRows } from '../issues/list-failed-rows';
import { resolveIssue, STALE_ISSUE, type Clock } from '../issues/resolve-issue';
import { assignUser, createInstance, unassignUser } from '../team/instances';
import { changeMemberRole } from '../team/members';
import type { TeamStore } from '../team/ports';
import { buildCaller, type Caller } from '../tenancy/caller';
import type { InstanceRecord, MemberRecord, OrganizationRecord } from '../tenancy/records';
import { assertOrganizationAccess, resolveInstance, seekerOf } from '../tenancy/resolve';
import type { TenancyStore } from '../tenancy/tenancy-store';

// QA validation (issue 15 item 3, spec 2 §7.5 /api/qa-validation/...). Each test is a list of
// named steps; a step passes, warns or fails with its details, and the whole result is stored for
// the caller's organization and fetched by id. The two flow tests act in a temporary QA
// organization of their own (created here, removed at the end, and by cleanup if a run died):
// nothing here reads or writes another tenant's data except to prove it is refused.

export interface QaResultsStore {
  put(result: QaTestResult): Promise<void>;
  get(organizationId: string, id: string): Promise<QaTestResult | undefined>;
  /** Newest first. */
  list(organizationId: string, limit: number): Promise<QaTestResult[]>;
  removeAll(organizationId: string): Promise<number>;
}

/** A temporary QA organization: an instance with one dataset of failed rows, an admin and a user. */
export interface TempOrganization {
  organization: OrganizationRecord;
  instance: InstanceRecord;
  admin: MemberRecord;
  user: MemberRecord;
  dataset: DatasetRef;
  issues: IssueRecord[];
}

/** Temporary QA organizations carry this id prefix, and only they are ever removed by cleanup. */
export const QA_ORG_PREFIX = 'org_qa-flow-';

export interface QaFlowPorts {
  issues: IssueStore;
  team: TeamStore;
  tenancy: TenancyStore;
  createTempOrganization(runId: string, createdBy: string): Promise<TempOrganization>;
  removeTempOrganization(organizationId: string): Promise<void>;
  listTempOrganizations(): Promise<string[]>;
  /** Every row of a dataset counted by status (a full read: QA only). */
  recount(ref: DatasetRef): Promise<{ open: number; resolved: number; muted: number }>;
}

export interface QaRunContext {
  clock: Clock;
  caller: Caller;
}

const round = (n: number) => Math.round(n);

/** Runs named steps in order; a step that throws fails with its message, and later steps still run unless it is `required`. */
export class StepRunner {
  readonly steps: QaStep[] = [];
  readonly logs: string[] = [];
  private blocked = false;

  constructor(private readonly clock: Clock) {}

  log(line: string): void {
    this.logs.push(`${this.clock.now().toISOString()} ${line}`);
  }

  async step(name: string, run: () => Promise<{ status?: QaStepStatus; details?: Record<string, unknown> } | void>, options: { required?: boolean } = {}): Promise<boolean> {
    if (this.blocked) {
      this.steps.push({ name, status: 'failed', ms: 0, details: {}, error: 'Not run: an earlier required step failed' });
      return false;
    }
    const started = this.clock.now().getTime();
    this.log(`step: ${name}`);
    try {
      const outcome = (await run()) ?? {};
      const status = outcome.status ?? 'passed';
      this.steps.push({ name, status, ms: round(this.clock.now().getTime() - started), details: outcome.details ?? {} });
      this.log(`${status}: ${name}`);
      return status !== 'failed';
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      this.steps.push({ name, status: 'failed', ms: round(this.clock.now().getTime() - started), details: {}, error: message });
      this.log(`failed: ${name}: ${message}`);
      if (options.required) this.blocked = true;
      return false;
    }
  }

  result(kind: QaTestKind, startedAt: Date, caller: Caller, id: string): QaTestResult {
    const finished = this.clock.now();
    const count = (s: QaStepStatus) => this.steps.filter((x) => x.status === s).length;
    const summary = { total: this.steps.length, passed: count('passed'), failed: count('failed'), warned: count('warned') };
    return {
      id,
      kind,
      name: QA_VALIDATION_TESTS.find((t) => t.kind === kind)!.name,
      status: summary.failed > 0 ? 'failed' : summary.warned > 0 ? 'warned' : 'passed',
      started_at: startedAt.toISOString(),
      finished_at: finished.toISOString(),
      duration_ms: finished.getTime() - startedAt.getTime(),
      summary,
      steps: this.steps,
      logs: this.logs,
      created_by: caller.email,
      organization_id: caller.organization.id,
    };
  }
}

/** A check inside a step: throws with the message when it does not hold. */
export function expectThat(condition: boolean, message: string): asserts condition {
  if (!condition) throw new Error(message);
}

async function refused(run: () => Promise<unknown> | unknown): Promise<boolean> {
  try {
    await run();
    return false;
  } catch (error) {
    return error instanceof Forbidden;
  }
}

/** An instance of an organization that is not the QA one (the caller's own), to prove it is refused. */
async function foreignInstance(ports: QaFlowPorts, caller: Caller): Promise<InstanceRecord | undefined> {
  return (await ports.tenancy.listInstances(caller.organization.id))[0];
}

/**
 * A flow test in a temporary QA organization: created first (a required step), removed at the end
 * whatever happened (the last step), the flow's own steps between.
 */
async function inTemporaryOrganization(
  ports: QaFlowPorts,
  ctx: QaRunContext,
  kind: 'user_flow' | 'admin_flow',
  flow: (r: StepRunner, temp: () => TempOrganization) => Promise<void>,
): Promise<QaTestResult> {
  const started = ctx.clock.now();
  const runId = ctx.clock.newId();
  const r = new StepRunner(ctx.clock);
  let temp: TempOrganization | undefined;
  try {
    const created = await r.step('Create a temporary QA organization', async () => {
      temp = await ports.createTempOrganization(runId, ctx.caller.email);
      return { details: { organizationId: temp.organization.id, instanceId: temp.instance.id, datasetId: temp.dataset.datasetId, rows: temp.issues.length, admin: temp.admin.email, user: temp.user.email } };
    }, { required: true });
    if (created) await flow(r, () => temp!);
  } finally {
    if (temp) {
      const orgId = temp.organization.id;
      await r.step('Remove the temporary QA organization', async () => {
        await ports.removeTempOrganization(orgId);
      });
    }
  }
  return r.result(kind, started, ctx.caller, runId);
}

export async function runUserFlow(ports: QaFlowPorts, ctx: QaRunContext): Promise<QaTestResult> {
  return inTemporaryOrganization(ports, ctx, 'user_flow', async (r, t) => {
    const by = () => t().user.email;
    const openRows = () => t().issues.filter((i) => i.status === 'open');

    await r.step('The user reaches the assigned instance', async () => {
      const instance = await resolveInstance(ports.tenancy, seekerOf(t().user), t().instance.id);
      expectThat(instance.id === t().instance.id, 'the assigned instance was not answered');
    }, { required: true });

    await r.step('The user lists the open failed rows with exact counts', async () => {
      const page = await listFailedRows(ports.issues, t().dataset, failedRowsQuerySchema.parse({ status: 'open', limit: '100' }));
      expectThat(page.pagination.total === openRows().length, `expected ${openRows().length} open rows, the list says ${page.pagination.total}`);
      expectThat(page.data.length === openRows().length, `the page holds ${page.data.length} rows`);
      return { details: { total: page.pagination.total, counts: page.counts } };
    });

    const [fixed, muted, ...rest] = openRows();
    expectThat(fixed !== undefined && muted !== undefined && rest.length >= 3, 'the QA dataset has too few open rows');
    await r.step('The user resolves a row as fixed', async () => {
      const row = await resolveIssue(ports.issues, t().dataset, { issueId: fixed.issue_id, action: { method: 'manual_fix' }, version: fixed.version }, by(), ctx.clock);
      expectThat(row.status === 'resolved', `the row is ${row.status}`);
      return { details: { issueId: fixed.issue_id, version: row.version } };
    });

    await r.step('A write naming an old version is refused as stale', async () => {
      try {
        await resolveIssue(ports.issues, t().dataset, { issueId: fixed.issue_id, action: { method: 'manual_mute', muteDuration: '1_week' }, version: fixed.version }, by(), ctx.clock);
      } catch (error) {
        expectThat(error instanceof Error && error.message === STALE_ISSUE, `refused with another message: ${error instanceof Error ? error.message : String(error)}`);
        return;
      }
      throw new Error('the stale write was accepted');
    });

    let mutedVersion = muted.version;
    await r.step('The user mutes a row for a week', async () => {
      const row = await resolveIssue(ports.issues, t().dataset, { issueId: muted.issue_id, action: { method: 'manual_mute', muteDuration: '1_week' }, version: muted.version }, by(), ctx.clock);
      expectThat(row.status === 'muted', `the row is ${row.status}`);
      mutedVersion = row.version;
    });

    await r.step('The user unmutes it', async () => {
      const row = await resolveIssue(ports.issues, t().dataset, { issueId: muted.issue_id, action: { method: 'manual_unmute' }, version: mutedVersion }, by(), ctx.clock);
      expectThat(row.status === 'open', `the row is ${row.status}`);
    });

    await r.step('The user resolves three rows in bulk', async () => {
      const ids = rest.slice(0, 3).map((i) => i.issue_id);
      const outcome = await bulkResolve(ports.issues, t().dataset, ids, { method: 'manual_fix' }, by(), ctx.clock);
      expectThat(outcome.resolved === 3 && outcome.failed === 0, `resolved ${outcome.resolved}, failed ${outcome.failed}`);
      return { details: { resolved: outcome.resolved } };
    });

    await r.step('The counters equal a recount of the rows', async () => {
      const [counters, recount] = await Promise.all([ports.issues.readCounters(t().dataset), ports.recount(t().dataset)]);
      const totals = statusTotals(counters);
      expectThat(totals.open === recount.open && totals.resolved === recount.resolved && totals.muted === recount.muted, `counters ${JSON.stringify(totals)}, recount ${JSON.stringify(recount)}`);
      const expectedOpen = openRows().length - 4;
      expectThat(recount.open === expectedOpen, `expected ${expectedOpen} open rows after the flow, found ${recount.open}`);
      return { details: { counters: totals } };
    });

    await r.step('The history records every change of a row', async () => {
      const events = await ports.issues.listHistory(t().dataset, muted.issue_id);
      expectThat(events.length >= 2, `${events.length} history event(s) for a row muted and unmuted`);
      return { details: { events: events.length } };
    });

    await r.step("Another organization's instance is refused to the user", async () => {
      const other = await foreignInstance(ports, ctx.caller);
      if (!other) return { status: 'warned', details: { reason: 'Your organization has no instance to try' } };
      expectThat(await refused(() => resolveInstance(ports.tenancy, seekerOf(t().user), other.id)), 'the foreign instance was answered');
      return { details: { tried: other.id } };
    });
  });
}

export async function runAdminFlow(ports: QaFlowPorts, ctx: QaRunContext): Promise<QaTestResult> {
  return inTemporaryOrganization(ports, ctx, 'admin_flow', async (r, t) => {
    const admin = (): Caller => buildCaller(t().admin.sub ?? '', t().admin, t().organization);
    const orgId = () => t().organization.id;
    let created: string | undefined;

    await r.step('The admin lists the members', async () => {
      const members = await ports.team.listMembers(orgId());
      const emails = members.map((m) => m.email).sort();
      expectThat(emails.includes(t().admin.email) && emails.includes(t().user.email), `members: ${emails.join(', ')}`);
      return { details: { members: emails.length } };
    });

    await r.step('The admin creates an instance', async () => {
      const instance = await createInstance(ports.team, ctx.clock, admin(), orgId(), { name: 'QA second instance', type: 'development', description: 'Created by the admin flow test', warehouseType: 'mock' });
      created = instance.id;
      return { details: { instanceId: instance.id } };
    }, { required: true });

    await r.step('The user is refused the new instance before being assigned', async () => {
      expectThat(await refused(() => resolveInstance(ports.tenancy, seekerOf(t().user), created!)), 'the user reached an instance not assigned to them');
    });

    await r.step('The admin assigns the user to it, and the user reaches it', async () => {
      await assignUser(ports.team, ctx.clock, admin(), orgId(), created!, t().user.email, 'user');
      const instance = await resolveInstance(ports.tenancy, seekerOf(t().user), created!);
      expectThat(instance.id === created, 'the assigned instance was not answered');
    });

    await r.step("The admin changes the user's role to admin and back", async () => {
      const up = await changeMemberRole(ports.team, ctx.clock, admin(), orgId(), t().user.email, 'admin');
      expectThat(up.role === 'admin', `the role is ${up.role}`);
      const down = await changeMemberRole(ports.team, ctx.clock, admin(), orgId(), t().user.email, 'user');
      expectThat(down.role === 'user', `the role is ${down.role}`);
    });

    await r.step('The admin unassigns the user, and the user is refused again', async () => {
      await unassignUser(ports.team, ctx.clock, admin(), orgId(), created!, t().user.email);
      expectThat(await refused(() => resolveInstance(ports.tenancy, seekerOf(t().user), created!)), 'the user still reaches the instance');
    });

    await r.step('The admin is refused another organization', async () => {
      expectThat(await refused(() => assertOrganizationAccess(admin(), ctx.caller.organization.id)), "the admin reached the caller's organization");
      const other = await foreignInstance(ports, ctx.caller);
      if (other) expectThat(await refused(() => resolveInstance(ports.tenancy, seekerOf(t().admin), other.id)), 'the admin reached a foreign instance');
    });
  });
}

/** Removes temporary QA organizations a run left behind (a run removes its own at the end). */
export async function removeLeftoverOrganizations(ports: Pick<QaFlowPorts, 'listTempOrganizations' | 'removeTempOrganization'>): Promise<string[]> {
  const leftover = (await ports.listTempOrganizations()).filter((id) => id.startsWith(QA_ORG_PREFIX));
  for (const id of leftover) await ports.removeTempOrganization(id);
  return leftover;
}

export interface WorkflowPorts {
  tenancy: TenancyStore;
  issues: IssueStore;
  /** The datasets of an instance that a member would see. */
  listDatasets(organizationId: string, instanceId: string): Promise<Array<{ id: string; name: string }>>;
  /** Whether a sign-in identity is bound to the member (its `sub`). */
  boundIdentity(member: MemberRecord): Promise<boolean>;
}

/** POST validate-user-workflow: can this member of the caller's organization do their work? */
export async function validateUserWorkflow(ports: WorkflowPorts, ctx: QaRunContext, email: string): Promise<QaTestResult> {
  const started = ctx.clock.now();
  const r = new StepRunner(ctx.clock);
  const orgId = ctx.caller.organization.id;
  let member: MemberRecord | undefined;
  await r.step('The member belongs to your organization', async () => {
    member = await ports.tenancy.getMember(orgId, email);
    if (!member) throw new NotFound(`${email} is not a member of ${ctx.caller.organization.name}`);
    return { details: { role: member.role, isOrgAdmin: member.isOrgAdmin } };
  }, { required: true });
  const m = () => member!;
  await r.step('The member is bound to a sign-in identity', async () => {
    expectThat(await ports.boundIdentity(m()), 'no sign-in identity is bound to this member: they cannot sign in. Invite them again.');
  });
  await r.step('The member has a role with permissions', async () => {
    const caller = buildCaller(m().sub ?? '', m(), ctx.caller.organization);
    expectThat(caller.permissions.length > 0, `the role ${m().role} grants nothing`);
    return { details: { role: caller.role, permissions: caller.permissions } };
  });
  let instances: InstanceRecord[] = [];
  await r.step('The member can open at least one active instance', async () => {
    const all = await ports.tenancy.listInstances(orgId);
    const assignedIds = new Set((await ports.tenancy.assignmentsOf(orgId, m().email)).map((a) => a.instanceId));
    instances = (m().isOrgAdmin ? all : all.filter((i) => assignedIds.has(i.id))).filter((i) => i.status === 'active');
    if (instances.length === 0) return { status: 'warned', details: { reason: 'No active instance is assigned to this member: assign one in Settings → Team.' } };
    return { details: { instances: instances.map((i) => i.name) } };
  });
  await r.step("The member's datasets answer their failed rows", async () => {
    const checked: Array<{ instance: string; dataset: string; rows: number }> = [];
    for (const instance of instances.slice(0, 5)) {
      await resolveInstance(ports.tenancy, seekerOf(m()), instance.id);
      for (const dataset of (await ports.listDatasets(orgId, instance.id)).slice(0, 5)) {
        const page = await listFailedRows(ports.issues, { organizationId: orgId, instanceId: instance.id, datasetId: dataset.id }, failedRowsQuerySchema.parse({ limit: '1' }));
        checked.push({ instance: instance.name, dataset: dataset.name, rows: page.pagination.total });
      }
    }
    if (checked.length === 0) return { status: 'warned', details: { reason: 'No dataset to open yet.' } };
    return { details: { checked } };
  });
  return r.result('user_workflow', started, ctx.caller, ctx.clock.newId());
}

export interface IntegrityPorts {
  listDatasets(organizationId: string, instanceId: string): Promise<Array<{ id: string; name: string }>>;
  counterTotals(ref: DatasetRef): Promise<{ open: number; resolved: number; muted: number }>;
  tallyIssues(ref: DatasetRef): Promise<{ counts: { open: number; resolved: number; muted: number }; suggested: Array<{ issueId: string; jobId: string }> }>;
  ledgerOf(ref: DatasetRef): Promise<Array<{ issueId: string; jobId: string }>>;
}

/** POST test-data-integrity: every dataset of the instance, counters vs recount and suggestions vs ledger. */
export async function testDataIntegrity(ports: IntegrityPorts, ctx: QaRunContext, instance: InstanceRecord): Promise<QaTestResult> {
  const started = ctx.clock.now();
  const r = new StepRunner(ctx.clock);
  const datasets = await ports.listDatasets(instance.organizationId, instance.id);
  if (datasets.length === 0) await r.step('Datasets of the instance', async () => ({ status: 'warned', details: { reason: 'The instance has no dataset.' } }));
  for (const dataset of datasets) {
    const ref = { organizationId: instance.organizationId, instanceId: instance.id, datasetId: dataset.id };
    await r.step(`${dataset.name}: counters equal a recount`, async () => {
      const [counters, tally] = await Promise.all([ports.counterTotals(ref), ports.tallyIssues(ref)]);
      const same = counters.open === tally.counts.open && counters.resolved === tally.counts.resolved && counters.muted === tally.counts.muted;
      expectThat(same, `counters ${JSON.stringify(counters)}, recount ${JSON.stringify(tally.counts)}: reset the dataset's data (Settings → Datasets) and report it`);
      return { details: { counts: counters } };
    });
    await r.step(`${dataset.name}: every suggestion has its credit`, async () => {
      const [tally, ledger] = await Promise.all([ports.tallyIssues(ref), ports.ledgerOf(ref)]);
      const charged = new Set(ledger.map((e) => `${e.issueId}#${e.jobId}`));
      const uncharged = tally.suggested.filter((s) => !charged.has(`${s.issueId}#${s.jobId}`)).map((s) => s.issueId);
      expectThat(uncharged.length === 0, `${uncharged.length} suggestion(s) without a credit, e.g. ${uncharged.slice(0, 3).join(', ')}`);
      return { details: { suggestions: tally.suggested.length, ledgerEntries: ledger.length } };
    });
  }
  return r.result('data_integrity', started, ctx.caller, ctx.clock.newId());
}

export interface AiValidationPorts {
  listDatasets(organizationId: string, instanceId: string): Promise<Array<{ id: string; name: string }>>;
  /** Rows of a dataset with a stored suggestion, at most `limit`. */
  suggestedRows(ref: DatasetRef, limit: number): Promise<IssueRecord[]>;
  /** Asks the configured provider again for these rows: the suggested value, or undefined when it abstains or fails. */
  askAgain(ref: DatasetRef, rows: readonly IssueRecord[]): Promise<Map<string, { value?: string; reason: string }>>;
  providerName(): string;
}

/** POST validate-ai-suggestions: re-ask the provider for a sample of suggested rows and compare. */
export async function validateAiSuggestions(ports: AiValidationPorts, ctx: QaRunContext, instance: InstanceRecord, request: { datasetId?: string; sampleSize: number }): Promise<QaTestResult> {
  const started = ctx.clock.now();
  const r = new StepRunner(ctx.clock);
  const datasets = await ports.listDatasets(instance.organizationId, instance.id);
  const chosen = request.datasetId ? datasets.filter((d) => d.id === request.datasetId) : datasets;
  if (request.datasetId && chosen.length === 0) throw new NotFound('Dataset not found');
  let sampled = 0;
  for (const dataset of chosen) {
    if (sampled >= request.sampleSize) break;
    const ref = { organizationId: instance.organizationId, instanceId: instance.id, datasetId: dataset.id };
    const rows = await ports.suggestedRows(ref, request.sampleSize - sampled);
    if (rows.length === 0) continue;
    sampled += rows.length;
    const answers = await ports.askAgain(ref, rows);
    for (const row of rows) {
      const stored = row.ai_suggestion!.suggestedValue;
      await r.step(`${dataset.name} ${row.record_id} ${row.issue_column}`, async () => {
        const again = answers.get(row.issue_id);
        const details = { stored, again: again?.value ?? null, storedConfidence: row.ai_suggestion!.confidence };
        if (again?.value === stored) return { details };
        // Learning from later fixes and feedback may change an answer: a difference is a warning.
        return { status: 'warned', details: { ...details, reason: again?.value === undefined ? again?.reason ?? 'no answer' : 'the provider now suggests another value' } };
      });
    }
  }
  if (sampled === 0) await r.step('Rows with a stored suggestion', async () => ({ status: 'warned', details: { reason: 'No row of this instance has a stored AI suggestion yet: request suggestions on the Issues screen first.' } }));
  const result = r.result('ai_suggestions', started, ctx.caller, ctx.clock.newId());
  result.steps.unshift({ name: `Provider: ${ports.providerName()}, sample of ${sampled}`, status: 'passed', ms: 0, details: { sampleSize: request.sampleSize } });
  result.summary.total++;
  result.summary.passed++;
  return result;
}

/** POST generate-qa-report: the latest result of each test for the caller's organization. */
export async function generateQaReport(store: QaResultsStore, ctx: QaRunContext): Promise<QaTestResult> {
  const started = ctx.clock.now();
  const r = new StepRunner(ctx.clock);
  const recent = await store.list(ctx.caller.organization.id, 200);
  for (const kind of QA_TEST_KINDS.filter((k) => k !== 'qa_report')) {
    const test = QA_VALIDATION_TESTS.find((t) => t.kind === kind)!;
    const latest = recent.find((x) => x.kind === kind);
    await r.step(test.name, async () => {
      if (!latest) return { status: 'warned', details: { reason: `Not run yet: ${test.call}` } };
      const failures = latest.steps.filter((s) => s.status === 'failed').map((s) => `${s.name}: ${s.error ?? 'failed'}`);
      return {
        status: latest.status,
        details: { resultId: latest.id, at: latest.finished_at, summary: latest.summary, ...(failures.length ? { failures } : {}) },
      };
    });
  }
  return r.result('qa_report', started, ctx.caller, ctx.clock.newId());
}

/** A stored result as GET test-results/{id} answers it: logs only when asked for. */
export function resultView(result: QaTestResult, includeLogs: boolean): QaTestResult {
  if (includeLogs) return result;
  const { logs: _logs, ...rest } = result;
  return rest;
}
