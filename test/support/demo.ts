import { DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import { expect, inject } from 'vitest';
import { items } from '../../functions/adapters/dynamodb/items';
import { dynamoClient } from '../../scripts/local/provision';
import { call } from './api';

// Fresh instances for the demo data and QA tests, and waiting on a demo deployment.

export function tableDoc() {
  const env = inject('stackEnv');
  return { doc: DynamoDBDocumentClient.from(dynamoClient(env.DYNAMODB_ENDPOINT!), { marshallOptions: { removeUndefinedValues: true } }), table: env.TABLE_NAME!, env };
}

const run = Date.now().toString(36);

/** A new, empty instance (written to the table: instance creation is issue 11's route). */
export async function freshInstance(organizationId: string, name: string, createdBy: string): Promise<string> {
  const { doc, table } = tableDoc();
  const id = `inst_${name}_${run}`;
  await doc.send(
    new PutCommand({
      TableName: table,
      Item: items.instance({ id, name: `Demo ${name}`, type: 'testing', warehouseType: 'mock', description: 'demo data test', organizationId, createdBy, status: 'active', createdAt: new Date().toISOString() }),
    }),
  );
  return id;
}

export async function waitForDeployment(token: string, instanceId: string) {
  for (let i = 0; i < 600; i++) {
    const res = await call('GET', `/api/demo-data/instances/${instanceId}/config`, { token });
    expect(res.status).toBe(200);
    const status = res.body.deployment?.status;
    if (status === 'deployed' || status === 'failed') return res.body.deployment;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('deployment did not finish');
}

export async function deployTemplate(token: string, organizationId: string, instanceId: string, templateId: string, customization: Record<string, unknown> = { dataVolume: 'small' }) {
  expect((await call('PUT', `/api/demo-data/instances/${instanceId}/config`, { token, body: { templateId, customization } })).status).toBe(200);
  expect((await call('POST', `/api/demo-data/instances/${instanceId}/deploy`, { token, body: { organizationId } })).status).toBe(202);
  return waitForDeployment(token, instanceId);
}
