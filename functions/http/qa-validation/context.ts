import type { QaTestResult } from '../../../shared/schemas/qa-validation';
import { qaResultsRepository } from '../../adapters/qa/validation-ports';
import type { QaRunContext } from '../../domain/qa/validation';
import { systemClock } from '../../lib/clock';
import { requireCaller, type RouteInput } from '../define-route';

// What every /api/qa-validation call shares: the run context, and storing a result as it answers.

export const runContext = (input: Pick<RouteInput<unknown, unknown, unknown>, 'caller'>): QaRunContext => ({ clock: systemClock, caller: requireCaller(input) });

/** Stores the result for the caller's organization and answers it (with its logs: the run just happened). */
export async function stored(result: QaTestResult) {
  await qaResultsRepository.put(result);
  return { body: { success: true, test_id: result.id, result } };
}
