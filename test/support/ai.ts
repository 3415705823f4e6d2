import { DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import { inject } from 'vitest';
import * as keys from '../../functions/adapters/dynamodb/keys';
import { buildProfile } from '../../functions/domain/profile/build-profile';
import { dynamoClient } from '../../scripts/local/provision';
import { createIssueDataset, FIXTURE_INSTANCE, readAllIssues } from './fixtures';

// Datasets for the AI pipeline's tests: `rows` open rows failing a reference-list check on `city`,
// and a stored profile in which each of `cities` is frequent, so the builtin provider has the
// column's values to suggest from.

/** A misspelling of a city: its third letter replaced by "x". */
export const typo = (city: string) => `${city.slice(0, 2)}x${city.slice(3)}`;

export async function createAiDataset(options: { rows: number; cities: string[]; owner: string; valueAt?: (i: number) => string }) {
  const { rows, cities, owner } = options;
  const valueAt = options.valueAt ?? ((i: number) => typo(cities[i % cities.length]!));
  const { datasetId, issues } = await createIssueDataset({
    issues: rows,
    build: (i) => ({ status: 'open', issue_column: 'city', check_name: 'city_in_reference_list', current_value: valueAt(i), owner }),
  });
  const env = inject('stackEnv');
  const doc = DynamoDBDocumentClient.from(dynamoClient(env.DYNAMODB_ENDPOINT!));
  const profile = buildProfile(Array.from({ length: 300 }, (_, i) => ({ city: cities[i % cities.length]! })));
  await doc.send(
    new PutCommand({
      TableName: env.TABLE_NAME,
      Item: { ...keys.datasetProfile(FIXTURE_INSTANCE.organizationId, FIXTURE_INSTANCE.instanceId, datasetId), kind: 'datasetProfile', profile, scanTime: new Date().toISOString() },
    }),
  );
  return { datasetId, ids: issues.map((i) => i.issue_id) };
}

/** Rows the provider processed to the end (a suggestion or a definite abstention), by a table read. */
export async function processedRows(datasetId: string): Promise<number> {
  return (await readAllIssues(datasetId)).filter((i) => {
    const row = i as { ai_suggestion?: unknown; ai_status?: string };
    return row.ai_suggestion || row.ai_status === 'abstained';
  }).length;
}
