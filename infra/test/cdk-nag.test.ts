import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildFunctions } from '../build-functions';
import { buildApp } from '../lib/app';

// Issue 8 §8: cdk-nag's AwsSolutions pack over every stack of a stage (nested route stacks
// included). cdk-nag 3 runs as a CDK policy-validation plugin: synth fails with a report when a
// rule finds something that is neither fixed in the construct nor acknowledged next to it with a
// written reason (Validations.of(construct).acknowledge({ id, reason })). This test fails on any
// such finding and lists them.

const functionsDir = mkdtempSync(path.join(os.tmpdir(), 'qd-nag-functions-'));

/** The unacknowledged findings of a failed synth: "<construct path> <rule id>". */
export function findingsOf(report: string): string[] {
  const findings: string[] = [];
  const lines = report.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const rule = lines[i]!.match(/Acknowledge with '([^']+)'/);
    if (!rule) continue;
    const where = lines[i - 1]?.trim().split(/\s+/)[0] ?? '?';
    findings.push(`${where} ${rule[1]}`);
  }
  return [...new Set(findings)].sort();
}

let report = '';

beforeAll(async () => {
  await buildFunctions({ outDir: functionsDir });
  // With a web ACL given, as a deployed stage has it (README, Deployment): CFR2 is then fixed, not acknowledged.
  const app = new App({ context: { webAclArn: 'arn:aws:wafv2:us-east-1:123456789012:global/webacl/quality-desk-nag-edge/0000' } });
  buildApp(app, 'nag', { functionsDir, webDistDir: path.join(functionsDir, 'no-web-build') });
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  try {
    app.synth();
  } catch (error) {
    report = String(error);
  }
}, 240_000);

afterAll(() => rmSync(functionsDir, { recursive: true, force: true }));

describe('cdk-nag AwsSolutions', () => {
  it('leaves no finding unfixed or unacknowledged in any stack', () => {
    const findings = findingsOf(report);
    expect(findings).toEqual([]);
    // A synth failure that is not a nag report would hide here: there must be none at all.
    expect(report).toBe('');
  });
});
