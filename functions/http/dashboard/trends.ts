import { trendsQuerySchema, type TrendsResponse } from '../../../shared/schemas/dashboard';
import { dashboardRepository } from '../../adapters/dynamodb/dashboard-repository';
import { dashboardTrends } from '../../domain/dashboard/dashboard';
import { defineRoute } from '../define-route';
import { instanceRef } from './instance-ref';

export const handler = defineRoute({ query: trendsQuerySchema }, async (input) => {
  const { timeframe, interval, dataset_id } = input.query;
  const data = await dashboardTrends(dashboardRepository, instanceRef(input), { timeframe, interval, datasetId: dataset_id }, new Date());
  const body: TrendsResponse = { success: true, timeframe, interval, datasetId: dataset_id ?? null, data };
  return { body };
});
