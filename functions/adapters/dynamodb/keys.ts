// Every key of the single table is built here (ARCHITECTURE §6); no string-built keys elsewhere.
// The tenant leads every partition key.

import { createHash } from 'node:crypto';

const org = (orgId: string) => `ORG#${orgId}`;
const inst = (orgId: string, instanceId: string) => `${org(orgId)}#INST#${instanceId}`;
const dataset = (orgId: string, instanceId: string, datasetId: string) => `${inst(orgId, instanceId)}#DS#${datasetId}`;
const issueStatusPartition = (orgId: string, instanceId: string, datasetId: string, status: string) =>
  `${dataset(orgId, instanceId, datasetId)}#STATUS#${status}`;
// The owner is an e-mail, which may hold '#': encoded, a cell prefix can never match another owner's.
// A column's value in a key: hashed (128 bits), so values of any length and any characters fit.
const valueDigest = (column: string, value: string) => createHash('sha256').update(`${column}\u0000${value}`).digest('hex').slice(0, 32);
const issueCellPrefix = (scanTime: string, issueType: string, owner: string) => `${scanTime}#${issueType}#${encodeURIComponent(owner)}#`;

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
  /**
   * The binding of a user-pool user (its immutable `sub`) to the member it signs in as: the only
   * way a token finds its member (ARCHITECTURE §5). Written with the member, in one transaction.
   */
  identity: (sub: string) => ({ pk: `IDENTITY#${sub}`, sk: 'MEMBER' }),
  /** A pending change of the e-mail of the pool user `sub` (its code, the new address); expires by TTL. */
  emailChange: (sub: string) => ({ pk: `IDENTITY#${sub}`, sk: 'EMAIL_CHANGE' }),

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
  /**
   * An issue in issuesByStatus: one partition per (dataset, status), ordered by scan time, issue
   * type, owner, issue id. The rows of one counter cell (scan time, type, owner) are therefore one
   * contiguous range, found by issueCellRange.
   */
  issueByStatus: (orgId: string, instanceId: string, issue: { dataset_id: string; status: string; scan_time: string; issue_type: string; owner: string; issue_id: string }) => ({
    gsi2pk: issueStatusPartition(orgId, instanceId, issue.dataset_id, issue.status),
    gsi2sk: `${issueCellPrefix(issue.scan_time, issue.issue_type, issue.owner)}${issue.issue_id}`,
  }),
  issueStatusPartition: (orgId: string, instanceId: string, datasetId: string, status: string) => ({
    gsi2pk: issueStatusPartition(orgId, instanceId, datasetId, status),
  }),
  /**
   * The gsi2sk range of one cell, for `BETWEEN` (same rows as begins_with on the prefix; issue ids
   * are ASCII, so the cell's keys all sort below prefix + U+FFFF). DynamoDB Local bounds a
   * begins_with query on one side only and walks to the partition's end; BETWEEN keeps a read of a
   * deep cell as cheap as one of the first.
   */
  issueCellRange: (scanTime: string, issueType: string, owner: string) => {
    const prefix = issueCellPrefix(scanTime, issueType, owner);
    return { from: prefix, to: `${prefix}\uffff` };
  },
  issueIdFromStatusKey: (gsi2sk: string) => gsi2sk.slice(gsi2sk.lastIndexOf('#') + 1),
  /** The issue id of an issue item's sort key (ISSUE#<id>). */
  issueIdFromKey: (sk: string) => sk.slice('ISSUE#'.length),
  isIssueKey: (sk: string) => sk.startsWith('ISSUE#'),

  /**
   * Exact issue counters of a dataset, one item per scan time, holding the count of every
   * (status, issue type, owner) cell of that scan (counter-codec.ts). Changed in the transaction
   * that changes the issues they count.
   */
  issueCounter: (orgId: string, instanceId: string, datasetId: string, scanTime: string) => ({
    pk: `${dataset(orgId, instanceId, datasetId)}#COUNTERS`,
    sk: `SCAN#${scanTime}`,
  }),
  /** The counters of a dataset; with a date (YYYY-MM-DD) or scan-time prefix, only those scans. */
  issueCounterPrefix: (orgId: string, instanceId: string, datasetId: string, scanTimePrefix = '') => ({
    pk: `${dataset(orgId, instanceId, datasetId)}#COUNTERS`,
    skPrefix: `SCAN#${scanTimePrefix}`,
  }),
  /**
   * The daily activity of a dataset (issue 12): one item per UTC day (YYYY-MM-DD) with the rows
   * opened, resolved, muted, unmuted and AI-accepted that day. Changed in the transaction of every
   * issue change and scan insert; trends read a date range of this partition.
   */
  dailyActivity: (orgId: string, instanceId: string, datasetId: string, date: string) => ({
    pk: `${dataset(orgId, instanceId, datasetId)}#DAILY`,
    sk: date,
  }),
  /**
   * What one member did in a dataset on one UTC day (issue 13 item 5, My progress): in the dataset's
   * daily partition, after its date items ('M' sorts after every digit, so the dataset's date
   * ranges never reach them); added in the transaction of every issue change.
   */
  memberDailyActivity: (orgId: string, instanceId: string, datasetId: string, email: string, date: string) => ({
    pk: `${dataset(orgId, instanceId, datasetId)}#DAILY`,
    sk: `MEMBER#${email}#${date}`,
  }),
  /** A member's daily records of a dataset from one date to another (inclusive), for BETWEEN. */
  memberDailyActivityRange: (orgId: string, instanceId: string, datasetId: string, email: string, from: string, to: string) => ({
    pk: `${dataset(orgId, instanceId, datasetId)}#DAILY`,
    from: `MEMBER#${email}#${from}`,
    to: `MEMBER#${email}#${to}`,
  }),
  /** The daily records of a dataset from one date to another (inclusive), for BETWEEN. */
  dailyActivityRange: (orgId: string, instanceId: string, datasetId: string, from: string, to: string) => ({
    pk: `${dataset(orgId, instanceId, datasetId)}#DAILY`,
    from,
    to,
  }),
  /**
   * An open issue with a high-confidence AI suggestion, in the dataset's quick-win list (byLookup,
   * sparse): sorted by impact, then effort (quick-win.ts). Set when the suggestion is stored,
   * removed with it and when the row leaves open.
   */
  quickWin: (orgId: string, instanceId: string, datasetId: string, sortKey: string) => ({
    gsi1pk: `${dataset(orgId, instanceId, datasetId)}#QUICKWIN`,
    gsi1sk: sortKey,
  }),
  quickWinPartition: (orgId: string, instanceId: string, datasetId: string) => ({ gsi1pk: `${dataset(orgId, instanceId, datasetId)}#QUICKWIN` }),
  /**
   * An open issue without a quick-win suggestion, found by its column and current value (byLookup,
   * sparse; the value is hashed so any length fits the key): the rows a learned fix applies to
   * (quick wins from learned fixes). Written with the issue item, replaced by the quick-win keys
   * when a high-confidence suggestion is stored, dropped when the row leaves open. Sorted by
   * impact (check priority), then issue id.
   */
  openValue: (orgId: string, instanceId: string, datasetId: string, column: string, value: string, sortKey: string) => ({
    gsi1pk: `${dataset(orgId, instanceId, datasetId)}#OPENVAL#${valueDigest(column, value)}`,
    gsi1sk: sortKey,
  }),
  openValuePartition: (orgId: string, instanceId: string, datasetId: string, column: string, value: string) => ({
    gsi1pk: `${dataset(orgId, instanceId, datasetId)}#OPENVAL#${valueDigest(column, value)}`,
  }),
  /** The history of an issue, oldest to newest by sort key. */
  issueEvent: (orgId: string, instanceId: string, datasetId: string, issueId: string, at: string, eventId: string) => ({
    pk: `${dataset(orgId, instanceId, datasetId)}#ISSUE#${issueId}`,
    sk: `EVT#${at}#${eventId}`,
  }),
  issueEventPrefix: (orgId: string, instanceId: string, datasetId: string, issueId: string) => ({
    pk: `${dataset(orgId, instanceId, datasetId)}#ISSUE#${issueId}`,
    skPrefix: 'EVT#',
  }),
  sourceRecord: (orgId: string, instanceId: string, datasetId: string, recordId: string) => ({
    pk: `${dataset(orgId, instanceId, datasetId)}#SRC`,
    sk: `REC#${recordId}`,
  }),

  /** A dataset's data-in metadata (issue 4), one partition: its source file, checks, profile and scans. */
  datasetSource: (orgId: string, instanceId: string, datasetId: string) => ({ pk: `${dataset(orgId, instanceId, datasetId)}#META`, sk: 'SOURCE' }),
  datasetConfig: (orgId: string, instanceId: string, datasetId: string) => ({ pk: `${dataset(orgId, instanceId, datasetId)}#META`, sk: 'CONFIG' }),
  datasetProfile: (orgId: string, instanceId: string, datasetId: string) => ({ pk: `${dataset(orgId, instanceId, datasetId)}#META`, sk: 'PROFILE' }),
  /**
   * A dataset's change stamp (issue 12): a generation id and two version numbers the writers of its
   * counters, daily records and quick wins bump in their transactions; the dashboard's memos are
   * valid while it stays the same.
   */
  datasetStamp: (orgId: string, instanceId: string, datasetId: string) => ({ pk: `${dataset(orgId, instanceId, datasetId)}#META`, sk: 'STAMP' }),
  /** A scan job; scan ids are ULIDs, so the newest sorts last. */
  scanJob: (orgId: string, instanceId: string, datasetId: string, scanId: string) => ({ pk: `${dataset(orgId, instanceId, datasetId)}#META`, sk: `SCAN#${scanId}` }),
  scanJobPrefix: (orgId: string, instanceId: string, datasetId: string) => ({ pk: `${dataset(orgId, instanceId, datasetId)}#META`, skPrefix: 'SCAN#' }),

  /**
   * The demo data of an instance (issue 15): its demo config and its latest deployment, with the
   * datasets that deployment created (only those may a later deployment replace or remove).
   */
  demoConfig: (orgId: string, instanceId: string) => ({ pk: inst(orgId, instanceId), sk: 'DEMO' }),
  /** A dataset's META partition, whole (removing a demo dataset). */
  datasetMetaPartition: (orgId: string, instanceId: string, datasetId: string) => ({ pk: `${dataset(orgId, instanceId, datasetId)}#META` }),

  // ---- in-app notifications (issue 13 §4) ------------------------------------------------------
  /** A member's notification; ids are ULIDs, so the newest sorts last. */
  notification: (orgId: string, email: string, id: string) => ({ pk: `${org(orgId)}#NOTIFY#${email}`, sk: `N#${id}` }),
  notificationPrefix: (orgId: string, email: string) => ({ pk: `${org(orgId)}#NOTIFY#${email}`, skPrefix: 'N#' }),

  // ---- AI suggestions and credits (issue 5) ----------------------------------------------------
  /** A user's AI processing state: paused, generation (Stop), counters reset. */
  aiUserState: (orgId: string, email: string) => ({ pk: `${org(orgId)}#AI`, sk: `USER#${email}` }),
  /** A suggestions job (one batch request), listed per user; job ids are ULIDs. */
  aiJob: (orgId: string, email: string, jobId: string) => ({ pk: `${org(orgId)}#AI`, sk: `JOB#${email}#${jobId}` }),
  /** Every user's suggestion jobs of an organization (the dashboard's rows queued for AI). */
  aiJobsOfOrganization: (orgId: string) => ({ pk: `${org(orgId)}#AI`, skPrefix: 'JOB#' }),
  aiJobPrefix: (orgId: string, email: string) => ({ pk: `${org(orgId)}#AI`, skPrefix: `JOB#${email}#` }),
  /** How one row of a job ended, written once (job progress; idempotent on redelivery). */
  aiJobOutcome: (orgId: string, jobId: string, issueId: string) => ({ pk: `${org(orgId)}#AIJOB#${jobId}`, sk: `ROW#${issueId}` }),
  aiJobOutcomes: (orgId: string, jobId: string) => ({ pk: `${org(orgId)}#AIJOB#${jobId}` }),
  /** A queue message held while its user is paused. */
  aiParked: (orgId: string, email: string, jobId: string, issueId: string) => ({ pk: `${org(orgId)}#AIPARK#${email}`, sk: `${jobId}#${issueId}` }),
  aiParkedMessages: (orgId: string, email: string) => ({ pk: `${org(orgId)}#AIPARK#${email}` }),
  /**
   * One credit for one AI-processed row of a job. The key (job, row) can be written once, and job
   * ids are ULIDs, so the organization's ledger sorts by the time work was asked for.
   */
  creditEntry: (orgId: string, c: { jobId: string; instanceId: string; datasetId: string; issueId: string }) => ({
    pk: `${org(orgId)}#CREDITS`,
    sk: `ROW#${c.jobId}#${c.instanceId}#${c.datasetId}#${c.issueId}`,
  }),
  /** QA validation results of an organization (issue 15), newest last by ULID: pk ORG#<org>#QA, sk RESULT#<id>. */
  qaResult: (orgId: string, id: string) => ({ pk: `${org(orgId)}#QA`, sk: `RESULT#${id}` }),
  qaResults: (orgId: string) => ({ pk: `${org(orgId)}#QA`, skPrefix: 'RESULT#' }),
  creditLedger: (orgId: string) => ({ pk: `${org(orgId)}#CREDITS`, skPrefix: 'ROW#' }),
  creditsOfJob: (orgId: string, jobId: string) => ({ pk: `${org(orgId)}#CREDITS`, skPrefix: `ROW#${jobId}#` }),
  /** The ledger of one user by charge time (byLookup). */
  creditByUser: (orgId: string, email: string, c: { chargedAt: string; jobId: string; issueId: string }) => ({
    gsi1pk: `CREDITS#${org(orgId)}#USER#${email}`,
    gsi1sk: `${c.chargedAt}#${c.jobId}#${c.issueId}`,
  }),
  creditByUserPartition: (orgId: string, email: string) => ({ gsi1pk: `CREDITS#${org(orgId)}#USER#${email}` }),
  /** Feedback on a suggestion, and the votes per rule of a dataset (feedback penalties). */
  aiFeedback: (orgId: string, instanceId: string, datasetId: string, issueId: string, feedbackId: string) => ({
    pk: `${dataset(orgId, instanceId, datasetId)}#AI`,
    sk: `FEEDBACK#${issueId}#${feedbackId}`,
  }),
  aiRuleVotes: (orgId: string, instanceId: string, datasetId: string, rule: string) => ({ pk: `${dataset(orgId, instanceId, datasetId)}#AI`, sk: `RULE#${rule}` }),
  aiRuleVotesPrefix: (orgId: string, instanceId: string, datasetId: string) => ({ pk: `${dataset(orgId, instanceId, datasetId)}#AI`, skPrefix: 'RULE#' }),

  // ---- public marketing (issue 16): not tenant data, so not under an organization -----------
  /** A waitlist or early-access signup, one per e-mail address (deduplicated with attribute_not_exists). */
  marketingSignup: (email: string) => ({ pk: `SIGNUP#${email}`, sk: 'SIGNUP' }),
  /** Signups by time (byLookup): "N teams joined this week" counts a key range, never a Scan. */
  signupByTime: (createdAt: string, email: string) => ({ gsi1pk: 'SIGNUPS', gsi1sk: `${createdAt}#${email}` }),
  signupsSince: (since: string) => ({ gsi1pk: 'SIGNUPS', gsi1skFrom: since }),
  /** Signup attempts of one client address (a hash of it) in one window; expires by TTL. */
  signupRate: (clientHash: string, windowStart: string) => ({ pk: `RATE#SIGNUP#${clientHash}`, sk: `WINDOW#${windowStart}` }),
  /** The landing page's figures, aggregated from the counters and cached for a few minutes. */
  marketingStats: () => ({ pk: 'MARKETING', sk: 'STATS' }),
  // ---- billing (issue 16 §4) -------------------------------------------------------------------
  /** A session of the built-in checkout; under its organization, so another one never finds it. */
  checkoutSession: (orgId: string, sessionId: string) => ({ pk: org(orgId), sk: `CHECKOUT#${sessionId}` }),
  /** A Stripe webhook event applied to the organization: written with its change, so a redelivery changes nothing. */
  stripeEvent: (orgId: string, eventId: string) => ({ pk: org(orgId), sk: `STRIPE_EVENT#${eventId}` }),
  // ---- team administration (issue 11) ------------------------------------------------------------
  /** An invitation of an organization; listed with the organization's invites. */
  invite: (orgId: string, inviteId: string) => ({ pk: org(orgId), sk: `INVITE#${inviteId}` }),
  invitePrefix: (orgId: string) => ({ pk: org(orgId), skPrefix: 'INVITE#' }),
  /**
   * The public invitation page finds an invite by the SHA-256 of its code (byLookup), never by the
   * code itself and never by a Scan: the index holds nothing that would let a reader forge a link.
   */
  inviteLookup: (codeHash: string) => ({ gsi1pk: `INVITE#${codeHash}`, gsi1sk: 'INVITE' }),
  /** The audit log of an organization, newest last by sort key (time, then a ULID). */
  auditEntry: (orgId: string, at: string, entryId: string) => ({ pk: `${org(orgId)}#AUDIT`, sk: `${at}#${entryId}` }),
  auditLog: (orgId: string) => ({ pk: `${org(orgId)}#AUDIT` }),
  /** The organization's agent connector configuration, its API key sealed (issue 14; one per organization). */
  agentConfig: (orgId: string) => ({ pk: org(orgId), sk: 'AGENT' }),
  /** Connected agents, for the scheduled sync (byLookup, sparse: only while connected). */
  connectedAgentLookup: (orgId: string) => ({ gsi1pk: 'AGENTS#CONNECTED', gsi1sk: org(orgId) }),
  connectedAgents: () => ({ gsi1pk: 'AGENTS#CONNECTED' }),

  /**
   * Sign-in protection buckets (issue 8; not tenant data: the tenant is unknown before sign-in).
   * Per account and source, per source over all accounts, per account from unknown sources, and
   * the sources an account signed in from.
   */
  loginPair: (email: string, source: string) => ({ pk: `LOGIN#${email}`, sk: `SRC#${source}` }),
  loginAccount: (email: string) => ({ pk: `LOGIN#${email}`, sk: 'ACCOUNT' }),
  loginKnownSources: (email: string) => ({ pk: `LOGIN#${email}`, sk: 'KNOWN' }),
  loginSource: (source: string) => ({ pk: `LOGINSRC#${source}`, sk: 'BUDGET' }),
  emergencyGuard: (email: string, source: string) => ({ pk: `EMERGENCY#${email}`, sk: `SRC#${source}` }),
  // ---- business impact & use cases (issue 13 item 6) -------------------------------------------
  /** A use case of an organization (spec 2 §2.3 Tagging); listed with the organization's items. */
  useCase: (orgId: string, useCaseId: string) => ({ pk: org(orgId), sk: `USECASE#${useCaseId}` }),
  useCasePrefix: (orgId: string) => ({ pk: org(orgId), skPrefix: 'USECASE#' }),
  /** Written once with the seven seeded use cases: after that, deleting them all leaves none. */
  useCasesSeeded: (orgId: string) => ({ pk: org(orgId), sk: 'USECASES' }),
  // ---- real-time connections (issue 13 item 7) ------------------------------------------------
  /**
   * An open WebSocket of a member on one instance: publishing to an instance is one Query of this
   * partition. Expires by TTL (expiresAt) and is deleted on $disconnect or when the gateway says
   * the connection is gone.
   */
  realtimeConnection: (orgId: string, instanceId: string, connectionId: string) => ({ pk: `${inst(orgId, instanceId)}#WS`, sk: `CONN#${connectionId}` }),
  realtimeConnections: (orgId: string, instanceId: string) => ({ pk: `${inst(orgId, instanceId)}#WS`, skPrefix: 'CONN#' }),
  /** $disconnect knows only the connection id: its item is found through byLookup. */
  realtimeConnectionLookup: (connectionId: string) => ({ gsi1pk: `WSCONN#${connectionId}`, gsi1sk: 'CONN' }),
  /** A sentinel item the health check reads. */
  health: () => ({ pk: 'SYSTEM', sk: 'HEALTH' }),
};

export function stripKeys<T extends Record<string, unknown>>(item: T): Omit<T, 'pk' | 'sk' | 'gsi1pk' | 'gsi1sk' | 'gsi2pk' | 'gsi2sk'> {
  const { pk: _pk, sk: _sk, gsi1pk: _g1, gsi1sk: _g2, gsi2pk: _g3, gsi2sk: _g4, ...rest } = item;
  return rest;
}
