import type { MarketingStats, SignupRequest } from '../../../shared/schemas/marketing';

export interface SignupRecord {
  id: string;
  email: string;
  source: SignupRequest['source'];
  planId?: string;
  name?: string;
  company?: string;
  role?: string;
  message?: string;
  utm_source?: string;
  utm_medium?: string;
  utm_campaign?: string;
  createdAt: string;
}

export interface SignupStore {
  /** Stores the signup unless its e-mail is known; answers the stored one then. */
  createSignup(record: SignupRecord): Promise<{ created: true } | { created: false; existing: SignupRecord }>;
  /** Counts one attempt of a client in a window and answers the window's count so far. */
  countAttempt(clientHash: string, windowStart: string, expiresAtSeconds: number): Promise<number>;
  countSignupsSince(sinceIso: string): Promise<number>;
}

export interface DatasetFigures {
  totalRecords: number;
  open: number;
  resolved: number;
  muted: number;
}

/** What the stats are aggregated from: the organization directory and each tenant's counters. */
export interface StatsSource {
  organizationIds(): Promise<string[]>;
  instanceIds(orgId: string): Promise<string[]>;
  datasets(orgId: string, instanceId: string): Promise<DatasetFigures[]>;
  aiRowsProcessed(orgId: string): Promise<number>;
}

export interface StatsCache {
  read(): Promise<MarketingStats | undefined>;
  write(stats: MarketingStats): Promise<void>;
}
