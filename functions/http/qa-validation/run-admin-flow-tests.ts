import { qaFlowPorts } from '../../adapters/qa/validation-ports';
import { runAdminFlow } from '../../domain/qa/validation';
import { defineRoute } from '../define-route';
import { runContext, stored } from './context';

// POST /api/qa-validation/run-admin-flow-tests (super admin): the admin flow in a temporary QA organization.
export const handler = defineRoute({}, async (input) => stored(await runAdminFlow(qaFlowPorts(), runContext(input))));
