// Broadcast, presence, private channels, REST broadcast and token lifecycle, with the unchanged
// supabase-js client (vsn 2.0.0 by default, and 1.0.0).
import { REALTIME_SUBSCRIBE_STATES } from '@supabase/supabase-js';
import type { SupabaseClient } from '@supabase/supabase-js';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES } from '../harness.js';
import { ALICE, BOB, startRealtimeBackend, subscribed, until } from './helpers.js';
import type { RealtimeBackend } from './helpers.js';

describe.each(DATABASES)('channels on %s', (database) => {
  let backend: RealtimeBackend;

  beforeAll(async () => {
    backend = await startRealtimeBackend(database);
  }, 60_000);

  afterAll(async () => {
    await backend?.stop();
  });

  async function broadcastPair(vsn: '1.0.0' | '2.0.0', room: string, config: { self?: boolean; ack?: boolean }) {
    const sender = await backend.realtimeClient(ALICE, vsn);
    const receiver = await backend.realtimeClient(BOB, vsn);
    const sent: unknown[] = [];
    const received: unknown[] = [];
    const a = await subscribed(
      sender.channel(room, { config: { broadcast: config } }).on('broadcast', { event: 'cursor' }, ({ payload }) => sent.push(payload)),
    );
    await subscribed(receiver.channel(room).on('broadcast', { event: 'cursor' }, ({ payload }) => received.push(payload)));
    return { a, sent, received };
  }

  it.each(['1.0.0', '2.0.0'] as const)('broadcasts between two clients (vsn %s); self and ack as configured', async (vsn) => {
    const quiet = await broadcastPair(vsn, `room-${vsn}-quiet`, {});
    expect(await quiet.a.send({ type: 'broadcast', event: 'cursor', payload: { x: 1, name: 'é🙂' } })).toBe('ok');
    await until(() => quiet.received.length === 1, 'the broadcast');
    expect(quiet.received).toEqual([{ x: 1, name: 'é🙂' }]);

    const loud = await broadcastPair(vsn, `room-${vsn}-self`, { self: true, ack: true });
    expect(await loud.a.send({ type: 'broadcast', event: 'cursor', payload: { x: 2 } })).toBe('ok');
    await until(() => loud.received.length === 1 && loud.sent.length === 1, 'the broadcast to both');
    // Without self the sender never heard its own message (it arrived after the receiver's).
    expect(quiet.sent).toEqual([]);
  });

  it('tracks presence: sync, join and leave between two clients', async () => {
    const alice = await backend.realtimeClient(ALICE);
    const bob = await backend.realtimeClient(BOB);
    const a = alice.channel('lobby', { config: { presence: { key: 'alice' } } });
    const joins: string[] = [];
    const leaves: string[] = [];
    const b = bob
      .channel('lobby', { config: { presence: { key: 'bob' } } })
      .on('presence', { event: 'join' }, ({ key }) => joins.push(key))
      .on('presence', { event: 'leave' }, ({ key }) => leaves.push(key));
    await subscribed(a.on('presence', { event: 'sync' }, () => undefined));
    await subscribed(b);
    expect(await a.track({ status: 'editing' })).toBe('ok');
    await until(() => joins.includes('alice'), 'alice joining');
    expect(b.presenceState().alice).toEqual([expect.objectContaining({ status: 'editing' })]);
    expect(await b.track({ status: 'viewing' })).toBe('ok');
    await until(() => Object.keys(a.presenceState()).length === 2, 'both present for alice');
    expect(await a.untrack()).toBe('ok');
    await until(() => leaves.includes('alice'), 'alice leaving');
    expect(Object.keys(b.presenceState())).toEqual(['bob']);
    // Leaving the channel removes bob's presence for alice.
    await a.track({ status: 'back' });
    await until(() => Object.keys(b.presenceState()).length === 2, 'alice back');
    await bob.removeChannel(b);
    await until(() => !('bob' in a.presenceState()), 'bob gone when his channel closed');
  });

  it('sends through POST /realtime/v1/api/broadcast and refuses bad requests', async () => {
    const client = await backend.realtimeClient(BOB);
    const got: unknown[] = [];
    await subscribed(client.channel('news').on('broadcast', { event: 'flash' }, ({ payload }) => got.push(payload)));
    const post = (body: unknown, headers: Record<string, string> = { apikey: backend.anonKey }) =>
      fetch(`${backend.url}/realtime/v1/api/broadcast`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      });
    const ok = await post({ messages: [{ topic: 'news', event: 'flash', payload: { n: 1 } }] });
    expect(ok.status).toBe(202);
    await until(() => got.length === 1, 'the REST broadcast');
    expect(got).toEqual([{ n: 1 }]);
    expect((await post('{oops')).status).toBe(400);
    expect((await post({ messages: [] })).status).toBe(400);
    expect((await post({ messages: [{ topic: 'news', event: 'flash' }] }, {})).status).toBe(401);
    expect((await post({ messages: [{ topic: 'news', event: 'flash' }] }, { apikey: 'forged.token.here' })).status).toBe(401);
    // A flood: each request carries a whole second's allowance (100 messages), so requests sent
    // together cannot all pass; the refused ones get the protocol's rate-limit message.
    const flood = { messages: Array.from({ length: 100 }, (_, n) => ({ topic: 'flood', event: 'x', payload: { n } })) };
    const answers = await Promise.all([0, 1, 2].map(() => post(flood)));
    const limited = answers.filter((answer) => answer.status === 429);
    expect(limited.length).toBeGreaterThanOrEqual(1);
    expect(await limited[0]?.json()).toEqual({ message: 'RateLimitReached: Too many messages per second' });
    // A private topic needs the insert policy on realtime.messages.
    const bobToken = await backend.userToken(BOB);
    const privateTo = (topic: string) =>
      post({ messages: [{ topic, event: 'x', payload: {}, private: true }] }, { apikey: backend.anonKey, authorization: `Bearer ${bobToken}` });
    expect((await privateTo(`room:${ALICE}`)).status).toBe(403);
    expect((await privateTo(`room:${BOB}`)).status).toBe(202);
  });

  it('authorises private channels by RLS on realtime.messages', async () => {
    const topic = `room:${ALICE}`;
    const join = (client: SupabaseClient) => subscribed(client.channel(topic, { config: { private: true } }));
    const alice = await backend.realtimeClient(ALICE);
    const owner = await join(alice);
    await expect(join(await backend.realtimeClient(BOB))).rejects.toThrow(/Unauthorized: You do not have permissions to read/);
    await expect(join(await backend.realtimeClient())).rejects.toThrow(/Unauthorized/);
    // The public channel of the same name is another channel: it does not hear the private one.
    const eavesdropper = await backend.realtimeClient(BOB);
    const heard: unknown[] = [];
    await subscribed(eavesdropper.channel(topic).on('broadcast', { event: '*' }, (m) => heard.push(m)));
    const second = await backend.realtimeClient(ALICE);
    const got: unknown[] = [];
    await subscribed(second.channel(topic, { config: { private: true } }).on('broadcast', { event: 'secret' }, ({ payload }) => got.push(payload)));
    await owner.send({ type: 'broadcast', event: 'secret', payload: { pin: 1234 } });
    await until(() => got.length === 1, 'the private broadcast');
    expect(heard).toEqual([]);
  });

  it('refuses forged and expired tokens at join, and closes a channel when its token expires', async () => {
    const forged = await new SignJWT({ sub: ALICE, role: 'authenticated' })
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('not-the-secret-not-the-secret-not-the-secret'));
    const expired = await backend.deps.jwt.sign({ sub: ALICE, role: 'authenticated', exp: Math.floor(Date.now() / 1000) - 120 }, 0);
    const joinWith = async (token: string) => {
      const client = backend.client({ accessToken: () => Promise.resolve(token) });
      backend.clients.push(client);
      await client.realtime.setAuth();
      return subscribed(client.channel(`tokens-${token.slice(-6)}`));
    };
    await expect(joinWith(forged)).rejects.toThrow(/InvalidJWTToken: Invalid token/);
    await expect(joinWith(expired)).rejects.toThrow(/InvalidJWTToken: Token has expired/);

    const shortLived = await backend.deps.jwt.sign({ sub: ALICE, role: 'authenticated', aud: 'authenticated' }, 2);
    const client = backend.client({ accessToken: () => Promise.resolve(shortLived) });
    backend.clients.push(client);
    await client.realtime.setAuth();
    const system: { status: string; message: string }[] = [];
    let closed = false;
    const channel = client.channel('short').on('system', {}, (payload: { status: string; message: string }) => system.push(payload));
    channel.subscribe((status) => {
      if (status === REALTIME_SUBSCRIBE_STATES.CLOSED) closed = true;
    });
    await until(() => closed, 'the channel closing when the token expires', 8000);
    expect(system).toEqual([expect.objectContaining({ status: 'error', message: expect.stringMatching(/Token has expired/) })]);
  });

  it('re-authorises postgres_changes with the token sent mid-connection', async () => {
    let token = await backend.userToken(ALICE);
    const client = backend.client({ accessToken: () => Promise.resolve(token) });
    backend.clients.push(client);
    await client.realtime.setAuth();
    const titles: string[] = [];
    await subscribed(
      client
        .channel('switch')
        .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'rt_notes' }, ({ new: row }) => titles.push(String(row.title))),
    );
    await backend.db.query(`insert into rt_notes (owner_id, title) values ($1, 'for alice')`, [ALICE]);
    await until(() => titles.includes('for alice'), 'alice row');
    token = await backend.userToken(BOB);
    await client.realtime.setAuth(token);
    await new Promise((resolve) => setTimeout(resolve, 200));
    await backend.db.query(`insert into rt_notes (owner_id, title) values ($1, 'alice again')`, [ALICE]);
    await backend.db.query(`insert into rt_notes (owner_id, title) values ($1, 'for bob')`, [BOB]);
    await until(() => titles.includes('for bob'), 'bob row after the token changed');
    expect(titles).toEqual(['for alice', 'for bob']);
  });
});
