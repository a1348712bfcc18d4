// Shared setup for the /realtime/v1 tests: the real backend, a published table with RLS, and the
// unchanged supabase-js client (realtime-js) subscribed through it.
import { REALTIME_SUBSCRIBE_STATES } from '@supabase/supabase-js';
import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { startTestBackend } from '../harness.js';
import type { TestBackend, TestDatabase } from '../harness.js';

export const ALICE = '11111111-1111-4111-8111-111111111111';
export const BOB = '22222222-2222-4222-8222-222222222222';

/** rt_notes: users see their own notes; anon sees notes whose title starts with "public". */
export const FIXTURE = `
create table public.rt_notes (
  id bigint generated always as identity primary key,
  owner_id uuid not null,
  title text not null,
  score int not null default 0,
  secret text not null default 'server only'
);
alter table public.rt_notes enable row level security;
-- Every column but secret (as AppRun.state): changes must not carry it.
revoke all on public.rt_notes from anon, authenticated;
grant select (id, owner_id, title, score), insert, update, delete on public.rt_notes to anon, authenticated;
create policy rt_notes_own on public.rt_notes for select to authenticated using (owner_id = auth.uid());
create policy rt_notes_public on public.rt_notes for select to anon using (title like 'public%');
alter publication supabase_realtime add table public.rt_notes;

create table public.rt_unpublished (id int primary key, title text);
grant select on public.rt_unpublished to anon, authenticated;

create table public.rt_secret (id int primary key, title text);
revoke all on public.rt_secret from anon, authenticated;
alter publication supabase_realtime add table public.rt_secret;

-- Private channels: "room:<uid>" is readable and writable by that user only.
create policy rt_room_read on realtime.messages for select to authenticated
  using (realtime.topic() = 'room:' || auth.uid()::text);
create policy rt_room_write on realtime.messages for insert to authenticated
  with check (realtime.topic() = 'room:' || auth.uid()::text);
`;

export interface RealtimeBackend extends TestBackend {
  userToken(sub: string, expiresIn?: number): Promise<string>;
  /** A client whose realtime acts as the user (or anon when sub is undefined). */
  realtimeClient(sub?: string, vsn?: '1.0.0' | '2.0.0'): Promise<SupabaseClient>;
  clients: SupabaseClient[];
}

export async function startRealtimeBackend(database: TestDatabase): Promise<RealtimeBackend> {
  const backend = await startTestBackend({ database });
  await backend.db.exec(FIXTURE);
  const clients: SupabaseClient[] = [];
  const userToken = (sub: string, expiresIn = 3600): Promise<string> =>
    backend.deps.jwt.sign({ sub, role: 'authenticated', aud: 'authenticated' }, expiresIn);
  return {
    ...backend,
    clients,
    userToken,
    async realtimeClient(sub, vsn) {
      // The token the app would get from its own auth (supabase-js's `accessToken` option).
      const token = sub ? await userToken(sub) : undefined;
      const client = backend.client({
        ...(vsn ? { realtime: { vsn } } : {}),
        ...(token ? { accessToken: () => Promise.resolve(token) } : {}),
      });
      // Joins then carry the user's token (otherwise the first join may go out with the apikey).
      if (token) await client.realtime.setAuth();
      clients.push(client);
      return client;
    },
    async stop() {
      await Promise.all(clients.map((client) => client.removeAllChannels()));
      await backend.stop();
    },
  };
}

export interface Subscribed {
  channel: RealtimeChannel;
  events: Record<string, unknown>[];
}

/** Waits for SUBSCRIBED; rejects with the channel error otherwise. */
export function subscribed(channel: RealtimeChannel): Promise<RealtimeChannel> {
  return new Promise((resolve, reject) => {
    channel.subscribe((status, error) => {
      if (status === REALTIME_SUBSCRIBE_STATES.SUBSCRIBED) resolve(channel);
      else if (status === REALTIME_SUBSCRIBE_STATES.CHANNEL_ERROR || status === REALTIME_SUBSCRIBE_STATES.TIMED_OUT) {
        reject(error ?? new Error(status));
      }
    });
  });
}

/** Polls until check() is truthy (or fails after timeoutMs with what it last saw). */
export async function until<T>(check: () => T | undefined | false, what: string, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A raw websocket speaking the Phoenix protocol (hostile-case tests). */
export async function rawSocket(
  backend: TestBackend,
  query = `apikey=${backend.anonKey}&vsn=1.0.0`,
): Promise<{ ws: WebSocket; frames: unknown[]; closed: Promise<{ code: number; reason: string }> }> {
  const ws = new WebSocket(`${backend.url.replace('http', 'ws')}/realtime/v1/websocket?${query}`);
  const frames: unknown[] = [];
  ws.on('message', (data: Buffer, isBinary) => frames.push(isBinary ? data : JSON.parse(data.toString('utf8'))));
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.on('close', (code, reason) => resolve({ code, reason: String(reason) })),
  );
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  return { ws, frames, closed };
}
