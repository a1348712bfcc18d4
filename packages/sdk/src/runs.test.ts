// How the run and builder streams end when the server misbehaves: a real HTTP server on loopback
// answers the functions with crafted server-sent events, and the real supabase-js client reads them.
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodeWebSocket } from '../test/ws';
import { createAppforgeClient } from './client';
import type { AppforgeClient } from './types';

const APP_ID = '5f0c6e1a-2b3d-4c5e-8f90-1a2b3c4d5e6f';
const VERSION_ID = '6a1d7f2b-3c4e-4d6f-9a01-2b3c4d5e6f70';

/** What the fake function answers next: a status and the raw event-stream text. */
let next: { status: number; body: string; contentType?: string } = { status: 200, body: '' };
let server: Server;
let client: AppforgeClient;

beforeAll(async () => {
  server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(next.status, { 'content-type': next.contentType ?? 'text/event-stream', 'access-control-allow-origin': '*' });
      res.end(next.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  client = createAppforgeClient({ url: `http://127.0.0.1:${port}`, anonKey: 'anon', realtimeTransport: nodeWebSocket });
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const sse = (...events: [string, unknown][]): string => events.map(([event, data]) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`).join('');

async function collect<T>(stream: AsyncIterable<T>): Promise<T[]> {
  const events: T[] = [];
  for await (const event of stream) events.push(event);
  return events;
}

describe('run and builder streams', () => {
  it('ends a run whose stream stops before its last event with stream_ended, in words', async () => {
    next = { status: 200, body: sse(['run', { run_id: VERSION_ID, offline: true, model_label: 'offline model' }], ['token', { type: 'token', stepId: 'write', text: 'Hel' }]) };
    const events = await collect(client.runs.start({ appId: APP_ID }));
    expect(events[0]).toMatchObject({ type: 'run', offline: true });
    expect(events.at(-1)).toEqual({ type: 'error', code: 'stream_ended', message: 'The run stopped before it finished. Try again.' });
  });

  it('ends a run at a malformed event with invalid_response and reads nothing after it', async () => {
    next = {
      status: 200,
      body: sse(['run', { run_id: VERSION_ID, offline: false, model_label: 'm' }], ['run', { run_id: 42 }], ['run_done', { type: 'run_done' }]),
    };
    const events = await collect(client.runs.start({ appId: APP_ID }));
    expect(events).toHaveLength(2);
    expect(events[1]).toMatchObject({ type: 'error', code: 'invalid_response' });
  });

  it('throws a refused run before any event, with the function’s code and message', async () => {
    next = { status: 429, contentType: 'application/json', body: JSON.stringify({ code: 'rate_limited', message: 'Too many runs; wait a minute' }) };
    await expect(collect(client.runs.start({ appId: APP_ID }))).rejects.toMatchObject({ code: 'rate_limited', status: 429, message: 'Too many runs; wait a minute' });
  });

  it('refuses an answer that is not an event stream', async () => {
    next = { status: 200, contentType: 'application/json', body: '{"ok":true}' };
    await expect(collect(client.runs.start({ appId: APP_ID }))).rejects.toMatchObject({ code: 'invalid_response' });
  });

  it('ends a builder change that stops after progress with its own stream_ended message', async () => {
    next = { status: 200, body: sse(['progress', { stage: 'model', message: 'Asking the model' }]) };
    const events = await collect(client.builder.generateVersion({ appId: APP_ID, versionId: VERSION_ID, message: 'Make it formal' }));
    expect(events).toEqual([
      { type: 'progress', stage: 'model', message: 'Asking the model' },
      { type: 'error', code: 'stream_ended', message: 'The change stopped before it finished. Try again.' },
    ]);
  });

  it('stops a builder change at its version event and skips events it does not know', async () => {
    next = {
      status: 200,
      body: sse(['progress', { stage: 'model', message: 'Asking' }], ['debug', { anything: true }], ['version', { version_id: VERSION_ID, number: 2, change_summary: 'Formal' }], ['progress', { stage: 'late', message: 'ignored' }]),
    };
    const events = await collect(client.builder.generateVersion({ appId: APP_ID, versionId: VERSION_ID, message: 'Make it formal' }));
    expect(events.map((event) => event.type)).toEqual(['progress', 'version']);
  });
});
