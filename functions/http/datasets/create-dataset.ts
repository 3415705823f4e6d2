import { createDatasetRequestSchema } from '../../../shared/schemas/datasets';
import { createDataset } from '../../domain/datasets/create-dataset';
import { defineRoute, requireCaller, requireInstance } from '../define-route';
import { dataInDeps } from './deps';

// Step 2: name the dataset and its record key; the uploaded file is validated as it is read.
export const handler = defineRoute({ body: createDatasetRequestSchema }, async (input) => {
  const { dataset, source } = await createDataset(dataInDeps(), requireInstance(input), input.body, requireCaller(input).email);
  return {
    status: 201,
    body: {
      success: true,
      dataset: {
        id: dataset.id,
        name: dataset.name,
        onboardingStatus: dataset.onboardingStatus,
        recordKey: dataset.recordKey,
        totalRecords: dataset.totalRecords,
        columns: source.columns,
        lastScanTime: dataset.lastScanTime,
      },
    },
  };
});
