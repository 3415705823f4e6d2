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

/** Generous: a deploy job writes and scans its datasets while other suites load the machine. */
const DEPLOYMENT_DEADLINE_MS = 4 * 60_000;

/**
 * Polls the deployment's status (GET .../config, the server's word) until its deploy job ends;
 * with a jobId, until that job ends (a newer job there is an error).
 */
export async function waitForDeployment(token: string, instanceId: string, jobId?: string) {
  const deadline = Date.now() + DEPLOYMENT_DEADLINE_MS;
  let last: unknown;
  while (Date.now() < deadline) {
    const res = await call('GET', `/api/demo-data/instances/${instanceId}/config`, { token });
    expect(res.status).toBe(200);
    last = res.body.deployment;
    if (jobId) expect(res.body.deployment?.jobId).toBe(jobId);
    const status = res.body.deployment?.status;
    if (status === 'deployed' || status === 'failed') return res.body.deployment;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`deployment did not finish within ${DEPLOYMENT_DEADLINE_MS / 1000} s: ${JSON.stringify(last)}`);
}

export async function deployTemplate(token: string, organizationId: string, instanceId: string, templateId: string, customization: Record<string, unknown> = { dataVolume: 'small' }) {
  expect((await call('PUT', `/api/demo-data/instances/${instanceId}/config`, { token, body: { templateId, customization } })).status).toBe(200);
  expect((await call('POST', `/api/demo-data/instances/${instanceId}/deploy`, { token, body: { organizationId } })).status).toBe(202);
  return waitForDeployment(token, instanceId);
}
