import * as z from 'zod';
import { ISSUE_TYPES, ONBOARDING_STATUSES } from '../constants';
import { GRADES } from '../quality-score';
import { PRIORITIES } from './checks';
import { datasetIdSchema } from './issues';

// The dashboard and diagnostics calls of spec 2 §7.3 (issue 12): queries and responses.

export const TIMEFRAMES = ['24h', '7d', '30d', '90d'] as const;
export type Timeframe = (typeof TIMEFRAMES)[number];
export const DEFAULT_TIMEFRAME: Timeframe = '7d';
/** Days of daily records a timeframe reads (24h: today and yesterday, the records that hold the last 24 hours). */
export const TIMEFRAME_DAYS: Record<Timeframe, number> = { '24h': 2, '7d': 7, '30d': 30, '90d': 90 };
export const QUICK_WINS_DEFAULT_LIMIT = 10;
export const QUICK_WINS_MAX_LIMIT = 100;
export const RECENT_ISSUES_LIMIT = 5;

const timeframe = z.enum(TIMEFRAMES, { error: `must be one of ${TIMEFRAMES.join(', ')}` }).default(DEFAULT_TIMEFRAME);
const flag = z
  .enum(['true', 'false', '1', '0'], { error: 'must be true or false' })
  .optional()
  .transform((v) => v === 'true' || v === '1');

export const metricsQuerySchema = z.object({ timeframe, include_trends: flag });
export const datasetHealthQuerySchema = z.object({ include_details: flag });
export const trendsQuerySchema = z.object({
  timeframe,
  interval: z.enum(['day', 'week'], { error: 'must be day or week' }).default('day'),
  dataset_id: datasetIdSchema.optional(),
});
export const quickWinsQuerySchema = z.object({
  limit: z.coerce
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(QUICK_WINS_MAX_LIMIT, `must be at most ${QUICK_WINS_MAX_LIMIT}`)
    .default(QUICK_WINS_DEFAULT_LIMIT),
  dataset_id: datasetIdSchema.optional(),
  priority_filter: z.enum(PRIORITIES, { error: `must be one of ${PRIORITIES.join(', ')}` }).optional(),
});
export const performanceQuerySchema = z.object({ timeframe });
export const CACHE_TYPES = ['all', 'metrics', 'dataset-health', 'trends', 'quick-wins'] as const;
export const refreshCacheBodySchema = z.strictObject({
  cache_type: z.enum(CACHE_TYPES, { error: `must be one of ${CACHE_TYPES.join(', ')}` }).default('all'),
});

export const trendPointSchema = z.object({
  date: z.string(),
  /** Open rows at the end of the day. */
  open: z.number(),
  resolved: z.number(),
  opened: z.number(),
  muted: z.number(),
  unmuted: z.number(),
  aiAccepted: z.number(),
});
export type TrendPoint = z.infer<typeof trendPointSchema>;

export const dashboardMetricsSchema = z.object({
  totalRecords: z.number(),
  issuesFound: z.number(),
  issuesResolved: z.number(),
  qualityScore: z.number(),
  aiSuggestionsAvailable: z.number(),
  criticalIssues: z.number(),
  datasetsMonitored: z.number(),
  trendsData: z.array(trendPointSchema),
});
export type DashboardMetrics = z.infer<typeof dashboardMetricsSchema>;
export const metricsResponseSchema = z.object({ success: z.literal(true), timeframe: z.enum(TIMEFRAMES), data: dashboardMetricsSchema });
export type MetricsResponse = z.infer<typeof metricsResponseSchema>;

const typeCounts = z.record(z.enum(ISSUE_TYPES), z.number());
export const datasetHealthSchema = z.object({
  id: z.string(),
  name: z.string(),
  qualityScore: z.number(),
  issuesCount: z.number(),
  lastScan: z.string().nullable(),
  trend: z.enum(['up', 'down', 'flat']),
  criticalIssues: z.number(),
  details: z
    .object({
      grade: z.enum(GRADES),
      onboardingStatus: z.enum(ONBOARDING_STATUSES),
      totalRecords: z.number(),
      checks: z.number(),
      counts: z.object({ open: z.number(), resolved: z.number(), muted: z.number() }),
      openByType: typeCounts,
      openSevenDaysAgo: z.number(),
      suggestionsAvailable: z.number(),
      /** Columns that a format check would guard: mostly e-mails, phones or dates, some values not (latest profile). */
      formatGaps: z.array(z.object({ column: z.string(), format: z.enum(['email', 'phone', 'date']), failing: z.number(), failingShare: z.number() })),
    })
    .optional(),
});
export type DatasetHealth = z.infer<typeof datasetHealthSchema>;
export const datasetHealthResponseSchema = z.object({ success: z.literal(true), data: z.array(datasetHealthSchema) });
export type DatasetHealthResponse = z.infer<typeof datasetHealthResponseSchema>;

export const trendsResponseSchema = z.object({
  success: z.literal(true),
  timeframe: z.enum(TIMEFRAMES),
  interval: z.enum(['day', 'week']),
  datasetId: z.string().nullable(),
  data: z.array(trendPointSchema),
});
export type TrendsResponse = z.infer<typeof trendsResponseSchema>;

export const quickWinSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  impact: z.enum(PRIORITIES),
  effort: z.enum(['low', 'medium']),
  /** 'Accept AI Suggestion': a stored AI suggestion; 'Apply Learned Fix': the value earlier fixes of this value chose. */
  suggestedAction: z.enum(['Accept AI Suggestion', 'Apply Learned Fix']),
  recordId: z.string(),
  datasetId: z.string(),
  estimatedTimeSaved: z.number(),
  businessValue: z.number(),
  suggestedValue: z.string(),
  /** The AI suggestion's stated confidence; null for a learned fix (it states none). */
  confidence: z.number().nullable(),
  /** Learned fix: how many fixes made this change. */
  learnedFrom: z.number().optional(),
  version: z.number(),
  issue: z.object({ issue_column: z.string(), current_value: z.string().nullable(), name: z.string() }),
});
export type QuickWin = z.infer<typeof quickWinSchema>;
export const quickWinsResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(quickWinSchema),
  totals: z.object({ estimatedTimeSaved: z.number(), businessValue: z.number() }),
});
export type QuickWinsResponse = z.infer<typeof quickWinsResponseSchema>;

export const realTimeStatsSchema = z.object({
  rowsQueuedForAi: z.number(),
  scansRunning: z.number(),
  scans: z.array(z.object({ datasetId: z.string(), status: z.enum(['queued', 'running']), rowsRead: z.number(), totalRows: z.number() })),
  resolutionsLastHour: z.number(),
  resolutionsToday: z.number(),
  openIssues: z.number(),
  asOf: z.string(),
});
export const realTimeStatsResponseSchema = z.object({ success: z.literal(true), data: realTimeStatsSchema });
export type RealTimeStatsResponse = z.infer<typeof realTimeStatsResponseSchema>;

export const performanceSummarySchema = z.object({
  resolved: z.number(),
  resolvedPerDay: z.number(),
  opened: z.number(),
  /** Hours, the upper bound of the bucket that holds the median resolution; null when none or beyond 30 days. */
  medianTimeToResolveHours: z.number().nullable(),
  medianTimeToResolveLabel: z.string(),
  aiAccepted: z.number(),
  aiAcceptanceRate: z.number(),
  creditsUsed: z.number(),
});
export const performanceResponseSchema = z.object({ success: z.literal(true), timeframe: z.enum(TIMEFRAMES), data: performanceSummarySchema });
export type PerformanceResponse = z.infer<typeof performanceResponseSchema>;

export const scoreExplanationSchema = z.object({
  datasetId: z.string(),
  name: z.string(),
  qualityScore: z.number(),
  grade: z.enum(GRADES),
  checkedValues: z.number(),
  totalRecords: z.number(),
  checks: z.number(),
  weightedOpen: z.number(),
  openByType: typeCounts,
  priorities: z.record(z.enum(ISSUE_TYPES), z.enum(PRIORITIES)),
  formula: z.string(),
});
export type ScoreExplanation = z.infer<typeof scoreExplanationSchema>;
