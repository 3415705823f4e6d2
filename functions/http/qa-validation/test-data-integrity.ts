import { integrityPorts } from '../../adapters/qa/validation-ports';
import { testDataIntegrity } from '../../domain/qa/validation';
import { defineRoute, requireInstance } from '../define-route';
import { runContext, stored } from './context';

// POST /api/qa-validation/test-data-integrity: the instance's datasets, counters vs recount and suggestions vs ledger.
export const handler = defineRoute({}, async (input) => stored(await testDataIntegrity(integrityPorts(), runContext(input), requireInstance(input))));
