// Helpers for the AI-app function tests: callers, a spec to run, apps seeded with the service
// role, and a small server-sent-events reader over fetch's body.
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { TestBackend } from '../harness.js';

export interface TestUser {
  id: string;
  token: string;
  client: SupabaseClient;
}

export async function signedIn(backend: TestBackend, email = `${randomUUID()}@example.org`): Promise<TestUser> {
  const id = randomUUID();
  await backend.db.query('insert into auth.users (id, email) values ($1, $2)', [id, email]);
  const token = await backend.deps.jwt.sign({ sub: id, role: 'authenticated', aud: 'authenticated', email }, 3600);
  return { id, token, client: backend.client({ global: { headers: { authorization: `Bearer ${token}` } } }) };
}

/** Asks for a topic, explains it with the model, shows the answer; `secret` is a fixed variable. */
export function topicSpec(prompt = 'Explain {{topic}} simply.'): Record<string, unknown> {
  return {
    entryStepId: 'ask',
    variables: [{ name: 'secret', value: 'TOP-SECRET-CONSTANT' }],
    steps: [
      {
        id: 'ask',
        kind: 'input',
        title: 'Ask',
        config: { fields: [{ type: 'text', name: 'topic', label: 'Topic', required: true }] },
      },
      { id: 'write', kind: 'ai', title: 'Write', config: { prompt, outputVariable: 'text', outputFormat: 'text' } },
      { id: 'show', kind: 'output', title: 'Result', config: { template: '# Answer\n\n{{text}}' } },
    ],
  };
}

/** An invalid spec: the AI step reads a variable nothing sets, and its prompt is empty elsewhere. */
export function brokenSpec(): Record<string, unknown> {
  return {
    entryStepId: 'ask',
    steps: [
      {
        id: 'ask',
        kind: 'input',
        title: 'Ask',
        config: { fields: [{ type: 'text', name: 'topic', label: 'Topic', required: true }] },
      },
      { id: 'write', kind: 'ai', title: 'Write', config: { prompt: 'Explain {{nowhere}}.', outputVariable: 'text' } },
    ],
  };
}

export interface SeededApp {
  appId: string;
  versionId: string;
}

/** An app of `ownerId` with one version (deployed and frozen unless `deployed: false`). */
export async function seedApp(
  backend: TestBackend,
  ownerId: string,
  options: { spec?: Record<string, unknown>; deployed?: boolean; visibility?: string; config?: Record<string, unknown> } = {},
): Promise<SeededApp> {
  const app = await backend.db.query<{ id: string }>(
    'insert into public."App" (owner_id, name, visibility) values ($1, $2, $3) returning id',
    [ownerId, 'Topic explainer', options.visibility ?? 'public'],
  );
  const appId = app.rows[0]?.id ?? '';
  if (options.config) {
    await backend.db.query('insert into public."AppConfig" (app_id, config) values ($1, $2)', [appId, JSON.stringify(options.config)]);
  }
  const version = await backend.db.query<{ id: string }>(
    'insert into public."AppVersion" (app_id, spec, frozen, created_by) values ($1, $2, $3, $4) returning id',
    [appId, JSON.stringify(options.spec ?? topicSpec()), options.deployed !== false, ownerId],
  );
  const versionId = version.rows[0]?.id ?? '';
  await backend.db.query(
    `update public."App" set draft_version_id = $2${options.deployed !== false ? ', deployed_version_id = $2' : ''} where id = $1`,
    [appId, versionId],
  );
  return { appId, versionId };
}

export interface SseEvent {
  event: string;
  data: Record<string, unknown>;
}

let visitors = 0;
/** A new visitor's address (198.18.0.0/15, the benchmarking range), as the trusted proxy reports it. */
export function visitorAddress(): string {
  visitors += 1;
  return `198.18.${Math.floor(visitors / 250) % 250}.${(visitors % 250) + 1}`;
}

/**
 * POSTs JSON to a function with the anon key (plus a user's token when given). Each call comes
 * from a new visitor address (X-Forwarded-For through the harness's trusted loopback proxy, issue
 * 26) unless the headers name one.
 */
export function callFunction(backend: TestBackend, name: string, body: unknown, token?: string, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${backend.url}/functions/v1/${name}`, {
    method: 'POST',
    headers: {
      apikey: backend.anonKey,
      authorization: `Bearer ${token ?? backend.anonKey}`,
      'content-type': 'application/json',
      'x-forwarded-for': visitorAddress(),
      ...headers,
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/** Reads an SSE body to its end; `onEvent` sees each event as it arrives. */
export async function readSse(response: Response, onEvent?: (event: SseEvent) => void): Promise<SseEvent[]> {
  if (!response.body) throw new Error('no body');
  const events: SseEvent[] = [];
  const decoder = new TextDecoder();
  let buffer = '';
  const reader: ReadableStreamDefaultReader<Uint8Array> = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (value) buffer += decoder.decode(value, { stream: true });
    let boundary = buffer.indexOf('\n\n');
    while (boundary >= 0) {
      const block = buffer.slice(0, boundary);
      buffer = buffer.slice(boundary + 2);
      let event = 'message';
      const data: string[] = [];
      for (const line of block.split('\n')) {
        if (line.startsWith('event:')) event = line.slice(6).trim();
        else if (line.startsWith('data:')) data.push(line.slice(5).trimStart());
      }
      if (data.length > 0) {
        const parsed = { event, data: JSON.parse(data.join('\n')) as Record<string, unknown> };
        events.push(parsed);
        onEvent?.(parsed);
      }
      boundary = buffer.indexOf('\n\n');
    }
    if (done) break;
  }
  return events;
}

/** Runs run-app and returns its SSE events (fails on a non-SSE answer). */
export async function runEvents(backend: TestBackend, body: Record<string, unknown>, token?: string, headers: Record<string, string> = {}): Promise<SseEvent[]> {
  const response = await callFunction(backend, 'run-app', body, token, headers);
  if (!response.headers.get('content-type')?.startsWith('text/event-stream')) {
    throw new Error(`run-app answered ${response.status}: ${await response.text()}`);
  }
  return readSse(response);
}
