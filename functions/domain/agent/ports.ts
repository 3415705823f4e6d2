import type { ZodType } from 'zod';
import type { AgentCapabilities, AgentSyncSummary } from '../../../shared/schemas/agent';
import type { Envelope } from '../secrets/envelope';

/** How a call to an agent failed; each kind has its own message in the connection test. */
export type AgentFailureKind = 'forbidden' | 'dns' | 'refused' | 'timeout' | 'certificate' | 'unauthorized' | 'protocol' | 'http' | 'network';

export class AgentCallError extends Error {
  override name = 'AgentCallError';
  constructor(
    readonly kind: AgentFailureKind,
    message: string,
    readonly details?: string,
  ) {
    super(message);
  }
}

/** The outbound HTTPS port: GET a protocol path of an agent, validated by a schema. */
export interface AgentCaller {
  get<T>(endpoint: string, apiKey: string, path: string, schema: ZodType<T>): Promise<T>;
}

/** A claimed sync: one per organization at a time, until it ends or its lease runs out. */
export interface AgentSyncClaim {
  since: string;
  by: string;
  leaseUntil: string;
}

/** Starts an organization's sync in the background (a worker invocation in AWS, in-process locally). */
export interface AgentSyncLauncher {
  launch(orgId: string, by: string): Promise<void>;
}

/** The stored agent configuration of an organization (pk ORG#<org>, sk AGENT). */
export interface AgentConfigRecord {
  organizationId: string;
  /** The instance the agent's datasets appear in. */
  instanceId: string;
  sodaAgentEndpoint: string;
  /** The API key, sealed (AES-256-GCM under a KMS-wrapped data key); never stored in clear. */
  apiKey: Envelope;
  apiKeyHint: string;
  diagnosticsSchema: string;
  encryptionEnabled: boolean;
  byokEnabled: boolean;
  shardingEnabled: boolean;
  /** connected, or disconnected (datasets hidden; the sealed key is kept for a reconnect). */
  state: 'connected' | 'disconnected';
  /** What the agent said of itself at the last contact (status reads these; it never opens the key). */
  capabilities?: AgentCapabilities;
  agentName?: string;
  configuredAt: string;
  configuredBy: string;
  lastSync?: AgentSyncSummary;
  /** The sync running in the background, if any; a lease ends one whose worker died. */
  syncing?: AgentSyncClaim;
  /** Datasets the agent brought into the instance (ids). */
  datasetIds: string[];
}
