// cdk-nag (AwsSolutions) acknowledgements, each with its written reason, applied by the construct
// that owns the finding (issue 8 §8). cdk-nag 3 matches a finding by its exact id; wildcard
// findings (IAM5) name the resolved resource, which holds cross-stack export names known only
// after CDK has prepared the app. acknowledgeWildcards therefore acknowledges them from a
// construct validation (which runs after that preparation, before the nag validation plugin), and
// only those whose resource or action matches the stated intent.
import { Stack, Validations } from 'aws-cdk-lib';
import { CfnPolicy } from 'aws-cdk-lib/aws-iam';
import { flattenCfnReference } from 'cdk-nag/lib/utils/flatten-cfn-reference';
import type { IConstruct } from 'constructs';

export function acknowledge(scope: IConstruct, id: string, reason: string): void {
  Validations.of(scope).acknowledge({ id, reason });
}

export interface WildcardIntent {
  /** Matches the finding as cdk-nag writes it, e.g. "Resource::<bucket ARN>/*" or "Action::s3:GetObject*". */
  finding: RegExp;
  reason: string;
}

function wildcardFindings(document: { Statement?: Array<{ Effect?: string; Action?: string | string[]; Resource?: unknown }> }): string[] {
  const found = new Set<string>();
  for (const statement of document.Statement ?? []) {
    if (statement.Effect !== 'Allow') continue;
    for (const action of [statement.Action ?? []].flat()) if (action.includes('*')) found.add(`Action::${action}`);
    for (const resource of [statement.Resource ?? []].flat()) {
      const flat = flattenCfnReference(resource as never);
      if (flat.includes('*')) found.add(`Resource::${flat}`);
    }
  }
  return [...found];
}

/** Acknowledges the IAM5 wildcard findings under scope that match one of the intents (and no others). */
export function acknowledgeWildcards(scope: IConstruct, intents: WildcardIntent[]): void {
  scope.node.addValidation({
    validate: () => {
      for (const policy of scope.node.findAll().filter((c): c is CfnPolicy => c instanceof CfnPolicy)) {
        const document = Stack.of(policy).resolve(policy.policyDocument);
        for (const finding of wildcardFindings(document)) {
          const intent = intents.find((i) => i.finding.test(finding));
          if (intent) acknowledge(policy, `AwsSolutions-IAM5[${finding}]`, intent.reason);
        }
      }
      return [];
    },
  });
}

/** The wildcards every function of this app may hold, and why. */
export const FUNCTION_WILDCARDS: WildcardIntent[] = [
  {
    finding: /^Resource::.*SourceBucket.*\/\*$/,
    reason: 'Objects of the one sources bucket: keys are per organization/instance/dataset and the tenant check happens in the handler before any key is built; IAM cannot express the tenant of a request.',
  },
  {
    finding: /^Action::s3:(GetObject|GetBucket|List|DeleteObject|Abort|PutObject)\*$/,
    reason: 'CDK grantRead/grantReadWrite action groups on the one sources bucket (object versions, tagging, multipart abort); no other bucket is reachable.',
  },
  {
    finding: /^Resource::.*Table.*\/index\/\*$/,
    reason: 'Queries on the indexes of the one application table (byLookup, issuesByStatus, ...); every index key leads with the tenant, which the handler checks first.',
  },
  {
    finding: /^Resource::<referenceto.*ScanWorkerFunction.*Arn>:\*$/,
    reason: 'lambda:InvokeFunction on the scan worker and its versions/aliases only (CDK grantInvoke); no other function.',
  },
  {
    finding: /^Resource::<referenceto.*AgentSyncFunction.*Arn>:\*$/,
    reason: 'lambda:InvokeFunction on the agent sync function and its versions/aliases only (CDK grantInvoke; configure and Sync now start a sync); no other function.',
  },
];

/** Findings of every Lambda function here, acknowledged on the function's construct. */
export function acknowledgeFunctionDefaults(fn: IConstruct): void {
  acknowledge(fn, 'AwsSolutions-L1', 'Node.js 22 is pinned on purpose: the bundles are built and tested for it (esbuild target node22, TOOLCHAIN.md); moving to a newer runtime is a deliberate, tested upgrade, not an automatic one.');
  acknowledge(
    fn,
    'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
    'AWSLambdaBasicExecutionRole grants only logs:CreateLogGroup, CreateLogStream and PutLogEvents, which every function needs for its log group; AWS keeps it current.',
  );
  acknowledgeWildcards(fn, FUNCTION_WILDCARDS);
}

/** The route of a function of the route table: its authorization is in the handler chain. */
export function acknowledgeRouteAuthorization(route: IConstruct): void {
  acknowledge(
    route,
    'AwsSolutions-APIG4',
    'No API Gateway authorizer by design (ARCHITECTURE §5): every signed-in route verifies the Cognito ID token itself (aws-jwt-verify: signature, issuer, client, token_use, expiry) and then the tenant, the same code path as locally; the sign-in routes are public.',
  );
}

