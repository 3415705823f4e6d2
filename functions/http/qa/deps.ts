import { tenancyRepository } from '../../adapters/dynamodb/tenancy-repository';
import type { ResetDeps } from '../../domain/qa/resets';
import { demoDeps } from '../demo/deps';

/** The adapters of the QA resets. */
export function resetDeps(): ResetDeps {
  return { ...demoDeps(), tenancy: tenancyRepository };
}
