import type { ChecksConfig } from '../../../shared/schemas/checks';
import type { CheckFailure } from '../checks/engine';
import { ownerFor, recordName } from './owner-rule';
import type { FoundFailure } from './reconcile';
import { taxonomyOf } from './taxonomy';

// What a failing cell becomes as a failed row (name, owner, taxonomy). One function for the scan
// and the demo seed, so the seeded rows are exactly what a scan of the same data writes.

export function failureMapper(config: ChecksConfig): (failure: CheckFailure) => FoundFailure {
  const taxonomies = new Map(config.checks.map((c) => [c.name, taxonomyOf(c)]));
  return (failure) => {
    const taxonomy = taxonomies.get(failure.check.name);
    return {
      checkName: failure.check.name,
      column: failure.column,
      recordId: failure.recordId,
      value: failure.value,
      name: recordName(failure.row.record, failure.recordId),
      owner: ownerFor(config.ownerRule, failure.check, failure.row.record),
      ...(taxonomy ? { taxonomy } : {}),
    };
  };
}
