import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CreateTableCommand, DescribeTableCommand } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, describe, expect, it } from 'vitest';
import { tableDefinition } from '../../functions/adapters/dynamodb/table-definition';
import { startDynamoDb, type Emulator } from '../../scripts/local/emulators';
import { dynamoClient, ensureTable } from '../../scripts/local/provision';
import { DEMO_DATASETS } from '../../scripts/seed/demo-datasets';
import { generateDataset } from '../../scripts/seed/generate';
import { batchWrite, clearDataset, datasetItems } from '../../scripts/seed/write';

// A .data/ directory from before the issuesByStatus index keeps working: ensureTable adds the
// missing index to the persisted table, and a re-seed clears the old demo issues first.

const TABLE = 'quality-desk-upgrade';
const dir = mkdtempSync(path.join(tmpdir(), 'qd-upgrade-'));
let db: Emulator | undefined;

afterAll(async () => {
  await db?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('the local table of an older .data/ directory', () => {
  it('gains the indexes added since, and takes the new seed', async () => {
    // Prepare: the table as the foundation created it (byLookup only), with an old-style issue.
    db = await startDynamoDb({ dataDir: dir });
    const old = dynamoClient(db.endpoint);
    await old.send(
      new CreateTableCommand({
        TableName: TABLE,
        BillingMode: 'PAY_PER_REQUEST',
        AttributeDefinitions: ['pk', 'sk', 'gsi1pk', 'gsi1sk'].map((n) => ({ AttributeName: n, AttributeType: 'S' })),
        KeySchema: [
          { AttributeName: 'pk', KeyType: 'HASH' },
          { AttributeName: 'sk', KeyType: 'RANGE' },
        ],
        GlobalSecondaryIndexes: [
          {
            IndexName: 'byLookup',
            KeySchema: [
              { AttributeName: 'gsi1pk', KeyType: 'HASH' },
              { AttributeName: 'gsi1sk', KeyType: 'RANGE' },
            ],
            Projection: { ProjectionType: 'ALL' },
          },
        ],
      }),
    );
    await DynamoDBDocumentClient.from(old).send(
      new PutCommand({ TableName: TABLE, Item: { pk: 'ORG#o#INST#i#DS#opportunities', sk: 'ISSUE#OLD', kind: 'issue', status: 'open', version: 1 } }),
    );
    await db.stop();

    // Act: restart on the same directory, bring the table up to date, re-seed one dataset.
    db = await startDynamoDb({ dataDir: dir });
    await ensureTable(db.endpoint, TABLE);
    await ensureTable(db.endpoint, TABLE);
    const doc = DynamoDBDocumentClient.from(dynamoClient(db.endpoint), { marshallOptions: { removeUndefinedValues: true } });
    const cleared = await clearDataset(doc, TABLE, 'o', 'i', 'opportunities');
    const generated = await generateDataset(DEMO_DATASETS[0]!, { organizationId: 'o', instanceId: 'i', owners: ['a@example.com', 'b@example.com', 'c@example.com'], anchorMs: Date.UTC(2026, 2, 1) });
    await batchWrite(doc, TABLE, datasetItems(generated));

    // Assess
    const { Table } = await dynamoClient(db.endpoint).send(new DescribeTableCommand({ TableName: TABLE }));
    expect(Table?.GlobalSecondaryIndexes?.map((i) => [i.IndexName, i.IndexStatus]).sort()).toEqual(
      tableDefinition.globalSecondaryIndexes.map((i) => [i.indexName, 'ACTIVE']).sort(),
    );
    expect(cleared).toBe(1);
    const open = await doc.send(
      new QueryCommand({
        TableName: TABLE,
        IndexName: 'issuesByStatus',
        KeyConditionExpression: 'gsi2pk = :p',
        ExpressionAttributeValues: { ':p': 'ORG#o#INST#i#DS#opportunities#STATUS#open' },
        Select: 'COUNT',
      }),
    );
    expect(open.Count).toBe(generated.counts.open);
    // Two JVM starts of DynamoDB Local and index backfills: minutes on a loaded machine, not a speed check.
  }, 240_000);
});
