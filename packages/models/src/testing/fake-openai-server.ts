import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

import { z } from 'zod';

/**
 * A protocol-true stand-in for an OpenAI-compatible endpoint (the outside world), on loopback.
 * Each POST /v1/chat/completions takes the next scripted response from a queue; every request is
 * recorded for assertions.
 */
export type FakeResponse = FakeCompletion | FakeFailure | FakeHang;

export interface FakeCompletion {
  /** The assistant's whole answer. Malformed JSON for structured output is just text here. */
  readonly text: string;
  /** How to cut `text` into SSE chunks; default: one word (with its leading space) per chunk. */
  readonly chunks?: readonly string[];
  /** Wait before each content chunk (a slow stream). */
  readonly chunkDelayMs?: number;
  /** Wait before the response starts (headers included). */
  readonly delayMs?: number;
  /** Start the response only once this settles: the test decides when the model answers. */
  readonly heldUntil?: Promise<unknown>;
  readonly usage?: { readonly promptTokens: number; readonly completionTokens: number };
  readonly finishReason?: 'stop' | 'length' | 'content_filter';
  /** Drop the connection after this many content chunks (a provider crashing mid-stream). */
  readonly dropAfterChunks?: number;
}

export interface FakeFailure {
  readonly status: number;
  /** The `error.message` of the OpenAI error body. */
  readonly message?: string;
  readonly headers?: Readonly<Record<string, string>>;
}

export interface FakeHang {
  /** Accept the request (and for streams send the 200 and headers), then never send a token. */
  readonly hang: true;
}

export interface RecordedRequest {
  readonly method: string;
  readonly path: string;
  readonly authorization: string | undefined;
  readonly receivedAt: number;
  readonly body: ChatCompletionRequest;
  readonly model: string;
  readonly messages: ChatCompletionRequest['messages'];
  readonly stream: boolean;
  readonly temperature?: number;
  readonly max_tokens?: number;
  readonly response_format?: unknown;
  readonly stream_options?: { readonly include_usage?: boolean };
  /** True once the client went away before the response was complete (an abort or a timeout). */
  readonly clientDisconnected: () => boolean;
}

export interface FakeOpenAIServerOptions {
  /** Listed by GET /v1/models (default `['fake-model']`). */
  readonly models?: readonly string[];
  /** When set, requests without `Authorization: Bearer <apiKey>` get a 401 like OpenAI's. */
  readonly apiKey?: string;
}

export interface FakeOpenAIServer {
  /** `http://127.0.0.1:<port>/v1`: what AI_BASE_URL would hold. */
  readonly baseUrl: string;
  /** Every chat completion request, in arrival order. */
  readonly requests: readonly RecordedRequest[];
  /** Queues responses for the next requests, in order. */
  enqueue(...responses: FakeResponse[]): void;
  /** Scripted responses not yet used. */
  pending(): number;
  /** Resolves once `n` chat completion requests have arrived. */
  waitForRequests(n: number): Promise<void>;
  /** Connections the server currently holds open (a dropped stream goes back to 0). */
  openConnections(): number;
  /** Chat completion requests received whose response has not ended yet (answered or dropped). */
  inFlight(): number;
  close(): Promise<void>;
}

const messageSchema = z.object({
  role: z.enum(['system', 'developer', 'user', 'assistant', 'tool']),
  content: z.union([z.string(), z.array(z.unknown()), z.null()]).optional(),
});

const chatCompletionRequestSchema = z.looseObject({
  model: z.string().min(1),
  messages: z.array(messageSchema).min(1),
  stream: z.boolean().optional(),
  stream_options: z.object({ include_usage: z.boolean().optional() }).nullish(),
  temperature: z.number().min(0).max(2).nullish(),
  max_tokens: z.number().int().positive().nullish(),
  max_completion_tokens: z.number().int().positive().nullish(),
  response_format: z.unknown().optional(),
});
export type ChatCompletionRequest = z.infer<typeof chatCompletionRequestSchema>;

function sendError(res: ServerResponse, status: number, message: string, type: string, headers: Readonly<Record<string, string>> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify({ error: { message, type, param: null, code: null } }));
}

function errorType(status: number): string {
  if (status === 429) return 'rate_limit_exceeded';
  if (status === 401 || status === 403) return 'invalid_request_error';
  if (status >= 500) return 'server_error';
  return 'invalid_request_error';
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    req.on('data', (part: Buffer) => parts.push(part));
    req.on('end', () => resolve(Buffer.concat(parts).toString('utf8')));
    req.on('error', reject);
  });
}

function defaultChunks(text: string): string[] {
  return text.match(/\s*\S+\s*$|\s*\S+/g) ?? (text === '' ? [] : [text]);
}

function countTokens(text: string): number {
  return Math.max(1, Math.ceil(text.length / 4));
}

function write(res: ServerResponse, data: string): Promise<void> {
  return new Promise((resolve) => {
    res.write(data, () => resolve());
  });
}

const wait = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

export async function startFakeOpenAIServer(options: FakeOpenAIServerOptions = {}): Promise<FakeOpenAIServer> {
  const models = options.models ?? ['fake-model'];
  const queue: FakeResponse[] = [];
  const requests: RecordedRequest[] = [];
  const waiters: { n: number; resolve: () => void }[] = [];
  let sequence = 0;
  let inFlight = 0;

  const notify = (): void => {
    for (const waiter of [...waiters]) {
      if (requests.length >= waiter.n) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve();
      }
    }
  };

  async function completions(req: IncomingMessage, res: ServerResponse): Promise<void> {
    let json: unknown;
    try {
      json = JSON.parse(await readBody(req));
    } catch {
      sendError(res, 400, 'We could not parse the JSON body of your request.', 'invalid_request_error');
      return;
    }
    const parsed = chatCompletionRequestSchema.safeParse(json);
    if (!parsed.success) {
      sendError(res, 400, `Invalid request: ${parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')}`, 'invalid_request_error');
      return;
    }
    const body = parsed.data;
    let disconnected = false;
    inFlight += 1;
    res.on('close', () => {
      inFlight -= 1;
      if (!res.writableFinished) disconnected = true;
    });
    requests.push({
      clientDisconnected: () => disconnected,
      method: req.method ?? 'POST',
      path: req.url ?? '',
      authorization: req.headers.authorization,
      receivedAt: Date.now(),
      body,
      model: body.model,
      messages: body.messages,
      stream: body.stream === true,
      ...(body.temperature != null ? { temperature: body.temperature } : {}),
      ...(body.max_tokens != null ? { max_tokens: body.max_tokens } : {}),
      ...(body.response_format !== undefined ? { response_format: body.response_format } : {}),
      ...(body.stream_options != null ? { stream_options: body.stream_options } : {}),
    });
    notify();

    if (options.apiKey !== undefined && req.headers.authorization !== `Bearer ${options.apiKey}`) {
      sendError(res, 401, 'Incorrect API key provided.', 'invalid_request_error');
      return;
    }
    const scripted = queue.shift();
    if (scripted === undefined) {
      sendError(res, 500, 'The fake server has no scripted response left for this request.', 'server_error');
      return;
    }
    if ('hang' in scripted) {
      if (body.stream === true) {
        res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
        res.flushHeaders();
      }
      return; // The connection stays open until the client gives up or the server closes.
    }
    if ('status' in scripted) {
      sendError(res, scripted.status, scripted.message ?? `Scripted failure ${scripted.status}.`, errorType(scripted.status), scripted.headers);
      return;
    }
    if (scripted.heldUntil) await scripted.heldUntil.catch(() => undefined);
    if (scripted.delayMs) await wait(scripted.delayMs);
    if (res.destroyed) return;

    sequence += 1;
    const id = `chatcmpl-fake-${sequence}`;
    const created = Math.floor(Date.now() / 1000);
    const promptText = body.messages.map((message) => (typeof message.content === 'string' ? message.content : '')).join('\n');
    const usage = {
      prompt_tokens: scripted.usage?.promptTokens ?? countTokens(promptText),
      completion_tokens: scripted.usage?.completionTokens ?? countTokens(scripted.text),
    };
    const usageBody = { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens };
    const finishReason = scripted.finishReason ?? 'stop';

    if (body.stream !== true) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          id,
          object: 'chat.completion',
          created,
          model: body.model,
          choices: [{ index: 0, message: { role: 'assistant', content: scripted.text, refusal: null }, logprobs: null, finish_reason: finishReason }],
          usage: usageBody,
        }),
      );
      return;
    }

    const chunk = (choices: unknown[], extra: Record<string, unknown> = {}): string =>
      `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model: body.model, system_fingerprint: null, choices, ...extra })}\n\n`;
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
    res.write(chunk([{ index: 0, delta: { role: 'assistant', content: '' }, logprobs: null, finish_reason: null }]));
    const pieces = scripted.chunks ?? defaultChunks(scripted.text);
    let sent = 0;
    for (const piece of pieces) {
      if (scripted.chunkDelayMs) await wait(scripted.chunkDelayMs);
      if (res.destroyed) return;
      if (scripted.dropAfterChunks !== undefined && sent >= scripted.dropAfterChunks) {
        res.destroy();
        return;
      }
      // Flushed before going on, so a drop that follows happens after the client got this chunk.
      await write(res, chunk([{ index: 0, delta: { content: piece }, logprobs: null, finish_reason: null }]));
      sent += 1;
    }
    if (scripted.dropAfterChunks !== undefined && sent >= scripted.dropAfterChunks) {
      res.destroy();
      return;
    }
    res.write(chunk([{ index: 0, delta: {}, logprobs: null, finish_reason: finishReason }]));
    // As OpenAI does: usage arrives in one more chunk with no choices, only when asked for.
    if (body.stream_options?.include_usage === true) res.write(chunk([], { usage: usageBody }));
    res.end('data: [DONE]\n\n');
  }

  function handle(req: IncomingMessage, res: ServerResponse): void {
    const path = (req.url ?? '').split('?')[0];
    if (req.method === 'GET' && path === '/v1/models') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ object: 'list', data: models.map((id) => ({ id, object: 'model', created: 0, owned_by: 'appforge-fake' })) }));
      return;
    }
    if (path === '/v1/chat/completions') {
      if (req.method !== 'POST') {
        sendError(res, 405, 'Use POST for /v1/chat/completions.', 'invalid_request_error', { allow: 'POST' });
        return;
      }
      completions(req, res).catch((error: unknown) => {
        if (!res.headersSent) sendError(res, 500, `Fake server failure: ${String(error)}`, 'server_error');
        else res.destroy();
      });
      return;
    }
    sendError(res, 404, `Unknown path ${path ?? ''}.`, 'invalid_request_error');
  }

  const server: Server = createServer(handle);
  let connections = 0;
  server.on('connection', (socket) => {
    connections += 1;
    socket.on('close', () => {
      connections -= 1;
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    enqueue: (...responses) => void queue.push(...responses),
    pending: () => queue.length,
    waitForRequests: (n) =>
      requests.length >= n ? Promise.resolve() : new Promise<void>((resolve) => waiters.push({ n, resolve })),
    openConnections: () => connections,
    inFlight: () => inFlight,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
