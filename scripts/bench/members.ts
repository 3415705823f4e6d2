import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { dynamoClient } from '../local/provision';
import { batchWrite } from '../seed/write';
import { startBenchTable } from './bench-table';
import { line, measure } from './measure';

// npm run bench -- members: GET /api/organizations/{orgId}/members' use case over an organization of
// 1,000 members on 5 instances (each member assigned to one or two), against DynamoDB Local.

const B = 'members';
const MEMBERS = 1000;
const INSTANCES = 5;
const TARGET_P95_MS = 500;

export async function run(): Promise<boolean> {
  const bench = await startBenchTable('quality-desk-bench-members');
  try {
    const { items } = await import('../../functions/adapters/dynamodb/items');
    const { teamRepository } = await import('../../functions/adapters/dynamodb/team-repository');
    const { listMembers } = await import('../../functions/domain/team/members');
    const orgId = 'org_bench';
    const at = new Date().toISOString();
    const all: Array<Record<string, unknown>> = [
      items.organization({ id: orgId, name: 'Bench', type: 'admin', slug: 'bench', domain: 'bench.example', domains: ['bench.example'], subscription: 'enterprise', status: 'active', createdAt: at }),
    ];
    for (let i = 0; i < INSTANCES; i++) {
      all.push(items.instance({ id: `inst_${i}`, organizationId: orgId, name: `Instance ${i}`, type: 'production', description: '', warehouseType: 'mock', createdBy: 'bench', status: 'active', createdAt: at }));
    }
    for (let m = 0; m < MEMBERS; m++) {
      const email = `member${String(m).padStart(4, '0')}@bench.example`;
      all.push(items.member({ email, organizationId: orgId, firstName: `First${m}`, lastName: `Last${m}`, title: '', role: m % 10 === 0 ? 'admin' : 'user', isOrgAdmin: m < 3, createdAt: at }));
      for (const i of m % 2 === 0 ? [m % INSTANCES] : [m % INSTANCES, (m + 1) % INSTANCES]) {
        all.push(items.assignment({ organizationId: orgId, instanceId: `inst_${i}`, email, role: 'user', assignedAt: at }));
      }
    }
    await batchWrite(DynamoDBDocumentClient.from(dynamoClient(bench.endpoint)), bench.table, all);
    let count = 0;
    const timing = await measure(30, async () => {
      count = (await listMembers(teamRepository, orgId)).length;
    });
    if (count !== MEMBERS) throw new Error(`listed ${count} members, wrote ${MEMBERS}`);
    line(B, { metric: 'list-members', members: MEMBERS, instances: INSTANCES, ...timing, target: `p95 ≤ ${TARGET_P95_MS} ms` });
    return timing.p95 <= TARGET_P95_MS;
  } finally {
    await bench.stop();
  }
}
