import { qaResultsRepository } from '../../adapters/qa/validation-ports';
import { generateQaReport } from '../../domain/qa/validation';
import { defineRoute } from '../define-route';
import { runContext, stored } from './context';

// POST /api/qa-validation/generate-qa-report: the latest result of every test of your organization.
export const handler = defineRoute({}, async (input) => stored(await generateQaReport(qaResultsRepository, runContext(input))));
