// A protocol-true fake OpenAI-compatible model server for the end-to-end tests, on a fixed
// loopback port so a backend can be started with AI_BASE_URL pointing at it:
//
//   pnpm --filter @appforge/e2e fake-model      (playwright.config.ts starts it as "fake-model")
//
// /v1/* is passed through, untouched and streamed, to @appforge/models/testing's fake server
// (which listens on a random port); the tests script it through a small control API:
//
//   POST /__control/enqueue   JSON array of responses ({text, chunks?, chunkDelayMs?, …} |
//                             {status, message?} | {hang: true}), used by the next requests in order
//   GET  /__control/requests  {pending, requests}: every chat completion request since the last reset
//   POST /__control/reset     forgets the queue and the requests (a fresh fake behind the same port)
//   GET  /health              200 once listening
import { createServer, request as httpRequest } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { startFakeOpenAIServer } from '@appforge/models/testing';
import type { FakeOpenAIServer, RecordedRequest } from '@appforge/models/testing';
import { enqueueBodySchema, FAKE_MODEL_API_KEY, FAKE_MODEL_ID, FAKE_MODEL_PORT } from './fake-model-protocol';
import type { RecordedModelRequest, RequestsReply } from './fake-model-protocol';

const MAX_CONTROL_BODY = 1_048_576;

let fake: FakeOpenAIServer = await startFakeOpenAIServer({ models: [FAKE_MODEL_ID], apiKey: FAKE_MODEL_API_KEY });

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
}

function refuse(res: ServerResponse, status: number, code: string, message: string): void {
  sendJson(res, status, { code, message });
}

function readBody(req: IncomingMessage): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    let size = 0;
    req.on('data', (part: Buffer) => {
      size += part.length;
      if (size <= MAX_CONTROL_BODY) parts.push(part);
    });
    req.on('end', () => resolve(size > MAX_CONTROL_BODY ? null : Buffer.concat(parts).toString('utf8')));
    req.on('error', reject);
  });
}

function wire(request: RecordedRequest): RecordedModelRequest {
  return {
    path: request.path,
    model: request.model,
    stream: request.stream,
    authorized: request.authorization === `Bearer ${FAKE_MODEL_API_KEY}`,
    messages: request.messages.map((message) => ({ role: message.role, content: message.content ?? null })),
    ...(request.response_format !== undefined ? { responseFormat: request.response_format } : {}),
    clientDisconnected: request.clientDisconnected(),
  };
}

async function enqueue(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const text = await readBody(req);
  if (text === null) return refuse(res, 413, 'body_too_large', `The body has more than ${MAX_CONTROL_BODY} bytes.`);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return refuse(res, 400, 'invalid_json', 'The body is not JSON: send a JSON array of scripted responses.');
  }
  const parsed = enqueueBodySchema.safeParse(json);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`);
    return refuse(res, 400, 'invalid_responses', `Not a list of scripted responses: ${issues.slice(0, 10).join('; ')}`);
  }
  fake.enqueue(...parsed.data);
  sendJson(res, 200, { pending: fake.pending() });
}

/** Passes a /v1 request through to the fake as it is, streaming the answer back chunk by chunk. */
function forward(req: IncomingMessage, res: ServerResponse): void {
  const target = new URL(fake.baseUrl);
  const upstream = httpRequest(
    { host: target.hostname, port: target.port, path: req.url, method: req.method, headers: req.headers },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
      answer.on('error', () => res.destroy());
    },
  );
  upstream.on('error', () => {
    if (!res.headersSent) refuse(res, 502, 'fake_unreachable', 'The fake model server did not answer.');
    else res.destroy();
  });
  // The backend giving up (abort, timeout) reaches the fake as a disconnect, as it would a provider.
  res.on('close', () => {
    if (!res.writableFinished) upstream.destroy();
  });
  req.pipe(upstream);
}

async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const path = (req.url ?? '').split('?')[0] ?? '';
  if (path.startsWith('/v1/')) return forward(req, res);
  const route = `${req.method ?? ''} ${path}`;
  switch (route) {
    case 'GET /health':
      return sendJson(res, 200, { ok: true, pending: fake.pending(), requests: fake.requests.length });
    case 'POST /__control/enqueue':
      return enqueue(req, res);
    case 'GET /__control/requests': {
      const reply: RequestsReply = { pending: fake.pending(), requests: fake.requests.map(wire) };
      return sendJson(res, 200, reply);
    }
    case 'POST /__control/reset': {
      const old = fake;
      fake = await startFakeOpenAIServer({ models: [FAKE_MODEL_ID], apiKey: FAKE_MODEL_API_KEY });
      await old.close();
      return sendJson(res, 200, { pending: 0 });
    }
    default:
      return refuse(res, 404, 'not_found', `No ${route} here: use /v1/…, /__control/enqueue, /__control/requests, /__control/reset or /health.`);
  }
}

const server = createServer((req, res) => {
  handle(req, res).catch((error: unknown) => {
    if (!res.headersSent) refuse(res, 500, 'fake_model_error', `The fake model server failed: ${String(error)}`);
    else res.destroy();
  });
});
await new Promise<void>((resolve, reject) => {
  server.once('error', reject);
  server.listen(FAKE_MODEL_PORT, '127.0.0.1', () => resolve());
});
console.log(`fake model server on http://127.0.0.1:${FAKE_MODEL_PORT} (model ${FAKE_MODEL_ID})`);

const stop = (): void => {
  server.closeAllConnections();
  server.close();
  void fake.close().finally(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
