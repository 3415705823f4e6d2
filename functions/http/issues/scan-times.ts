import { datasetParamsSchema, scanTimesQuerySchema, type ScanTimesResponse } from '../../../shared/schemas/issues';
import { issuesRepository } from '../../adapters/dynamodb/issues-repository';
import { scanTimes } from '../../domain/issues/read-issues';
import { defineRoute } from '../define-route';
import { datasetRef } from './dataset-ref';

export const handler = defineRoute({ params: datasetParamsSchema, query: scanTimesQuerySchema }, async (input) => {
  const body: ScanTimesResponse = { success: true, scanTimes: await scanTimes(issuesRepository, datasetRef(input), input.query.date) };
  return { body };
});
