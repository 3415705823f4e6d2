import { datasetParamsSchema } from '../../../shared/schemas/issues';
import { dashboardRepository } from '../../adapters/dynamodb/dashboard-repository';
import { datasetScore } from '../../domain/dashboard/dashboard';
import { defineRoute } from '../define-route';
import { instanceRef } from './instance-ref';

export const handler = defineRoute({ params: datasetParamsSchema }, async (input) => {
  return { body: { success: true, data: await datasetScore(dashboardRepository, instanceRef(input), input.params.dataset) } };
});
