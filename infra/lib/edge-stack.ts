// The WAF web ACL in front of CloudFront (issue 8 §8, ARCHITECTURE §1). CloudFront accepts only
// web ACLs of scope CLOUDFRONT, which AWS creates in us-east-1 whatever the stage's region, so
// they live in this small stack pinned to us-east-1. Its WebAclArn output is handed to the
// stateless stack (context webAclArn, or directly when the stage itself is in us-east-1).
import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import * as wafv2 from 'aws-cdk-lib/aws-wafv2';
import type { Construct } from 'constructs';
import { WAF_LIMITS } from '../../shared/rate-limits';

/** Requests per 5 minutes and source IP (shared/rate-limits.ts: System & Security lists them from there). */
export { WAF_LIMITS };

const visibility = (name: string): wafv2.CfnWebACL.VisibilityConfigProperty => ({
  cloudWatchMetricsEnabled: true,
  metricName: name,
  sampledRequestsEnabled: true,
});

const managed = (name: string, priority: number, overrides: string[] = []): wafv2.CfnWebACL.RuleProperty => ({
  name,
  priority,
  overrideAction: { none: {} },
  statement: {
    managedRuleGroupStatement: {
      vendorName: 'AWS',
      name,
      ...(overrides.length ? { ruleActionOverrides: overrides.map((rule) => ({ name: rule, actionToUse: { count: {} } })) } : {}),
    },
  },
  visibilityConfig: visibility(name),
});

export interface EdgeStackProps extends StackProps {
  stage: string;
}

export class EdgeStack extends Stack {
  public readonly webAcl: wafv2.CfnWebACL;

  constructor(scope: Construct, id: string, props: EdgeStackProps) {
    super(scope, id, props);
    this.webAcl = new wafv2.CfnWebACL(this, 'WebAcl', {
      name: `quality-desk-${props.stage}-edge`,
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      visibilityConfig: visibility(`quality-desk-${props.stage}-edge`),
      rules: [
        {
          name: 'SignInRatePerIp',
          priority: 0,
          action: { block: {} },
          statement: {
            rateBasedStatement: {
              limit: WAF_LIMITS.signInPerIp,
              aggregateKeyType: 'IP',
              scopeDownStatement: {
                byteMatchStatement: {
                  fieldToMatch: { uriPath: {} },
                  positionalConstraint: 'STARTS_WITH',
                  searchString: '/api/auth/',
                  textTransformations: [{ priority: 0, type: 'NONE' }],
                },
              },
            },
          },
          visibilityConfig: visibility('SignInRatePerIp'),
        },
        {
          name: 'RatePerIp',
          priority: 1,
          action: { block: {} },
          statement: { rateBasedStatement: { limit: WAF_LIMITS.perIp, aggregateKeyType: 'IP' } },
          visibilityConfig: visibility('RatePerIp'),
        },
        managed('AWSManagedRulesAmazonIpReputationList', 2),
        managed('AWSManagedRulesKnownBadInputsRuleSet', 3),
        // Request bodies over 8 KB are normal here (check configs, tool results): counted, not blocked.
        managed('AWSManagedRulesCommonRuleSet', 4, ['SizeRestrictions_BODY']),
      ],
    });
    new CfnOutput(this, 'WebAclArn', { value: this.webAcl.attrArn, description: 'Pass to the stateless stack: -c webAclArn=<this>' });
  }
}
