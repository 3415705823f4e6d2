import { qaFlowPorts } from '../../adapters/qa/validation-ports';
import { runUserFlow } from '../../domain/qa/validation';
import { defineRoute } from '../define-route';
import { runContext, stored } from './context';

// POST /api/qa-validation/run-user-flow-tests (super admin): the user flow in a temporary QA organization.
export const handler = defineRoute({}, async (input) => stored(await runUserFlow(qaFlowPorts(), runContext(input))));
