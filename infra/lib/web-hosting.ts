// The SPA behind CloudFront, with /api/* sent to the HTTP API on the same origin (no CORS).
import { Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import type * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import { existsSync } from 'node:fs';
import { webDistDir } from './paths';
import { acknowledge } from './nag';
import {
  API_CONTENT_SECURITY_POLICY,
  HSTS_MAX_AGE_SECONDS,
  PERMISSIONS_POLICY,
  pageContentSecurityPolicy,
} from '../../shared/security-headers';
import { REALTIME_PATH } from '../../shared/realtime';

/** Files of the SPA that are not content-hashed: served with no-cache so a deploy shows at once. */
export const UNHASHED_FILES = ['index.html', 'theme-init.js'];

/**
 * The security headers of issue 8 §5 as a CloudFront response headers policy: the same values the
 * API handlers and the local server send (shared/security-headers.ts), plus HSTS, which only makes
 * sense over the HTTPS that CloudFront serves.
 */
function securityHeadersPolicy(scope: Construct, id: string, contentSecurityPolicy: string, extra: cloudfront.ResponseCustomHeader[] = []) {
  // Unnamed: CDK derives a name unique per account from the construct path (names are account-wide).
  return new cloudfront.ResponseHeadersPolicy(scope, id, {
    comment: 'Quality Desk security headers (issue 8)',
    securityHeadersBehavior: {
      contentSecurityPolicy: { contentSecurityPolicy, override: true },
      contentTypeOptions: { override: true },
      frameOptions: { frameOption: cloudfront.HeadersFrameOption.DENY, override: true },
      referrerPolicy: { referrerPolicy: cloudfront.HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN, override: true },
      strictTransportSecurity: { accessControlMaxAge: Duration.seconds(HSTS_MAX_AGE_SECONDS), includeSubdomains: true, override: true },
    },
    customHeadersBehavior: {
      customHeaders: [
        { header: 'Permissions-Policy', value: PERMISSIONS_POLICY, override: true },
        { header: 'Cross-Origin-Opener-Policy', value: 'same-origin', override: true },
        ...extra,
      ],
    },
  });
}

/**
 * CloudFront Function (viewer request): app URLs such as /issues/42 get index.html, files and the
 * API keep their path. Not errorResponses, which would also turn API 403/404s into index.html.
 */
export const spaFallbackCode = `function handler(event) {
  var request = event.request;
  var uri = request.uri;
  var last = uri.substring(uri.lastIndexOf('/') + 1);
  if (uri.indexOf('/api/') !== 0 && last.indexOf('.') === -1) {
    request.uri = '/index.html';
  }
  return request;
}`;

export interface WebHostingProps {
  stage: string;
  api: apigwv2.IHttpApi;
  /** The WebSocket API of real-time events, served at /ws on the same origin (issue 13). */
  realtimeApi?: apigwv2.IWebSocketApi;
  /** Built SPA; deployed only when it exists (tests and synth may run before the web build). */
  distDir?: string;
  /** Host names the SPA uploads to besides its own origin (the sources bucket's presigned PUTs). */
  uploadHosts?: string[];
  /** ARN of the CLOUDFRONT-scope WAF web ACL (created in us-east-1 by EdgeStack). */
  webAclArn?: string;
}

export class WebHosting extends Construct {
  public readonly bucket: s3.Bucket;
  public readonly distribution: cloudfront.Distribution;
  public readonly pageHeaders: cloudfront.ResponseHeadersPolicy;
  public readonly apiHeaders: cloudfront.ResponseHeadersPolicy;

  constructor(scope: Construct, id: string, props: WebHostingProps) {
    super(scope, id);
    const distDir = props.distDir ?? webDistDir;

    // Only rebuildable build output lives here, so the bucket may go with its stack.
    // Server access logs of the web bucket and CloudFront's standard logs (cdk-nag S1, CFR3).
    // CloudFront writes its logs with ACLs, hence object ownership "bucket owner preferred".
    const accessLogs = new s3.Bucket(this, 'AccessLogs', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_PREFERRED,
      lifecycleRules: [{ expiration: Duration.days(365) }],
      removalPolicy: RemovalPolicy.DESTROY,
      autoDeleteObjects: true,
    });
    acknowledge(accessLogs, 'AwsSolutions-S1', 'This is the access-log bucket itself; logging it into itself would loop.');

    this.bucket = new s3.Bucket(this, 'Bucket', {
      serverAccessLogsBucket: accessLogs,
      serverAccessLogsPrefix: 'web-bucket/',
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      removalPolicy: RemovalPolicy.DESTROY,
      autoDeleteObjects: true,
    });

    const spaFallback = new cloudfront.Function(this, 'SpaFallback', {
      code: cloudfront.FunctionCode.fromInline(spaFallbackCode),
      runtime: cloudfront.FunctionRuntime.JS_2_0,
      comment: `Quality Desk ${props.stage}: SPA history fallback`,
    });

    const region = Stack.of(this).region;
    const apiOrigin = new origins.HttpOrigin(`${props.api.apiId}.execute-api.${region}.${Stack.of(this).urlSuffix}`, {
      protocolPolicy: cloudfront.OriginProtocolPolicy.HTTPS_ONLY,
    });

    this.pageHeaders = securityHeadersPolicy(
      this,
      'PageSecurityHeaders',
      pageContentSecurityPolicy({ connectSources: (props.uploadHosts ?? []).map((h) => `https://${h}`), upgradeInsecureRequests: true }),
    );
    // API answers carry tenant data: no-store unless a handler says otherwise (override off).
    this.apiHeaders = securityHeadersPolicy(this, 'ApiSecurityHeaders', API_CONTENT_SECURITY_POLICY, [
      { header: 'Cache-Control', value: 'no-store', override: false },
    ]);

    const apiBehavior: cloudfront.BehaviorOptions = {
      origin: apiOrigin,
      viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
      allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
      cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
      // The API Gateway endpoint rejects a foreign Host header; everything else (Authorization, query) passes.
      originRequestPolicy: cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
      responseHeadersPolicy: this.apiHeaders,
    };

    this.distribution = new cloudfront.Distribution(this, 'Distribution', {
      comment: `Quality Desk ${props.stage}`,
      defaultRootObject: 'index.html',
      httpVersion: cloudfront.HttpVersion.HTTP2_AND_3,
      priceClass: cloudfront.PriceClass.PRICE_CLASS_100,
      enableLogging: true,
      logBucket: accessLogs,
      logFilePrefix: 'cloudfront/',
      ...(props.webAclArn ? { webAclId: props.webAclArn } : {}),
      defaultBehavior: {
        origin: origins.S3BucketOrigin.withOriginAccessControl(this.bucket),
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: this.pageHeaders,
        compress: true,
        functionAssociations: [{ function: spaFallback, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST }],
      },
      additionalBehaviors: {
        '/api/*': apiBehavior,
        // The QA routes (spec 2 §7.5) live outside /api; they answer 404 unless QA mode is on.
        '/qa/*': apiBehavior,
        // Real-time events: the WebSocket API's stage is named ws, so /ws reaches it unchanged.
        // The upgrade headers (Sec-WebSocket-*) and the instanceId query pass; nothing is cached.
        ...(props.realtimeApi
          ? {
              [REALTIME_PATH]: {
                origin: new origins.HttpOrigin(`${props.realtimeApi.apiId}.execute-api.${region}.${Stack.of(this).urlSuffix}`, {
                  protocolPolicy: cloudfront.OriginProtocolPolicy.HTTPS_ONLY,
                }),
                viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
                allowedMethods: cloudfront.AllowedMethods.ALLOW_GET_HEAD,
                cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
                originRequestPolicy: cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
              } satisfies cloudfront.BehaviorOptions,
            }
          : {}),
      },
    });

    acknowledge(this.distribution, 'AwsSolutions-CFR1', 'The product serves customers worldwide; no country is excluded by policy. Abuse is limited by the WAF rate rules instead.');
    acknowledge(this.distribution, 'AwsSolutions-CFR4', 'The stage uses the default *.cloudfront.net certificate, with which CloudFront cannot pin a minimum viewer TLS version; a custom domain with its ACM certificate (TLSv1.2_2021) is the deployment step that lifts this.');
    if (!props.webAclArn) {
      acknowledge(this.distribution, 'AwsSolutions-CFR2', 'No web ACL ARN was given (context webAclArn): deploy the QualityDesk-<stage>-Edge stack in us-east-1 first and pass its WebAclArn output (README, Deployment). The Edge stack holds the rate-based rules.');
    }

    if (existsSync(distDir)) {
      // Hashed assets are immutable; index.html and theme-init.js must be revalidated so a deploy shows at once.
      // The local server's compressed copies (*.br, *.gz) and the build manifest stay local:
      // CloudFront compresses by itself.
      const localOnly = ['*.br', '*.gz', '.vite/*'];
      const unhashed = [...UNHASHED_FILES, ...localOnly];
      const assets = new s3deploy.BucketDeployment(this, 'DeployAssets', {
        sources: [s3deploy.Source.asset(distDir, { exclude: unhashed })],
        destinationBucket: this.bucket,
        exclude: unhashed,
        cacheControl: [s3deploy.CacheControl.fromString('public, max-age=31536000, immutable')],
        memoryLimit: 512,
      });
      const indexPage = new s3deploy.BucketDeployment(this, 'DeployIndex', {
        sources: [s3deploy.Source.asset(distDir, { exclude: ['*', ...UNHASHED_FILES.map((f) => `!${f}`)] })],
        destinationBucket: this.bucket,
        prune: false,
        cacheControl: [s3deploy.CacheControl.noCache()],
        distribution: this.distribution,
        distributionPaths: UNHASHED_FILES.map((f) => `/${f}`),
        memoryLimit: 512,
      });
      indexPage.node.addDependency(assets);
    }
  }
}
