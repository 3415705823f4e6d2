import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { AgentCapabilities, AgentSyncSummary } from '../../../shared/schemas/agent';
import type { AgentConfigRecord } from '../../domain/agent/ports';
import type { AgentDatasetWrite, AgentStore } from '../../domain/agent/connector';
import type { AuditEntry } from '../../domain/team/records';
import { documentClient, table } from './client';
import * as keys from './keys';
import { stripKeys } from './keys';
import { queryAll } from './query';
import { teamItems } from './team-repository';

// The agent connector's items: the configuration (ORG#<org> / AGENT, its API key sealed) written
// with its audit entry in one transaction, and the agent's datasets (ordinary dataset items with
// origin "agent", hidden while the agent is disconnected).

/** Sends a conditioned update: false when its condition did not hold. */
async function updateIf(command: UpdateCommand): Promise<boolean> {
  try {
    await documentClient().send(command);
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

const auditPut = (entry: AuditEntry) => ({ Put: { TableName: table(), Item: teamItems.audit(entry), ConditionExpression: 'attribute_not_exists(pk)' } });

export const agentRepository: AgentStore = {
  async getConfig(orgId) {
    const out = await documentClient().send(new GetCommand({ TableName: table(), Key: keys.agentConfig(orgId), ConsistentRead: true }));
    return out.Item ? (stripKeys(out.Item) as unknown as AgentConfigRecord) : undefined;
  },

  async saveConfig(record, audit) {
    await documentClient().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: table(),
              Item: { ...keys.agentConfig(record.organizationId), ...(record.state === 'connected' ? keys.connectedAgentLookup(record.organizationId) : {}), kind: 'agentConfig', ...record },
            },
          },
          auditPut(audit),
        ],
      }),
    );
  },

  async deleteConfig(orgId, audit) {
    await documentClient().send(new TransactWriteCommand({ TransactItems: [{ Delete: { TableName: table(), Key: keys.agentConfig(orgId) } }, auditPut(audit)] }));
  },

  async listConnectedOrganizations() {
    const { gsi1pk } = keys.connectedAgents();
    const found = await queryAll({ IndexName: 'byLookup', KeyConditionExpression: 'gsi1pk = :pk', ExpressionAttributeValues: { ':pk': gsi1pk } });
    return found.map((i) => String(i.organizationId));
  },

  async saveSync(orgId: string, lastSync: AgentSyncSummary, datasetIds?: string[], capabilities?: AgentCapabilities) {
    // Only while a configuration exists: a sync finishing after a delete must not bring it back.
    // The result ends the running sync's claim.
    const sets = ['lastSync = :s', ...(datasetIds ? ['datasetIds = :d'] : []), ...(capabilities ? ['capabilities = :c'] : [])];
    await updateIf(
      new UpdateCommand({
        TableName: table(),
        Key: keys.agentConfig(orgId),
        UpdateExpression: `SET ${sets.join(', ')} REMOVE syncing`,
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':s': lastSync, ...(datasetIds ? { ':d': datasetIds } : {}), ...(capabilities ? { ':c': capabilities } : {}) },
      }),
    );
  },

  claimSync: (orgId, claim, now) =>
    updateIf(
      new UpdateCommand({
        TableName: table(),
        Key: keys.agentConfig(orgId),
        UpdateExpression: 'SET syncing = :claim',
        ConditionExpression: 'attribute_exists(pk) AND #state = :connected AND (attribute_not_exists(syncing) OR syncing.leaseUntil < :now)',
        ExpressionAttributeNames: { '#state': 'state' },
        ExpressionAttributeValues: { ':claim': claim, ':connected': 'connected', ':now': now },
      }),
    ),

  async releaseSync(orgId, since) {
    await updateIf(
      new UpdateCommand({ TableName: table(), Key: keys.agentConfig(orgId), UpdateExpression: 'REMOVE syncing', ConditionExpression: 'syncing.since = :since', ExpressionAttributeValues: { ':since': since } }),
    );
  },

  async upsertAgentDataset(write: AgentDatasetWrite) {
    const key = keys.dataset(write.organizationId, write.instanceId, write.id);
    try {
      await documentClient().send(
        new UpdateCommand({
          TableName: table(),
          Key: key,
          // A dataset of the same id that was uploaded or deployed as demo data is never taken over.
          ConditionExpression: 'attribute_not_exists(pk) OR #origin = :agent',
          UpdateExpression:
            'SET #kind = :kind, #id = :id, #name = :name, #org = :org, #inst = :inst, #rk = :rk, #total = :total, #origin = :agent, #hidden = :false, ' +
            '#status = if_not_exists(#status, :status), #last = if_not_exists(#last, :null), #created = if_not_exists(#created, :now)',
          ExpressionAttributeNames: {
            '#kind': 'kind',
            '#id': 'id',
            '#name': 'name',
            '#org': 'organizationId',
            '#inst': 'instanceId',
            '#rk': 'recordKey',
            '#total': 'totalRecords',
            '#origin': 'origin',
            '#hidden': 'hidden',
            '#status': 'onboardingStatus',
            '#last': 'lastScanTime',
            '#created': 'createdAt',
          },
          ExpressionAttributeValues: {
            ':kind': 'dataset',
            ':id': write.id,
            ':name': write.name,
            ':org': write.organizationId,
            ':inst': write.instanceId,
            ':rk': write.recordKey,
            ':total': write.totalRecords,
            ':agent': 'agent',
            ':false': false,
            ':status': 'onboarded',
            ':null': null,
            ':now': write.at,
          },
        }),
      );
      return 'ok';
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return 'taken';
      throw error;
    }
  },

  async setDatasetsHidden(orgId, instanceId, datasetIds, hidden) {
    for (const id of datasetIds) {
      try {
        await documentClient().send(
          new UpdateCommand({
            TableName: table(),
            Key: keys.dataset(orgId, instanceId, id),
            UpdateExpression: 'SET #hidden = :h',
            ConditionExpression: '#origin = :agent',
            ExpressionAttributeNames: { '#hidden': 'hidden', '#origin': 'origin' },
            ExpressionAttributeValues: { ':h': hidden, ':agent': 'agent' },
          }),
        );
      } catch (error) {
        // Gone (instance reset) or not the agent's: nothing to hide or show.
        if (!(error instanceof ConditionalCheckFailedException)) throw error;
      }
    }
  },
};
