import { App, Stack } from 'aws-cdk-lib';
import * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { EdgeStack, WAF_LIMITS } from '../lib/edge-stack';
import { WebHosting } from '../lib/web-hosting';

// Issue 8 §8: WAF with rate-based rules in front of CloudFront and of sign-in. CloudFront takes
// only CLOUDFRONT-scope web ACLs, which live in us-east-1: the Edge stack is pinned there.

const edge = new EdgeStack(new App(), 'Edge', { stage: 'test', env: { region: 'us-east-1' } });
const template = Template.fromStack(edge);

describe('the edge web ACL', () => {
  it('is a CLOUDFRONT web ACL in us-east-1', () => {
    expect(edge.region).toBe('us-east-1');
    template.hasResourceProperties('AWS::WAFv2::WebACL', { Scope: 'CLOUDFRONT', DefaultAction: { Allow: {} } });
    template.hasOutput('WebAclArn', Match.anyValue());
  });

  it('blocks bursts per source IP, tighter on the sign-in calls', () => {
    const rules = Object.values(template.findResources('AWS::WAFv2::WebACL'))[0]!.Properties.Rules as Array<Record<string, any>>;
    const signIn = rules.find((r) => r.Name === 'SignInRatePerIp')!;
    expect(signIn.Action).toEqual({ Block: {} });
    expect(signIn.Statement.RateBasedStatement).toMatchObject({
      Limit: WAF_LIMITS.signInPerIp,
      AggregateKeyType: 'IP',
      ScopeDownStatement: { ByteMatchStatement: { SearchString: '/api/auth/', PositionalConstraint: 'STARTS_WITH' } },
    });
    expect(rules.find((r) => r.Name === 'RatePerIp')!.Statement.RateBasedStatement).toEqual({ Limit: WAF_LIMITS.perIp, AggregateKeyType: 'IP' });
    expect(rules.map((r) => r.Name)).toEqual(expect.arrayContaining(['AWSManagedRulesCommonRuleSet', 'AWSManagedRulesKnownBadInputsRuleSet', 'AWSManagedRulesAmazonIpReputationList']));
  });

  it('is attached to the distribution when its ARN is given', () => {
    const stack = new Stack(new App(), 'Web');
    const arn = 'arn:aws:wafv2:us-east-1:123456789012:global/webacl/x/1';
    new WebHosting(stack, 'Web', { stage: 'test', api: new apigwv2.HttpApi(stack, 'Api'), webAclArn: arn });
    Template.fromStack(stack).hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({ WebACLId: arn, Logging: Match.objectLike({ Prefix: 'cloudfront/' }) }),
    });
  });
});
