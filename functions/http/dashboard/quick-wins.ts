import { quickWinsQuerySchema, type QuickWinsResponse } from '../../../shared/schemas/dashboard';
import { dashboardRepository } from '../../adapters/dynamodb/dashboard-repository';
import { quickWins } from '../../domain/dashboard/dashboard';
import { defineRoute } from '../define-route';
import { instanceRef } from './instance-ref';

export const handler = defineRoute({ query: quickWinsQuerySchema }, async (input) => {
  const { limit, dataset_id, priority_filter } = input.query;
  const data = await quickWins(dashboardRepository, instanceRef(input), { limit, datasetId: dataset_id, priority: priority_filter });
  const body: QuickWinsResponse = {
    success: true,
    data,
    totals: { estimatedTimeSaved: data.reduce((n, w) => n + w.estimatedTimeSaved, 0), businessValue: data.reduce((n, w) => n + w.businessValue, 0) },
  };
  return { body };
});
