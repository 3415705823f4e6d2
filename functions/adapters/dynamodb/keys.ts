// Every key of the single table is built here (ARCHITECTURE §6); no string-built keys elsewhere.
// The tenant leads every partition key.

const org = (orgId: string) => `ORG#${orgId}`;
const inst = (orgId: string, instanceId: string) => `${org(orgId)}#INST#${instanceId}`;
const dataset = (orgId: string, instanceId: string, datasetId: string) => `${inst(orgId, instanceId)}#DS#${datasetId}`;

export const keys = {
  organization: (orgId: string) => ({ pk: org(orgId), sk: 'ORG' }),
  /** Directory of organizations, for super admins (byLookup). */
  organizationLookup: (orgId: string) => ({ gsi1pk: 'ORGS', gsi1sk: org(orgId) }),
  allOrganizationsLookup: () => ({ gsi1pk: 'ORGS' }),

  member: (orgId: string, email: string) => ({ pk: org(orgId), sk: `MEMBER#${email}` }),
  memberPrefix: (orgId: string) => ({ pk: org(orgId), skPrefix: 'MEMBER#' }),
  /** A member, and their instance assignments, found by e-mail (byLookup). */
  memberLookup: (orgId: string, email: string) => ({ gsi1pk: `USER#${email}`, gsi1sk: `${org(orgId)}#MEMBER` }),
  userLookup: (email: string) => ({ gsi1pk: `USER#${email}` }),

  instance: (orgId: string, instanceId: string) => ({ pk: org(orgId), sk: `INST#${instanceId}` }),
  instancePrefix: (orgId: string) => ({ pk: org(orgId), skPrefix: 'INST#' }),
  instanceLookup: (instanceId: string) => ({ gsi1pk: `INST#${instanceId}`, gsi1sk: 'INSTANCE' }),

  assignment: (orgId: string, instanceId: string, email: string) => ({ pk: inst(orgId, instanceId), sk: `USER#${email}` }),
  assignmentPrefix: (orgId: string, instanceId: string) => ({ pk: inst(orgId, instanceId), skPrefix: 'USER#' }),
  assignmentLookup: (orgId: string, instanceId: string, email: string) => ({
    gsi1pk: `USER#${email}`,
    gsi1sk: `${inst(orgId, instanceId)}#ASSIGNMENT`,
  }),

  dataset: (orgId: string, instanceId: string, datasetId: string) => ({ pk: inst(orgId, instanceId), sk: `DS#${datasetId}` }),
  datasetPrefix: (orgId: string, instanceId: string) => ({ pk: inst(orgId, instanceId), skPrefix: 'DS#' }),

  issue: (orgId: string, instanceId: string, datasetId: string, issueId: string) => ({
    pk: dataset(orgId, instanceId, datasetId),
    sk: `ISSUE#${issueId}`,
  }),
  issuePrefix: (orgId: string, instanceId: string, datasetId: string) => ({ pk: dataset(orgId, instanceId, datasetId), skPrefix: 'ISSUE#' }),
  issueCounts: (orgId: string, instanceId: string, datasetId: string) => ({ pk: dataset(orgId, instanceId, datasetId), sk: 'COUNTS' }),
  sourceRecord: (orgId: string, instanceId: string, datasetId: string, recordId: string) => ({
    pk: `${dataset(orgId, instanceId, datasetId)}#SRC`,
    sk: `REC#${recordId}`,
  }),

  /** Sign-in protection state, keyed by e-mail (not tenant data: the tenant is unknown before sign-in). */
  loginGuard: (email: string) => ({ pk: `LOGIN#${email}`, sk: 'GUARD' }),
  emergencyGuard: (email: string) => ({ pk: `EMERGENCY#${email}`, sk: 'GUARD' }),
  /** A sentinel item the health check reads. */
  health: () => ({ pk: 'SYSTEM', sk: 'HEALTH' }),
};

export function stripKeys<T extends Record<string, unknown>>(item: T): Omit<T, 'pk' | 'sk' | 'gsi1pk' | 'gsi1sk'> {
  const { pk: _pk, sk: _sk, gsi1pk: _g1, gsi1sk: _g2, ...rest } = item;
  return rest;
}
