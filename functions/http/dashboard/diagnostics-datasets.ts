import { dashboardRepository } from '../../adapters/dynamodb/dashboard-repository';
import { scoreExplanations } from '../../domain/dashboard/dashboard';
import { SCORE_FORMULA } from '../../domain/dashboard/figures';
import { defineRoute } from '../define-route';
import { instanceRef } from './instance-ref';

export const handler = defineRoute({}, async (input) => {
  const datasets = await scoreExplanations(dashboardRepository, instanceRef(input));
  return { body: { success: true, formula: SCORE_FORMULA, datasets } };
});
