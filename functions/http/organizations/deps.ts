import { getConfig } from '../../config';
import { organizationsRepository } from '../../adapters/dynamodb/organizations-repository';
import type { OrganizationDeps } from '../../domain/organizations/organizations';
import { systemClock } from '../../lib/clock';

export function organizationDeps(): OrganizationDeps {
  return { store: organizationsRepository, clock: systemClock, cell: getConfig().tableName };
}
