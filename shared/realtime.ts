// Real-time events (spec 2 §7.3 names them; issue 13 item 7): what the server pushes to the
// signed-in members of one instance over the WebSocket. Shared by the publishers and the SPA.

export const REALTIME_EVENT_TYPES = ['issue-resolved', 'bulk-progress', 'cluster-resolved', 'quality-metrics'] as const;
export type RealtimeEventType = (typeof REALTIME_EVENT_TYPES)[number];

/** The path of the WebSocket endpoint: locally on the API's port, deployed behind CloudFront. */
export const REALTIME_PATH = '/ws';
/** The subprotocol the client asks for; the ID token travels as a second one (`bearer.<token>`), never in the URL. */
export const REALTIME_PROTOCOL = 'quality-desk.v1';
export const REALTIME_TOKEN_PREFIX = 'bearer.';

/** A connection lives at most this long (API Gateway closes WebSockets after 2 hours). */
export const REALTIME_CONNECTION_TTL_SECONDS = 2 * 60 * 60;

/** One changed row of an `issue-resolved` event (resolve, mute, unmute; one or bulk). */
export interface IssueChange {
  issue_id: string;
  status: string;
  version: number;
}

export interface IssueResolvedData {
  datasetId: string;
  /** Who acted (the member's e-mail). */
  by: string;
  bulk: boolean;
  issues: IssueChange[];
}

export interface BulkProgressData {
  datasetId: string;
  /** The client's id for the bulk action (it shows the bar of its own action), or the server's. */
  operationId: string;
  processed: number;
  total: number;
  succeeded: number;
  failed: number;
  done: boolean;
}

export interface QualityMetricsData {
  datasetId: string;
  /** Exact counts of the dataset's rows by status, from its counters. */
  statusCounts: Record<string, number>;
}

export interface RealtimeMessage<T = unknown> {
  type: RealtimeEventType;
  instanceId: string;
  /** ISO time of publication. */
  at: string;
  data: T;
}
