import { AdminCreateUserCommand, AdminSetUserPasswordCommand } from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import { inject } from 'vitest';
import { items } from '../../functions/adapters/dynamodb/items';
import type { Role } from '../../shared/roles';
import { cognitoClient, dynamoClient } from '../../scripts/local/provision';

// Extra members for tests that must not disturb the demo users (e.g. account lockout).

export async function createMember(options: { email: string; password: string; organizationId: string; role?: Role; instances?: string[] }) {
  const env = inject('stackEnv');
  const cognito = cognitoClient(env.COGNITO_ENDPOINT!);
  await cognito.send(
    new AdminCreateUserCommand({
      UserPoolId: env.USER_POOL_ID,
      Username: options.email,
      MessageAction: 'SUPPRESS',
      UserAttributes: [{ Name: 'email', Value: options.email }],
    }),
  );
  await cognito.send(
    new AdminSetUserPasswordCommand({ UserPoolId: env.USER_POOL_ID, Username: options.email, Password: options.password, Permanent: true }),
  );
  const doc = DynamoDBDocumentClient.from(dynamoClient(env.DYNAMODB_ENDPOINT!));
  const now = new Date().toISOString();
  await doc.send(
    new PutCommand({
      TableName: env.TABLE_NAME,
      Item: items.member({
        email: options.email,
        organizationId: options.organizationId,
        firstName: 'Test',
        lastName: 'Member',
        title: 'Tester',
        role: options.role ?? 'user',
        isOrgAdmin: false,
        createdAt: now,
      }),
    }),
  );
  for (const instanceId of options.instances ?? []) {
    await doc.send(
      new PutCommand({
        TableName: env.TABLE_NAME,
        Item: items.assignment({ organizationId: options.organizationId, instanceId, email: options.email, role: options.role ?? 'user', assignedAt: now }),
      }),
    );
  }
}
