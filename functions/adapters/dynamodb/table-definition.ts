// The one definition of the single table: the CDK stateful stack and the local stack both build
// the table from this module (ARCHITECTURE §2).
//
// Access patterns served by the indexes (key shapes live in keys.ts):
//   byLookup (gsi1pk, gsi1sk)
//     - a member by e-mail, with the instances assigned to them: gsi1pk USER#<email>
//     - an instance by id (super admins act across organizations):   gsi1pk INST#<inst>
//     - every organization (super-admin overview):                  gsi1pk ORGS
//     - an invite by code (later):                                  gsi1pk INVITE#<code>

export const TABLE_BASE_NAME = 'quality-desk';

export const tableDefinition = {
  partitionKey: 'pk',
  sortKey: 'sk',
  timeToLiveAttribute: 'expiresAt',
  globalSecondaryIndexes: [
    { indexName: 'byLookup', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' },
  ],
} as const;

export type IndexName = (typeof tableDefinition.globalSecondaryIndexes)[number]['indexName'];

export function tableName(stage: string): string {
  return `${TABLE_BASE_NAME}-${stage}`;
}
