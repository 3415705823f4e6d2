import { inspectKey } from '../../adapters/kms/key-wrappers';
import { byokAccounts } from '../../domain/organizations/organizations';
import { defineRoute } from '../define-route';
import { organizationDeps } from './deps';

export const handler = defineRoute({}, async () => ({ body: { success: true, accounts: await byokAccounts(organizationDeps(), inspectKey) } }));
