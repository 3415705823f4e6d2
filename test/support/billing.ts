import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { items } from '../../functions/adapters/dynamodb/items';
import { tableDoc } from './demo';
import { createMember } from './fixtures';

// A Free organization of its own, with an instance and an account owner assigned to it, for tests
// that start a trial (which would otherwise change the seeded Free organization other suites read).

export const FRESH_PASSWORD = 'Owner#Quality2026';

export async function freshFreeOrganization(tag: string): Promise<{ orgId: string; instanceId: string; owner: string; admin: string }> {
  const { doc, table } = tableDoc();
  const suffix = `${tag}_${Date.now().toString(36)}_${process.pid}`;
  const orgId = `org_billing_${suffix}`;
  const instanceId = `inst_billing_${suffix}`;
  const domain = `billing-${suffix.replace(/_/g, '-')}.example`;
  const now = new Date().toISOString();
  await doc.send(new PutCommand({ TableName: table, Item: items.organization({ id: orgId, name: `Billing ${tag}`, type: 'admin', slug: orgId.slice(4), domain, domains: [domain], subscription: 'free', status: 'active', createdAt: now }) }));
  await doc.send(
    new PutCommand({
      TableName: table,
      Item: items.instance({ id: instanceId, name: 'Billing Production', type: 'production', warehouseType: 'mock', description: 'billing test', organizationId: orgId, createdBy: `owner@${domain}`, status: 'active', createdAt: now }),
    }),
  );
  const owner = `owner@${domain}`;
  const admin = `admin@${domain}`;
  await createMember({ email: owner, password: FRESH_PASSWORD, organizationId: orgId, role: 'account_owner', instances: [instanceId] });
  await createMember({ email: admin, password: FRESH_PASSWORD, organizationId: orgId, role: 'admin', instances: [instanceId] });
  return { orgId, instanceId, owner, admin };
}
