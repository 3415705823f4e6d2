import type { RealTimeStatsResponse } from '../../../shared/schemas/dashboard';
import { dashboardRepository } from '../../adapters/dynamodb/dashboard-repository';
import { realTimeStats } from '../../domain/dashboard/dashboard';
import { defineRoute } from '../define-route';
import { instanceRef } from './instance-ref';

export const handler = defineRoute({}, async (input) => {
  const body: RealTimeStatsResponse = { success: true, data: await realTimeStats(dashboardRepository, instanceRef(input), new Date()) };
  return { body };
});
