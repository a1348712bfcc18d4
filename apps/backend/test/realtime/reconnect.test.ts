// What the unchanged realtime-js client does when its connection drops (a network failure, not a
// server restart: the TCP connections between client and backend are cut by a loopback proxy
// that keeps listening), and what the backend must answer for it: the others see the presence
// leave, the client reconnects with backoff and rejoins every channel, with the token it holds
// now (setAuth), and presence sync/join diffs start again.
import { createServer, connect } from 'node:net';
import type { AddressInfo, Server, Socket } from 'node:net';
import { REALTIME_SUBSCRIBE_STATES, createClient } from '@supabase/supabase-js';
import type { RealtimePostgresChangesPayload, SupabaseClient } from '@supabase/supabase-js';
import { nodeWebSocket } from '../../src/http/ws-transport.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALICE, BOB, startRealtimeBackend, subscribed, until } from './helpers.js';
import type { RealtimeBackend } from './helpers.js';

/** A loopback TCP proxy to the backend whose open connections can be cut at once. */
async function startProxy(target: URL): Promise<{ url: string; drop(): void; close(): Promise<void> }> {
  const open = new Set<Socket>();
  const server: Server = createServer((incoming) => {
    const outgoing = connect(Number(target.port), target.hostname);
    for (const socket of [incoming, outgoing]) {
      open.add(socket);
      socket.on('close', () => open.delete(socket));
      socket.on('error', () => undefined);
    }
    incoming.pipe(outgoing).pipe(incoming);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    drop() {
      for (const socket of open) socket.destroy();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('realtime-js after a dropped connection (PGlite)', () => {
  let backend: RealtimeBackend;
  let proxy: Awaited<ReturnType<typeof startProxy>>;
  const proxied: SupabaseClient[] = [];

  beforeAll(async () => {
    backend = await startRealtimeBackend('pglite');
    proxy = await startProxy(new URL(backend.url));
  }, 60_000);

  afterAll(async () => {
    await Promise.all(proxied.map((client) => client.removeAllChannels()));
    await proxy?.close();
    await backend?.stop();
  });

  /**
   * A client that reaches the backend through the proxy, acting as `sub`; `actAs` changes who it
   * is the way supabase-js does on a new sign-in (its token source changes, then setAuth()).
   */
  async function throughProxy(sub: string): Promise<{ client: SupabaseClient; actAs: (next: string) => Promise<void> }> {
    let token = await backend.userToken(sub);
    const client = createClient(proxy.url, backend.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      realtime: { transport: nodeWebSocket },
      accessToken: () => Promise.resolve(token),
    });
    await client.realtime.setAuth();
    proxied.push(client);
    return {
      client,
      actAs: async (next) => {
        token = await backend.userToken(next);
        await client.realtime.setAuth();
      },
    };
  }

  it('the others see the presence leave; the client reconnects, rejoins, tracks again, and both sides sync', async () => {
    const bob = await backend.realtimeClient(BOB);
    const joins: string[] = [];
    const leaves: string[] = [];
    const b = bob
      .channel('drop-lobby', { config: { presence: { key: 'bob' } } })
      .on('presence', { event: 'join' }, ({ key }) => joins.push(key))
      .on('presence', { event: 'leave' }, ({ key }) => leaves.push(key));
    await subscribed(b);
    expect(await b.track({ status: 'here' })).toBe('ok');

    const { client: alice } = await throughProxy(ALICE);
    let rounds = 0;
    const a = alice.channel('drop-lobby', { config: { presence: { key: 'alice' } } }).on('presence', { event: 'sync' }, () => undefined);
    // As apps do: track again on every (re)subscription.
    a.subscribe((status) => {
      if (status === REALTIME_SUBSCRIBE_STATES.SUBSCRIBED) {
        rounds += 1;
        void a.track({ status: 'editing', round: rounds });
      }
    });
    await until(() => joins.includes('alice'), 'alice joining', 10_000);
    await until(() => a.presenceState().bob?.[0], 'bob present for alice', 10_000);

    proxy.drop();
    await until(() => leaves.includes('alice'), 'alice leaving when her connection drops', 10_000);
    expect(Object.keys(b.presenceState())).toEqual(['bob']);

    // realtime-js reconnects on its own (backoff from 1 s) and rejoins the channel.
    await until(() => rounds === 2 && joins.filter((key) => key === 'alice').length === 2, 'alice rejoining and tracking again', 20_000);
    await until(() => b.presenceState().alice?.[0], 'alice present again for bob', 10_000);
    expect(b.presenceState().alice).toEqual([expect.objectContaining({ status: 'editing', round: 2 })]);
    // Her rejoined channel synced the state of the others that was there all along.
    await until(() => a.presenceState().bob?.[0], 'bob present for alice after the rejoin', 10_000);
    expect(a.presenceState().bob).toEqual([expect.objectContaining({ status: 'here' })]);
  }, 60_000);

  it('rejoins every channel with the token set last (setAuth), not the one it first joined with', async () => {
    type Change = RealtimePostgresChangesPayload<Record<string, unknown>>;
    const { client, actAs } = await throughProxy(ALICE);
    const everything: string[] = [];
    const inserts: string[] = [];
    const title = (change: Change) => String((change.new as Record<string, unknown>).title);
    await subscribed(client.channel('drop-all').on('postgres_changes', { event: '*', schema: 'public', table: 'rt_notes' }, (change) => everything.push(title(change as Change))));
    await subscribed(client.channel('drop-inserts').on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'rt_notes' }, (change) => inserts.push(title(change as Change))));

    await backend.db.query(`insert into rt_notes (owner_id, title) values ($1, 'alice-1'), ($2, 'bob-1')`, [ALICE, BOB]);
    await until(() => everything.includes('alice-1') && inserts.includes('alice-1'), 'alice’s first note');

    // The client now acts as Bob (a new sign-in on the same page), then loses its connection.
    await actAs(BOB);
    proxy.drop();
    // Wait for both channels to be joined again, then write.
    await until(() => client.getChannels().every((channel) => channel.state === 'joined') && client.realtime.isConnected(), 'the rejoin', 20_000);
    const deadline = Date.now() + 15_000;
    let round = 0;
    while (!(everything.some((seen) => seen.startsWith('bob-after')) && inserts.some((seen) => seen.startsWith('bob-after'))) && Date.now() < deadline) {
      round += 1;
      await backend.db.query(`insert into rt_notes (owner_id, title) values ($1, $2), ($3, $4)`, [ALICE, `alice-after-${round}`, BOB, `bob-after-${round}`]);
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
    // Both channels rejoined as Bob: his notes arrive, Alice's no longer do.
    expect(everything.some((seen) => seen.startsWith('bob-after'))).toBe(true);
    expect(inserts.some((seen) => seen.startsWith('bob-after'))).toBe(true);
    expect([...everything, ...inserts].filter((seen) => seen.startsWith('alice-after'))).toEqual([]);
    expect([...everything, ...inserts]).not.toContain('bob-1');
  }, 60_000);
});
