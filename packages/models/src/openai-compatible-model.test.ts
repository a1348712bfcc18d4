import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { collect, request, waitUntil } from '../test/helpers';
import { createOpenAICompatibleModel } from './openai-compatible-model';
import type { OpenAICompatibleModelOptions } from './openai-compatible-model';
import type { RetryEvent } from './retry';
import { startFakeOpenAIServer } from './testing/fake-openai-server';
import type { FakeOpenAIServer } from './testing/fake-openai-server';

let server: FakeOpenAIServer;
let retries: RetryEvent[];

beforeEach(async () => {
  server = await startFakeOpenAIServer({ apiKey: 'sk-test' });
  retries = [];
});
afterEach(async () => {
  await server.close();
});

function model(options: Partial<OpenAICompatibleModelOptions> = {}) {
  return createOpenAICompatibleModel({
    id: 'fake-model',
    label: 'Fake GPT',
    baseUrl: server.baseUrl,
    apiKey: 'sk-test',
    retry: { baseDelayMs: 10 },
    onRetry: (event) => retries.push(event),
    ...options,
  });
}

describe('streaming through the AI SDK', () => {
  it('delivers the SSE chunks as text deltas in order, then the token usage', async () => {
    server.enqueue({ text: 'Volcanoes are mountains that breathe fire.', chunks: ['Volcanoes', ' are', ' mountains', ' that breathe', ' fire.'], usage: { promptTokens: 17, completionTokens: 9 } });
    const result = await collect(model(), request({ system: 'You are a teacher.' }));
    expect(result.error).toBeUndefined();
    expect(result.texts).toEqual(['Volcanoes', ' are', ' mountains', ' that breathe', ' fire.']);
    expect(result.usage).toEqual({ type: 'usage', inputTokens: 17, outputTokens: 9 });
  });

  it('sends the model, the messages, temperature, max tokens and the key as OpenAI expects', async () => {
    server.enqueue({ text: 'ok' });
    await collect(model(), request({ system: 'Be brief.', settings: { temperature: 1.4, maxOutputTokens: 321 } }));
    const [sent] = server.requests;
    expect(sent).toMatchObject({
      path: '/v1/chat/completions',
      authorization: 'Bearer sk-test',
      model: 'fake-model',
      stream: true,
      temperature: 1.4,
      max_tokens: 321,
      stream_options: { include_usage: true },
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'Explain volcanoes to a 10-year-old.' },
      ],
    });
  });

  it("caps max tokens at the model's own limit", async () => {
    server.enqueue({ text: 'ok' });
    await collect(model({ maxOutputTokens: 50 }), request({ settings: { temperature: 0.7, maxOutputTokens: 4000 } }));
    expect(server.requests[0]?.max_tokens).toBe(50);
  });

  it('keeps hostile text (SSE framing, [DONE], quotes) intact as content', async () => {
    const hostile = 'data: [DONE]\n\n{"x":"\\u0000"} </script> 🌋';
    server.enqueue({ text: hostile, chunks: [hostile.slice(0, 9), hostile.slice(9)] });
    const result = await collect(model(), request());
    expect(result.texts.join('')).toBe(hostile);
  });

  it('finishes a slow stream, chunk by chunk', async () => {
    server.enqueue({ text: 'one two three four five', chunkDelayMs: 120 });
    const result = await collect(model({ firstTokenTimeoutMs: 2_000 }), request());
    expect(result.error).toBeUndefined();
    expect(result.texts).toEqual(['one', ' two', ' three', ' four', ' five']);
    expect(result.usage?.outputTokens).toBeGreaterThan(0);
  });
});

describe('retries', () => {
  it('retries a 429 after the time Retry-After asks for, then succeeds', async () => {
    server.enqueue({ status: 429, message: 'Rate limit reached', headers: { 'retry-after': '1' } }, { text: 'Second time lucky.' });
    const result = await collect(model(), request());
    expect(result.error).toBeUndefined();
    expect(result.texts.join('')).toBe('Second time lucky.');
    expect(server.requests).toHaveLength(2);
    expect(retries).toEqual([{ model: 'Fake GPT', attempt: 1, delayMs: 1_000, retryAfter: true, status: 429 }]);
    const [first, second] = server.requests;
    // The wait is a lower bound the client must respect (it can only be longer, never shorter).
    expect((second?.receivedAt ?? 0) - (first?.receivedAt ?? 0)).toBeGreaterThanOrEqual(990);
  });

  it('backs off exponentially from the configured base when no Retry-After is sent', async () => {
    server.enqueue({ status: 503 }, { status: 429 }, { text: 'fine' });
    const result = await collect(model({ retry: { baseDelayMs: 20 } }), request());
    expect(result.texts.join('')).toBe('fine');
    expect(retries.map((event) => [event.status, event.delayMs, event.retryAfter])).toEqual([
      [503, 20, false],
      [429, 40, false],
    ]);
  });

  it('caps a long Retry-After at maxDelayMs', async () => {
    server.enqueue({ status: 429, headers: { 'retry-after': '3600' } }, { text: 'ok' });
    await collect(model({ retry: { baseDelayMs: 10, maxDelayMs: 50 } }), request());
    expect(retries[0]?.delayMs).toBe(50);
  });

  it('gives up after 3 attempts of 500 with a provider_error', async () => {
    server.enqueue({ status: 500, message: 'upstream exploded' }, { status: 500 }, { status: 500, message: 'still broken' });
    const result = await collect(model(), request());
    expect(server.requests).toHaveLength(3);
    expect(result.texts).toEqual([]);
    expect(result.error).toMatchObject({ code: 'provider_error', status: 500 });
    expect(result.error?.message).toContain('(3 attempts)');
    expect(result.error?.message).toContain('still broken');
  });

  it('does not retry a refused API key and says which setting to check', async () => {
    const result = await collect(model({ apiKey: 'sk-wrong' }), request());
    expect(server.requests).toHaveLength(1);
    expect(result.error).toMatchObject({ code: 'auth_failed', status: 401 });
    expect(result.error?.message).toContain('AI_API_KEY');
    expect(retries).toEqual([]);
  });

  it('does not retry a 400 and passes on what the provider said', async () => {
    server.enqueue({ status: 400, message: "max_tokens is too large for this model" });
    const result = await collect(model(), request());
    expect(server.requests).toHaveLength(1);
    expect(result.error).toMatchObject({ code: 'bad_request', status: 400 });
    expect(result.error?.message).toContain('max_tokens is too large');
  });

  it('does not retry once tokens have streamed: a dropped stream is a provider_error', async () => {
    server.enqueue({ text: 'alpha beta gamma delta', dropAfterChunks: 2 }, { text: 'must not be used' });
    const result = await collect(model(), request());
    expect(result.texts).toEqual(['alpha', ' beta']);
    expect(result.error?.code).toBe('provider_error');
    expect(server.requests).toHaveLength(1);
    expect(server.pending()).toBe(1);
  });

  it('reports an unreachable endpoint after its attempts', async () => {
    const baseUrl = server.baseUrl;
    await server.close();
    const result = await collect(model({ baseUrl }), request());
    expect(result.error?.code).toBe('provider_error');
    expect(result.error?.message).toContain('AI_BASE_URL');
    expect(retries).toHaveLength(2);
    server = await startFakeOpenAIServer();
  });
});

describe('timeouts and cancellation', () => {
  it('fails with a first-token timeout when the provider accepts but never answers', async () => {
    server.enqueue({ hang: true });
    const result = await collect(model({ firstTokenTimeoutMs: 300 }), request());
    expect(result.error?.code).toBe('timeout');
    expect(result.error?.message).toContain('did not start answering within 0.3 s');
    expect(server.requests).toHaveLength(1);
    await waitUntil(() => server.requests[0]?.clientDisconnected() === true);
  });

  it('fails with a timeout when the whole answer takes too long', async () => {
    server.enqueue({ text: 'a b c d e f g h i j', chunkDelayMs: 250 });
    const result = await collect(model({ timeoutMs: 1_200, firstTokenTimeoutMs: 1_000 }), request());
    expect(result.texts.length).toBeGreaterThan(0);
    expect(result.texts.length).toBeLessThan(10);
    expect(result.error?.code).toBe('timeout');
    expect(result.error?.message).toContain('did not finish answering within 1.2 s');
    expect(server.requests).toHaveLength(1);
  });

  it('stops mid-stream when the signal aborts, reports cancelled and closes the connection', async () => {
    server.enqueue({ text: 'one two three four five six seven eight', chunkDelayMs: 40 });
    const controller = new AbortController();
    const result = await collect(model(), request({ signal: controller.signal }), (_text, index) => {
      if (index === 1) controller.abort();
    });
    expect(result.texts).toEqual(['one', ' two']);
    expect(result.error?.code).toBe('cancelled');
    await waitUntil(() => server.requests[0]?.clientDisconnected() === true);
  });

  it('does not call the provider when the signal is already aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    const result = await collect(model(), request({ signal: controller.signal }));
    expect(result.error?.code).toBe('cancelled');
    expect(server.requests).toHaveLength(0);
  });

  it('cancels the wait between retries', async () => {
    server.enqueue({ status: 429, headers: { 'retry-after': '30' } });
    const controller = new AbortController();
    const pending = collect(model({ retry: { maxDelayMs: 60_000 } }), request({ signal: controller.signal }));
    await waitUntil(() => retries.length === 1);
    controller.abort();
    const result = await pending;
    expect(result.error?.code).toBe('cancelled');
    expect(server.requests).toHaveLength(1);
  });
});
