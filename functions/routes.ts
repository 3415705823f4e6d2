import { AGENT_DENIED } from '../shared/schemas/agent';
import { BILLING_DENIED } from './domain/billing/billing';
import { INVITES_DENIED, TEAM_DENIED } from './domain/team/rules';

// The route table: every /api route once. The CDK stack makes one Lambda and one API route per
// entry; the local server dispatches from it; the permission middleware reads the caller rules
// from it (by the API Gateway routeKey); the isolation suite walks it.

/** Who may call a route. */
export type Access =
  | 'public' // no token
  | 'signedIn' // any signed-in member
  | 'orgAdmin' // is_org_admin, admin permission, or a super admin
  | 'superAdmin'; // super_admin or provider_admin

/**
 * Which tenant a route acts on.
 * - none: the caller only (or nothing tenant-scoped)
 * - instance: the instance in x-instance-id, checked against the caller's memberships
 * - organization: the {orgId} path parameter, checked against the caller's organization
 * - pathInstance: the instance in the {id} path parameter, checked as x-instance-id is
 */
export type Scope = 'none' | 'instance' | 'organization' | 'pathInstance';

/** Nested stack a route's function lives in (ARCHITECTURE §1). */
export type Area = 'session' | 'issues' | 'ai' | 'datasets' | 'dashboard' | 'organizations' | 'admin' | 'qa' | 'public';

export type TableAccess = 'none' | 'read' | 'readWrite';
/** auth: user-pool sign-in calls (no IAM needed); admin: Admin* user-pool calls; describe: DescribeUserPool. */
export type IdentityAccess = 'none' | 'auth' | 'describe' | 'admin';

export interface Route {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  /** As the spec writes it, with {param} placeholders. */
  path: string;
  /** Module under functions/, without extension; it exports `handler`. */
  handler: string;
  access: Access;
  scope: Scope;
  area: Area;
  table: TableAccess;
  identity?: IdentityAccess;
  /** The spec's denial message when the caller lacks the route's access (default: a generic one). */
  deniedMessage?: string;
  /** Answers 404 unless DEMO_MODE is on. */
  demoOnly?: boolean;
  /** Answers 404 unless QA_MODE is on (spec 2 §6: QA tools only when QA mode is enabled on the server). */
  qaOnly?: boolean;
  /** Datasets' source files (issue 4): read them, or also write them (presigned uploads). */
  sources?: 'read' | 'readWrite';
  /** Starts scan jobs (invokes the scan worker asynchronously in AWS). */
  launchesScans?: boolean;
  /** Starts an agent sync (invokes the agent sync function asynchronously in AWS). */
  launchesAgentSync?: boolean;
  /** AI suggestions (issue 5): puts rows on the suggestions queue, or asks the AI provider itself. */
  ai?: 'enqueue' | 'invoke';
  /** Sends e-mail (SES in AWS: ses:SendEmail on the sender identity). */
  mail?: boolean;
  /** Reads the suggestions queue's attributes (and its DLQ's): System status and the QA health checks only. */
  queue?: 'probe';
  /**
   * Publishes real-time events (issue 13 item 7) to the connections of its tenant's instance: in
   * AWS the function gets WEBSOCKET_ENDPOINT and execute-api:ManageConnections on that API only.
   */
  realtime?: 'publish';
  /**
   * Customer secrets (issue 14): seal = wrap new data keys (kms:GenerateDataKey), open = unwrap
   * them (kms:Decrypt). Only the agent sync function opens (no route does); the test and
   * configure routes get the key in their body.
   */
  kms?: 'seal' | 'open';
  /**
   * Reads key-encryption keys' state (kms:DescribeKey, ListKeyRotations, GetKeyRotationStatus on
   * the stage key and registered BYOK keys): System & Security, health check, BYOK list.
   */
  keys?: 'describe';
  /** Calls a customer's agent over HTTPS (outbound, SSRF-guarded; longer timeout). */
  agent?: true;
  /** Talks to the checkout provider (Stripe when configured: its secret from Secrets Manager). */
  checkout?: boolean;
  /** Stripe's webhook endpoint: reads the webhook signing secret (Secrets Manager in AWS). */
  stripeWebhook?: boolean;
}

const apiRoutes: readonly Route[] = [
  // ---- session (spec 1 §7 Session) -------------------------------------------------------
  { method: 'POST', path: '/api/auth/login', handler: 'http/session/login', access: 'public', scope: 'none', area: 'session', table: 'readWrite', identity: 'auth' },
  /** The new-password step after an administrator's password reset (issue 11): login answered NEW_PASSWORD_REQUIRED. */
  { method: 'POST', path: '/api/auth/new-password', handler: 'http/session/new-password', access: 'public', scope: 'none', area: 'session', table: 'readWrite', identity: 'auth' },
  { method: 'POST', path: '/api/auth/logout', handler: 'http/session/logout', access: 'public', scope: 'none', area: 'session', table: 'none', identity: 'auth' },
  { method: 'POST', path: '/api/auth/refresh', handler: 'http/session/refresh', access: 'public', scope: 'none', area: 'session', table: 'read', identity: 'auth' },
  { method: 'GET', path: '/api/auth/demo-config', handler: 'http/session/demo-config', access: 'public', scope: 'none', area: 'session', table: 'read', demoOnly: true },
  { method: 'POST', path: '/api/auth/admin/emergency-access', handler: 'http/session/emergency-access', access: 'public', scope: 'none', area: 'session', table: 'readWrite', identity: 'auth', demoOnly: true },
  { method: 'GET', path: '/api/users/me', handler: 'http/session/me', access: 'signedIn', scope: 'none', area: 'session', table: 'read' },
  { method: 'PUT', path: '/api/auth/profile', handler: 'http/session/update-profile', access: 'signedIn', scope: 'none', area: 'session', table: 'readWrite' },
  { method: 'GET', path: '/api/users/me/instances', handler: 'http/session/my-instances', access: 'signedIn', scope: 'none', area: 'session', table: 'read' },
  /** In-app notifications (issue 13 §4: assignments). */
  { method: 'GET', path: '/api/users/me/notifications', handler: 'http/session/notifications', access: 'signedIn', scope: 'none', area: 'session', table: 'read' },
  { method: 'POST', path: '/api/users/me/notifications/read', handler: 'http/session/notifications-read', access: 'signedIn', scope: 'none', area: 'session', table: 'readWrite' },
  /** My progress (spec 1 §7 AI; issue 13 item 5): the caller's work in the x-instance-id instance, from the member daily records. */
  { method: 'GET', path: '/api/users/me/progress', handler: 'http/progress/my-progress', access: 'signedIn', scope: 'instance', area: 'dashboard', table: 'read' },
  { method: 'POST', path: '/api/users/me/email-change', handler: 'http/session/request-email-change', access: 'signedIn', scope: 'none', area: 'session', table: 'readWrite', mail: true },
  { method: 'POST', path: '/api/users/me/email-change/verify', handler: 'http/session/verify-email-change', access: 'signedIn', scope: 'none', area: 'session', table: 'readWrite', identity: 'admin' },

  // ---- datasets of the current instance (spec 1 §7 Issues: path not given by the spec) ----
  { method: 'GET', path: '/api/datasets', handler: 'http/datasets/list-datasets', access: 'signedIn', scope: 'instance', area: 'datasets', table: 'read' },

  // ---- issues of a dataset (spec 1 §7 Issues); {dataset} is a dataset id of the x-instance-id instance
  { method: 'GET', path: '/api/{dataset}/available-dates', handler: 'http/issues/available-dates', access: 'signedIn', scope: 'instance', area: 'issues', table: 'read' },
  { method: 'GET', path: '/api/{dataset}/scan-times', handler: 'http/issues/scan-times', access: 'signedIn', scope: 'instance', area: 'issues', table: 'read' },
  { method: 'GET', path: '/api/{dataset}/failed_rows', handler: 'http/issues/failed-rows', access: 'signedIn', scope: 'instance', area: 'issues', table: 'read' },
  { method: 'POST', path: '/api/{dataset}/resolve/{id}', handler: 'http/issues/resolve', access: 'signedIn', scope: 'instance', area: 'issues', table: 'readWrite', realtime: 'publish' },
  { method: 'POST', path: '/api/{dataset}/bulk-resolve', handler: 'http/issues/bulk-resolve', access: 'signedIn', scope: 'instance', area: 'issues', table: 'readWrite', realtime: 'publish' },
  { method: 'GET', path: '/api/{dataset}/issues/{id}/history', handler: 'http/issues/history', access: 'signedIn', scope: 'instance', area: 'issues', table: 'read' },
  { method: 'GET', path: '/api/{dataset}/export', handler: 'http/issues/export', access: 'signedIn', scope: 'instance', area: 'issues', table: 'read' },
  /** Issue clusters (spec 2 §1, §7.3; issue 13): groups of rows whose values are probably the same thing, and their mass fix. */
  { method: 'GET', path: '/api/{dataset}/issue-clusters', handler: 'http/issues/issue-clusters', access: 'signedIn', scope: 'instance', area: 'issues', table: 'read' },
  { method: 'POST', path: '/api/{dataset}/issue-clusters/{clusterId}/resolve', handler: 'http/issues/resolve-cluster', access: 'signedIn', scope: 'instance', area: 'issues', table: 'readWrite', realtime: 'publish' },
  /** Assignment (spec 1 §7 AI; issue 13 §4): {id} is a dataset id of the x-instance-id instance; the assignee gets an in-app notification and an e-mail. */
  { method: 'POST', path: '/api/datasets/{id}/issues/bulk-assign', handler: 'http/assignments/bulk-assign', access: 'signedIn', scope: 'instance', area: 'issues', table: 'readWrite', mail: true },
  { method: 'GET', path: '/api/{dataset}/assignees', handler: 'http/assignments/assignees', access: 'signedIn', scope: 'instance', area: 'issues', table: 'read' },
  /** Related issues (spec 1 §7 AI, §9; issue 13 item 3): {id} is a dataset id of the x-instance-id instance. */
  { method: 'GET', path: '/api/datasets/{id}/issues/{issueId}/related', handler: 'http/issues/related-issues', access: 'signedIn', scope: 'instance', area: 'issues', table: 'read' },

  // ---- data in: datasets, checks, scans, imports (spec 1 §7 Issues "available" calls; issue 4)
  { method: 'POST', path: '/api/datasets/uploads', handler: 'http/datasets/create-upload', access: 'orgAdmin', scope: 'instance', area: 'datasets', table: 'none', sources: 'readWrite' },
  { method: 'POST', path: '/api/datasets', handler: 'http/datasets/create-dataset', access: 'orgAdmin', scope: 'instance', area: 'datasets', table: 'readWrite', sources: 'read' },
  { method: 'GET', path: '/api/{dataset}/config', handler: 'http/datasets/get-config', access: 'signedIn', scope: 'instance', area: 'datasets', table: 'read' },
  { method: 'POST', path: '/api/{dataset}/config', handler: 'http/datasets/save-config', access: 'orgAdmin', scope: 'instance', area: 'datasets', table: 'readWrite' },
  { method: 'POST', path: '/api/{dataset}/config/preview', handler: 'http/datasets/preview-config', access: 'orgAdmin', scope: 'instance', area: 'datasets', table: 'read', sources: 'read' },
  { method: 'POST', path: '/api/{dataset}/scan', handler: 'http/datasets/start-scan', access: 'signedIn', scope: 'instance', area: 'datasets', table: 'readWrite', launchesScans: true },
  { method: 'GET', path: '/api/{dataset}/scans/{scanId}', handler: 'http/datasets/get-scan', access: 'signedIn', scope: 'instance', area: 'datasets', table: 'read' },
  { method: 'GET', path: '/api/{dataset}/source_data', handler: 'http/datasets/source-data', access: 'signedIn', scope: 'instance', area: 'datasets', table: 'read', sources: 'read' },
  { method: 'POST', path: '/api/{dataset}/reset', handler: 'http/datasets/reset', access: 'orgAdmin', scope: 'instance', area: 'datasets', table: 'readWrite', launchesScans: true },
  { method: 'POST', path: '/api/{dataset}/import', handler: 'http/datasets/import-results', access: 'orgAdmin', scope: 'instance', area: 'datasets', table: 'readWrite', realtime: 'publish' },

  // ---- AI suggestions and credits (spec 1 §7 AI, §4 AI processing; spec 2 §2.3 AI tab, §9) ---------
  { method: 'GET', path: '/api/{dataset}/suggestion/{id}', handler: 'http/ai/get-suggestion', access: 'signedIn', scope: 'instance', area: 'ai', table: 'read' },
  /** The cheap poll of the rows a screen shows (spec leaves the call open). */
  { method: 'GET', path: '/api/{dataset}/suggestions', handler: 'http/ai/get-suggestions', access: 'signedIn', scope: 'instance', area: 'ai', table: 'read' },
  { method: 'POST', path: '/api/ai/recommendations/generate', handler: 'http/ai/generate', access: 'signedIn', scope: 'instance', area: 'ai', table: 'readWrite', sources: 'read', ai: 'invoke' },
  { method: 'POST', path: '/api/ai/recommendations/batch', handler: 'http/ai/batch', access: 'signedIn', scope: 'instance', area: 'ai', table: 'readWrite', ai: 'enqueue' },
  { method: 'GET', path: '/api/ai/health', handler: 'http/ai/health', access: 'signedIn', scope: 'none', area: 'ai', table: 'none' },
  { method: 'GET', path: '/api/ai/providers', handler: 'http/ai/providers', access: 'signedIn', scope: 'none', area: 'ai', table: 'none' },
  { method: 'POST', path: '/api/ai/feedback', handler: 'http/ai/feedback', access: 'signedIn', scope: 'instance', area: 'ai', table: 'readWrite' },
  { method: 'GET', path: '/api/ai/usage/{id}', handler: 'http/ai/usage', access: 'signedIn', scope: 'none', area: 'ai', table: 'read' },
  /** Processing controls (server-side state): status finishes jobs whose rows are all done, hence readWrite. */
  { method: 'GET', path: '/api/ai/processing/status', handler: 'http/ai/processing-status', access: 'signedIn', scope: 'none', area: 'ai', table: 'readWrite' },
  { method: 'POST', path: '/api/ai/processing/pause', handler: 'http/ai/processing-pause', access: 'signedIn', scope: 'none', area: 'ai', table: 'readWrite' },
  { method: 'POST', path: '/api/ai/processing/resume', handler: 'http/ai/processing-resume', access: 'signedIn', scope: 'none', area: 'ai', table: 'readWrite', ai: 'enqueue' },
  { method: 'POST', path: '/api/ai/processing/stop', handler: 'http/ai/processing-stop', access: 'signedIn', scope: 'none', area: 'ai', table: 'readWrite' },
  { method: 'POST', path: '/api/ai/processing/reset', handler: 'http/ai/processing-reset', access: 'signedIn', scope: 'none', area: 'ai', table: 'readWrite' },

  // ---- dashboard and diagnostics (spec 2 §7.3; issue 12): figures from counters and daily records
  { method: 'GET', path: '/api/dashboard/metrics', handler: 'http/dashboard/metrics', access: 'signedIn', scope: 'instance', area: 'dashboard', table: 'read' },
  { method: 'GET', path: '/api/dashboard/dataset-health', handler: 'http/dashboard/dataset-health', access: 'signedIn', scope: 'instance', area: 'dashboard', table: 'read' },
  { method: 'GET', path: '/api/dashboard/trends', handler: 'http/dashboard/trends', access: 'signedIn', scope: 'instance', area: 'dashboard', table: 'read' },
  { method: 'GET', path: '/api/dashboard/quick-wins', handler: 'http/dashboard/quick-wins', access: 'signedIn', scope: 'instance', area: 'dashboard', table: 'read' },
  { method: 'GET', path: '/api/dashboard/real-time-stats', handler: 'http/dashboard/real-time-stats', access: 'signedIn', scope: 'instance', area: 'dashboard', table: 'read' },
  { method: 'GET', path: '/api/dashboard/performance-summary', handler: 'http/dashboard/performance-summary', access: 'signedIn', scope: 'instance', area: 'dashboard', table: 'read' },
  /** Drops the instance's memoized figures (in memory) and recomputes them (read only). */
  { method: 'POST', path: '/api/dashboard/refresh-cache', handler: 'http/dashboard/refresh-cache', access: 'signedIn', scope: 'instance', area: 'dashboard', table: 'read' },
  { method: 'GET', path: '/api/diagnostics/datasets', handler: 'http/dashboard/diagnostics-datasets', access: 'signedIn', scope: 'instance', area: 'dashboard', table: 'read' },
  { method: 'GET', path: '/api/diagnostics/datasets/{dataset}/score', handler: 'http/dashboard/diagnostics-score', access: 'signedIn', scope: 'instance', area: 'dashboard', table: 'read' },
  { method: 'GET', path: '/api/{dataset}/quality-score', handler: 'http/dashboard/quality-score', access: 'signedIn', scope: 'instance', area: 'dashboard', table: 'read' },

  // ---- business impact & use cases (spec 2 §2.3 Tagging, §7.3; spec 1 §7 AI; issue 13 item 6) ----
  /** Seeds the organization's seven use cases the first time it is read, hence readWrite. */
  { method: 'GET', path: '/api/taxonomy/use-cases', handler: 'http/use-cases/list-use-cases', access: 'signedIn', scope: 'none', area: 'organizations', table: 'readWrite' },
  { method: 'POST', path: '/api/taxonomy/use-cases', handler: 'http/use-cases/create-use-case', access: 'orgAdmin', scope: 'none', area: 'organizations', table: 'readWrite' },
  { method: 'PUT', path: '/api/taxonomy/use-cases/{id}', handler: 'http/use-cases/update-use-case', access: 'orgAdmin', scope: 'none', area: 'organizations', table: 'readWrite' },
  { method: 'DELETE', path: '/api/taxonomy/use-cases/{id}', handler: 'http/use-cases/delete-use-case', access: 'orgAdmin', scope: 'none', area: 'organizations', table: 'readWrite' },
  { method: 'POST', path: '/api/downstream-use-cases/classify', handler: 'http/use-cases/classify', access: 'signedIn', scope: 'none', area: 'issues', table: 'read' },
  { method: 'GET', path: '/api/{dataset}/downstream-use-cases', handler: 'http/use-cases/downstream-use-cases', access: 'signedIn', scope: 'instance', area: 'issues', table: 'read' },

  // ---- system (spec 2 §2.3 System, §7.3) ----------------------------------------------------
  { method: 'GET', path: '/api/system/status', handler: 'http/admin/system-status', access: 'signedIn', scope: 'none', area: 'admin', table: 'read', identity: 'describe', queue: 'probe', keys: 'describe' },
  /** The security panel (issue 14 §5): encryption, keys from KMS, BYOK, sealed secrets of the caller's organization. */
  { method: 'GET', path: '/api/system/security', handler: 'http/admin/security', access: 'orgAdmin', scope: 'none', area: 'admin', table: 'read', keys: 'describe' },

  // ---- demo data (spec 2 §7.4; issue 15): {id} is an instance id ------------------------------
  { method: 'GET', path: '/api/demo-data/templates', handler: 'http/demo/templates', access: 'orgAdmin', scope: 'none', area: 'admin', table: 'none' },
  { method: 'GET', path: '/api/demo-data/instances/{id}/config', handler: 'http/demo/get-config', access: 'orgAdmin', scope: 'pathInstance', area: 'admin', table: 'read' },
  { method: 'PUT', path: '/api/demo-data/instances/{id}/config', handler: 'http/demo/save-config', access: 'orgAdmin', scope: 'pathInstance', area: 'admin', table: 'readWrite' },
  { method: 'POST', path: '/api/demo-data/instances/{id}/deploy', handler: 'http/demo/deploy', access: 'orgAdmin', scope: 'pathInstance', area: 'admin', table: 'readWrite', sources: 'readWrite', launchesScans: true },
  { method: 'POST', path: '/api/demo-data/instances/{id}/regenerate', handler: 'http/demo/regenerate', access: 'orgAdmin', scope: 'pathInstance', area: 'admin', table: 'readWrite', sources: 'readWrite', launchesScans: true },
  // ---- public site (spec 2 §7.6; issue 16) ----------------------------------------------------
  { method: 'POST', path: '/api/marketing/signup', handler: 'http/marketing/signup', access: 'public', scope: 'none', area: 'public', table: 'readWrite', mail: true },
  /** Aggregates the tenants' counters and caches the figures, hence readWrite. */
  { method: 'GET', path: '/api/marketing/stats', handler: 'http/marketing/stats', access: 'public', scope: 'none', area: 'public', table: 'readWrite' },
  /** The OpenAPI 3.1 document generated from this table and the handlers' schemas. */
  { method: 'GET', path: '/api/openapi.json', handler: 'http/docs/openapi-json', access: 'public', scope: 'none', area: 'public', table: 'none' },
  // ---- team administration (spec 2 §7.1, §7.6; issue 11) -------------------------------------------
  { method: 'GET', path: '/api/organizations/{orgId}/members', handler: 'http/team/list-members', access: 'orgAdmin', scope: 'organization', area: 'organizations', table: 'read', deniedMessage: TEAM_DENIED },
  { method: 'PUT', path: '/api/organizations/{orgId}/members/{email}/role', handler: 'http/team/change-role', access: 'orgAdmin', scope: 'organization', area: 'organizations', table: 'readWrite', deniedMessage: TEAM_DENIED },
  { method: 'POST', path: '/api/organizations/{orgId}/members/{email}/reset-password', handler: 'http/team/reset-password', access: 'orgAdmin', scope: 'organization', area: 'organizations', table: 'readWrite', identity: 'admin', deniedMessage: TEAM_DENIED },
  { method: 'GET', path: '/api/organizations/{orgId}/instances', handler: 'http/team/list-instances', access: 'orgAdmin', scope: 'organization', area: 'organizations', table: 'read', deniedMessage: TEAM_DENIED },
  { method: 'POST', path: '/api/organizations/{orgId}/instances', handler: 'http/team/create-instance', access: 'orgAdmin', scope: 'organization', area: 'organizations', table: 'readWrite', deniedMessage: TEAM_DENIED },
  { method: 'PUT', path: '/api/organizations/{orgId}/instances/{id}', handler: 'http/team/update-instance', access: 'orgAdmin', scope: 'organization', area: 'organizations', table: 'readWrite', deniedMessage: TEAM_DENIED },
  { method: 'DELETE', path: '/api/organizations/{orgId}/instances/{id}', handler: 'http/team/delete-instance', access: 'orgAdmin', scope: 'organization', area: 'organizations', table: 'readWrite', deniedMessage: TEAM_DENIED },
  { method: 'POST', path: '/api/organizations/{orgId}/instances/{id}/users', handler: 'http/team/add-instance-user', access: 'orgAdmin', scope: 'organization', area: 'organizations', table: 'readWrite', deniedMessage: TEAM_DENIED },
  { method: 'DELETE', path: '/api/organizations/{orgId}/instances/{id}/users/{email}', handler: 'http/team/remove-instance-user', access: 'orgAdmin', scope: 'organization', area: 'organizations', table: 'readWrite', deniedMessage: TEAM_DENIED },
  { method: 'GET', path: '/api/organizations/{orgId}/invites', handler: 'http/team/list-invites', access: 'orgAdmin', scope: 'organization', area: 'organizations', table: 'read', deniedMessage: INVITES_DENIED },
  { method: 'POST', path: '/api/organizations/{orgId}/invites', handler: 'http/team/create-invite', access: 'orgAdmin', scope: 'organization', area: 'organizations', table: 'readWrite', mail: true, deniedMessage: INVITES_DENIED },
  { method: 'DELETE', path: '/api/organizations/{orgId}/invites/{id}', handler: 'http/team/revoke-invite', access: 'orgAdmin', scope: 'organization', area: 'organizations', table: 'readWrite', deniedMessage: INVITES_DENIED },
  { method: 'POST', path: '/api/organizations/{orgId}/invites/{id}/resend', handler: 'http/team/resend-invite', access: 'orgAdmin', scope: 'organization', area: 'organizations', table: 'readWrite', mail: true, deniedMessage: INVITES_DENIED },
  /** The audit log of administrative actions (issue 11 §6), newest first; and as CSV. */
  { method: 'GET', path: '/api/organizations/{orgId}/audit', handler: 'http/team/list-audit', access: 'orgAdmin', scope: 'organization', area: 'organizations', table: 'read' },
  { method: 'GET', path: '/api/organizations/{orgId}/audit/export', handler: 'http/team/export-audit', access: 'orgAdmin', scope: 'organization', area: 'organizations', table: 'read' },
  // Public invitation page (spec 2 §2.8, §7.6): the code is the credential.
  { method: 'GET', path: '/api/invites/{inviteCode}/details', handler: 'http/team/invite-details', access: 'public', scope: 'none', area: 'public', table: 'read' },
  { method: 'POST', path: '/api/invites/{inviteCode}/accept', handler: 'http/team/accept-invite', access: 'public', scope: 'none', area: 'public', table: 'readWrite', identity: 'admin' },
  // ---- organizations (spec 2 §7.1; issue 11) ---------------------------------------------------------
  { method: 'GET', path: '/api/organizations', handler: 'http/organizations/list', access: 'superAdmin', scope: 'none', area: 'organizations', table: 'read' },
  { method: 'POST', path: '/api/organizations', handler: 'http/organizations/create', access: 'superAdmin', scope: 'none', area: 'organizations', table: 'readWrite' },
  { method: 'GET', path: '/api/organizations/overview', handler: 'http/organizations/overview', access: 'superAdmin', scope: 'none', area: 'organizations', table: 'read' },
  /** Each data cell with DescribeTable's figures (the read grant includes dynamodb:DescribeTable). */
  { method: 'GET', path: '/api/organizations/shards', handler: 'http/organizations/shards', access: 'superAdmin', scope: 'none', area: 'organizations', table: 'read' },
  /** Each BYOK key's status read from KMS (locally the key file). */
  { method: 'GET', path: '/api/organizations/byok', handler: 'http/organizations/byok', access: 'superAdmin', scope: 'none', area: 'organizations', table: 'read', keys: 'describe' },
  { method: 'GET', path: '/api/organizations/{id}', handler: 'http/organizations/get', access: 'orgAdmin', scope: 'organization', area: 'organizations', table: 'read' },
  /** Org admins rename; subscription, status (suspend/reactivate) and keys need a super admin (checked in the use case). */
  { method: 'PUT', path: '/api/organizations/{id}', handler: 'http/organizations/update', access: 'orgAdmin', scope: 'organization', area: 'organizations', table: 'readWrite' },
  { method: 'DELETE', path: '/api/organizations/{id}', handler: 'http/organizations/remove', access: 'superAdmin', scope: 'organization', area: 'organizations', table: 'readWrite' },
  /** Every item of the tenant and its pool users; only once suspended or soft-deleted; resumable (202 until complete). */
  { method: 'DELETE', path: '/api/organizations/{id}/permanent', handler: 'http/organizations/purge', access: 'superAdmin', scope: 'organization', area: 'organizations', table: 'readWrite', identity: 'admin' },
  { method: 'GET', path: '/api/organizations/{id}/stats', handler: 'http/organizations/stats', access: 'orgAdmin', scope: 'organization', area: 'organizations', table: 'read' },
  { method: 'POST', path: '/api/organizations/{id}/domains', handler: 'http/organizations/add-domain', access: 'orgAdmin', scope: 'organization', area: 'organizations', table: 'readWrite' },
  { method: 'DELETE', path: '/api/organizations/{id}/domains/{domain}', handler: 'http/organizations/remove-domain', access: 'orgAdmin', scope: 'organization', area: 'organizations', table: 'readWrite' },
  { method: 'PUT', path: '/api/organizations/{id}/diagnostics', handler: 'http/organizations/diagnostics', access: 'orgAdmin', scope: 'organization', area: 'organizations', table: 'readWrite' },
  /** The IP allowlist (issue 14 §5) the tenant middleware enforces for the organization's members; a super admin can clear it. */
  { method: 'GET', path: '/api/organizations/{orgId}/ip-allowlist', handler: 'http/organizations/get-ip-allowlist', access: 'orgAdmin', scope: 'organization', area: 'organizations', table: 'read' },
  { method: 'PUT', path: '/api/organizations/{orgId}/ip-allowlist', handler: 'http/organizations/put-ip-allowlist', access: 'orgAdmin', scope: 'organization', area: 'organizations', table: 'readWrite' },
  // Admin documentation endpoints (spec 2 §7.3).
  { method: 'GET', path: '/api/organizations/{orgId}/admin/admins', handler: 'http/organizations/admin-admins', access: 'orgAdmin', scope: 'organization', area: 'organizations', table: 'read' },
  { method: 'GET', path: '/api/organizations/{orgId}/admin/settings', handler: 'http/organizations/admin-category', access: 'orgAdmin', scope: 'organization', area: 'organizations', table: 'read' },
  { method: 'GET', path: '/api/organizations/{orgId}/admin/{category}', handler: 'http/organizations/admin-category', access: 'orgAdmin', scope: 'organization', area: 'organizations', table: 'read' },
  // ---- agent connector (spec 2 §7.2; issue 14): admin or organization permission ------------------
  { method: 'GET', path: '/api/organizations/{orgId}/soda-agent/config', handler: 'http/agent/get-config', access: 'orgAdmin', scope: 'organization', area: 'organizations', table: 'read', deniedMessage: AGENT_DENIED },
  { method: 'GET', path: '/api/organizations/{orgId}/soda-agent/status', handler: 'http/agent/status', access: 'orgAdmin', scope: 'organization', area: 'organizations', table: 'read', deniedMessage: AGENT_DENIED },
  { method: 'POST', path: '/api/organizations/{orgId}/soda-agent/test', handler: 'http/agent/test-connection', access: 'orgAdmin', scope: 'organization', area: 'organizations', table: 'read', agent: true, deniedMessage: AGENT_DENIED },
  { method: 'POST', path: '/api/organizations/{orgId}/soda-agent/configure', handler: 'http/agent/configure', access: 'orgAdmin', scope: 'organization', area: 'organizations', table: 'readWrite', agent: true, kms: 'seal', launchesAgentSync: true, deniedMessage: AGENT_DENIED },
  /** "Sync now": the only route that opens the sealed API key. */
  { method: 'POST', path: '/api/organizations/{orgId}/soda-agent/sync', handler: 'http/agent/sync', access: 'orgAdmin', scope: 'organization', area: 'organizations', table: 'readWrite', launchesAgentSync: true, deniedMessage: AGENT_DENIED },
  { method: 'DELETE', path: '/api/organizations/{orgId}/soda-agent/disconnect', handler: 'http/agent/disconnect', access: 'orgAdmin', scope: 'organization', area: 'organizations', table: 'readWrite', deniedMessage: AGENT_DENIED },
  { method: 'DELETE', path: '/api/organizations/{orgId}/soda-agent', handler: 'http/agent/remove', access: 'orgAdmin', scope: 'organization', area: 'organizations', table: 'readWrite', deniedMessage: AGENT_DENIED },
  // ---- plans and billing (issue 16 §4; spec 2 §2.8 billing success, §6 billing permission) -------
  { method: 'GET', path: '/api/billing/plan', handler: 'http/billing/get-plan', access: 'orgAdmin', scope: 'none', area: 'organizations', table: 'read' },
  /** Account owners only (billing permission, checked in the use case with the same message). */
  { method: 'POST', path: '/api/billing/checkout-sessions', handler: 'http/billing/create-checkout', access: 'orgAdmin', scope: 'none', area: 'organizations', table: 'readWrite', checkout: true, deniedMessage: BILLING_DENIED },
  { method: 'GET', path: '/api/billing/checkout-sessions/{sessionId}', handler: 'http/billing/get-checkout', access: 'orgAdmin', scope: 'none', area: 'organizations', table: 'readWrite', checkout: true, deniedMessage: BILLING_DENIED },
  /** Stripe's webhook endpoint: public, every delivery signed (Stripe-Signature, verified before anything is read); 404 unless a signing secret is configured. */
  { method: 'POST', path: '/api/billing/stripe-webhook', handler: 'http/billing/stripe-webhook', access: 'public', scope: 'none', area: 'organizations', table: 'readWrite', stripeWebhook: true },
];

// ---- QA tools (spec 2 §7.5; issue 15). The /qa/* paths are served like /api/* (CloudFront
// behaviour, local server); every QA route answers 404 unless QA_MODE is on. -------------------
const qa = { qaOnly: true, area: 'qa' } as const;
export const qaRoutes: readonly Route[] = [
  { method: 'GET', path: '/qa/status', handler: 'http/qa/status', access: 'signedIn', scope: 'none', table: 'none', ...qa },
  { method: 'GET', path: '/qa/preflight', handler: 'http/qa/preflight', access: 'orgAdmin', scope: 'none', table: 'read', identity: 'describe', queue: 'probe', ...qa },
  { method: 'GET', path: '/qa/performance', handler: 'http/qa/performance', access: 'superAdmin', scope: 'none', table: 'none', ...qa },
  { method: 'GET', path: '/qa/superadmin/tools', handler: 'http/qa/superadmin-tools', access: 'superAdmin', scope: 'none', table: 'none', ...qa },
  { method: 'POST', path: '/qa/superadmin/system-diagnostics', handler: 'http/qa/system-diagnostics', access: 'superAdmin', scope: 'none', table: 'read', identity: 'describe', queue: 'probe', ...qa },
  { method: 'POST', path: '/qa/superadmin/reset-all-data', handler: 'http/qa/reset-all-data', access: 'superAdmin', scope: 'none', table: 'readWrite', sources: 'readWrite', launchesScans: true, ...qa },
  { method: 'GET', path: '/qa/organizations/{orgId}/reset-tools', handler: 'http/qa/org-reset-tools', access: 'orgAdmin', scope: 'organization', table: 'read', ...qa },
  { method: 'POST', path: '/qa/organizations/{orgId}/instances/{instanceId}/reset', handler: 'http/qa/reset-instance', access: 'orgAdmin', scope: 'organization', table: 'readWrite', sources: 'read', launchesScans: true, ...qa },
  { method: 'POST', path: '/qa/organizations/{orgId}/refresh-mock-data', handler: 'http/qa/refresh-mock-data', access: 'orgAdmin', scope: 'organization', table: 'readWrite', sources: 'readWrite', launchesScans: true, ...qa },
  { method: 'POST', path: '/qa/organizations/{orgId}/clear-cache', handler: 'http/qa/clear-cache', access: 'orgAdmin', scope: 'organization', table: 'none', ...qa },
  // QA validation (spec 2 §7.5, issue 15 item 3): the flow tests create and remove an organization of their own.
  { method: 'GET', path: '/api/qa-validation/status', handler: 'http/qa-validation/status', access: 'orgAdmin', scope: 'none', table: 'read', ...qa },
  { method: 'POST', path: '/api/qa-validation/run-user-flow-tests', handler: 'http/qa-validation/run-user-flow-tests', access: 'superAdmin', scope: 'none', table: 'readWrite', ...qa },
  { method: 'POST', path: '/api/qa-validation/run-admin-flow-tests', handler: 'http/qa-validation/run-admin-flow-tests', access: 'superAdmin', scope: 'none', table: 'readWrite', ...qa },
  { method: 'POST', path: '/api/qa-validation/validate-user-workflow', handler: 'http/qa-validation/validate-user-workflow', access: 'orgAdmin', scope: 'none', table: 'readWrite', ...qa },
  { method: 'POST', path: '/api/qa-validation/test-data-integrity', handler: 'http/qa-validation/test-data-integrity', access: 'orgAdmin', scope: 'instance', table: 'readWrite', ...qa },
  { method: 'POST', path: '/api/qa-validation/validate-ai-suggestions', handler: 'http/qa-validation/validate-ai-suggestions', access: 'orgAdmin', scope: 'instance', table: 'readWrite', sources: 'read', ai: 'invoke', ...qa },
  { method: 'POST', path: '/api/qa-validation/generate-qa-report', handler: 'http/qa-validation/generate-qa-report', access: 'orgAdmin', scope: 'none', table: 'readWrite', ...qa },
  { method: 'GET', path: '/api/qa-validation/test-results/{id}', handler: 'http/qa-validation/test-result', access: 'orgAdmin', scope: 'none', table: 'read', ...qa },
  { method: 'DELETE', path: '/api/qa-validation/cleanup-test-data', handler: 'http/qa-validation/cleanup-test-data', access: 'orgAdmin', scope: 'none', table: 'readWrite', ...qa },
];

export function routeKey(route: Pick<Route, 'method' | 'path'>): string {
  return `${route.method} ${route.path}`;
}

/** Every route: the /api routes and the QA routes. */
export const routes: readonly Route[] = [...apiRoutes, ...qaRoutes];

const byKey = new Map(routes.map((r) => [routeKey(r), r]));

export function findRouteByKey(key: string): Route | undefined {
  return byKey.get(key);
}

/** A stable, short, unique name for a route (used for Lambda names and bundles). */
export function routeName(route: Pick<Route, 'method' | 'path'>): string {
  const slug = route.path
    .replace(/^\/(api|qa)\//, (_, prefix: string) => (prefix === 'qa' ? 'qa-' : ''))
    .replace(/[{}]/g, '')
    .replace(/[^a-zA-Z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return `${route.method.toLowerCase()}-${slug}`;
}
