// Alarms of a stage (issue 9 item 7): the dead-letter queue holds a message, a worker fails, the
// API answers too many 5xx, a function is throttled. Every alarm notifies one SNS topic; an
// e-mail address given as CDK context (`-c alarmEmail=ops@example.com`) is subscribed to it.
import { Duration } from 'aws-cdk-lib';
import * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as kms from 'aws-cdk-lib/aws-kms';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as sns from 'aws-cdk-lib/aws-sns';
import * as subscriptions from 'aws-cdk-lib/aws-sns-subscriptions';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';

/** Share of API answers that are 5xx (percent, per 5 minutes) above which the API alarm fires. */
export const API_5XX_RATE_PERCENT = 5;

const EMAIL = /^[^\s@]{1,64}@[^\s@]{1,255}\.[^\s@]{2,63}$/;

export interface OperationsAlarmsProps {
  stage: string;
  api: apigwv2.IHttpApi;
  /** Workers whose errors are alarmed (suggestions and scan). */
  workers: Record<string, lambda.IFunction>;
  /** The suggestions dead-letter queue: any message in it is a row the pipeline gave up on. */
  deadLetterQueue?: sqs.IQueue;
  /** Subscribed to the topic when given (CDK context alarmEmail). */
  alarmEmail?: string;
}

export class OperationsAlarms extends Construct {
  public readonly topic: sns.Topic;
  public readonly alarms: cloudwatch.Alarm[] = [];

  constructor(scope: Construct, id: string, props: OperationsAlarmsProps) {
    super(scope, id);
    const { stage } = props;
    if (props.alarmEmail !== undefined && !EMAIL.test(props.alarmEmail)) {
      throw new Error(`alarmEmail "${props.alarmEmail}" is not an e-mail address`);
    }

    // Encrypted at rest with a key CloudWatch may use (the AWS-managed SNS key does not let
    // CloudWatch alarms publish); TLS only.
    const key = new kms.Key(this, 'TopicKey', {
      description: `Quality Desk ${stage}: alarm notifications`,
      enableKeyRotation: true,
    });
    key.addToResourcePolicy(new iam.PolicyStatement({
      principals: [new iam.ServicePrincipal('cloudwatch.amazonaws.com')],
      actions: ['kms:Decrypt', 'kms:GenerateDataKey*'],
      resources: ['*'],
    }));
    this.topic = new sns.Topic(this, 'Topic', {
      displayName: `Quality Desk ${stage} alarms`,
      masterKey: key,
      enforceSSL: true,
    });
    if (props.alarmEmail) this.topic.addSubscription(new subscriptions.EmailSubscription(props.alarmEmail));
    const notify = new SnsAction(this.topic);

    const add = (alarmId: string, alarmProps: cloudwatch.AlarmProps): cloudwatch.Alarm => {
      const alarm = new cloudwatch.Alarm(this, alarmId, alarmProps);
      alarm.addAlarmAction(notify);
      alarm.addOkAction(notify);
      this.alarms.push(alarm);
      return alarm;
    };

    if (props.deadLetterQueue) {
      add('DeadLettersAlarm', {
        alarmName: `quality-desk-${stage}-suggestions-dlq-not-empty`,
        alarmDescription: 'A suggestion message reached the dead-letter queue: a row the AI pipeline gave up on. Look at the message, fix the cause, redrive it.',
        metric: props.deadLetterQueue.metricApproximateNumberOfMessagesVisible({ period: Duration.minutes(1), statistic: cloudwatch.Stats.MAXIMUM }),
        threshold: 0,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
        evaluationPeriods: 1,
        treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      });
    }

    for (const [name, fn] of Object.entries(props.workers)) {
      add(`${name}ErrorsAlarm`, {
        alarmName: `quality-desk-${stage}-${name.toLowerCase()}-worker-errors`,
        alarmDescription: `The ${name.toLowerCase()} worker failed an invocation (an unhandled error, a timeout or an out-of-memory).`,
        metric: fn.metricErrors({ period: Duration.minutes(5), statistic: cloudwatch.Stats.SUM }),
        threshold: 0,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
        evaluationPeriods: 1,
        treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      });
    }

    const period = Duration.minutes(5);
    const rate = new cloudwatch.MathExpression({
      label: 'API 5xx rate (%)',
      expression: 'IF(requests > 0, 100 * errors / requests, 0)',
      usingMetrics: {
        errors: props.api.metricServerError({ period, statistic: cloudwatch.Stats.SUM }),
        requests: props.api.metricCount({ period, statistic: cloudwatch.Stats.SUM }),
      },
      period,
    });
    add('Api5xxRateAlarm', {
      alarmName: `quality-desk-${stage}-api-5xx-rate`,
      alarmDescription: `More than ${API_5XX_RATE_PERCENT}% of API answers were 5xx in two of three 5-minute periods.`,
      metric: rate,
      threshold: API_5XX_RATE_PERCENT,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
      evaluationPeriods: 3,
      datapointsToAlarm: 2,
      treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
    });

    // Lambda's throttles across all functions of the account and region (one stage per account is
    // the layout the README recommends): one alarm rather than one per route function.
    add('ThrottlesAlarm', {
      alarmName: `quality-desk-${stage}-lambda-throttles`,
      alarmDescription: 'Lambda throttled invocations (concurrency limit reached): requests failed with 429/503 or queue work was delayed.',
      metric: new cloudwatch.Metric({ namespace: 'AWS/Lambda', metricName: 'Throttles', period, statistic: cloudwatch.Stats.SUM }),
      threshold: 0,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
      evaluationPeriods: 1,
      treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
    });
  }
}
