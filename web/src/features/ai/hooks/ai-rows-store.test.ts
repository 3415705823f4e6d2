import type { IssueRow } from '../../../../../shared/schemas/issues';
import { mockApi } from '../../../test/mock-api';
import { AiRowsStore } from './ai-rows-store';

const row = (id: string, overrides: Partial<IssueRow> = {}) => ({ issue_id: id, dataset_id: 'leads', issue_column: 'email', current_value: 'x', status: 'open', ai_suggestion: null, version: 1, ...overrides }) as IssueRow;
const view = (id: string, state: string, value: string | null = null) => ({ issueId: id, state, field: 'email', currentValue: 'x', suggestedValue: value, confidence: value ? 90 : null, reasoning: value ? 'why' : null, recommendationId: null, provider: 'builtin' });

describe('AI rows store', () => {
  it('asks once, in one batch, for the open rows without a suggestion, then polls until they are done', async () => {
    let polls = 0;
    const api = mockApi({
      'POST /api/ai/recommendations/batch': { body: { success: true, jobId: 'J', queued: 2, skipped: 0, total: 2, paused: false } },
      'GET /api/leads/suggestions': () => ({ body: { success: true, data: polls++ === 0 ? [view('a', 'queued'), view('b', 'queued')] : [view('a', 'ready', 'a@x.io'), view('b', 'abstained')] } }),
    });
    const onActivity = vi.fn();
    const store = new AiRowsStore('inst', 'leads', { onActivity });
    store.register(row('a'));
    store.register(row('b'));
    store.register(row('c', { status: 'muted' }));
    store.register(row('d', { ai_suggestion: { suggestedValue: 'd', confidence: 80, reasoning: 'r' } }));
    await vi.waitFor(() => expect(store.get('a')?.state).toBe('ready'), { timeout: 4000 });
    expect(api.calls('POST /api/ai/recommendations/batch').map((r) => r.body)).toEqual([{ issues: ['a', 'b'], context: { datasetId: 'leads' } }]);
    expect(store.get('b')?.state).toBe('abstained');
    expect(store.get('d')?.state).toBe('ready');
    expect(onActivity).toHaveBeenCalled();
    store.register(row('a'));
    await new Promise((r) => setTimeout(r, 100));
    expect(api.calls('POST /api/ai/recommendations/batch')).toHaveLength(1);
    store.dispose();
  });

  it('stops asking and reports the message when the plan refuses (402)', async () => {
    const api = mockApi({ 'POST /api/ai/recommendations/batch': { status: 402, body: { success: false, error: 'AI suggestions are not included in the Free plan.' } } });
    const onRefused = vi.fn();
    const store = new AiRowsStore('inst', 'leads', { onRefused });
    store.register(row('a'));
    await vi.waitFor(() => expect(onRefused).toHaveBeenCalledWith('AI suggestions are not included in the Free plan.'));
    store.register(row('b'));
    await new Promise((r) => setTimeout(r, 100));
    expect(api.calls('POST /api/ai/recommendations/batch')).toHaveLength(1);
    store.dispose();
  });

  it('does not poll rows that left the page before their batch was answered', async () => {
    const api = mockApi({
      'POST /api/ai/recommendations/batch': { status: 202, body: { success: true, jobId: 'J', queued: 1, skipped: 0, total: 1, paused: false } },
      'GET /api/leads/suggestions': { body: { success: true, data: [view('a', 'queued')] } },
    });
    // The batch's answer waits until the row has left.
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    let asked = false;
    const mocked = globalThis.fetch;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).includes('/ai/recommendations/batch')) {
        asked = true;
        await answered;
      }
      return mocked(input, init);
    });
    const store = new AiRowsStore('inst', 'leads');
    const unregister = store.register(row('a'));
    await vi.waitFor(() => expect(asked).toBe(true));
    unregister();
    answer();
    await vi.waitFor(() => expect(api.calls('POST /api/ai/recommendations/batch')).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 100));
    expect(api.calls('GET /api/leads/suggestions')).toHaveLength(0);
    store.dispose();
  });
});
