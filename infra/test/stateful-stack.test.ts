import { App } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { tableDefinition, tableName } from '../../functions/adapters/dynamodb/table-definition';
import { userPoolDefinition, userPoolName } from '../../functions/adapters/identity/user-pool-definition';
import { StatefulStack } from '../lib/stateful-stack';

const app = new App();
const testStack = new StatefulStack(app, 'Stateful-test', { stage: 'test' });
const prodStack = new StatefulStack(app, 'Stateful-prod', { stage: 'prod' });
const template = Template.fromStack(testStack);
const prodTemplate = Template.fromStack(prodStack);

describe('the table', () => {
  it('has the keys, indexes, TTL and billing of the shared table definition', () => {
    template.resourceCountIs('AWS::DynamoDB::Table', 1);
    template.hasResourceProperties('AWS::DynamoDB::Table', {
      TableName: tableName('test'),
      KeySchema: [
        { AttributeName: tableDefinition.partitionKey, KeyType: 'HASH' },
        { AttributeName: tableDefinition.sortKey, KeyType: 'RANGE' },
      ],
      BillingMode: 'PAY_PER_REQUEST',
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
      TimeToLiveSpecification: { AttributeName: tableDefinition.timeToLiveAttribute, Enabled: true },
      GlobalSecondaryIndexes: tableDefinition.globalSecondaryIndexes.map((index) => ({
        IndexName: index.indexName,
        KeySchema: [
          { AttributeName: index.partitionKey, KeyType: 'HASH' },
          { AttributeName: index.sortKey, KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'ALL' },
      })),
    });
  });

  it('declares every key attribute as a string', () => {
    const keys = new Set<string>([tableDefinition.partitionKey, tableDefinition.sortKey]);
    for (const index of tableDefinition.globalSecondaryIndexes) keys.add(index.partitionKey).add(index.sortKey);
    template.hasResourceProperties('AWS::DynamoDB::Table', {
      AttributeDefinitions: Match.arrayEquals([...keys].map((name) => ({ AttributeName: name, AttributeType: 'S' }))),
    });
  });

  it('is retained and protected in prod only', () => {
    template.hasResource('AWS::DynamoDB::Table', { DeletionPolicy: 'Delete' });
    prodTemplate.hasResource('AWS::DynamoDB::Table', {
      DeletionPolicy: 'Retain',
      Properties: Match.objectLike({ DeletionProtectionEnabled: true }),
    });
  });
});

describe('the user pool', () => {
  it('signs in by e-mail, admin-created users only, with the password policy and organization attribute', () => {
    const { passwordPolicy } = userPoolDefinition;
    template.hasResourceProperties('AWS::Cognito::UserPool', {
      UserPoolName: userPoolName('test'),
      UsernameAttributes: ['email'],
      AdminCreateUserConfig: { AllowAdminCreateUserOnly: true },
      Policies: {
        PasswordPolicy: Match.objectLike({
          MinimumLength: passwordPolicy.minLength,
          RequireLowercase: true,
          RequireUppercase: true,
          RequireNumbers: true,
          RequireSymbols: true,
        }),
      },
      Schema: Match.arrayWith([
        Match.objectLike({ Name: 'organization_id', AttributeDataType: 'String', Mutable: true }),
      ]),
    });
  });

  it('has one confidential client whose only password flow is the admin (server) flow, and the token validities (issue 8)', () => {
    const { client } = userPoolDefinition;
    template.resourceCountIs('AWS::Cognito::UserPoolClient', 1);
    expect([...client.explicitAuthFlows].sort()).toEqual(['ALLOW_ADMIN_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH']);
    template.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      ExplicitAuthFlows: Match.arrayEquals([...client.explicitAuthFlows]),
      GenerateSecret: true,
      IdTokenValidity: client.idTokenValidityMinutes,
      AccessTokenValidity: client.accessTokenValidityMinutes,
      RefreshTokenValidity: client.refreshTokenValidityDays * 24 * 60,
      TokenValidityUnits: { IdToken: 'minutes', AccessToken: 'minutes', RefreshToken: 'minutes' },
      AllowedOAuthFlows: Match.absent(),
    });
  });

  it('lets the app client write no attribute that carries authority, and keeps the original e-mail during a change (issue 8)', () => {
    const { client } = userPoolDefinition;
    template.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      ReadAttributes: Match.arrayEquals([...client.readAttributes].sort()),
      WriteAttributes: Match.arrayEquals([...client.writeAttributes]),
    });
    const written = template.findResources('AWS::Cognito::UserPoolClient');
    for (const resource of Object.values(written)) {
      const writes = (resource.Properties.WriteAttributes ?? []) as string[];
      // Cognito reads an empty list as "every standard attribute": it must name something.
      expect(writes.length).toBeGreaterThan(0);
      expect(writes.filter((a) => a === 'email' || a === 'email_verified' || a.startsWith('custom:'))).toEqual([]);
    }
    template.hasResourceProperties('AWS::Cognito::UserPool', {
      UserAttributeUpdateSettings: { AttributesRequireVerificationBeforeUpdate: ['email'] },
      AutoVerifiedAttributes: ['email'],
    });
  });
});

describe('the secrets key (issue 14)', () => {
  it('is a KMS key with automatic rotation every 90 days, retained in prod', () => {
    template.hasResourceProperties('AWS::KMS::Key', { EnableKeyRotation: true, RotationPeriodInDays: 90 });
    template.hasResourceProperties('AWS::KMS::Alias', { AliasName: 'alias/quality-desk-test-secrets' });
    expect(Object.values(prodTemplate.findResources('AWS::KMS::Key'))[0]!.DeletionPolicy).toBe('Retain');
  });
});
