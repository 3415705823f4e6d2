import { App, Stack } from 'aws-cdk-lib';
import * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { WebHosting } from '../lib/web-hosting';

// Issue 8 §5, deployed: CloudFront answers every page with the strict CSP, nosniff, a referrer
// policy, frame denial and HSTS; the /api/* behaviour gets the API policy and no-store.

const stack = new Stack(new App(), 'Web');
new WebHosting(stack, 'Web', { stage: 'test', api: new apigwv2.HttpApi(stack, 'Api'), uploadHosts: ['sources.s3.eu-west-1.amazonaws.com'] });
const template = Template.fromStack(stack);

type Policy = { Properties: { ResponseHeadersPolicyConfig: Record<string, any> } };
const policies = Object.entries(template.findResources('AWS::CloudFront::ResponseHeadersPolicy') as Record<string, Policy>);
const policyNamed = (fragment: string) => {
  const found = policies.find(([id]) => id.includes(fragment));
  if (!found) throw new Error(`no response headers policy ${fragment}`);
  return { id: found[0], config: found[1].Properties.ResponseHeadersPolicyConfig };
};

describe('CloudFront response headers policies', () => {
  const page = policyNamed('PageSecurityHeaders');
  const api = policyNamed('ApiSecurityHeaders');

  it.each([['page', page], ['api', api]])('%s: nosniff, referrer policy, frame denial and two years of HSTS, all overriding the origin', (_name, policy) => {
    const sec = policy.config.SecurityHeadersConfig;
    expect(sec.ContentTypeOptions).toEqual({ Override: true });
    expect(sec.ReferrerPolicy).toEqual({ ReferrerPolicy: 'strict-origin-when-cross-origin', Override: true });
    expect(sec.FrameOptions).toEqual({ FrameOption: 'DENY', Override: true });
    expect(sec.StrictTransportSecurity).toEqual({ AccessControlMaxAgeSec: 63_072_000, IncludeSubdomains: true, Override: true });
    expect(sec.ContentSecurityPolicy.Override).toBe(true);
    expect(sec.ContentSecurityPolicy.ContentSecurityPolicy).toContain("frame-ancestors 'none'");
  });

  it('page: a strict CSP without inline script, allowing uploads to the sources bucket only', () => {
    const csp: string = page.config.SecurityHeadersConfig.ContentSecurityPolicy.ContentSecurityPolicy;
    expect(csp).toContain("script-src 'self';");
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
    expect(csp).toContain("connect-src 'self' https://sources.s3.eu-west-1.amazonaws.com;");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain('upgrade-insecure-requests');
  });

  it('api: nothing may load or be framed, and answers default to no-store', () => {
    expect(api.config.SecurityHeadersConfig.ContentSecurityPolicy.ContentSecurityPolicy).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(api.config.CustomHeadersConfig.Items).toContainEqual({ Header: 'Cache-Control', Value: 'no-store', Override: false });
  });

  it('the SPA behaviour uses the page policy and /api/* the API policy', () => {
    template.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        DefaultCacheBehavior: Match.objectLike({ ResponseHeadersPolicyId: { Ref: page.id } }),
        CacheBehaviors: ['/api/*', '/qa/*'].map((PathPattern) => Match.objectLike({ PathPattern, ResponseHeadersPolicyId: { Ref: api.id } })),
      }),
    });
  });
});
