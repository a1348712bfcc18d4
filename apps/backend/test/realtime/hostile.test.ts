// What a hostile or broken client gets: the protocol's error, and a server that stays up.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend } from '../harness.js';
import { ALICE, FIXTURE, rawSocket, startRealtimeBackend, subscribed, until } from './helpers.js';
import type { RealtimeBackend } from './helpers.js';

interface V1Frame {
  topic: string;
  event: string;
  ref: string | null;
  payload: { status?: string; response?: { reason?: string } } & Record<string, unknown>;
}

const join = (topic: string, ref: string, payload: Record<string, unknown> = { config: {} }) =>
  JSON.stringify({ topic, event: 'phx_join', payload, ref, join_ref: ref });

describe('hostile clients (PGlite)', () => {
  let backend: RealtimeBackend;

  beforeAll(async () => {
    backend = await startRealtimeBackend('pglite');
  }, 60_000);

  afterAll(async () => {
    await backend?.stop();
  });

  const replies = (frames: unknown[]) => (frames as V1Frame[]).filter((frame) => frame.event === 'phx_reply');

  it('refuses the upgrade without a valid api key or with an unknown vsn', async () => {
    await expect(rawSocket(backend, 'vsn=1.0.0')).rejects.toThrow(/401/);
    await expect(rawSocket(backend, 'apikey=forged&vsn=1.0.0')).rejects.toThrow(/401/);
    await expect(rawSocket(backend, `apikey=${backend.anonKey}&vsn=9.9.9`)).rejects.toThrow(/400/);
  });

  it('answers heartbeats, unknown topics and events, and closes on a malformed frame', async () => {
    const { ws, frames, closed } = await rawSocket(backend);
    ws.send(JSON.stringify({ topic: 'phoenix', event: 'heartbeat', payload: {}, ref: '1', join_ref: null }));
    ws.send(join('elsewhere:room', '2'));
    ws.send(JSON.stringify({ topic: 'realtime:never-joined', event: 'broadcast', payload: { event: 'x', payload: {} }, ref: '3', join_ref: '3' }));
    ws.send(join('realtime:r', '4', { config: { postgres_changes: 'not a list' } }));
    await until(() => replies(frames).length === 4, 'four replies');
    expect(replies(frames).map((frame) => [frame.ref, frame.payload.status, frame.payload.response?.reason ?? ''])).toEqual([
      ['1', 'ok', ''],
      ['2', 'error', 'unmatched topic'],
      ['3', 'error', 'unmatched topic'],
      ['4', 'error', expect.stringMatching(/invalid join payload/)],
    ]);
    ws.send('{"this is": not json');
    expect((await closed).code).toBe(1007);
    // The server is still up.
    const again = await rawSocket(backend);
    again.ws.send(JSON.stringify({ topic: 'phoenix', event: 'heartbeat', payload: {}, ref: '9', join_ref: null }));
    await until(() => replies(again.frames).length === 1, 'a heartbeat reply after the bad client');
    again.ws.close();
  });

  it('caps the channels of one socket at 100', async () => {
    const { ws, frames } = await rawSocket(backend);
    // Paced under the message rate limit, so only the channel cap answers.
    for (let batch = 0; batch < 3; batch++) {
      for (let i = 0; i < 50; i++) ws.send(join(`realtime:cap-${batch * 50 + i}`, String(batch * 50 + i)));
      await until(() => replies(frames).length === (batch + 1) * 50, `batch ${batch}`);
      await new Promise((resolve) => setTimeout(resolve, 1100));
    }
    const statuses = replies(frames).map((frame) => frame.payload.response?.reason ?? frame.payload.status);
    expect(statuses.filter((status) => status === 'ok')).toHaveLength(100);
    expect(statuses.slice(100)).toEqual(Array(50).fill('ChannelRateLimitReached: Too many channels'));
    ws.close();
  });

  it('caps 10,000 joins from one socket at 100 channels and limits the message rate', async () => {
    const { ws, frames } = await rawSocket(backend);
    for (let i = 0; i < 10_000; i++) ws.send(join(`realtime:flood-${i}`, String(i)));
    await until(() => replies(frames).length === 10_000, 'a reply to every join', 30_000);
    const reasons = new Map<string, number>();
    for (const frame of replies(frames)) {
      const key = frame.payload.status === 'ok' ? 'ok' : String(frame.payload.response?.reason);
      reasons.set(key, (reasons.get(key) ?? 0) + 1);
    }
    expect(reasons.get('ok')).toBeLessThanOrEqual(100);
    expect(reasons.get('RateLimitReached: Too many messages per second')).toBeGreaterThan(9000);
    // Broadcast flood on a joined channel: at most 100 a second get through to a listener.
    const listener = await backend.realtimeClient(ALICE);
    const got: unknown[] = [];
    await subscribed(listener.channel('flood-0').on('broadcast', { event: 'spam' }, () => got.push(1)));
    await new Promise((resolve) => setTimeout(resolve, 1100));
    for (let i = 0; i < 1000; i++) {
      ws.send(JSON.stringify({ topic: 'realtime:flood-0', event: 'broadcast', payload: { type: 'broadcast', event: 'spam', payload: { i } }, ref: `b${i}`, join_ref: '0' }));
    }
    await until(() => frames.length > 10_000 + 1000 - 5, 'the flood answered');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(got.length).toBeGreaterThan(0);
    expect(got.length).toBeLessThanOrEqual(200);
    ws.close();
  });
});

describe('reconnect after the backend restarts (PGlite)', () => {
  it('rejoins and receives changes from the new server on the same port', async () => {
    const first = await startRealtimeBackend('pglite');
    const port = new URL(first.url).port;
    const client = await first.realtimeClient(ALICE);
    const titles: string[] = [];
    await subscribed(
      client.channel('restart').on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'rt_notes' }, ({ new: row }) =>
        titles.push(String(row.title)),
      ),
    );
    await first.db.query(`insert into rt_notes (owner_id, title) values ($1, 'before')`, [ALICE]);
    await until(() => titles.includes('before'), 'the row before the restart');
    // Stop the server but keep the client: it reconnects with backoff.
    first.clients.splice(0);
    await first.stop();
    const second = await startTestBackend({ env: { BACKEND_PORT: port } });
    try {
      await second.db.exec(FIXTURE);
      const deadline = Date.now() + 20_000;
      while (!titles.includes('after') && Date.now() < deadline) {
        await second.db.query(`insert into rt_notes (owner_id, title) values ($1, 'after')`, [ALICE]);
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
      expect(titles).toContain('after');
    } finally {
      await client.removeAllChannels();
      await second.stop();
    }
  }, 60_000);
});
