// The model provider (the outside world) as a protocol-true OpenAI-compatible server on loopback:
// every chat completion the backend asks for gets the test's answer (as one message, or as a
// stream when asked for one), or, while the test says so, an HTTP error as OpenAI words it.
import { createServer } from 'node:http';
import type { ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';

export interface ModelProvider {
  /** For the backend's `model` option. */
  readonly baseUrl: string;
  readonly name: string;
  /** What the model answers from now on. */
  answer(text: string): void;
  /** Answers every request with this HTTP error from now on (null: answer again). */
  failWith(failure: { status: number; message: string } | null): void;
  /** Chat completions asked for so far. */
  readonly requests: number;
}

const MODEL = 'builder-test-model';

function sendCompletion(response: ServerResponse, text: string, stream: boolean): void {
  const id = `chatcmpl-${Math.random().toString(36).slice(2)}`;
  const created = Math.floor(Date.now() / 1000);
  const usage = { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 };
  if (!stream) {
    const message = { role: 'assistant', content: text };
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ id, object: 'chat.completion', created, model: MODEL, choices: [{ index: 0, message, finish_reason: 'stop' }], usage }));
    return;
  }
  const chunk = (choices: unknown[], extra: object = {}) => `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model: MODEL, choices, ...extra })}\n\n`;
  response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  response.write(chunk([{ index: 0, delta: { role: 'assistant', content: text }, finish_reason: null }]));
  response.write(chunk([{ index: 0, delta: {}, finish_reason: 'stop' }]));
  response.write(chunk([], { usage }));
  response.end('data: [DONE]\n\n');
}

/** Starts the provider for the file, before its backend (pass `baseUrl` and `name` as its `model`). */
export function setupModelProvider(): () => ModelProvider {
  let text = '';
  let failure: { status: number; message: string } | null = null;
  let requests = 0;
  const server = createServer((request, response) => {
    const parts: Buffer[] = [];
    request.on('data', (part: Buffer) => parts.push(part));
    request.on('end', () => {
      if (request.method !== 'POST' || !request.url?.endsWith('/chat/completions')) {
        response.writeHead(404, { 'content-type': 'application/json' }).end('{"error":{"message":"not found"}}');
        return;
      }
      requests += 1;
      if (failure) {
        const type = failure.status === 429 ? 'rate_limit_exceeded' : 'server_error';
        // Retry-After 0: the backend's retries come at once instead of after its back-off.
        response.writeHead(failure.status, { 'content-type': 'application/json', 'retry-after': '0' });
        response.end(JSON.stringify({ error: { message: failure.message, type, param: null, code: null } }));
        return;
      }
      const body = JSON.parse(Buffer.concat(parts).toString('utf8') || '{}') as { stream?: boolean };
      sendCompletion(response, text, body.stream === true);
    });
  });
  let provider: ModelProvider | undefined;
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    provider = {
      baseUrl: `http://127.0.0.1:${port}/v1`,
      name: MODEL,
      answer(next) {
        text = next;
      },
      failWith(next) {
        failure = next;
      },
      get requests() {
        return requests;
      },
    };
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  return () => {
    if (!provider) throw new Error('the model provider is not started yet: use it inside tests and hooks');
    return provider;
  };
}
