// A protocol-true stand-in for an OpenAI-compatible moderation endpoint, on loopback (port 0).
// POST /v1/moderations with `{ model?, input }` (a string or an array of strings) answers OpenAI's
// shape: `{ id, model, results: [{ flagged, categories, category_scores }] }`, one result per input.
// By default a text is flagged for the categories of every trigger phrase it contains; scripted
// answers (a status, malformed JSON, a wrong shape, a delay) take over for the next requests.
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';

/** OpenAI's moderation categories (omni-moderation). */
export const OPENAI_MODERATION_CATEGORIES = [
  'harassment',
  'harassment/threatening',
  'hate',
  'hate/threatening',
  'illicit',
  'illicit/violent',
  'self-harm',
  'self-harm/intent',
  'self-harm/instructions',
  'sexual',
  'sexual/minors',
  'violence',
  'violence/graphic',
] as const;

export type FakeModerationScript =
  | { kind: 'status'; status: number }
  | { kind: 'malformed' }
  | { kind: 'wrong-shape'; body: unknown }
  | { kind: 'delay'; ms: number };

export interface FakeModerationRequest {
  path: string;
  authorization: string | undefined;
  contentType: string | undefined;
  body: { model?: string; input: string | string[] };
}

export interface FakeModerationServer {
  /** `http://127.0.0.1:<port>/v1`: what MODERATION_URL would hold. */
  readonly url: string;
  readonly requests: readonly FakeModerationRequest[];
  /** Answers for the next requests, in order; then the trigger phrases decide again. */
  enqueue(...scripts: FakeModerationScript[]): void;
  close(): Promise<void>;
}

export interface FakeModerationOptions {
  /** Lower-case phrase → the OpenAI categories a text containing it is flagged for. */
  triggers?: Readonly<Record<string, readonly string[]>>;
  /** When set, requests without `Authorization: Bearer <apiKey>` get OpenAI's 401. */
  apiKey?: string;
}

const DEFAULT_TRIGGERS: Readonly<Record<string, readonly string[]>> = {
  'nobody would miss me': ['self-harm', 'self-harm/intent'],
  'they deserve to suffer': ['violence', 'harassment', 'harassment/threatening'],
  'you are worthless': ['harassment'],
};

const RequestBody = z.object({ model: z.string().optional(), input: z.union([z.string(), z.array(z.string()).min(1)]) });

function send(res: ServerResponse, status: number, body: string): void {
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }).end(body);
}

function openAIError(res: ServerResponse, status: number, message: string, type: string): void {
  send(res, status, JSON.stringify({ error: { message, type, param: null, code: null } }));
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startFakeModerationServer(options: FakeModerationOptions = {}): Promise<FakeModerationServer> {
  const triggers = options.triggers ?? DEFAULT_TRIGGERS;
  const requests: FakeModerationRequest[] = [];
  const queue: FakeModerationScript[] = [];
  const timers = new Set<ReturnType<typeof setTimeout>>();

  const judge = (text: string) => {
    const lower = text.toLowerCase();
    const on = new Set(Object.entries(triggers).flatMap(([phrase, names]) => (lower.includes(phrase) ? names : [])));
    const categories = Object.fromEntries(OPENAI_MODERATION_CATEGORIES.map((name) => [name, on.has(name)]));
    const scores = Object.fromEntries(OPENAI_MODERATION_CATEGORIES.map((name) => [name, on.has(name) ? 0.97 : 0.0004]));
    return { flagged: on.size > 0, categories, category_scores: scores };
  };

  const server = createServer((req, res) => {
    void (async () => {
      if (req.method !== 'POST' || req.url !== '/v1/moderations') return openAIError(res, 404, `Unknown request URL: ${req.method} ${req.url}`, 'invalid_request_error');
      if (options.apiKey && req.headers.authorization !== `Bearer ${options.apiKey}`) {
        return openAIError(res, 401, 'Incorrect API key provided.', 'invalid_request_error');
      }
      const raw = await readBody(req);
      let parsed: z.infer<typeof RequestBody>;
      try {
        parsed = RequestBody.parse(JSON.parse(raw));
      } catch {
        return openAIError(res, 400, "'input' is a required property", 'invalid_request_error');
      }
      requests.push({ path: req.url, authorization: req.headers.authorization, contentType: req.headers['content-type'], body: parsed });
      const script = queue.shift();
      if (script?.kind === 'delay') {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(() => (timers.delete(timer), resolve()), script.ms);
          timers.add(timer);
        });
        if (res.destroyed || req.socket.destroyed) return;
      }
      if (script?.kind === 'status') return openAIError(res, script.status, 'The server had an error while processing your request.', 'server_error');
      if (script?.kind === 'malformed') return send(res, 200, '{"id": "modr-1", "results": [{"flagged": tru');
      if (script?.kind === 'wrong-shape') return send(res, 200, JSON.stringify(script.body));
      const inputs = typeof parsed.input === 'string' ? [parsed.input] : parsed.input;
      send(res, 200, JSON.stringify({ id: `modr-${requests.length}`, model: parsed.model ?? 'omni-moderation-latest', results: inputs.map(judge) }));
    })().catch(() => res.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    enqueue: (...scripts) => void queue.push(...scripts),
    close: async () => {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
