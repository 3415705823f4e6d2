import { GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { QA_RESULT_DAYS, type QaTestResult } from '../../../shared/schemas/qa-validation';
import type { IssueRecord } from '../../domain/issues/issue-record';
import { countIssues } from '../../domain/issues/counters';
import type { DatasetRef } from '../../domain/issues/issue-store';
import { loadDatasetContext, askProvider } from '../../domain/ai/pipeline/suggest-for-issue';
import type { AiIssue } from '../../domain/ai/pipeline/records';
import { QA_ORG_PREFIX, type AiValidationPorts, type IntegrityPorts, type QaFlowPorts, type QaResultsStore, type TempOrganization, type WorkflowPorts } from '../../domain/qa/validation';
import { auditEntry } from '../../domain/team/audit';
import type { AssignmentRecord, DatasetRecord, InstanceRecord, MemberRecord, OrganizationRecord } from '../../domain/tenancy/records';
import { systemClock } from '../../lib/clock';
import { aiContext, aiFeedback } from '../ai/wiring';
import { configuredProvider } from '../ai/providers';
import { documentClient, table } from '../dynamodb/client';
import { issuesRepository, listIssueSketches } from '../dynamodb/issues-repository';
import { items } from '../dynamodb/items';
import * as keys from '../dynamodb/keys';
import { createMemberWithIdentity } from '../dynamodb/member-identity';
import { organizationsRepository } from '../dynamodb/organizations-repository';
import { partitionQuery, queryAll } from '../dynamodb/query';
import { batchDelete, scanResultsRepository } from '../dynamodb/scan-results-repository';
import { teamRepository } from '../dynamodb/team-repository';
import { tenancyRepository } from '../dynamodb/tenancy-repository';
import { purgeTenant } from '../dynamodb/tenant-purge';
import { diagnosticsPorts } from './diagnostics-ports';

// The adapters behind /api/qa-validation (issue 15 item 3).

export const qaResultsRepository: QaResultsStore = {
  async put(result) {
    const expiresAt = Math.floor(Date.parse(result.finished_at) / 1000) + QA_RESULT_DAYS * 86_400;
    await documentClient().send(new PutCommand({ TableName: table(), Item: { ...keys.qaResult(result.organization_id, result.id), kind: 'qa-result', result, expiresAt } }));
  },
  async get(organizationId, id) {
    const out = await documentClient().send(new GetCommand({ TableName: table(), Key: keys.qaResult(organizationId, id), ConsistentRead: true }));
    return out.Item ? (out.Item.result as QaTestResult) : undefined;
  },
  async list(organizationId, limit) {
    const prefix = keys.qaResults(organizationId);
    const out = await documentClient().send(new QueryCommand({ TableName: table(), ...partitionQuery(prefix.pk, prefix.skPrefix), ScanIndexForward: false, Limit: limit }));
    return (out.Items ?? []).map((i) => i.result as QaTestResult);
  },
  async removeAll(organizationId) {
    const prefix = keys.qaResults(organizationId);
    const found = await queryAll({ ...partitionQuery(prefix.pk, prefix.skPrefix), ProjectionExpression: 'pk, sk' });
    await batchDelete(found.map((i) => ({ pk: String(i.pk), sk: String(i.sk) })));
    return found.length;
  },
};

const QA_CHECKS = [
  { check_name: 'email_format', issue_column: 'email', issue_type: 'format_error' },
  { check_name: 'amount_range', issue_column: 'amount', issue_type: 'out_of_range' },
  { check_name: 'stage_required', issue_column: 'stage', issue_type: 'missing_data' },
] as const;

/** The rows of a temporary QA dataset: made-up records, all open, over two owners and three checks. */
export function qaIssues(datasetId: string, scanTime: string, owners: readonly string[]): IssueRecord[] {
  return Array.from({ length: 12 }, (_, i) => {
    const check = QA_CHECKS[i % QA_CHECKS.length]!;
    return {
      issue_id: `QA${String(i + 1).padStart(4, '0')}`,
      dataset_id: datasetId,
      record_key: 'record_id',
      record_id: `QA-REC-${1000 + i}`,
      name: `QA record ${i + 1}`,
      issue_column: check.issue_column,
      current_value: check.issue_column === 'stage' ? null : `qa value ${i + 1}`,
      status: 'open',
      check_name: check.check_name,
      owner: owners[i % owners.length]!,
      scan_time: scanTime,
      issue_type: check.issue_type,
      version: 1,
    };
  });
}

async function createTempOrganization(runId: string, createdBy: string): Promise<TempOrganization> {
  const now = new Date();
  const at = now.toISOString();
  const slug = `qa-flow-${runId.toLowerCase()}`;
  const organization: OrganizationRecord = {
    id: `${QA_ORG_PREFIX}${runId.toLowerCase()}`,
    name: `QA flow ${runId}`,
    type: 'demo',
    slug,
    domain: `${slug}.qa.invalid`,
    domains: [`${slug}.qa.invalid`],
    subscription: 'professional',
    status: 'active',
    createdAt: at,
  };
  await organizationsRepository.createOrganization(organization, auditEntry(systemClock, now, organization.id, createdBy, 'organization.create', organization.id, null, { name: organization.name, qa: true }));
  const instance: InstanceRecord = { id: `qa-${runId.toLowerCase()}`, organizationId: organization.id, name: 'QA instance', type: 'development', description: 'Temporary QA flow instance', warehouseType: 'mock', createdBy, status: 'active', createdAt: at };
  await teamRepository.createInstance(instance, auditEntry(systemClock, now, organization.id, createdBy, 'instance.create', instance.id, null, { name: instance.name }));
  // Members bound to subs no pool user has: nobody can ever sign in as them.
  const member = (who: 'admin' | 'user'): MemberRecord => ({
    email: `${who}@${organization.domain}`,
    sub: `qa-flow:${runId}:${who}`,
    organizationId: organization.id,
    firstName: 'QA',
    lastName: who === 'admin' ? 'Admin' : 'User',
    title: 'QA flow',
    role: who,
    isOrgAdmin: who === 'admin',
    createdAt: at,
  });
  const admin = member('admin');
  const user = member('user');
  const assignment: AssignmentRecord = { organizationId: organization.id, instanceId: instance.id, email: user.email, role: 'user', assignedAt: at };
  await createMemberWithIdentity(documentClient(), table(), { ...admin, sub: admin.sub! }, []);
  await createMemberWithIdentity(documentClient(), table(), { ...user, sub: user.sub! }, [assignment]);
  const scanTime = new Date(Math.floor(now.getTime() / 1000) * 1000).toISOString();
  const dataset: DatasetRecord = { id: 'qa-dataset', name: 'QA dataset', organizationId: organization.id, instanceId: instance.id, onboardingStatus: 'onboarded', recordKey: 'record_id', totalRecords: 12, lastScanTime: scanTime, createdAt: at };
  await documentClient().send(new PutCommand({ TableName: table(), Item: items.dataset(dataset) }));
  const ref: DatasetRef = { organizationId: organization.id, instanceId: instance.id, datasetId: dataset.id };
  const issues = qaIssues(dataset.id, scanTime, [admin.email, user.email]);
  await scanResultsRepository.insertIssues(ref, scanTime, issues, countIssues(issues));
  return { organization, instance, admin, user, dataset: ref, issues };
}

async function removeTempOrganization(organizationId: string): Promise<void> {
  if (!organizationId.startsWith(QA_ORG_PREFIX)) throw new Error('only temporary QA organizations are removed here');
  for (let attempt = 0; attempt < 20; attempt++) {
    const report = await purgeTenant(organizationId, { deadline: Date.now() + 20_000, now: () => Date.now(), deletePoolUser: async () => false });
    if (report.complete) return;
  }
  throw new Error(`the temporary QA organization ${organizationId} could not be removed`);
}

const audit = () => diagnosticsPorts({ email: 'qa-validation', host: undefined });

export function qaFlowPorts(): QaFlowPorts {
  return {
    issues: issuesRepository,
    team: teamRepository,
    tenancy: tenancyRepository,
    createTempOrganization,
    removeTempOrganization,
    listTempOrganizations: async () => (await tenancyRepository.listOrganizations()).map((o) => o.id).filter((id) => id.startsWith(QA_ORG_PREFIX)),
    recount: async (ref) => (await audit().tallyIssues(ref)).counts,
  };
}

const datasetsOf = async (organizationId: string, instanceId: string) => (await tenancyRepository.listDatasets(organizationId, instanceId)).map((d) => ({ id: d.id, name: d.name }));

export function workflowPorts(): WorkflowPorts {
  return {
    tenancy: tenancyRepository,
    issues: issuesRepository,
    listDatasets: datasetsOf,
    async boundIdentity(member) {
      if (!member.sub) return false;
      const out = await documentClient().send(new GetCommand({ TableName: table(), Key: keys.identity(member.sub), ConsistentRead: true }));
      const binding = out.Item;
      return binding !== undefined && binding.email === member.email && binding.organizationId === member.organizationId;
    },
  };
}

export function integrityPorts(): IntegrityPorts {
  const ports = audit();
  return { listDatasets: datasetsOf, counterTotals: ports.counterTotals, tallyIssues: ports.tallyIssues, ledgerOf: ports.ledgerOf };
}

export function aiValidationPorts(): AiValidationPorts {
  const provider = configuredProvider();
  return {
    listDatasets: datasetsOf,
    async suggestedRows(ref, limit) {
      const sketches = (await listIssueSketches(ref, 'open')).filter((s) => s.ai_suggestion);
      const byId = await issuesRepository.getIssues(ref, sketches.slice(0, limit).map((s) => s.issue_id));
      return [...byId.values()].filter((i) => i.ai_suggestion);
    },
    async askAgain(ref, rows) {
      const issues = rows as unknown as AiIssue[];
      const ctx = await loadDatasetContext(aiContext(), aiFeedback, ref, issues);
      const answers = new Map<string, { value?: string; reason: string }>();
      for (const issue of issues) {
        const answer = await askProvider(provider, issue, ctx, 10_000);
        answers.set(issue.issue_id, answer.kind === 'suggestion' ? { value: answer.suggestedValue, reason: answer.reasoning } : { reason: answer.reason });
      }
      return answers;
    },
    providerName: () => `${provider.name} (${provider.model})`,
  };
}
