import { BedrockRuntimeClient, ConverseCommand } from '@aws-sdk/client-bedrock-runtime';
import { mockClient } from 'aws-sdk-client-mock';
import { buildProfile } from '../../domain/profile/build-profile';
import { ProviderUnavailable } from '../../domain/ai/llm/retry';
import type { SuggestionRequest } from '../../domain/ai/provider';
import { bedrockProvider } from './bedrock';

const bedrock = mockClient(BedrockRuntimeClient);
const retry = { attempts: 3, timeoutMs: 200, backoffMs: 1 };
const rows = Array.from({ length: 20 }, (_, i) => ({ zip: ['70411', '70522'][i % 2]!, city: ['varnholm', 'ostreby'][i % 2]! }));
const request: SuggestionRequest = { issue: { issue_column: 'city', current_value: 'varnhxlm', row: { zip: '70411', city: 'varnhxlm' }, check_name: 'city_valid' }, profile: buildProfile(rows) };
const answer = (text: string) => ({ output: { message: { role: 'assistant' as const, content: [{ text }] } } });
const provider = () => bedrockProvider({ modelId: 'test-model', retry, client: new BedrockRuntimeClient({ region: 'us-east-1' }) });

beforeEach(() => bedrock.reset());

describe('bedrock provider', () => {
  it('asks the Converse API with the configured model and a compact prompt, and reads the JSON answer', async () => {
    // Prepare
    bedrock.on(ConverseCommand).resolves(answer('{"suggestedValue":"varnholm","confidence":88,"reasoning":"The zip implies it."}'));
    // Act
    const result = await provider().suggest(request);
    // Assess
    expect(result).toEqual({ kind: 'suggestion', suggestedValue: 'varnholm', confidence: 88, reasoning: 'The zip implies it.', rule: 'city:bedrock' });
    const input = bedrock.commandCalls(ConverseCommand)[0]!.args[0].input;
    expect(input.modelId).toBe('test-model');
    const prompt = input.messages![0]!.content![0]!.text!;
    expect(JSON.parse(prompt)).toMatchObject({ column: 'city', currentValue: 'varnhxlm', check: 'city_valid', impliedByOtherColumns: [{ from: 'zip', value: 'varnholm' }] });
    expect(prompt.length).toBeLessThan(2000);
  });

  it('caps the confidence a model reports for itself', async () => {
    bedrock.on(ConverseCommand).resolves(answer('{"suggestedValue":"varnholm","confidence":100,"reasoning":"Sure."}'));
    expect(await provider().suggest(request)).toMatchObject({ confidence: 90 });
  });

  it('abstains when the model answers null', async () => {
    bedrock.on(ConverseCommand).resolves(answer('{"suggestedValue":null,"confidence":10,"reasoning":"Not enough context."}'));
    expect(await provider().suggest(request)).toEqual({ kind: 'abstain', reason: 'Not enough context.' });
  });

  it('retries a malformed answer and then gives up as unavailable', async () => {
    bedrock.on(ConverseCommand).resolves(answer('Sure! The city is varnholm.'));
    await expect(provider().suggest(request)).rejects.toBeInstanceOf(ProviderUnavailable);
    expect(bedrock.commandCalls(ConverseCommand)).toHaveLength(3);
  });

  it('recovers when a retry succeeds', async () => {
    bedrock
      .on(ConverseCommand)
      .rejectsOnce(Object.assign(new Error('slow down'), { name: 'ThrottlingException' }))
      .resolves(answer('{"suggestedValue":"varnholm","confidence":70,"reasoning":"Zip."}'));
    expect(await provider().suggest(request)).toMatchObject({ kind: 'suggestion', suggestedValue: 'varnholm' });
    expect(bedrock.commandCalls(ConverseCommand)).toHaveLength(2);
  });

  it('does not retry an access error', async () => {
    bedrock.on(ConverseCommand).rejects(Object.assign(new Error('no access'), { name: 'AccessDeniedException' }));
    await expect(provider().suggest(request)).rejects.toBeInstanceOf(ProviderUnavailable);
    expect(bedrock.commandCalls(ConverseCommand)).toHaveLength(1);
  });

  it('times out a call that never answers', async () => {
    bedrock.on(ConverseCommand).callsFake(() => new Promise(() => {}));
    const started = Date.now();
    await expect(provider().suggest(request)).rejects.toThrow(/timed out/);
    expect(Date.now() - started).toBeLessThan(2000);
  });
});
