import { DEMO_TEMPLATES } from '../../domain/demo/templates';
import { defineRoute } from '../define-route';

// GET /api/demo-data/templates (spec 2 §7.4).
export const handler = defineRoute({}, async () => ({ body: { success: true, templates: DEMO_TEMPLATES } }));
