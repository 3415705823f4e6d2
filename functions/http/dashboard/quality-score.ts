import { datasetParamsSchema } from '../../../shared/schemas/issues';
import { dashboardRepository } from '../../adapters/dynamodb/dashboard-repository';
import { datasetScore } from '../../domain/dashboard/dashboard';
import { defineRoute } from '../define-route';
import { instanceRef } from './instance-ref';

// GET /api/{dataset}/quality-score: the dataset's score and grade (diagnostics/.../score explains it).
export const handler = defineRoute({ params: datasetParamsSchema }, async (input) => {
  const s = await datasetScore(dashboardRepository, instanceRef(input), input.params.dataset);
  return { body: { success: true, datasetId: s.datasetId, qualityScore: s.qualityScore, grade: s.grade, checkedValues: s.checkedValues, weightedOpen: s.weightedOpen } };
});
