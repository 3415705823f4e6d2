import * as z from 'zod';
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
  type AgentSyncRun,
  type AgentSyncSummary,
  type AgentTestResponse,
  AGENT_SYNC_LEASE_MINUTES,
} from '../../../shared/schemas/agent';
import { Conflict, DomainError, NotFound, ValidationFailed } from '../errors';
import type { ScanDeps } from '../scans/run-scan';
import { importResults } from '../scans/import-results';
import { ENVELOPE_ALGORITHM, EnvelopeError, maskedHint, open, seal, type KeyWrapper } from '../secrets/envelope';
import { auditEntry } from '../team/audit';
import type { AuditEntry } from '../team/records';
import type { Caller } from '../tenancy/caller';
import type { OrganizationRecord } from '../tenancy/records';
import type { TenancyStore } from '../tenancy/tenancy-store';
import { AgentCallError, type AgentCaller, type AgentConfigRecord, type AgentSyncClaim, type AgentSyncLauncher } from './ports';

// The agent connector (issue 14; spec 2 §2.3, §7.2): test an agent, configure it (its API key
// sealed), sync its datasets' failed rows through the import path, disconnect (hide), delete.
// Configure and Sync now start the sync in the background: the first sync of 100,000 failed rows
// takes over a minute, longer than an API answer may. One sync per organization runs at a time.

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
  /** Records a sync's result and ends it (datasetIds: the agent's datasets, when the sync knows them). */
  saveSync(orgId: string, lastSync: AgentSyncSummary, datasetIds?: string[], capabilities?: AgentCapabilities): Promise<void>;
  /**
   * Claims the organization's sync: false when the agent is not connected or another sync holds
   * an unexpired lease (leaseUntil after `now`).
   */
  claimSync(orgId: string, claim: AgentSyncClaim, now: string): Promise<boolean>;
  /** Gives up a claim that was never started (only the claim of that `since`). */
  releaseSync(orgId: string, since: string): Promise<void>;
  /** 'taken' when the instance holds an uploaded or demo dataset of that id. */
  upsertAgentDataset(write: AgentDatasetWrite): Promise<'ok' | 'taken'>;
  setDatasetsHidden(orgId: string, instanceId: string, datasetIds: readonly string[], hidden: boolean): Promise<void>;
}

export interface ConnectorDeps {
  store: AgentStore;
  /** The organizations a sync job or the schedule runs for. */
  organizations: Pick<TenancyStore, 'getOrganization'>;
  agent: AgentCaller;
  /** The key-encryption key for an organization: its BYOK key, the stage key, or the local key file. */
  keyWrapper(org: Pick<OrganizationRecord, 'byok'>): KeyWrapper;
  scan: ScanDeps;
  clock: { now(): Date; newId(): string };
}

/**
 * The agent could not be used; the answer names how. 422, not 502: the request was understood but
 * the endpoint and key it names do not work (the caller can fix them), and the API never answers
 * 5xx for what a caller sent.
 */
export class AgentUnavailable extends DomainError {
  constructor(message: string, details?: string) {
    super(422, message, details);
  }
}

const API_KEY_PURPOSE = 'soda-agent-api-key';
const DISCONNECTED = 'The Soda Agent is disconnected; configure it again to sync';
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

/** The running sync as the API shows it: none once its lease ran out (its worker died). */
export function syncingOf(record: Pick<AgentConfigRecord, 'syncing'> | undefined, now: Date): AgentSyncRun | null {
  const claim = record?.syncing;
  return claim && claim.leaseUntil > now.toISOString() ? { since: claim.since, by: claim.by } : null;
}

export function configView(orgId: string, record: AgentConfigRecord | undefined, now: Date): AgentConfig {
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
      syncing: null,
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
    syncing: syncingOf(record, now),
    encryption: { algorithm: record.apiKey.alg, keyProvider: record.apiKey.provider, keyId: record.apiKey.keyId, sealedAt: record.apiKey.sealedAt },
  };
}

/** What the audit log keeps of a configuration: never the key, not even sealed. */
const audited = (r: AgentConfigRecord | undefined) =>
  r ? { endpoint: r.sodaAgentEndpoint, apiKeyHint: r.apiKeyHint, instanceId: r.instanceId, state: r.state, byokEnabled: r.byokEnabled } : null;

export async function configureAgent(
  deps: ConnectorDeps & { launcher: AgentSyncLauncher },
  org: OrganizationRecord,
  instanceId: string,
  request: z.output<typeof agentConfigureRequestSchema>,
  caller: Caller,
): Promise<{ config: AgentConfig; syncing: AgentSyncRun; message: string }> {
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
    // A sync of the previous configuration may still run: its claim stays until it ends.
    ...(before?.syncing ? { syncing: before.syncing } : {}),
    datasetIds: before && before.instanceId === instanceId ? before.datasetIds : [],
  };
  // Moving the agent to another instance takes its datasets out of the old one's view.
  if (before && before.instanceId !== instanceId && before.datasetIds.length > 0) await deps.store.setDatasetsHidden(org.id, before.instanceId, before.datasetIds, true);
  await deps.store.saveConfig(record, auditEntry(deps.clock, now, org.id, caller, 'agent.configure', 'soda-agent', audited(before), audited(record)));
  const syncing = await startSync(deps, org.id, caller.email);
  const after = await deps.store.getConfig(org.id);
  return {
    config: configView(org.id, after ?? record, deps.clock.now()),
    syncing,
    message: `Soda Agent configured: ${probed.datasets.length} dataset${probed.datasets.length === 1 ? '' : 's'} from ${probed.agentName}; the first sync has started`,
  };
}

/**
 * Configure and Sync now: claims the organization's sync and starts it in the background. While
 * one runs, asking again answers that one and starts nothing.
 */
export async function startSync(deps: ConnectorDeps & { launcher: AgentSyncLauncher }, orgId: string, by: string): Promise<AgentSyncRun> {
  const record = await deps.store.getConfig(orgId);
  if (!record) throw new NotFound('No Soda Agent is configured for this organization');
  if (record.state !== 'connected') throw new Conflict(DISCONNECTED);
  const claim = await claimSync(deps, orgId, by);
  if (!claim) {
    const running = syncingOf(await deps.store.getConfig(orgId), deps.clock.now());
    if (running) return running;
    throw new Conflict(DISCONNECTED);
  }
  try {
    await deps.launcher.launch(orgId, by);
  } catch (error) {
    await deps.store.releaseSync(orgId, claim.since);
    throw error;
  }
  return { since: claim.since, by: claim.by };
}

/** Claims the organization's sync for one lease; undefined when another sync holds it. */
export async function claimSync(deps: Pick<ConnectorDeps, 'store' | 'clock'>, orgId: string, by: string): Promise<AgentSyncClaim | undefined> {
  const now = deps.clock.now();
  const claim = { since: now.toISOString(), by, leaseUntil: new Date(now.getTime() + AGENT_SYNC_LEASE_MINUTES * 60_000).toISOString() };
  return (await deps.store.claimSync(orgId, claim, claim.since)) ? claim : undefined;
}

/**
 * The background job of a claimed sync: runs it and ends the claim with its result. What stops a
 * sync before it reaches the agent (the key can no longer be opened, the agent was disconnected
 * meanwhile) is its result too, so the status says why and the claim never outlives the job.
 */
export async function runClaimedSync(deps: ConnectorDeps, org: OrganizationRecord, by: string): Promise<AgentSyncSummary> {
  try {
    return await syncAgent(deps, org, by);
  } catch (error) {
    const message = error instanceof DomainError ? error.message : 'The sync stopped on an unexpected error; it will be retried on the schedule';
    const summary: AgentSyncSummary = { at: deps.clock.now().toISOString(), status: 'failed', datasets: [], error: message };
    await deps.store.saveSync(org.id, summary);
    if (!(error instanceof DomainError)) throw error;
    return summary;
  }
}

/** A claimed sync started by configure or Sync now (the job of the agent sync function). */
export async function runSyncJob(deps: ConnectorDeps, orgId: string, by: string): Promise<AgentSyncSummary | undefined> {
  const org = await deps.organizations.getOrganization(orgId);
  return org ? runClaimedSync(deps, org, by) : undefined;
}

/**
 * The schedule: each active organization's connected agent whose sync nobody holds, in turn. One
 * failing agent never stops the others; its failure is in its own lastSync and in `errors`.
 */
export async function syncConnectedAgents(deps: ConnectorDeps): Promise<{ organizations: number; failed: number; errors: Array<{ organizationId: string; message: string }> }> {
  const orgIds = await deps.store.listConnectedOrganizations();
  let failed = 0;
  const errors: Array<{ organizationId: string; message: string }> = [];
  for (const orgId of orgIds) {
    try {
      const org = await deps.organizations.getOrganization(orgId);
      if (!org || org.status !== 'active' || org.inactive) continue;
      const claim = await claimSync(deps, org.id, (await deps.store.getConfig(org.id))?.configuredBy ?? 'schedule');
      if (!claim) continue; // a Sync now is running
      const summary = await runClaimedSync(deps, org, claim.by);
      if (summary.status !== 'succeeded') failed++;
    } catch (error) {
      failed++;
      errors.push({ organizationId: orgId, message: (error as Error).message });
    }
  }
  return { organizations: orgIds.length, failed, errors };
}

const mergeIds = (known: string[], sync: AgentSyncSummary) => [...new Set([...known, ...sync.datasets.filter((d) => !d.error).map((d) => d.id)])].sort();

/** Sync now / the schedule: opens the sealed key and pulls every dataset's latest run. */
export async function syncAgent(deps: ConnectorDeps, org: OrganizationRecord, by?: string): Promise<AgentSyncSummary> {
  const record = await deps.store.getConfig(org.id);
  if (!record) throw new NotFound('No Soda Agent is configured for this organization');
  if (record.state !== 'connected') throw new Conflict(DISCONNECTED);
  let apiKey: string;
  try {
    apiKey = await open(deps.keyWrapper(record.byokEnabled ? org : {}), record.apiKey, sealContext(org.id));
  } catch (error) {
    // The key that wrapped it is gone or refuses (BYOK key disabled, local key file replaced).
    if (error instanceof EnvelopeError) throw new Conflict(`The stored API key can no longer be opened (${error.message}); configure the Soda Agent again`);
    throw error;
  }
  return syncWith(deps, record, apiKey, by ?? record.configuredBy);
}

async function syncWith(deps: ConnectorDeps, record: AgentConfigRecord, apiKey: string, by: string): Promise<AgentSyncSummary> {
  const at = deps.clock.now().toISOString();
  const summary: AgentSyncSummary = { at, status: 'succeeded', datasets: [] };
  let listed: Awaited<ReturnType<typeof probe>>;
  try {
    listed = await probe(deps, record.sodaAgentEndpoint, apiKey);
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
  return configView(orgId, after, deps.clock.now());
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
export async function agentStatus(store: Pick<AgentStore, 'getConfig'>, orgId: string, now: Date) {
  const record = await store.getConfig(orgId);
  const none = { auditLogging: false, byokSupported: false, shardingSupported: false };
  if (!record) return { status: { connected: false, message: 'No Soda Agent configured', endpoint: null, encryptionEnabled: true, byokEnabled: false }, capabilities: none, lastSync: null, syncing: null };
  const base = { endpoint: record.sodaAgentEndpoint, encryptionEnabled: record.encryptionEnabled, byokEnabled: record.byokEnabled };
  const lastSync = record.lastSync ?? null;
  const syncing = syncingOf(record, now);
  if (record.state !== 'connected') return { status: { connected: false, message: 'Disconnected: the instance shows its own datasets', ...base }, capabilities: none, lastSync, syncing };
  if (lastSync?.status === 'failed') return { status: { connected: false, message: `${AGENT_MESSAGES.connectionFailed}: ${lastSync.error ?? lastSync.datasets.find((d) => d.error)?.error ?? 'the last sync failed'}`, ...base }, capabilities: record.capabilities ?? none, lastSync, syncing };
  return { status: { connected: true, message: `Connected to ${record.agentName ?? 'the agent'}`, ...base }, capabilities: record.capabilities ?? none, lastSync, syncing };
}
