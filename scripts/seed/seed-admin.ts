import { DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { items } from '../../functions/adapters/dynamodb/items';
import { teamItems } from '../../functions/adapters/dynamodb/team-repository';
import { DEMO_PASSWORDS } from '../../functions/domain/demo/demo-directory';
import { hashInviteCode, newInviteCode } from '../../functions/domain/team/invites';
import type { InviteRecord } from '../../functions/domain/team/records';
import type { InstanceRecord, OrganizationRecord } from '../../functions/domain/tenancy/records';
import { INSTANCE_TYPES, WAREHOUSE_TYPES } from '../../shared/constants';
import { cognitoClient } from '../local/provision';
import { createPoolUser } from '../../functions/adapters/identity/pool-users';
import { batchWrite } from './write';

// Administration demo data (issue 11 §7): Demo Corp's invitations in every state, a suspended
// organization, and an organization with two instances of every type. Invites are written once
// (their codes are secrets made at first seeding); the rest is refreshed like the other tenancy items.

export const SUSPENDED_ORG = { id: 'org_globex', name: 'Globex Retail', domain: 'globex.example', admin: 'admin@globex.example' } as const;
export const MULTI_INSTANCE_ORG = { id: 'org_initech', name: 'Initech Holdings', domain: 'initech.example', admin: 'admin@initech.example' } as const;

const HOUR = 3_600_000;

function organization(o: { id: string; name: string; domain: string }, status: OrganizationRecord['status'], createdAt: string): OrganizationRecord {
  return { id: o.id, name: o.name, type: 'admin', slug: o.id.replace(/^org_/, ''), domain: o.domain, domains: [o.domain], subscription: 'professional', status, createdAt };
}

function invite(id: string, now: number, fields: Partial<InviteRecord> & Pick<InviteRecord, 'inviteType' | 'status'>, createdHoursAgo: number, validHours: number): InviteRecord {
  const code = newInviteCode();
  const created = now - createdHoursAgo * HOUR;
  return {
    id,
    organizationId: 'org_demo',
    email: null,
    role: 'user',
    inviterEmail: 'admin@democorp.example',
    inviterName: 'Marcus Webb',
    inviterIsSuperAdmin: false,
    createdAt: new Date(created).toISOString(),
    validUntil: new Date(created + validHours * HOUR).toISOString(),
    usageCount: 0,
    maxUses: fields.inviteType === 'link' ? 10 : 1,
    message: null,
    code,
    codeHash: hashInviteCode(code),
    instanceId: null,
    lastSentAt: null,
    sendCount: 0,
    ...fields,
  };
}

/** The org's admin in the pool (created once), answering the sub its member is bound to. */
async function ensureUser(cognitoEndpoint: string, userPoolId: string, email: string, organizationId: string): Promise<string> {
  const { sub } = await createPoolUser(cognitoClient(cognitoEndpoint), userPoolId, { email, organizationId, password: DEMO_PASSWORDS.customer }, { reuseExisting: true });
  return sub;
}

export async function seedAdministration(target: { cognitoEndpoint: string; userPoolId: string; tableName: string }, doc: DynamoDBDocumentClient, createdAt: string): Promise<void> {
  const tenancy: Array<Record<string, unknown>> = [
    items.organization(organization(SUSPENDED_ORG, 'suspended', createdAt)),
    items.organization(organization(MULTI_INSTANCE_ORG, 'active', createdAt)),
    items.instance({ id: 'inst_globex_prod', organizationId: SUSPENDED_ORG.id, name: 'Globex Production', type: 'production', warehouseType: 'snowflake', description: 'Store and e-commerce data', createdBy: SUSPENDED_ORG.admin, status: 'active', createdAt }),
  ];
  // Two instances of every type, warehouses in turn.
  INSTANCE_TYPES.forEach((type, t) => {
    for (const n of [1, 2]) {
      const instance: InstanceRecord = {
        id: `inst_initech_${type}_${n}`,
        organizationId: MULTI_INSTANCE_ORG.id,
        name: `${type.replace('_', ' ').replace(/^./, (c) => c.toUpperCase())} ${n}`,
        type,
        warehouseType: WAREHOUSE_TYPES[(t * 2 + n - 1) % WAREHOUSE_TYPES.length]!,
        description: `${type.replace('_', ' ')} environment ${n} of Initech`,
        createdBy: MULTI_INSTANCE_ORG.admin,
        status: 'active',
        createdAt,
      };
      tenancy.push(items.instance(instance));
    }
  });
  for (const o of [SUSPENDED_ORG, MULTI_INSTANCE_ORG]) {
    const sub = await ensureUser(target.cognitoEndpoint, target.userPoolId, o.admin, o.id);
    tenancy.push(items.member({ email: o.admin, organizationId: o.id, firstName: 'Alex', lastName: o.name.split(' ')[0]!, title: 'Administrator', role: 'admin', isOrgAdmin: true, createdAt, sub }));
    tenancy.push(items.identity({ sub, organizationId: o.id, email: o.admin }));
  }
  await batchWrite(doc, target.tableName, tenancy);

  const now = Date.now();
  const invites = [
    invite('01SEEDINVITEPENDINGEMAIL00', now, { inviteType: 'email', status: 'pending', email: 'new.hire@democorp.example', message: 'Welcome to the data team!', instanceId: 'inst_demo_prod', lastSentAt: new Date(now - HOUR).toISOString(), sendCount: 1 }, 1, 168),
    invite('01SEEDINVITEPENDINGLINK000', now, { inviteType: 'link', status: 'pending', usageCount: 3, instanceId: 'inst_demo_sales' }, 2, 72),
    invite('01SEEDINVITEACCEPTED000000', now, { inviteType: 'email', status: 'accepted', email: 'engineer@democorp.example', usageCount: 1, sendCount: 1 }, 24 * 30, 24),
    invite('01SEEDINVITEEXPIRED0000000', now, { inviteType: 'email', status: 'pending', email: 'late.reply@democorp.example', sendCount: 1 }, 24 * 5, 24),
    invite('01SEEDINVITEREVOKED0000000', now, { inviteType: 'email', status: 'revoked', email: 'wrong.address@democorp.example', role: 'admin', sendCount: 1 }, 24 * 2, 72),
  ];
  for (const record of invites) {
    try {
      await doc.send(new PutCommand({ TableName: target.tableName, Item: teamItems.invite(record), ConditionExpression: 'attribute_not_exists(pk)' }));
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException) && !(error instanceof Error && error.name === 'ConditionalCheckFailedException')) throw error;
    }
  }
}
