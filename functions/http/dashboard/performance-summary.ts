import { performanceQuerySchema, type PerformanceResponse } from '../../../shared/schemas/dashboard';
import { dashboardRepository } from '../../adapters/dynamodb/dashboard-repository';
import { performanceSummary } from '../../domain/dashboard/dashboard';
import { defineRoute } from '../define-route';
import { instanceRef } from './instance-ref';

export const handler = defineRoute({ query: performanceQuerySchema }, async (input) => {
  const data = await performanceSummary(dashboardRepository, instanceRef(input), input.query.timeframe, new Date());
  const body: PerformanceResponse = { success: true, timeframe: input.query.timeframe, data };
  return { body };
});
