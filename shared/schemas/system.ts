import * as z from 'zod';

export const HEALTH_STATUSES = ['healthy', 'warning', 'degraded', 'unhealthy', 'error'] as const;

export const serviceHealthSchema = z.object({
  status: z.enum(HEALTH_STATUSES),
  lastCheck: z.string(),
  responseTimeMs: z.number().optional(),
  message: z.string().optional(),
  /** The suggestions queue's figures (service "queue"). */
  queue: z
    .object({ depth: z.number(), inFlight: z.number(), oldestAgeSeconds: z.number().nullable(), deadLetters: z.number() })
    .optional(),
});

export const systemStatusSchema = z.object({
  success: z.literal(true),
  summary: z.object({
    status: z.enum(HEALTH_STATUSES),
    healthPercentage: z.number(),
    healthyServices: z.number(),
    totalServices: z.number(),
  }),
  /** Seconds the serving process has been up. */
  uptime: z.number(),
  version: z.string(),
  environment: z.string(),
  services: z.record(z.string(), serviceHealthSchema),
  performance: z.object({
    responseTime: z.number(),
    memory: z.object({ used: z.number(), total: z.number() }),
    platform: z.string(),
    arch: z.string(),
    nodeVersion: z.string(),
  }),
  /** quick: the periodic status; full: the Health Check (DescribeTable, keys from KMS, the agent called live). */
  check: z.enum(['quick', 'full']).optional(),
});
export type SystemStatus = z.infer<typeof systemStatusSchema>;
