import * as z from 'zod';
import type { StatsResponse } from '../../../shared/schemas/marketing';
import { signupRepository, statsCache, statsSource } from '../../adapters/dynamodb/marketing-repository';
import { marketingStats } from '../../domain/marketing/stats';
import { systemClock } from '../../lib/clock';
import { logger } from '../../lib/logger';
import { defineRoute } from '../define-route';

// GET /api/marketing/stats (spec 2 §7.6): the landing page's live figures, cached a few minutes.
export const handler = defineRoute({ query: z.object({}) }, async (input) => {
  try {
    const stats = await marketingStats({ source: statsSource, cache: statsCache, countSignupsSince: signupRepository.countSignupsSince }, systemClock.now());
    const body: StatsResponse = { success: true, stats };
    return { body, headers: { 'cache-control': 'public, max-age=60' } };
  } catch (error) {
    logger.error('marketing stats failed', { requestId: input.requestId, error: error instanceof Error ? error.message : String(error) });
    return { status: 503, body: { success: false, error: 'Failed to get signup statistics' } };
  }
});
