import {
  CreateTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  ResourceNotFoundException,
  UpdateTableCommand,
  UpdateTimeToLiveCommand,
  type GlobalSecondaryIndex,
} from '@aws-sdk/client-dynamodb';
import {
  CognitoIdentityProviderClient,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  ListUserPoolClientsCommand,
  DeleteUserPoolClientCommand,
  ListUserPoolsCommand,
  UpdateUserPoolClientCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { tableDefinition } from '../../functions/adapters/dynamodb/table-definition';
import { retiredUserPoolClientNames, userPoolClientName, userPoolDefinition } from '../../functions/adapters/identity/user-pool-definition';

// Creates the table and the user pool locally from the same definitions the CDK stack uses.

const localCredentials = { accessKeyId: 'local', secretAccessKey: 'local' };
export const LOCAL_REGION = 'us-east-1';

export function dynamoClient(endpoint: string): DynamoDBClient {
  return new DynamoDBClient({ endpoint, region: LOCAL_REGION, credentials: localCredentials });
}

export function cognitoClient(endpoint: string): CognitoIdentityProviderClient {
  return new CognitoIdentityProviderClient({ endpoint, region: LOCAL_REGION, credentials: localCredentials });
}

function indexSpec(gsi: (typeof tableDefinition.globalSecondaryIndexes)[number]): GlobalSecondaryIndex {
  return {
    IndexName: gsi.indexName,
    KeySchema: [
      { AttributeName: gsi.partitionKey, KeyType: 'HASH' },
      { AttributeName: gsi.sortKey, KeyType: 'RANGE' },
    ],
    Projection: { ProjectionType: 'ALL' },
  };
}

async function waitUntilActive(client: DynamoDBClient, name: string, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { Table } = await client.send(new DescribeTableCommand({ TableName: name }));
    const indexes = Table?.GlobalSecondaryIndexes ?? [];
    if (Table?.TableStatus === 'ACTIVE' && indexes.every((i) => i.IndexStatus === 'ACTIVE')) return;
    if (Date.now() > deadline) throw new Error(`table ${name} did not become ACTIVE within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * Creates the table from the shared definition, or brings an existing (persisted) one up to it:
 * indexes added to the definition since the table was created are created one at a time (as
 * DynamoDB requires) and waited for, so an old .data/ directory keeps working.
 */
export async function ensureTable(endpoint: string, name: string): Promise<void> {
  const client = dynamoClient(endpoint);
  let existing: Set<string> | undefined;
  try {
    const { Table } = await client.send(new DescribeTableCommand({ TableName: name }));
    existing = new Set((Table?.GlobalSecondaryIndexes ?? []).map((i) => i.IndexName ?? ''));
  } catch (error) {
    if (!(error instanceof ResourceNotFoundException)) throw error;
  }
  if (existing) {
    for (const gsi of tableDefinition.globalSecondaryIndexes) {
      if (existing.has(gsi.indexName)) continue;
      await client.send(
        new UpdateTableCommand({
          TableName: name,
          AttributeDefinitions: [
            { AttributeName: gsi.partitionKey, AttributeType: 'S' },
            { AttributeName: gsi.sortKey, AttributeType: 'S' },
          ],
          GlobalSecondaryIndexUpdates: [{ Create: indexSpec(gsi) }],
        }),
      );
      await waitUntilActive(client, name);
    }
    return;
  }
  const attributeNames = new Set<string>([tableDefinition.partitionKey, tableDefinition.sortKey]);
  for (const gsi of tableDefinition.globalSecondaryIndexes) {
    attributeNames.add(gsi.partitionKey);
    attributeNames.add(gsi.sortKey);
  }
  await client.send(
    new CreateTableCommand({
      TableName: name,
      BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: [...attributeNames].map((n) => ({ AttributeName: n, AttributeType: 'S' })),
      KeySchema: [
        { AttributeName: tableDefinition.partitionKey, KeyType: 'HASH' },
        { AttributeName: tableDefinition.sortKey, KeyType: 'RANGE' },
      ],
      GlobalSecondaryIndexes: tableDefinition.globalSecondaryIndexes.map(indexSpec),
    }),
  );
  await client.send(
    new UpdateTimeToLiveCommand({
      TableName: name,
      TimeToLiveSpecification: { AttributeName: tableDefinition.timeToLiveAttribute, Enabled: true },
    }),
  );
}

export async function ensureUserPool(endpoint: string, poolName: string): Promise<{ userPoolId: string; clientId: string }> {
  const client = cognitoClient(endpoint);
  const pools = await client.send(new ListUserPoolsCommand({ MaxResults: 60 }));
  let userPoolId = pools.UserPools?.find((p) => p.Name === poolName)?.Id;
  if (!userPoolId) {
    const policy = userPoolDefinition.passwordPolicy;
    const created = await client.send(
      new CreateUserPoolCommand({
        PoolName: poolName,
        UsernameAttributes: [...userPoolDefinition.usernameAttributes],
        Policies: {
          PasswordPolicy: {
            MinimumLength: policy.minLength,
            RequireLowercase: policy.requireLowercase,
            RequireUppercase: policy.requireUppercase,
            RequireNumbers: policy.requireDigits,
            RequireSymbols: policy.requireSymbols,
          },
        },
        AutoVerifiedAttributes: ['email'],
        UserAttributeUpdateSettings: { AttributesRequireVerificationBeforeUpdate: [...userPoolDefinition.attributesRequireVerificationBeforeUpdate] },
        Schema: Object.entries(userPoolDefinition.customAttributes).map(([name, a]) => ({
          Name: name,
          AttributeDataType: 'String',
          Mutable: a.mutable,
          StringAttributeConstraints: { MaxLength: String(a.maxLen) },
        })),
      }),
    );
    userPoolId = created.UserPool?.Id;
    if (!userPoolId) throw new Error('cognito-local did not return a user pool id');
  }
  const clients = await client.send(new ListUserPoolClientsCommand({ UserPoolId: userPoolId, MaxResults: 60 }));
  // A persisted pool of an older version has a public client with a password flow: removed.
  for (const old of clients.UserPoolClients ?? []) {
    if (old.ClientId && (retiredUserPoolClientNames as readonly string[]).includes(old.ClientName ?? '')) {
      await client.send(new DeleteUserPoolClientCommand({ UserPoolId: userPoolId, ClientId: old.ClientId }));
    }
  }
  let clientId = clients.UserPoolClients?.find((c) => c.ClientName === userPoolClientName)?.ClientId;
  if (!clientId) {
    const created = await client.send(
      new CreateUserPoolClientCommand({
        UserPoolId: userPoolId,
        ClientName: userPoolClientName,
        ...clientSettings(),
        GenerateSecret: userPoolDefinition.client.generateSecret,
      }),
    );
    clientId = created.UserPoolClient?.ClientId;
    if (!clientId) throw new Error('cognito-local did not return a client id');
  } else {
    // A persisted pool from an older start: bring its client up to the definition.
    await client.send(new UpdateUserPoolClientCommand({ UserPoolId: userPoolId, ClientId: clientId, ...clientSettings() }));
  }
  return { userPoolId, clientId };
}

/** The app client's settings from the shared definition (cognito-local honours the token validities). */
function clientSettings() {
  const c = userPoolDefinition.client;
  return {
    ExplicitAuthFlows: [...c.explicitAuthFlows],
    ReadAttributes: [...c.readAttributes],
    WriteAttributes: [...c.writeAttributes],
    IdTokenValidity: c.idTokenValidityMinutes,
    AccessTokenValidity: c.accessTokenValidityMinutes,
    RefreshTokenValidity: c.refreshTokenValidityDays,
    TokenValidityUnits: { IdToken: 'minutes', AccessToken: 'minutes', RefreshToken: 'days' } as const,
    EnableTokenRevocation: true,
  };
}
