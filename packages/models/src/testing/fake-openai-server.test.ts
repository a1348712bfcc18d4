import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { startFakeOpenAIServer } from './fake-openai-server';
import type { FakeOpenAIServer } from './fake-openai-server';

let server: FakeOpenAIServer;
beforeEach(async () => {
  server = await startFakeOpenAIServer({ models: ['alpha', 'beta'] });
});
afterEach(async () => {
  await server.close();
});

const post = (body: unknown) =>
  fetch(`${server.baseUrl}/chat/completions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: typeof body === 'string' ? body : JSON.stringify(body) });

describe('fake OpenAI-compatible server', () => {
  it('lists its models like GET /v1/models', async () => {
    const response = await fetch(`${server.baseUrl}/models`);
    expect(await response.json()).toEqual({
      object: 'list',
      data: [
        { id: 'alpha', object: 'model', created: 0, owned_by: 'appforge-fake' },
        { id: 'beta', object: 'model', created: 0, owned_by: 'appforge-fake' },
      ],
    });
  });

  it('streams chat.completion.chunk events, a finish chunk, a usage chunk and [DONE]', async () => {
    server.enqueue({ text: 'Hi there', usage: { promptTokens: 3, completionTokens: 2 } });
    const response = await post({ model: 'alpha', messages: [{ role: 'user', content: 'hi' }], stream: true, stream_options: { include_usage: true } });
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    const events = (await response.text()).split('\n\n').filter((line) => line !== '');
    expect(events.at(-1)).toBe('data: [DONE]');
    const chunks = events.slice(0, -1).map((event) => JSON.parse(event.replace(/^data: /, '')) as { object: string; choices: { delta: { content?: string }; finish_reason: string | null }[]; usage?: unknown });
    expect(chunks.every((chunk) => chunk.object === 'chat.completion.chunk')).toBe(true);
    expect(chunks.map((chunk) => chunk.choices[0]?.delta.content ?? null)).toEqual(['', 'Hi', ' there', null, null]);
    expect(chunks[3]?.choices[0]?.finish_reason).toBe('stop');
    expect(chunks[4]).toMatchObject({ choices: [], usage: { prompt_tokens: 3, completion_tokens: 2, total_tokens: 5 } });
  });

  it('leaves usage out of a stream unless include_usage asks for it', async () => {
    server.enqueue({ text: 'Hi' });
    const text = await (await post({ model: 'alpha', messages: [{ role: 'user', content: 'hi' }], stream: true })).text();
    expect(text).not.toContain('"usage"');
  });

  it('answers a non-streaming request with a chat.completion and usage', async () => {
    server.enqueue({ text: '{"a":1}', usage: { promptTokens: 5, completionTokens: 4 } });
    const body = await (await post({ model: 'beta', messages: [{ role: 'user', content: 'json' }], response_format: { type: 'json_object' } })).json();
    expect(body).toMatchObject({ object: 'chat.completion', model: 'beta', choices: [{ message: { role: 'assistant', content: '{"a":1}' }, finish_reason: 'stop' }], usage: { total_tokens: 9 } });
    expect(server.requests[0]?.response_format).toEqual({ type: 'json_object' });
  });

  it('refuses a malformed request with an OpenAI-style 400 and consumes no scripted response', async () => {
    server.enqueue({ text: 'unused' });
    const bad = await post('{not json');
    expect(bad.status).toBe(400);
    const noMessages = await post({ model: 'alpha', messages: [] });
    expect(noMessages.status).toBe(400);
    expect(await noMessages.json()).toMatchObject({ error: { type: 'invalid_request_error' } });
    expect(server.pending()).toBe(1);
  });

  it('sends a scripted failure with its headers', async () => {
    server.enqueue({ status: 429, message: 'Slow down', headers: { 'retry-after': '2' } });
    const response = await post({ model: 'alpha', messages: [{ role: 'user', content: 'hi' }] });
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toBe('2');
    expect(await response.json()).toEqual({ error: { message: 'Slow down', type: 'rate_limit_exceeded', param: null, code: null } });
  });

  it('fails loudly when a test forgot to script a response', async () => {
    const response = await post({ model: 'alpha', messages: [{ role: 'user', content: 'hi' }] });
    expect(response.status).toBe(500);
  });
});
