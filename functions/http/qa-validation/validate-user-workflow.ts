import { userWorkflowBodySchema } from '../../../shared/schemas/qa-validation';
import { workflowPorts } from '../../adapters/qa/validation-ports';
import { validateUserWorkflow } from '../../domain/qa/validation';
import { defineRoute } from '../define-route';
import { runContext, stored } from './context';

// POST /api/qa-validation/validate-user-workflow {email}: can this member of your organization work?
export const handler = defineRoute({ body: userWorkflowBodySchema }, async (input) =>
  stored(await validateUserWorkflow(workflowPorts(), runContext(input), input.body.email)),
);
