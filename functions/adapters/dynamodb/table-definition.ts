// The one definition of the single table: the CDK stateful stack and the local stack both build
// the table from this module (ARCHITECTURE §2).
//
// Access patterns (key shapes live in keys.ts; <ds> = ORG#<org>#INST#<inst>#DS#<dataset>):
//   table (pk, sk)
//     - an issue by id:                                  pk <ds>, sk ISSUE#<id>            (GetItem / BatchGet, consistent)
//     - the exact counters of a dataset, per scan time:  pk <ds>#COUNTERS, sk SCAN#<time>  (one Query; begins_with
//       SCAN#<date> for one day). Totals, status counts, issue-type counts, the dates and scan times
//       of the filters and the position of any offset are sums over these few items.
//     - a dataset's change stamp (issue 12):             pk <ds>#META, sk STAMP (BatchGet for all datasets of
//       a dashboard call; the dashboard's memo is valid while it is unchanged, dashboard-memo.ts)
//     - an issue's history, newest first:                pk <ds>#ISSUE#<id>, sk EVT#<at>#<event>
//     - AI (issue 5): a user's processing state          pk ORG#<org>#AI, sk USER#<email>; their jobs
//       sk JOB#<email>#<job>; a job's row outcomes pk ORG#<org>#AIJOB#<job>; parked messages
//       pk ORG#<org>#AIPARK#<email>; rule votes of a dataset pk <ds>#AI, sk RULE#<rule>.
//     - the credit ledger of an organization, by job time: pk ORG#<org>#CREDITS, sk ROW#<job>#<inst>#<ds>#<issue>
//       (one entry per job and row, written once; a job's credits are begins_with ROW#<job>#).
//     - an organization's invites:                       pk ORG#<org>, sk INVITE#<id>
//     - an organization's audit log, by time:            pk ORG#<org>#AUDIT, sk <at>#<id> (written in the change's transaction)
//   byLookup (gsi1pk, gsi1sk)
//     - a user's credits by charge time:                            gsi1pk CREDITS#ORG#<org>#USER#<email>
//     - a member by e-mail, with the instances assigned to them: gsi1pk USER#<email>
//     - an instance by id (super admins act across organizations):   gsi1pk INST#<inst>
//     - every organization (super-admin overview):                  gsi1pk ORGS
//     - marketing signups by time (issue 16):                       gsi1pk SIGNUPS, gsi1sk <createdAt>#<email>
//     - an invite by the SHA-256 of its code (public page):         gsi1pk INVITE#<sha256(code)>
//     - connected agent connectors (scheduled sync, issue 14):      gsi1pk AGENTS#CONNECTED, gsi1sk ORG#<org>
//   issuesByStatus (gsi2pk, gsi2sk)
//     - the issues of a dataset in one status, by scan time, issue type, owner and id:
//       gsi2pk <ds>#STATUS#<status>, gsi2sk <scan_time>#<issue_type>#<owner>#<issue_id>.
//       A page at any offset: the counters say which (scan time, type, owner) cell holds the
//       offset and how far into it; one Query of that cell's key range (BETWEEN) reads only the rows
//       up to the page (from the nearer end), never the rows before the cell.
//     - the resolved issues of a dataset (export of fixes): gsi2pk <ds>#STATUS#resolved.

export const TABLE_BASE_NAME = 'quality-desk';

export const tableDefinition = {
  partitionKey: 'pk',
  sortKey: 'sk',
  timeToLiveAttribute: 'expiresAt',
  globalSecondaryIndexes: [
    { indexName: 'byLookup', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' },
    { indexName: 'issuesByStatus', partitionKey: 'gsi2pk', sortKey: 'gsi2sk' },
  ],
} as const;

export type IndexName = (typeof tableDefinition.globalSecondaryIndexes)[number]['indexName'];

export function tableName(stage: string): string {
  return `${TABLE_BASE_NAME}-${stage}`;
}
