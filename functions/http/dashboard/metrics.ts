import { metricsQuerySchema, type MetricsResponse } from '../../../shared/schemas/dashboard';
import { dashboardRepository } from '../../adapters/dynamodb/dashboard-repository';
import { dashboardMetrics } from '../../domain/dashboard/dashboard';
import { defineRoute } from '../define-route';
import { instanceRef } from './instance-ref';

export const handler = defineRoute({ query: metricsQuerySchema }, async (input) => {
  const data = await dashboardMetrics(dashboardRepository, instanceRef(input), { timeframe: input.query.timeframe, includeTrends: input.query.include_trends }, new Date());
  const body: MetricsResponse = { success: true, timeframe: input.query.timeframe, data };
  return { body };
});
