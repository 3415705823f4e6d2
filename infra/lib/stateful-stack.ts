import * as kms from 'aws-cdk-lib/aws-kms';
import { KEY_ROTATION_DAYS } from '../../functions/domain/secrets/envelope';
// Resources that hold data: kept apart from the stateless stack so code changes never replace them.
import { Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import * as cognito from 'aws-cdk-lib/aws-cognito';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { tableDefinition, tableName } from '../../functions/adapters/dynamodb/table-definition';
import { suggestionsDeadLetterQueueName, suggestionsQueueDefinition, suggestionsQueueName } from '../../functions/adapters/queue/queue-definition';
import { acknowledge } from './nag';
import {
  userPoolClientName,
  userPoolDefinition,
  userPoolName,
} from '../../functions/adapters/identity/user-pool-definition';

export interface StatefulStackProps extends StackProps {
  stage: string;
}

const stringKey = (name: string): dynamodb.Attribute => ({ name, type: dynamodb.AttributeType.STRING });

/** Attribute names as Cognito spells them (email, email_verified, custom:x) → CDK's ClientAttributes. */
function clientAttributes(names: readonly string[]): cognito.ClientAttributes {
  const standard: Record<string, keyof cognito.StandardAttributesMask> = {
    email: 'email',
    email_verified: 'emailVerified',
    locale: 'locale',
  };
  const mask: cognito.StandardAttributesMask = {};
  const custom: string[] = [];
  for (const name of names) {
    if (name.startsWith('custom:')) custom.push(name.slice('custom:'.length));
    else if (standard[name]) (mask as Record<string, boolean>)[standard[name]] = true;
    else throw new Error(`unmapped user-pool attribute ${name}`);
  }
  return new cognito.ClientAttributes().withStandardAttributes(mask).withCustomAttributes(...custom);
}

export class StatefulStack extends Stack {
  public readonly table: dynamodb.Table;
  public readonly userPool: cognito.UserPool;
  public readonly userPoolClient: cognito.UserPoolClient;
  /** Datasets' source files (issue 4): uploaded by the browser with presigned PUTs, read by scans. */
  public readonly sourceBucket: s3.Bucket;
  /** AI suggestions (ARCHITECTURE §7): one message per row, a DLQ after maxReceiveCount receives. */
  public readonly suggestionsQueue: sqs.Queue;
  public readonly suggestionsDeadLetters: sqs.Queue;
  /** Envelope encryption of customer secrets (issue 14): wraps their data keys; rotated every 90 days. */
  public readonly secretsKey: kms.Key;

  constructor(scope: Construct, id: string, props: StatefulStackProps) {
    super(scope, id, props);
    const isProd = props.stage === 'prod';
    const removalPolicy = isProd ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY;

    this.table = new dynamodb.Table(this, 'Table', {
      tableName: tableName(props.stage),
      partitionKey: stringKey(tableDefinition.partitionKey),
      sortKey: stringKey(tableDefinition.sortKey),
      billingMode: dynamodb.BillingMode.PAY_PER_REQUEST,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      timeToLiveAttribute: tableDefinition.timeToLiveAttribute,
      deletionProtection: isProd,
      removalPolicy,
    });
    for (const index of tableDefinition.globalSecondaryIndexes) {
      this.table.addGlobalSecondaryIndex({
        indexName: index.indexName,
        partitionKey: stringKey(index.partitionKey),
        sortKey: stringKey(index.sortKey),
        projectionType: dynamodb.ProjectionType.ALL,
      });
    }

    // Server access logs of the sources bucket (cdk-nag S1): who read or wrote which object.
    const accessLogs = new s3.Bucket(this, 'AccessLogs', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      lifecycleRules: [{ expiration: Duration.days(365) }],
      removalPolicy,
    });
    acknowledge(accessLogs, 'AwsSolutions-S1', 'This is the access-log bucket itself; logging it into itself would loop.');

    this.sourceBucket = new s3.Bucket(this, 'SourceBucket', {
      serverAccessLogsBucket: accessLogs,
      serverAccessLogsPrefix: 'sources/',
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      versioned: false,
      // Presigned PUTs come from the SPA's origin; the signature, not CORS, is the access control.
      cors: [{ allowedMethods: [s3.HttpMethods.PUT], allowedOrigins: ['*'], allowedHeaders: ['content-type'], maxAge: 3000 }],
      lifecycleRules: [{ abortIncompleteMultipartUploadAfter: Duration.days(1) }],
      removalPolicy,
    });

    this.secretsKey = new kms.Key(this, 'SecretsKey', {
      description: `Quality Desk ${props.stage}: wraps the data keys of customer secrets (agent API keys)`,
      alias: `alias/quality-desk-${props.stage}-secrets`,
      enableKeyRotation: true,
      rotationPeriod: Duration.days(KEY_ROTATION_DAYS),
      removalPolicy,
    });

    this.suggestionsDeadLetters = new sqs.Queue(this, 'SuggestionsDeadLetters', {
      queueName: suggestionsDeadLetterQueueName(props.stage),
      retentionPeriod: Duration.days(suggestionsQueueDefinition.dlqRetentionDays),
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
    });
    this.suggestionsQueue = new sqs.Queue(this, 'SuggestionsQueue', {
      queueName: suggestionsQueueName(props.stage),
      visibilityTimeout: Duration.seconds(suggestionsQueueDefinition.visibilityTimeoutSeconds),
      deadLetterQueue: { queue: this.suggestionsDeadLetters, maxReceiveCount: suggestionsQueueDefinition.maxReceiveCount },
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
    });

    const { passwordPolicy, customAttributes, client } = userPoolDefinition;
    this.userPool = new cognito.UserPool(this, 'UserPool', {
      userPoolName: userPoolName(props.stage),
      // Identity only, and nothing here needs the paid tiers' features.
      featurePlan: cognito.FeaturePlan.LITE,
      selfSignUpEnabled: false,
      signInAliases: { email: userPoolDefinition.usernameAttributes.includes('email') },
      signInCaseSensitive: false,
      standardAttributes: { email: { required: true, mutable: true } },
      customAttributes: Object.fromEntries(
        Object.entries(customAttributes).map(([name, a]) => [
          name,
          new cognito.StringAttribute({ mutable: a.mutable, maxLen: a.maxLen }),
        ]),
      ),
      passwordPolicy: {
        minLength: passwordPolicy.minLength,
        requireLowercase: passwordPolicy.requireLowercase,
        requireUppercase: passwordPolicy.requireUppercase,
        requireDigits: passwordPolicy.requireDigits,
        requireSymbols: passwordPolicy.requireSymbols,
      },
      accountRecovery: cognito.AccountRecovery.EMAIL_ONLY,
      autoVerify: { email: true },
      keepOriginal: { email: userPoolDefinition.attributesRequireVerificationBeforeUpdate.includes('email') },
      deletionProtection: isProd,
      removalPolicy,
    });
    acknowledge(this.userPool, 'AwsSolutions-COG2', 'No MFA in the product spec yet; password guessing is held off by the API-only sign-in with its atomic attempt limit and lock-out rules (issue 8 §2–3) and by the WAF sign-in rate rule.');
    acknowledge(this.userPool, 'AwsSolutions-COG8', 'Lite feature plan on purpose: the Plus tier\'s threat protection duplicates the sign-in protection the API enforces itself (issue 8 §3) at a per-user price.');

    const flows: readonly string[] = client.explicitAuthFlows;
    this.userPoolClient = this.userPool.addClient('ApiClient', {
      userPoolClientName,
      // CDK always adds ALLOW_REFRESH_TOKEN_AUTH once any flow is on. No user (public) password
      // flow: only the sign-in functions sign users in (AdminInitiateAuth + the client secret).
      authFlows: {
        userPassword: flows.includes('ALLOW_USER_PASSWORD_AUTH'),
        adminUserPassword: flows.includes('ALLOW_ADMIN_USER_PASSWORD_AUTH'),
      },
      generateSecret: client.generateSecret,
      // The SPA signs in through the API; no hosted UI, so no OAuth flows or callback URLs.
      disableOAuth: true,
      preventUserExistenceErrors: true,
      enableTokenRevocation: true,
      readAttributes: clientAttributes(client.readAttributes),
      writeAttributes: clientAttributes(client.writeAttributes),
      idTokenValidity: Duration.minutes(client.idTokenValidityMinutes),
      accessTokenValidity: Duration.minutes(client.accessTokenValidityMinutes),
      refreshTokenValidity: Duration.days(client.refreshTokenValidityDays),
    });
  }
}
