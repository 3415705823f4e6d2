import { datasetHealthQuerySchema, type DatasetHealthResponse } from '../../../shared/schemas/dashboard';
import { dashboardRepository } from '../../adapters/dynamodb/dashboard-repository';
import { datasetHealth } from '../../domain/dashboard/dashboard';
import { defineRoute } from '../define-route';
import { instanceRef } from './instance-ref';

export const handler = defineRoute({ query: datasetHealthQuerySchema }, async (input) => {
  const data = await datasetHealth(dashboardRepository, instanceRef(input), { includeDetails: input.query.include_details }, new Date());
  const body: DatasetHealthResponse = { success: true, data };
  return { body };
});
