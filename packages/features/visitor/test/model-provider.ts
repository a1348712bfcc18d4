// The model provider (the outside world) as a protocol-true OpenAI-compatible server on loopback,
// driven by the test: each chat completion the backend asks for waits until the test sends its
// tokens one by one and finishes it, or the provider answers every request with an HTTP error.
import { createServer } from 'node:http';
import type { ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach } from 'vitest';

export interface Completion {
  /** Sends one piece of the answer as a stream chunk. */
  send(text: string): void;
  /** Ends the answer (finish_reason "stop", usage, [DONE]). */
  finish(): void;
}

export interface ModelProvider {
  /** For the backend's `model` option. */
  readonly baseUrl: string;
  readonly name: string;
  /** The next chat completion the backend asks for (one already waiting, or the next to come). */
  nextCompletion(): Promise<Completion>;
  /** Answers every request from now on with this HTTP error. */
  failWith(status: number, message: string): void;
}

const MODEL = 'visitor-test-model';

function streamed(response: ServerResponse): Completion {
  const id = `chatcmpl-${Math.random().toString(36).slice(2)}`;
  const chunk = (choices: unknown[], extra: object = {}) =>
    `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created: Math.floor(Date.now() / 1000), model: MODEL, choices, ...extra })}\n\n`;
  response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  response.write(chunk([{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }]));
  let words = 0;
  return {
    send(text) {
      words += text.split(/\s+/).filter(Boolean).length;
      response.write(chunk([{ index: 0, delta: { content: text }, finish_reason: null }]));
    },
    finish() {
      response.write(chunk([{ index: 0, delta: {}, finish_reason: 'stop' }]));
      response.write(chunk([], { usage: { prompt_tokens: 1, completion_tokens: words, total_tokens: words + 1 } }));
      response.end('data: [DONE]\n\n');
    },
  };
}

/** Starts the provider for the file (before its backend: pass `baseUrl` and `name` as its `model`); reset before each test. */
export function setupModelProvider(): () => ModelProvider {
  let failure: { status: number; message: string } | null = null;
  const ready: Completion[] = [];
  const waiting: ((completion: Completion) => void)[] = [];
  const open = new Set<ServerResponse>();
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      if (request.method !== 'POST' || !request.url?.endsWith('/chat/completions')) {
        response.writeHead(404, { 'content-type': 'application/json' }).end('{"error":{"message":"not found"}}');
        return;
      }
      if (failure) {
        response.writeHead(failure.status, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: failure.message, type: 'server_error' } }));
        return;
      }
      open.add(response);
      response.on('close', () => open.delete(response));
      const completion = streamed(response);
      const taker = waiting.shift();
      if (taker) taker(completion);
      else ready.push(completion);
    });
  });
  let port = 0;
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    for (const response of open) response.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  beforeEach(() => {
    failure = null;
    ready.length = 0;
    waiting.length = 0;
  });
  return () => {
    if (port === 0) throw new Error('the model provider is not started yet: use it inside tests and hooks');
    return {
      baseUrl: `http://127.0.0.1:${port}/v1`,
      name: MODEL,
      nextCompletion() {
        const first = ready.shift();
        return first ? Promise.resolve(first) : new Promise((resolve) => waiting.push(resolve));
      },
      failWith(status, message) {
        failure = { status, message };
      },
    };
  };
}
