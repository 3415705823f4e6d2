import { progressQuerySchema } from '../../../shared/schemas/progress';
import { dashboardRepository } from '../../adapters/dynamodb/dashboard-repository';
import { readMemberActivity } from '../../adapters/dynamodb/daily-activity';
import { myProgress } from '../../domain/progress/progress';
import { defineRoute, requireCaller } from '../define-route';
import { instanceRef } from '../dashboard/instance-ref';

// The caller is the token's member (by sub); the instance is x-instance-id, checked by the chain.
export const handler = defineRoute({ query: progressQuerySchema }, async (input) => ({
  body: await myProgress(
    { listDatasets: (instance) => dashboardRepository.listDatasets(instance), readMemberDays: readMemberActivity },
    instanceRef(input),
    requireCaller(input).email,
    input.query,
  ),
}));
