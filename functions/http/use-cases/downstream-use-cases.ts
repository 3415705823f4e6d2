import * as z from 'zod';
import { datasetParamsSchema } from '../../../shared/schemas/issues';
import { enabledUseCasesQuerySchema } from '../../../shared/use-cases';
import { issuesRepository } from '../../adapters/dynamodb/issues-repository';
import { openRowGroups, useCasesRepository } from '../../adapters/dynamodb/use-cases-repository';
import { requireDataset } from '../../domain/issues/dataset';
import { downstreamOfDataset, selectUseCases } from '../../domain/use-cases/downstream';
import { readUseCases } from '../../domain/use-cases/use-cases';
import { systemClock } from '../../lib/clock';
import { defineRoute } from '../define-route';
import { datasetRef } from '../issues/dataset-ref';

// GET /api/{dataset}/downstream-use-cases?enabledUseCases=a,b: the use cases the dataset's open
// rows affect, with how many rows each (spec 2 §7.3). The dataset is one of the x-instance-id
// instance; the use cases are those of that instance's organization.
export const handler = defineRoute(
  { params: datasetParamsSchema, query: z.object({ enabledUseCases: enabledUseCasesQuerySchema }) },
  async (input) => {
    const ref = datasetRef(input);
    const dataset = await requireDataset(issuesRepository, ref);
    const [useCases, groups] = await Promise.all([readUseCases(useCasesRepository, ref.organizationId, systemClock), openRowGroups(ref)]);
    return { body: { success: true, ...downstreamOfDataset({ id: dataset.id, name: dataset.name }, groups, selectUseCases(useCases, input.query.enabledUseCases)) } };
  },
);
