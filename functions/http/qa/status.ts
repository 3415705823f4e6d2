import { defineRoute } from '../define-route';

// GET /qa/status (spec 2 §3 QA status): reached only in QA mode; otherwise the chain answers 404.
export const handler = defineRoute({}, async () => ({ body: { success: true, enabled: true } }));
