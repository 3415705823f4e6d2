// The SPA behind CloudFront, with /api/* sent to the HTTP API on the same origin (no CORS).
import { RemovalPolicy, Stack } from 'aws-cdk-lib';
import type * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import { existsSync } from 'node:fs';
import { webDistDir } from './paths';

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
  /** Built SPA; deployed only when it exists (tests and synth may run before the web build). */
  distDir?: string;
}

export class WebHosting extends Construct {
  public readonly bucket: s3.Bucket;
  public readonly distribution: cloudfront.Distribution;

  constructor(scope: Construct, id: string, props: WebHostingProps) {
    super(scope, id);
    const distDir = props.distDir ?? webDistDir;

    // Only rebuildable build output lives here, so the bucket may go with its stack.
    this.bucket = new s3.Bucket(this, 'Bucket', {
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

    this.distribution = new cloudfront.Distribution(this, 'Distribution', {
      comment: `Quality Desk ${props.stage}`,
      defaultRootObject: 'index.html',
      httpVersion: cloudfront.HttpVersion.HTTP2_AND_3,
      priceClass: cloudfront.PriceClass.PRICE_CLASS_100,
      defaultBehavior: {
        origin: origins.S3BucketOrigin.withOriginAccessControl(this.bucket),
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: cloudfront.ResponseHeadersPolicy.SECURITY_HEADERS,
        compress: true,
        functionAssociations: [{ function: spaFallback, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST }],
      },
      additionalBehaviors: {
        '/api/*': {
          origin: apiOrigin,
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
          cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
          // The API Gateway endpoint rejects a foreign Host header; everything else (Authorization, query) passes.
          originRequestPolicy: cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
        },
      },
    });

    if (existsSync(distDir)) {
      // Hashed assets are immutable; index.html must be revalidated so a deploy shows at once.
      // The local server's compressed copies (*.br, *.gz) and the build manifest stay local:
      // CloudFront compresses by itself.
      const localOnly = ['*.br', '*.gz', '.vite/*'];
      const assets = new s3deploy.BucketDeployment(this, 'DeployAssets', {
        sources: [s3deploy.Source.asset(distDir, { exclude: ['index.html', ...localOnly] })],
        destinationBucket: this.bucket,
        exclude: ['index.html', ...localOnly],
        cacheControl: [s3deploy.CacheControl.fromString('public, max-age=31536000, immutable')],
        memoryLimit: 512,
      });
      const indexPage = new s3deploy.BucketDeployment(this, 'DeployIndex', {
        sources: [s3deploy.Source.asset(distDir, { exclude: ['*', '!index.html'] })],
        destinationBucket: this.bucket,
        prune: false,
        cacheControl: [s3deploy.CacheControl.noCache()],
        distribution: this.distribution,
        distributionPaths: ['/index.html'],
        memoryLimit: 512,
      });
      indexPage.node.addDependency(assets);
    }
  }
}
