import { App, Stack } from 'aws-cdk-lib';
import * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spaFallbackCode, WebHosting } from '../lib/web-hosting';

// Prepare: a stand-in SPA build, so the deployment branch is synthesized too.
const distDir = mkdtempSync(path.join(os.tmpdir(), 'qd-web-dist-'));
mkdirSync(path.join(distDir, 'assets'));
writeFileSync(path.join(distDir, 'index.html'), '<!doctype html>');
writeFileSync(path.join(distDir, 'assets', 'app-1a2b.js'), '');
const stack = new Stack(new App(), 'Web');
new WebHosting(stack, 'Web', { stage: 'test', api: new apigwv2.HttpApi(stack, 'Api'), distDir });
const template = Template.fromStack(stack);
afterAll(() => rmSync(distDir, { recursive: true, force: true }));

const rewrite = new Function('event', `${spaFallbackCode}; return handler(event);`) as (event: unknown) => { uri: string };
const viewerRequest = (uri: string) => rewrite({ request: { uri } }).uri;

describe('SPA history fallback', () => {
  it.each([
    ['/', '/index.html'],
    ['/issues/42', '/index.html'],
    ['/settings/organization/', '/index.html'],
    ['/assets/app-1a2b.js', '/assets/app-1a2b.js'],
    ['/favicon.ico', '/favicon.ico'],
    ['/api/users/me', '/api/users/me'],
  ])('turns %s into %s', (uri, expected) => expect(viewerRequest(uri)).toBe(expected));

  it('runs as a viewer-request CloudFront Function, not as error responses', () => {
    template.hasResourceProperties('AWS::CloudFront::Function', {
      FunctionConfig: Match.objectLike({ Runtime: 'cloudfront-js-2.0' }),
    });
    template.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({ CustomErrorResponses: Match.absent() }),
    });
  });
});

describe('the bucket', () => {
  it('is private and reached through origin access control', () => {
    template.hasResourceProperties('AWS::S3::Bucket', {
      PublicAccessBlockConfiguration: {
        BlockPublicAcls: true, BlockPublicPolicy: true, IgnorePublicAcls: true, RestrictPublicBuckets: true,
      },
    });
    template.resourceCountIs('AWS::CloudFront::OriginAccessControl', 1);
  });

  it('receives immutable assets and a revalidated index.html (and theme-init.js, not hashed) that invalidates the distribution', () => {
    template.resourceCountIs('Custom::CDKBucketDeployment', 2);
    template.hasResourceProperties('Custom::CDKBucketDeployment', {
      SystemMetadata: { 'cache-control': 'public, max-age=31536000, immutable' },
      Exclude: ['index.html', 'theme-init.js', '*.br', '*.gz', '.vite/*'],
    });
    template.hasResourceProperties('Custom::CDKBucketDeployment', {
      SystemMetadata: { 'cache-control': 'no-cache' },
      Prune: false,
      DistributionPaths: ['/index.html', '/theme-init.js'],
    });
  });
});
