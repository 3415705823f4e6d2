import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ProviderUnavailable } from '../../domain/ai/llm/retry';
import type { SuggestionRequest } from '../../domain/ai/provider';
import { openAiProvider } from './openai';

// A local stub of an OpenAI-compatible endpoint: each test queues the answers it should give.

type Reply = { status: number; body: unknown } | 'hang';
let replies: Reply[] = [];
let received: Array<{ url: string; headers: IncomingMessage['headers']; body: { model: string; messages: Array<{ role: string; content: string }> } }> = [];
let server: Server;
let baseUrl: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    let data = '';
    req.on('data', (chunk: Buffer) => (data += chunk.toString()));
    req.on('end', () => {
      received.push({ url: req.url ?? '', headers: req.headers, body: JSON.parse(data) as (typeof received)[number]['body'] });
      const reply = replies.shift() ?? { status: 500, body: {} };
      if (reply === 'hang') return;
      res.writeHead(reply.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(reply.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  replies = [];
  received = [];
});

const completion = (content: string) => ({ status: 200, body: { choices: [{ message: { role: 'assistant', content } }] } });
const request: SuggestionRequest = { issue: { issue_column: 'email', current_value: 'ana@@example.com' } };
const provider = () => openAiProvider({ baseUrl, apiKey: 'sk-test', model: 'local-model', retry: { attempts: 3, timeoutMs: 300, backoffMs: 1 } });

describe('openai-compatible provider', () => {
  it('posts a chat completion to the configured endpoint with the key and model', async () => {
    replies = [completion('{"suggestedValue":"ana@example.com","confidence":80,"reasoning":"A doubled @."}')];
    const result = await provider().suggest(request);
    expect(result).toMatchObject({ kind: 'suggestion', suggestedValue: 'ana@example.com', confidence: 80 });
    expect(received[0]).toMatchObject({ url: '/v1/chat/completions', headers: { authorization: 'Bearer sk-test' }, body: { model: 'local-model' } });
    expect(received[0]!.body.messages.map((m) => m.role)).toEqual(['system', 'user']);
  });

  it('retries a server error', async () => {
    replies = [{ status: 503, body: {} }, completion('{"suggestedValue":"ana@example.com","confidence":60,"reasoning":"x"}')];
    expect(await provider().suggest(request)).toMatchObject({ kind: 'suggestion' });
    expect(received).toHaveLength(2);
  });

  it('does not retry a client error', async () => {
    replies = [{ status: 401, body: { error: 'bad key' } }];
    await expect(provider().suggest(request)).rejects.toBeInstanceOf(ProviderUnavailable);
    expect(received).toHaveLength(1);
  });

  it('rejects an answer with extra or missing fields', async () => {
    replies = [1, 2, 3].map(() => completion('{"value":"ana@example.com"}'));
    await expect(provider().suggest(request)).rejects.toThrow(/wrong shape/);
  });

  it('times out an endpoint that does not answer', async () => {
    replies = ['hang', 'hang', 'hang'];
    await expect(provider().suggest(request)).rejects.toThrow(/timed out/);
    expect(received).toHaveLength(3);
  });
});
