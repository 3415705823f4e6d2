import { defineRoute } from '../define-route';

// GET /qa/superadmin/tools: what a super admin can run (spec 2 §6: shown when this call succeeds).
export const handler = defineRoute({}, async () => ({
  body: {
    success: true,
    tools: [
      { id: 'system-diagnostics', name: 'System diagnostics', description: 'Table and indexes, identity, queue, AI provider; counters and credit ledger checked on a sample of datasets', method: 'POST', path: '/qa/superadmin/system-diagnostics' },
      { id: 'performance', name: 'Performance metrics', description: 'p50/p95 latency of the routes over their last requests', method: 'GET', path: '/qa/performance' },
      { id: 'reset-all-data', name: 'Reset all demo data', description: 'Returns every dataset of the demo organizations to its scanned state (needs the confirmation word)', method: 'POST', path: '/qa/superadmin/reset-all-data', dangerous: true },
    ],
  },
}));
