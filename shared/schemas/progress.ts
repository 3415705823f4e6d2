import * as z from 'zod';
import { DEFAULT_TIMEFRAME, TIMEFRAMES } from './dashboard';

// GET /api/users/me/progress (spec 1 §7 AI, §9; issue 13 item 5): what the signed-in member did in
// the current instance — rows resolved, fixed with AI, muted — per day, their streak and their
// share of the team's resolutions.

/** Days looked back for the streak (a longer streak shows as this many days). */
export const STREAK_WINDOW_DAYS = 90;

export const progressQuerySchema = z.object({
  timeframe: z.enum(TIMEFRAMES, { error: `must be one of ${TIMEFRAMES.join(', ')}` }).default(DEFAULT_TIMEFRAME),
  include_details: z
    .enum(['true', 'false', '1', '0'], { error: 'must be true or false' })
    .optional()
    .transform((v) => v === 'true' || v === '1'),
});
export type ProgressQuery = z.output<typeof progressQuerySchema>;

const figures = {
  resolved: z.number().int(),
  /** Resolved by accepting an AI suggestion (part of resolved). */
  ai_fixed: z.number().int(),
  muted: z.number().int(),
};

export const progressDaySchema = z.object({ date: z.string(), ...figures, team_resolved: z.number().int() });
export type ProgressDay = z.infer<typeof progressDaySchema>;

export const progressSchema = z.object({
  ...figures,
  unmuted: z.number().int(),
  /** Rows the team (every member, this one included) resolved in the timeframe; resolutions by scans are nobody's. */
  team_resolved: z.number().int(),
  /** resolved / team_resolved, in [0, 1]; null when the team resolved nothing. */
  share: z.number().min(0).max(1).nullable(),
  /** Consecutive days with at least one resolution, up to today (or yesterday when today has none yet). */
  streak_days: z.number().int(),
  /** First and last day of the timeframe (UTC, inclusive). */
  from: z.string(),
  to: z.string(),
  /** With include_details: every day of the timeframe, oldest first, and the datasets worked on. */
  daily: z.array(progressDaySchema).optional(),
  datasets: z.array(z.object({ dataset_id: z.string(), name: z.string(), ...figures })).optional(),
});
export type Progress = z.infer<typeof progressSchema>;

export const progressResponseSchema = z.object({ success: z.literal(true), timeframe: z.enum(TIMEFRAMES), data: progressSchema });
export type ProgressResponse = z.infer<typeof progressResponseSchema>;
