// CDK entry (cdk.json): bundle the functions, then define the stage's stacks.
import { App } from 'aws-cdk-lib';
import { buildFunctions } from '../build-functions';
import { assertStage, buildApp } from '../lib/app';

const app = new App();
const stage = String(app.node.tryGetContext('stage') ?? 'dev');
assertStage(stage);
if (String(app.node.tryGetContext('skipBuild')) !== 'true') {
  await buildFunctions();
}
buildApp(app, stage);
