import { z } from 'zod';
import {
  AGENT_PATHS,
  AGENT_MESSAGES,
  agentCapabilitiesResponseSchema,
  agentConfigureRequestSchema,
  agentDatasetsResponseSchema,
  defaultDiagnosticsSchema,
  type AgentCapabilities,
  type AgentConfig,
  type AgentDataset,
  type AgentSyncSummary,
  type AgentTestResponse,
} from '../../../shared/schemas/agent';
import { Conflict, DomainError, NotFound, ValidationFailed } from '../errors';
import type { ScanDeps } from '../scans/run-scan';
import { importResults } from '../scans/import-results';
import { ENVELOPE_ALGORITHM, maskedHint, open, seal, type KeyWrapper } from '../secrets/envelope';
import { auditEntry } from '../team/audit';
import type { AuditEntry } from '../team/records';
import type { Caller } from '../tenancy/caller';
import type { OrganizationRecord } from '../tenancy/records';
import { AgentCallError, type AgentCaller, type AgentConfigRecord } from './ports';

// The agent connector (issue 14; spec 2 §2.3, §7.2): test an agent, configure it (its API key
// sealed), sync its datasets' failed rows through the import path, disconnect (hide), delete.

export interface AgentDatasetWrite {
  organizationId: string;
  instanceId: string;
  id: string;
  name: string;
  recordKey: string;
  totalRecords: number;
  at: string;
}

export interface AgentStore {
  getConfig(orgId: string): Promise<AgentConfigRecord | undefined>;
  /** Organizations whose agent is connected (the schedule syncs them). */
  listConnectedOrganizations(): Promise<string[]>;
  saveConfig(record: AgentConfigRecord, audit: AuditEntry): Promise<void>;
  deleteConfig(orgId: string, audit: AuditEntry): Promise<void>;
  saveSync(orgId: string, lastSync: AgentSyncSummary, datasetIds: string[], capabilities?: AgentCapabilities): Promise<void>;
  /** 'taken' when the instance holds an uploaded or demo dataset of that id. */
  upsertAgentDataset(write: AgentDatasetWrite): Promise<'ok' | 'taken'>;
  setDatasetsHidden(orgId: string, instanceId: string, datasetIds: readonly string[], hidden: boolean): Promise<void>;
}

export interface ConnectorDeps {
  store: AgentStore;
  agent: AgentCaller;
  /** The key-encryption key for an organization: its BYOK key, the stage key, or the local key file. */
  keyWrapper(org: Pick<OrganizationRecord, 'byok'>): KeyWrapper;
  scan: ScanDeps;
  clock: { now(): Date; newId(): string };
}

/** The agent could not be used; the answer names how (502: the fault is on the agent's side). */
export class AgentUnavailable extends DomainError {
  constructor(message: string, details?: string) {
    super(502, message, details);
  }
}

const API_KEY_PURPOSE = 'soda-agent-api-key';
const sealContext = (orgId: string) => ({ organizationId: orgId, purpose: API_KEY_PURPOSE });

async function probe(deps: Pick<ConnectorDeps, 'agent'>, endpoint: string, apiKey: string): Promise<{ capabilities: AgentCapabilities; agentName: string; datasets: AgentDataset[] }> {
  const caps = await deps.agent.get(endpoint, apiKey, AGENT_PATHS.capabilities, agentCapabilitiesResponseSchema);
  const { datasets } = await deps.agent.get(endpoint, apiKey, AGENT_PATHS.datasets, agentDatasetsResponseSchema);
  return { capabilities: caps.capabilities, agentName: caps.agent?.name ?? 'agent', datasets };
}

const available = (datasets: AgentDataset[]) => datasets.map(({ id, name, failedRows, totalRecords, lastRunAt }) => ({ id, name, failedRows, totalRecords, lastRunAt }));

/** POST …/soda-agent/test: a real call; a failure is an answer (success false), not an error. */
export async function testConnection(deps: Pick<ConnectorDeps, 'agent'>, request: { sodaAgentEndpoint: string; apiKey: string }): Promise<AgentTestResponse> {
  try {
    const { capabilities, agentName, datasets } = await probe(deps, request.sodaAgentEndpoint, request.apiKey);
    return {
      success: true,
      message: `Connected to ${agentName}: ${datasets.length} dataset${datasets.length === 1 ? '' : 's'} available`,
      availableDatasets: available(datasets),
      capabilities,
    };
  } catch (error) {
    if (!(error instanceof AgentCallError)) throw error;
    return { success: false, message: AGENT_MESSAGES.connectionFailed, availableDatasets: [], error: error.message, ...(error.details ? { details: error.details } : {}) };
  }
}

export function configView(orgId: string, record: AgentConfigRecord | undefined): AgentConfig {
  if (!record) {
    return {
      configured: false,
      sodaAgentEndpoint: null,
      apiKeyHint: null,
      diagnosticsSchema: defaultDiagnosticsSchema(orgId),
      encryptionEnabled: true,
      byokEnabled: false,
      shardingEnabled: false,
      instanceId: null,
      configuredAt: null,
      configuredBy: null,
      connected: false,
      lastSync: null,
      encryption: { algorithm: ENVELOPE_ALGORITHM, keyProvider: null, keyId: null, sealedAt: null },
    };
  }
  return {
    configured: true,
    sodaAgentEndpoint: record.sodaAgentEndpoint,
    apiKeyHint: record.apiKeyHint,
    diagnosticsSchema: record.diagnosticsSchema,
    encryptionEnabled: record.encryptionEnabled,
    byokEnabled: record.byokEnabled,
    shardingEnabled: record.shardingEnabled,
    instanceId: record.instanceId,
    configuredAt: record.configuredAt,
    configuredBy: record.configuredBy,
    connected: record.state === 'connected',
    lastSync: record.lastSync ?? null,
    encryption: { algorithm: record.apiKey.alg, keyProvider: record.apiKey.provider, keyId: record.apiKey.keyId, sealedAt: record.apiKey.sealedAt },
  };
}

/** What the audit log keeps of a configuration: never the key, not even sealed. */
const audited = (r: AgentConfigRecord | undefined) =>
  r ? { endpoint: r.sodaAgentEndpoint, apiKeyHint: r.apiKeyHint, instanceId: r.instanceId, state: r.state, byokEnabled: r.byokEnabled } : null;

export async function configureAgent(
  deps: ConnectorDeps,
  org: OrganizationRecord,
  instanceId: string,
  request: z.output<typeof agentConfigureRequestSchema>,
  caller: Caller,
): Promise<{ config: AgentConfig; sync: AgentSyncSummary; message: string }> {
  if (request.byokEnabled && !org.byok) {
    throw new ValidationFailed('Invalid request: byokEnabled the organization has no customer-managed key registered', [
      { field: 'byokEnabled', message: 'the organization has no customer-managed key registered (Organizations → BYOK)' },
    ]);
  }
  // Configure only what answers: the same probe as the test.
  let probed: Awaited<ReturnType<typeof probe>>;
  try {
    probed = await probe(deps, request.sodaAgentEndpoint, request.apiKey);
  } catch (error) {
    if (error instanceof AgentCallError) throw new AgentUnavailable(error.message, error.details);
    throw error;
  }
  const before = await deps.store.getConfig(org.id);
  const now = deps.clock.now();
  // The stage key wraps unless the organization asked for its own key (BYOK) and registered one.
  const wrapper = deps.keyWrapper(request.byokEnabled ? org : {});
  const record: AgentConfigRecord = {
    organizationId: org.id,
    instanceId,
    sodaAgentEndpoint: request.sodaAgentEndpoint,
    apiKey: await seal(wrapper, request.apiKey, sealContext(org.id), now),
    apiKeyHint: maskedHint(request.apiKey),
    diagnosticsSchema: request.diagnosticsSchema || defaultDiagnosticsSchema(org.id),
    encryptionEnabled: request.encryptionEnabled,
    byokEnabled: request.byokEnabled,
    shardingEnabled: request.shardingEnabled,
    state: 'connected',
    capabilities: probed.capabilities,
    agentName: probed.agentName,
    configuredAt: now.toISOString(),
    configuredBy: caller.email,
    ...(before?.lastSync ? { lastSync: before.lastSync } : {}),
    datasetIds: before && before.instanceId === instanceId ? before.datasetIds : [],
  };
  // Moving the agent to another instance takes its datasets out of the old one's view.
  if (before && before.instanceId !== instanceId && before.datasetIds.length > 0) await deps.store.setDatasetsHidden(org.id, before.instanceId, before.datasetIds, true);
  await deps.store.saveConfig(record, auditEntry(deps.clock, now, org.id, caller, 'agent.configure', 'soda-agent', audited(before), audited(record)));
  const sync = await syncWith(deps, record, request.apiKey, caller.email, probed);
  return { config: configView(org.id, { ...record, lastSync: sync, datasetIds: mergeIds(record.datasetIds, sync) }), sync, message: `Soda Agent configured: ${probed.datasets.length} dataset${probed.datasets.length === 1 ? '' : 's'} from ${probed.agentName}` };
}

const mergeIds = (known: string[], sync: AgentSyncSummary) => [...new Set([...known, ...sync.datasets.filter((d) => !d.error).map((d) => d.id)])].sort();

/** Sync now / the schedule: opens the sealed key and pulls every dataset's latest run. */
export async function syncAgent(deps: ConnectorDeps, org: OrganizationRecord, by?: string): Promise<AgentSyncSummary> {
  const record = await deps.store.getConfig(org.id);
  if (!record) throw new NotFound('No Soda Agent is configured for this organization');
  if (record.state !== 'connected') throw new Conflict('The Soda Agent is disconnected; configure it again to sync');
  const apiKey = await open(deps.keyWrapper(record.byokEnabled ? org : {}), record.apiKey, sealContext(org.id));
  return syncWith(deps, record, apiKey, by ?? record.configuredBy);
}

async function syncWith(deps: ConnectorDeps, record: AgentConfigRecord, apiKey: string, by: string, probed?: Awaited<ReturnType<typeof probe>>): Promise<AgentSyncSummary> {
  const at = deps.clock.now().toISOString();
  const summary: AgentSyncSummary = { at, status: 'succeeded', datasets: [] };
  let listed = probed;
  try {
    listed ??= await probe(deps, record.sodaAgentEndpoint, apiKey);
  } catch (error) {
    if (!(error instanceof AgentCallError)) throw error;
    summary.status = 'failed';
    summary.error = error.message;
    await deps.store.saveSync(record.organizationId, summary, record.datasetIds);
    return summary;
  }
  for (const dataset of listed.datasets) {
    const line = { id: dataset.id, name: dataset.name, failedRows: 0, newIssues: 0, updatedIssues: 0, resolvedBySync: 0 };
    try {
      // The whole result is read before anything is written: an agent that goes away mid-sync
      // leaves the dataset as it was, never half imported.
      const result = await deps.agent.get(record.sodaAgentEndpoint, apiKey, AGENT_PATHS.scanResult(dataset.id), z.record(z.string(), z.unknown()));
      const placed = await deps.store.upsertAgentDataset({ organizationId: record.organizationId, instanceId: record.instanceId, id: dataset.id, name: dataset.name, recordKey: dataset.recordKey, totalRecords: dataset.totalRecords, at });
      if (placed === 'taken') throw new Conflict(`The instance already has a dataset "${dataset.id}" that is not the agent's`);
      const ref = { organizationId: record.organizationId, instanceId: record.instanceId, datasetId: dataset.id };
      const { job, resolvedByImport } = await importResults(deps.scan, ref, { format: 'soda', result }, by, { complete: result.failedRowsComplete === true });
      Object.assign(line, { failedRows: job.failures, newIssues: job.newIssues, updatedIssues: job.updatedIssues, resolvedBySync: resolvedByImport });
      summary.datasets.push(line);
    } catch (error) {
      if (!(error instanceof AgentCallError || error instanceof DomainError)) throw error;
      summary.datasets.push({ ...line, error: error.message });
    }
  }
  const failed = summary.datasets.filter((d) => d.error).length;
  if (failed > 0) summary.status = failed === summary.datasets.length ? 'failed' : 'partial';
  await deps.store.saveSync(record.organizationId, summary, mergeIds(record.datasetIds, summary), listed.capabilities);
  return summary;
}

/** DELETE …/soda-agent/disconnect: the agent's datasets leave the view; config and key stay for a reconnect. */
export async function disconnectAgent(deps: ConnectorDeps, orgId: string, caller: Caller): Promise<AgentConfig> {
  const record = await deps.store.getConfig(orgId);
  if (!record) throw new NotFound('No Soda Agent is configured for this organization');
  const after: AgentConfigRecord = { ...record, state: 'disconnected' };
  await deps.store.setDatasetsHidden(orgId, record.instanceId, record.datasetIds, true);
  await deps.store.saveConfig(after, auditEntry(deps.clock, deps.clock.now(), orgId, caller, 'agent.disconnect', 'soda-agent', audited(record), audited(after)));
  return configView(orgId, after);
}

/** DELETE …/soda-agent: disconnects and removes the configuration with its sealed key. */
export async function deleteAgent(deps: ConnectorDeps, orgId: string, caller: Caller): Promise<void> {
  const record = await deps.store.getConfig(orgId);
  if (!record) throw new NotFound('No Soda Agent is configured for this organization');
  await deps.store.setDatasetsHidden(orgId, record.instanceId, record.datasetIds, true);
  await deps.store.deleteConfig(orgId, auditEntry(deps.clock, deps.clock.now(), orgId, caller, 'agent.delete', 'soda-agent', audited(record), null));
}

/**
 * GET …/soda-agent/status, from what the last contact (configure, test of the stored key, sync)
 * recorded: the status route never opens the key (only the test and sync functions may decrypt).
 */
export async function agentStatus(store: Pick<AgentStore, 'getConfig'>, orgId: string) {
  const record = await store.getConfig(orgId);
  const none = { auditLogging: false, byokSupported: false, shardingSupported: false };
  if (!record) return { status: { connected: false, message: 'No Soda Agent configured', endpoint: null, encryptionEnabled: true, byokEnabled: false }, capabilities: none, lastSync: null };
  const base = { endpoint: record.sodaAgentEndpoint, encryptionEnabled: record.encryptionEnabled, byokEnabled: record.byokEnabled };
  const lastSync = record.lastSync ?? null;
  if (record.state !== 'connected') return { status: { connected: false, message: 'Disconnected: the instance shows its own datasets', ...base }, capabilities: none, lastSync };
  if (lastSync?.status === 'failed') return { status: { connected: false, message: `${AGENT_MESSAGES.connectionFailed}: ${lastSync.error ?? lastSync.datasets.find((d) => d.error)?.error ?? 'the last sync failed'}`, ...base }, capabilities: record.capabilities ?? none, lastSync };
  return { status: { connected: true, message: `Connected to ${record.agentName ?? 'the agent'}`, ...base }, capabilities: record.capabilities ?? none, lastSync };
}
