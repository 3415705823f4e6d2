// Every key of the single table is built here (ARCHITECTURE §6); no string-built keys elsewhere.
// The tenant leads every partition key.

import { createHash } from 'node:crypto';

const org = (orgId: string) => `ORG#${orgId}`;
const inst = (orgId: string, instanceId: string) => `${org(orgId)}#INST#${instanceId}`;
const datasetPk = (orgId: string, instanceId: string, datasetId: string) => `${inst(orgId, instanceId)}#DS#${datasetId}`;
const statusPartition = (orgId: string, instanceId: string, datasetId: string, status: string) =>
  `${datasetPk(orgId, instanceId, datasetId)}#STATUS#${status}`;
// The owner is an e-mail, which may hold '#': encoded, a cell prefix can never match another owner's.
// A column's value in a key: hashed (128 bits), so values of any length and any characters fit.
const valueDigest = (column: string, value: string) => createHash('sha256').update(`${column}\u0000${value}`).digest('hex').slice(0, 32);
const issueCellPrefix = (scanTime: string, issueType: string, owner: string) => `${scanTime}#${issueType}#${encodeURIComponent(owner)}#`;

// Each key builder is its own export: importers take the module as a namespace (`import * as keys`),
// so a function bundle carries only the builders it uses.

export const organization = (orgId: string) => ({ pk: org(orgId), sk: 'ORG' });
/** Directory of organizations, for super admins (byLookup). */
export const organizationLookup = (orgId: string) => ({ gsi1pk: 'ORGS', gsi1sk: org(orgId) });
export const allOrganizationsLookup = () => ({ gsi1pk: 'ORGS' });

export const member = (orgId: string, email: string) => ({ pk: org(orgId), sk: `MEMBER#${email}` });
export const memberPrefix = (orgId: string) => ({ pk: org(orgId), skPrefix: 'MEMBER#' });
/** A member, and their instance assignments, found by e-mail (byLookup). */
export const memberLookup = (orgId: string, email: string) => ({ gsi1pk: `USER#${email}`, gsi1sk: `${org(orgId)}#MEMBER` });
export const userLookup = (email: string) => ({ gsi1pk: `USER#${email}` });
/**
 * The binding of a user-pool user (its immutable `sub`) to the member it signs in as: the only
 * way a token finds its member (ARCHITECTURE §5). Written with the member, in one transaction.
 */
export const identity = (sub: string) => ({ pk: `IDENTITY#${sub}`, sk: 'MEMBER' });
/** A pending change of the e-mail of the pool user `sub` (its code, the new address); expires by TTL. */
export const emailChange = (sub: string) => ({ pk: `IDENTITY#${sub}`, sk: 'EMAIL_CHANGE' });

export const instance = (orgId: string, instanceId: string) => ({ pk: org(orgId), sk: `INST#${instanceId}` });
export const instancePrefix = (orgId: string) => ({ pk: org(orgId), skPrefix: 'INST#' });
export const instanceLookup = (instanceId: string) => ({ gsi1pk: `INST#${instanceId}`, gsi1sk: 'INSTANCE' });

export const assignment = (orgId: string, instanceId: string, email: string) => ({ pk: inst(orgId, instanceId), sk: `USER#${email}` });
export const assignmentPrefix = (orgId: string, instanceId: string) => ({ pk: inst(orgId, instanceId), skPrefix: 'USER#' });
export const assignmentLookup = (orgId: string, instanceId: string, email: string) => ({
  gsi1pk: `USER#${email}`,
  gsi1sk: `${inst(orgId, instanceId)}#ASSIGNMENT`,
});

export const dataset = (orgId: string, instanceId: string, datasetId: string) => ({ pk: inst(orgId, instanceId), sk: `DS#${datasetId}` });
export const datasetPrefix = (orgId: string, instanceId: string) => ({ pk: inst(orgId, instanceId), skPrefix: 'DS#' });

export const issue = (orgId: string, instanceId: string, datasetId: string, issueId: string) => ({
  pk: datasetPk(orgId, instanceId, datasetId),
  sk: `ISSUE#${issueId}`,
});
export const issuePrefix = (orgId: string, instanceId: string, datasetId: string) => ({ pk: datasetPk(orgId, instanceId, datasetId), skPrefix: 'ISSUE#' });
/**
 * An issue in issuesByStatus: one partition per (dataset, status), ordered by scan time, issue
 * type, owner, issue id. The rows of one counter cell (scan time, type, owner) are therefore one
 * contiguous range, found by issueCellRange.
 */
export const issueByStatus = (orgId: string, instanceId: string, issue: { dataset_id: string; status: string; scan_time: string; issue_type: string; owner: string; issue_id: string }) => ({
  gsi2pk: statusPartition(orgId, instanceId, issue.dataset_id, issue.status),
  gsi2sk: `${issueCellPrefix(issue.scan_time, issue.issue_type, issue.owner)}${issue.issue_id}`,
});
export const issueStatusPartition = (orgId: string, instanceId: string, datasetId: string, status: string) => ({
  gsi2pk: statusPartition(orgId, instanceId, datasetId, status),
});
/**
 * The gsi2sk range of one cell, for `BETWEEN` (same rows as begins_with on the prefix; issue ids
 * are ASCII, so the cell's keys all sort below prefix + U+FFFF). DynamoDB Local bounds a
 * begins_with query on one side only and walks to the partition's end; BETWEEN keeps a read of a
 * deep cell as cheap as one of the first.
 */
export const issueCellRange = (scanTime: string, issueType: string, owner: string) => {
  const prefix = issueCellPrefix(scanTime, issueType, owner);
  return { from: prefix, to: `${prefix}\uffff` };
};
export const issueIdFromStatusKey = (gsi2sk: string) => gsi2sk.slice(gsi2sk.lastIndexOf('#') + 1);
/** The issue id of an issue item's sort key (ISSUE#<id>). */
export const issueIdFromKey = (sk: string) => sk.slice('ISSUE#'.length);
export const isIssueKey = (sk: string) => sk.startsWith('ISSUE#');

/**
 * Exact issue counters of a dataset, one item per scan time, holding the count of every
 * (status, issue type, owner) cell of that scan (counter-codec.ts). Changed in the transaction
 * that changes the issues they count.
 */
export const issueCounter = (orgId: string, instanceId: string, datasetId: string, scanTime: string) => ({
  pk: `${datasetPk(orgId, instanceId, datasetId)}#COUNTERS`,
  sk: `SCAN#${scanTime}`,
});
/** The counters of a dataset; with a date (YYYY-MM-DD) or scan-time prefix, only those scans. */
export const issueCounterPrefix = (orgId: string, instanceId: string, datasetId: string, scanTimePrefix = '') => ({
  pk: `${datasetPk(orgId, instanceId, datasetId)}#COUNTERS`,
  skPrefix: `SCAN#${scanTimePrefix}`,
});
/**
 * The daily activity of a dataset (issue 12): one item per UTC day (YYYY-MM-DD) with the rows
 * opened, resolved, muted, unmuted and AI-accepted that day. Changed in the transaction of every
 * issue change and scan insert; trends read a date range of this partition.
 */
export const dailyActivity = (orgId: string, instanceId: string, datasetId: string, date: string) => ({
  pk: `${datasetPk(orgId, instanceId, datasetId)}#DAILY`,
  sk: date,
});
/**
 * What one member did in a dataset on one UTC day (issue 13 item 5, My progress): in the dataset's
 * daily partition, after its date items ('M' sorts after every digit, so the dataset's date
 * ranges never reach them); added in the transaction of every issue change.
 */
export const memberDailyActivity = (orgId: string, instanceId: string, datasetId: string, email: string, date: string) => ({
  pk: `${datasetPk(orgId, instanceId, datasetId)}#DAILY`,
  sk: `MEMBER#${email}#${date}`,
});
/** A member's daily records of a dataset from one date to another (inclusive), for BETWEEN. */
export const memberDailyActivityRange = (orgId: string, instanceId: string, datasetId: string, email: string, from: string, to: string) => ({
  pk: `${datasetPk(orgId, instanceId, datasetId)}#DAILY`,
  from: `MEMBER#${email}#${from}`,
  to: `MEMBER#${email}#${to}`,
});
/** The daily records of a dataset from one date to another (inclusive), for BETWEEN. */
export const dailyActivityRange = (orgId: string, instanceId: string, datasetId: string, from: string, to: string) => ({
  pk: `${datasetPk(orgId, instanceId, datasetId)}#DAILY`,
  from,
  to,
});
/**
 * An open issue with a high-confidence AI suggestion, in the dataset's quick-win list (byLookup,
 * sparse): sorted by impact, then effort (quick-win.ts). Set when the suggestion is stored,
 * removed with it and when the row leaves open.
 */
export const quickWin = (orgId: string, instanceId: string, datasetId: string, sortKey: string) => ({
  gsi1pk: `${datasetPk(orgId, instanceId, datasetId)}#QUICKWIN`,
  gsi1sk: sortKey,
});
export const quickWinPartition = (orgId: string, instanceId: string, datasetId: string) => ({ gsi1pk: `${datasetPk(orgId, instanceId, datasetId)}#QUICKWIN` });
/**
 * An open issue without a quick-win suggestion, found by its column and current value (byLookup,
 * sparse; the value is hashed so any length fits the key): the rows a learned fix applies to
 * (quick wins from learned fixes). Written with the issue item, replaced by the quick-win keys
 * when a high-confidence suggestion is stored, dropped when the row leaves open. Sorted by
 * impact (check priority), then issue id.
 */
export const openValue = (orgId: string, instanceId: string, datasetId: string, column: string, value: string, sortKey: string) => ({
  gsi1pk: `${datasetPk(orgId, instanceId, datasetId)}#OPENVAL#${valueDigest(column, value)}`,
  gsi1sk: sortKey,
});
export const openValuePartition = (orgId: string, instanceId: string, datasetId: string, column: string, value: string) => ({
  gsi1pk: `${datasetPk(orgId, instanceId, datasetId)}#OPENVAL#${valueDigest(column, value)}`,
});
/** The history of an issue, oldest to newest by sort key. */
export const issueEvent = (orgId: string, instanceId: string, datasetId: string, issueId: string, at: string, eventId: string) => ({
  pk: `${datasetPk(orgId, instanceId, datasetId)}#ISSUE#${issueId}`,
  sk: `EVT#${at}#${eventId}`,
});
export const issueEventPrefix = (orgId: string, instanceId: string, datasetId: string, issueId: string) => ({
  pk: `${datasetPk(orgId, instanceId, datasetId)}#ISSUE#${issueId}`,
  skPrefix: 'EVT#',
});
export const sourceRecord = (orgId: string, instanceId: string, datasetId: string, recordId: string) => ({
  pk: `${datasetPk(orgId, instanceId, datasetId)}#SRC`,
  sk: `REC#${recordId}`,
});

/** A dataset's data-in metadata (issue 4), one partition: its source file, checks, profile and scans. */
export const datasetSource = (orgId: string, instanceId: string, datasetId: string) => ({ pk: `${datasetPk(orgId, instanceId, datasetId)}#META`, sk: 'SOURCE' });
export const datasetConfig = (orgId: string, instanceId: string, datasetId: string) => ({ pk: `${datasetPk(orgId, instanceId, datasetId)}#META`, sk: 'CONFIG' });
export const datasetProfile = (orgId: string, instanceId: string, datasetId: string) => ({ pk: `${datasetPk(orgId, instanceId, datasetId)}#META`, sk: 'PROFILE' });
/**
 * A dataset's change stamp (issue 12): a generation id and two version numbers the writers of its
 * counters, daily records and quick wins bump in their transactions; the dashboard's memos are
 * valid while it stays the same.
 */
export const datasetStamp = (orgId: string, instanceId: string, datasetId: string) => ({ pk: `${datasetPk(orgId, instanceId, datasetId)}#META`, sk: 'STAMP' });
/** A scan job; scan ids are ULIDs, so the newest sorts last. */
export const scanJob = (orgId: string, instanceId: string, datasetId: string, scanId: string) => ({ pk: `${datasetPk(orgId, instanceId, datasetId)}#META`, sk: `SCAN#${scanId}` });
export const scanJobPrefix = (orgId: string, instanceId: string, datasetId: string) => ({ pk: `${datasetPk(orgId, instanceId, datasetId)}#META`, skPrefix: 'SCAN#' });

/**
 * The demo data of an instance (issue 15): its demo config and its latest deployment, with the
 * datasets that deployment created (only those may a later deployment replace or remove).
 */
export const demoConfig = (orgId: string, instanceId: string) => ({ pk: inst(orgId, instanceId), sk: 'DEMO' });
/** A dataset's META partition, whole (removing a demo dataset). */
export const datasetMetaPartition = (orgId: string, instanceId: string, datasetId: string) => ({ pk: `${datasetPk(orgId, instanceId, datasetId)}#META` });

// ---- in-app notifications (issue 13 §4) ------------------------------------------------------
/** A member's notification; ids are ULIDs, so the newest sorts last. */
export const notification = (orgId: string, email: string, id: string) => ({ pk: `${org(orgId)}#NOTIFY#${email}`, sk: `N#${id}` });
export const notificationPrefix = (orgId: string, email: string) => ({ pk: `${org(orgId)}#NOTIFY#${email}`, skPrefix: 'N#' });

// ---- AI suggestions and credits (issue 5) ----------------------------------------------------
/** A user's AI processing state: paused, generation (Stop), counters reset. */
export const aiUserState = (orgId: string, email: string) => ({ pk: `${org(orgId)}#AI`, sk: `USER#${email}` });
/** A suggestions job (one batch request), listed per user; job ids are ULIDs. */
export const aiJob = (orgId: string, email: string, jobId: string) => ({ pk: `${org(orgId)}#AI`, sk: `JOB#${email}#${jobId}` });
/** Every user's suggestion jobs of an organization (the dashboard's rows queued for AI). */
export const aiJobsOfOrganization = (orgId: string) => ({ pk: `${org(orgId)}#AI`, skPrefix: 'JOB#' });
export const aiJobPrefix = (orgId: string, email: string) => ({ pk: `${org(orgId)}#AI`, skPrefix: `JOB#${email}#` });
/** How one row of a job ended, written once (job progress; idempotent on redelivery). */
export const aiJobOutcome = (orgId: string, jobId: string, issueId: string) => ({ pk: `${org(orgId)}#AIJOB#${jobId}`, sk: `ROW#${issueId}` });
export const aiJobOutcomes = (orgId: string, jobId: string) => ({ pk: `${org(orgId)}#AIJOB#${jobId}` });
/** The issue id of a job outcome's sort key (`ROW#<issueId>`). */
export const issueIdFromOutcomeKey = (sk: string) => sk.slice(sk.lastIndexOf('#') + 1);
/** A queue message held while its user is paused. */
export const aiParked = (orgId: string, email: string, jobId: string, issueId: string) => ({ pk: `${org(orgId)}#AIPARK#${email}`, sk: `${jobId}#${issueId}` });
export const aiParkedMessages = (orgId: string, email: string) => ({ pk: `${org(orgId)}#AIPARK#${email}` });
/**
 * The credits of AI-processed rows of a job charged in one transaction (a credit group,
 * credit-items.ts), keyed by its first row; before groups, one row per item. The key (job, row) can
 * be written once, and job ids are ULIDs, so the organization's ledger sorts by the time work was
 * asked for.
 */
export const creditEntry = (orgId: string, c: { jobId: string; instanceId: string; datasetId: string; issueId: string }) => ({
  pk: `${org(orgId)}#CREDITS`,
  sk: `ROW#${c.jobId}#${c.instanceId}#${c.datasetId}#${c.issueId}`,
});
/** QA validation results of an organization (issue 15), newest last by ULID: pk ORG#<org>#QA, sk RESULT#<id>. */
export const qaResult = (orgId: string, id: string) => ({ pk: `${org(orgId)}#QA`, sk: `RESULT#${id}` });
export const qaResults = (orgId: string) => ({ pk: `${org(orgId)}#QA`, skPrefix: 'RESULT#' });
export const creditLedger = (orgId: string) => ({ pk: `${org(orgId)}#CREDITS`, skPrefix: 'ROW#' });
export const creditsOfJob = (orgId: string, jobId: string) => ({ pk: `${org(orgId)}#CREDITS`, skPrefix: `ROW#${jobId}#` });
/** The ledger of one user by charge time (byLookup). */
export const creditByUser = (orgId: string, email: string, c: { chargedAt: string; jobId: string; issueId: string }) => ({
  gsi1pk: `CREDITS#${org(orgId)}#USER#${email}`,
  gsi1sk: `${c.chargedAt}#${c.jobId}#${c.issueId}`,
});
export const creditByUserPartition = (orgId: string, email: string) => ({ gsi1pk: `CREDITS#${org(orgId)}#USER#${email}` });
/** Feedback on a suggestion, and the votes per rule of a dataset (feedback penalties). */
export const aiFeedback = (orgId: string, instanceId: string, datasetId: string, issueId: string, feedbackId: string) => ({
  pk: `${datasetPk(orgId, instanceId, datasetId)}#AI`,
  sk: `FEEDBACK#${issueId}#${feedbackId}`,
});
export const aiRuleVotes = (orgId: string, instanceId: string, datasetId: string, rule: string) => ({ pk: `${datasetPk(orgId, instanceId, datasetId)}#AI`, sk: `RULE#${rule}` });
export const aiRuleVotesPrefix = (orgId: string, instanceId: string, datasetId: string) => ({ pk: `${datasetPk(orgId, instanceId, datasetId)}#AI`, skPrefix: 'RULE#' });

// ---- public marketing (issue 16): not tenant data, so not under an organization -----------
/** A waitlist or early-access signup, one per e-mail address (deduplicated with attribute_not_exists). */
export const marketingSignup = (email: string) => ({ pk: `SIGNUP#${email}`, sk: 'SIGNUP' });
/** Signups by time (byLookup): "N teams joined this week" counts a key range, never a Scan. */
export const signupByTime = (createdAt: string, email: string) => ({ gsi1pk: 'SIGNUPS', gsi1sk: `${createdAt}#${email}` });
export const signupsSince = (since: string) => ({ gsi1pk: 'SIGNUPS', gsi1skFrom: since });
/** Signup attempts of one client address (a hash of it) in one window; expires by TTL. */
export const signupRate = (clientHash: string, windowStart: string) => ({ pk: `RATE#SIGNUP#${clientHash}`, sk: `WINDOW#${windowStart}` });
/** The landing page's figures, aggregated from the counters and cached for a few minutes. */
export const marketingStats = () => ({ pk: 'MARKETING', sk: 'STATS' });
// ---- billing (issue 16 §4) -------------------------------------------------------------------
/** A session of the built-in checkout; under its organization, so another one never finds it. */
export const checkoutSession = (orgId: string, sessionId: string) => ({ pk: org(orgId), sk: `CHECKOUT#${sessionId}` });
/** A Stripe webhook event applied to the organization: written with its change, so a redelivery changes nothing. */
export const stripeEvent = (orgId: string, eventId: string) => ({ pk: org(orgId), sk: `STRIPE_EVENT#${eventId}` });
// ---- team administration (issue 11) ------------------------------------------------------------
/** An invitation of an organization; listed with the organization's invites. */
export const invite = (orgId: string, inviteId: string) => ({ pk: org(orgId), sk: `INVITE#${inviteId}` });
export const invitePrefix = (orgId: string) => ({ pk: org(orgId), skPrefix: 'INVITE#' });
/**
 * The public invitation page finds an invite by the SHA-256 of its code (byLookup), never by the
 * code itself and never by a Scan: the index holds nothing that would let a reader forge a link.
 */
export const inviteLookup = (codeHash: string) => ({ gsi1pk: `INVITE#${codeHash}`, gsi1sk: 'INVITE' });
/** The audit log of an organization, newest last by sort key (time, then a ULID). */
export const auditEntry = (orgId: string, at: string, entryId: string) => ({ pk: `${org(orgId)}#AUDIT`, sk: `${at}#${entryId}` });
export const auditLog = (orgId: string) => ({ pk: `${org(orgId)}#AUDIT` });
/** The organization's agent connector configuration, its API key sealed (issue 14; one per organization). */
export const agentConfig = (orgId: string) => ({ pk: org(orgId), sk: 'AGENT' });
/** Connected agents, for the scheduled sync (byLookup, sparse: only while connected). */
export const connectedAgentLookup = (orgId: string) => ({ gsi1pk: 'AGENTS#CONNECTED', gsi1sk: org(orgId) });
export const connectedAgents = () => ({ gsi1pk: 'AGENTS#CONNECTED' });

/**
 * Sign-in protection buckets (issue 8; not tenant data: the tenant is unknown before sign-in).
 * Per account and source, per source over all accounts, per account from unknown sources, and
 * the sources an account signed in from.
 */
export const loginPair = (email: string, source: string) => ({ pk: `LOGIN#${email}`, sk: `SRC#${source}` });
export const loginAccount = (email: string) => ({ pk: `LOGIN#${email}`, sk: 'ACCOUNT' });
export const loginKnownSources = (email: string) => ({ pk: `LOGIN#${email}`, sk: 'KNOWN' });
export const loginSource = (source: string) => ({ pk: `LOGINSRC#${source}`, sk: 'BUDGET' });
export const emergencyGuard = (email: string, source: string) => ({ pk: `EMERGENCY#${email}`, sk: `SRC#${source}` });
// ---- business impact & use cases (issue 13 item 6) -------------------------------------------
/** A use case of an organization (spec 2 §2.3 Tagging); listed with the organization's items. */
export const useCase = (orgId: string, useCaseId: string) => ({ pk: org(orgId), sk: `USECASE#${useCaseId}` });
export const useCasePrefix = (orgId: string) => ({ pk: org(orgId), skPrefix: 'USECASE#' });
/** Written once with the seven seeded use cases: after that, deleting them all leaves none. */
export const useCasesSeeded = (orgId: string) => ({ pk: org(orgId), sk: 'USECASES' });
// ---- real-time connections (issue 13 item 7) ------------------------------------------------
/**
 * An open WebSocket of a member on one instance: publishing to an instance is one Query of this
 * partition. Expires by TTL (expiresAt) and is deleted on $disconnect or when the gateway says
 * the connection is gone.
 */
export const realtimeConnection = (orgId: string, instanceId: string, connectionId: string) => ({ pk: `${inst(orgId, instanceId)}#WS`, sk: `CONN#${connectionId}` });
export const realtimeConnections = (orgId: string, instanceId: string) => ({ pk: `${inst(orgId, instanceId)}#WS`, skPrefix: 'CONN#' });
/** $disconnect knows only the connection id: its item is found through byLookup. */
export const realtimeConnectionLookup = (connectionId: string) => ({ gsi1pk: `WSCONN#${connectionId}`, gsi1sk: 'CONN' });
/** A sentinel item the health check reads. */
export const health = () => ({ pk: 'SYSTEM', sk: 'HEALTH' });

export function stripKeys<T extends Record<string, unknown>>(item: T): Omit<T, 'pk' | 'sk' | 'gsi1pk' | 'gsi1sk' | 'gsi2pk' | 'gsi2sk'> {
  const { pk: _pk, sk: _sk, gsi1pk: _g1, gsi1sk: _g2, gsi2pk: _g3, gsi2sk: _g4, ...rest } = item;
  return rest;
}
