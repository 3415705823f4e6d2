// The AI settings a function gets from the CDK context (-c aiProvider=bedrock ...), and the IAM
// grant the configured provider needs. Read by the route functions that ask a provider and by
// the suggestions worker.
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import type { Node } from 'constructs';

export function aiEnvironment(node: Node): Record<string, string> {
  const context = (key: string) => node.tryGetContext(key) as string | undefined;
  const env: Record<string, string> = { AI_PROVIDER: context('aiProvider') ?? 'builtin' };
  if (context('bedrockModelId')) env.BEDROCK_MODEL_ID = context('bedrockModelId')!;
  if (context('openAiBaseUrl')) env.OPENAI_BASE_URL = context('openAiBaseUrl')!;
  if (context('openAiModel')) env.OPENAI_MODEL = context('openAiModel')!;
  if (context('creditDollars')) env.CREDIT_DOLLARS = context('creditDollars')!;
  return env;
}

/** Bedrock: the Converse API is authorised as InvokeModel on the foundation model. */
export function grantAiProvider(fn: lambda.Function, env: Record<string, string>): void {
  if (env.AI_PROVIDER !== 'bedrock') return;
  fn.addToRolePolicy(new iam.PolicyStatement({ actions: ['bedrock:InvokeModel'], resources: ['arn:aws:bedrock:*::foundation-model/*', 'arn:aws:bedrock:*:*:inference-profile/*'] }));
}
