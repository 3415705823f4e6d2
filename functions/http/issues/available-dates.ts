import { datasetParamsSchema, type AvailableDatesResponse } from '../../../shared/schemas/issues';
import { issuesRepository } from '../../adapters/dynamodb/issues-repository';
import { availableDates } from '../../domain/issues/read-issues';
import { defineRoute } from '../define-route';
import { datasetRef } from './dataset-ref';

export const handler = defineRoute({ params: datasetParamsSchema }, async (input) => {
  const body: AvailableDatesResponse = { success: true, dates: await availableDates(issuesRepository, datasetRef(input)) };
  return { body };
});
