// postgres_changes through the unchanged supabase-js client: who receives what under RLS, filters,
// and the joins the server refuses.
import type { RealtimePostgresChangesPayload, SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES } from '../harness.js';
import { ALICE, BOB, startRealtimeBackend, subscribed, until } from './helpers.js';
import type { RealtimeBackend } from './helpers.js';

type Change = RealtimePostgresChangesPayload<Record<string, unknown>>;

function summary(change: Change): string {
  const row: Record<string, unknown> = change.eventType === 'DELETE' ? change.old : change.new;
  return `${change.eventType} ${String(row.title ?? row.id)}`;
}

async function listen(client: SupabaseClient, name: string, filter?: string): Promise<Change[]> {
  const changes: Change[] = [];
  await subscribed(
    client
      .channel(name)
      .on('postgres_changes', { event: '*', schema: 'public', table: 'rt_notes', ...(filter ? { filter } : {}) }, (payload) =>
        changes.push(payload as Change),
      ),
  );
  return changes;
}

describe.each(DATABASES)('postgres_changes on %s', (database) => {
  let backend: RealtimeBackend;

  beforeAll(async () => {
    backend = await startRealtimeBackend(database);
  }, 60_000);

  afterAll(async () => {
    await backend?.stop();
  });

  it('delivers each change only to who may select the row: owner, other user, anon × insert, update, delete', async () => {
    const alice = await listen(await backend.realtimeClient(ALICE), 'matrix-alice');
    const bob = await listen(await backend.realtimeClient(BOB), 'matrix-bob');
    const anon = await listen(await backend.realtimeClient(), 'matrix-anon');
    const sql = (text: string, params: unknown[] = []) => backend.db.query<{ id: string }>(text, params);
    const inserted = async (text: string, params: unknown[]): Promise<string> => String((await sql(text, params)).rows[0]?.id);
    const a1 = await inserted(`insert into rt_notes (owner_id, title) values ($1, 'alice private') returning id`, [ALICE]);
    const b1 = await inserted(`insert into rt_notes (owner_id, title) values ($1, 'public bob') returning id`, [BOB]);
    await sql(`update rt_notes set score = 5 where id = $1`, [a1]);
    await sql(`update rt_notes set title = 'bob private' where id = $1`, [b1]);
    await sql(`delete from rt_notes where id = $1`, [a1]);
    await sql(`delete from rt_notes where id = $1`, [b1]);
    await sql(`insert into rt_notes (owner_id, title) values ($1, 'public final')`, [ALICE]);
    await sql(`insert into rt_notes (owner_id, title) values ($1, 'bob final')`, [BOB]);

    // Each socket gets its changes in commit order: once the last arrived, nothing earlier is missing.
    await until(() => alice.some((c) => summary(c) === 'INSERT public final'), 'alice final');
    await until(() => bob.some((c) => summary(c) === 'INSERT bob final'), 'bob final');
    await until(() => anon.some((c) => summary(c) === 'INSERT public final'), 'anon final');

    expect(alice.map(summary)).toEqual(['INSERT alice private', 'UPDATE alice private', `DELETE ${a1}`, 'INSERT public final']);
    expect(bob.map(summary)).toEqual(['INSERT public bob', 'UPDATE bob private', `DELETE ${b1}`, 'INSERT bob final']);
    expect(anon.map(summary)).toEqual(['INSERT public bob', 'INSERT public final']);

    const [, update, deleted] = alice;
    expect(update?.new).toEqual({ id: Number(a1), owner_id: ALICE, title: 'alice private', score: 5 });
    expect(update?.schema).toBe('public');
    expect(update?.table).toBe('rt_notes');
    expect(Date.parse(update?.commit_timestamp ?? '')).not.toBeNaN();
    // DELETE carries only the primary key.
    expect(deleted?.old).toEqual({ id: Number(a1) });
    expect(deleted?.new).toEqual({});
  });

  it('checks the changes of one transaction together, once per identity, and still sends each only where RLS allows', async () => {
    // Two sockets of Alice (one identity), one with a filter; Bob; anon.
    const alice = await listen(await backend.realtimeClient(ALICE), 'batch-alice');
    const aliceHigh = await listen(await backend.realtimeClient(ALICE), 'batch-alice-high', 'score=gte.5');
    const bob = await listen(await backend.realtimeClient(BOB), 'batch-bob');
    const anon = await listen(await backend.realtimeClient(), 'batch-anon');
    const stats = { ...backend.realtime.changes.stats };
    await backend.db.transaction(async (tx) => {
      await tx.query(
        `insert into rt_notes (owner_id, title, score) values ($1, 'b-alice low', 1), ($2, 'public b-bob', 7), ($1, 'b-alice high', 9), ($2, 'b-bob private', 2)`,
        [ALICE, BOB],
      );
      await tx.query(`update rt_notes set score = 6 where title = 'b-alice low'`);
      await tx.query(`delete from rt_notes where title = 'b-bob private'`);
      await tx.query(`insert into rt_notes (owner_id, title) values ($1, 'b-end')`, [BOB]);
    });
    await until(() => alice.some((c) => summary(c) === 'UPDATE b-alice low') && bob.some((c) => summary(c) === 'INSERT b-end'), 'the batch');
    await until(() => anon.some((c) => summary(c) === 'INSERT public b-bob') && aliceHigh.some((c) => summary(c) === 'UPDATE b-alice low'), 'the batch');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(alice.map(summary)).toEqual(['INSERT b-alice low', 'INSERT b-alice high', 'UPDATE b-alice low']);
    expect(aliceHigh.map(summary)).toEqual(['INSERT b-alice high', 'UPDATE b-alice low']);
    expect(bob.map(summary)).toEqual(['INSERT public b-bob', 'INSERT b-bob private', expect.stringMatching(/^DELETE \d+$/), 'INSERT b-end']);
    expect(anon.map(summary)).toEqual(['INSERT public b-bob']);
    // Seven changes, three identities: fewer batches than changes, one statement per identity and batch.
    const after = backend.realtime.changes.stats;
    const batches = after.batches - stats.batches;
    expect(after.changes - stats.changes).toBe(7);
    expect(batches).toBeLessThan(7);
    expect(after.checks - stats.checks).toBeLessThanOrEqual(3 * batches);
    // The one-row form (realtime.row_visible) follows the same rule, as Alice.
    const asAlice = await backend.db.transaction(async (tx) => {
      await tx.query("select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true)", [
        JSON.stringify({ sub: ALICE, role: 'authenticated' }),
      ]);
      const rows = [{ id: 1, owner_id: ALICE, title: 'mine', score: 0 }, { id: 2, owner_id: BOB, title: 'public theirs', score: 0 }];
      const one = await tx.query<{ v: boolean }>("select realtime.row_visible('public.rt_notes'::regclass, r) as v from jsonb_array_elements($1::jsonb) as r", [
        JSON.stringify(rows),
      ]);
      const many = await tx.query<{ n: number }>("select n::int from realtime.visible_rows('public.rt_notes'::regclass, $1::jsonb) as n", [JSON.stringify(rows)]);
      return { one: one.rows.map((row) => row.v), many: many.rows.map((row) => row.n) };
    });
    expect(asAlice).toEqual({ one: [true, false], many: [1] });
  });

  it('applies eq, neq, lt, lte, gt, gte and in filters with the column type', async () => {
    const client = await backend.realtimeClient(ALICE);
    const cases: Record<string, string> = {
      eq: 'score=eq.10',
      neq: 'score=neq.10',
      lt: 'score=lt.10',
      lte: 'score=lte.10',
      gt: 'score=gt.10',
      gte: 'score=gte.10',
      in: 'title=in.(f9,"f,11")',
    };
    const seen: Record<string, Change[]> = {};
    for (const [name, filter] of Object.entries(cases)) seen[name] = await listen(client, `filter-${name}`, filter);
    for (const [score, title] of [
      [9, 'f9'],
      [10, 'f10'],
      [11, 'f,11'],
    ] as const) {
      await backend.db.query('insert into rt_notes (owner_id, title, score) values ($1, $2, $3)', [ALICE, title, score]);
    }
    await backend.db.query(`insert into rt_notes (owner_id, title, score) values ($1, 'f-end', 100)`, [ALICE]);
    const titles = (name: string) => (seen[name] ?? []).map((c) => String((c.new as Record<string, unknown>).title));
    // Every channel is on the same socket: once gt and neq saw the last insert, the rest arrived.
    await until(() => titles('gt').includes('f-end') && titles('neq').includes('f-end'), 'the last insert');
    expect(titles('eq')).toEqual(['f10']);
    expect(titles('neq')).toEqual(['f9', 'f,11', 'f-end']);
    expect(titles('lt')).toEqual(['f9']);
    expect(titles('lte')).toEqual(['f9', 'f10']);
    expect(titles('gt')).toEqual(['f,11', 'f-end']);
    expect(titles('gte')).toEqual(['f10', 'f,11', 'f-end']);
    expect(titles('in')).toEqual(['f9', 'f,11']);
  });

  it('refuses joins to unpublished or unreadable tables and bad filters, with the reason', async () => {
    const client = await backend.realtimeClient(ALICE);
    const join = (table: string, filter?: string) =>
      subscribed(
        client.channel(`bad-${table}-${filter ?? ''}`).on('postgres_changes', { event: '*', schema: 'public', table, ...(filter ? { filter } : {}) }, () => undefined),
      );
    await expect(join('rt_unpublished')).rejects.toThrow(/not in publication supabase_realtime/);
    await expect(join('no_such_table')).rejects.toThrow(/does not exist or is not in publication/);
    await expect(join('rt_secret')).rejects.toThrow(/permission denied for table rt_secret/);
    await expect(join('rt_notes', 'nope=eq.1')).rejects.toThrow(/invalid column for filter nope/);
    await expect(join('rt_notes', 'secret=eq.x')).rejects.toThrow(/invalid column for filter secret/);
    await expect(join('rt_notes', 'score=eq.1; drop table rt_notes')).rejects.toThrow(/invalid value for filter score/);
    await expect(join('rt_notes', "title=eq.x' or 1=1 --")).resolves.toBeTruthy();
    await expect(join('rt_notes', 'score=like.1')).rejects.toThrow(/invalid filter/);
    const still = await backend.db.query<{ n: number }>('select count(*)::int as n from rt_notes');
    expect(still.rows[0]?.n).toBeGreaterThan(0);
  });

  it('sends the whole old row under replica identity full (UPDATE always; DELETE only without RLS), the key otherwise, and filters UPDATEs on the new row', async () => {
    await backend.db.exec(`
      create table public.rt_full (id int primary key, title text not null, score int not null, secret text not null default 'server only');
      alter table public.rt_full replica identity full;
      revoke all on public.rt_full from anon, authenticated;
      grant select (id, title, score), insert, update, delete on public.rt_full to authenticated;
      alter publication supabase_realtime add table public.rt_full;
      create table public.rt_full_rls (id int primary key, owner_id uuid not null, title text not null);
      alter table public.rt_full_rls replica identity full;
      alter table public.rt_full_rls enable row level security;
      grant select, insert, update, delete on public.rt_full_rls to authenticated;
      create policy rt_full_rls_own on public.rt_full_rls for select to authenticated using (owner_id = auth.uid());
      alter publication supabase_realtime add table public.rt_full_rls;
    `);
    const client = await backend.realtimeClient(ALICE);
    const listenTo = async (table: string, name: string, filter?: string) => {
      const changes: Change[] = [];
      await subscribed(
        client.channel(name).on('postgres_changes', { event: '*', schema: 'public', table, ...(filter ? { filter } : {}) }, (payload) => changes.push(payload as Change)),
      );
      return changes;
    };
    const full = await listenTo('rt_full', 'full-all');
    const highScores = await listenTo('rt_full', 'full-high', 'score=gt.10');
    const withRls = await listenTo('rt_full_rls', 'full-rls');
    const keyOnly = await listenTo('rt_notes', 'key-only');

    await backend.db.query(`insert into rt_full (id, title, score) values (1, 'before', 5)`);
    await backend.db.query(`update rt_full set title = 'after', score = 20 where id = 1`);
    await backend.db.query(`update rt_full set score = 3 where id = 1`);
    await backend.db.query(`delete from rt_full where id = 1`);
    await backend.db.query(`insert into rt_full_rls (id, owner_id, title) values (7, $1, 'mine')`, [ALICE]);
    await backend.db.query(`update rt_full_rls set title = 'mine, renamed' where id = 7`);
    await backend.db.query(`delete from rt_full_rls where id = 7`);
    const note = await backend.db.query<{ id: number }>(`insert into rt_notes (owner_id, title) values ($1, 'keyed') returning id`, [ALICE]);
    await backend.db.query(`update rt_notes set title = 'keyed, renamed' where title = 'keyed'`);
    await until(() => full.length === 4 && withRls.length === 3 && keyOnly.some((change) => change.eventType === 'UPDATE'), 'every change');

    const [, update, , removal] = full;
    expect(update).toMatchObject({ eventType: 'UPDATE', new: { id: 1, title: 'after', score: 20 }, old: { id: 1, title: 'before', score: 5 } });
    expect(removal).toMatchObject({ eventType: 'DELETE', old: { id: 1, title: 'after', score: 3 } });
    // Only the columns the role may select, in the old row as in the new.
    for (const change of full) {
      expect(change.new).not.toHaveProperty('secret');
      expect(change.old).not.toHaveProperty('secret');
    }
    // A filter on an UPDATE applies to the row as the update left it.
    await until(() => highScores.length >= 1, 'the filtered update');
    expect(highScores.filter((change) => change.eventType === 'UPDATE').map((change) => (change.new as { score: number }).score)).toEqual([20]);

    expect(withRls[1]).toMatchObject({ eventType: 'UPDATE', old: { id: 7, title: 'mine', owner_id: ALICE } });
    // A DELETE of a table with RLS carries the primary key only, as Supabase sends it.
    expect(withRls[2]).toMatchObject({ eventType: 'DELETE' });
    expect(withRls[2]?.old).toEqual({ id: 7 });
    // Without replica identity full, old is the primary key.
    expect(keyOnly.find((change) => change.eventType === 'UPDATE')?.old).toEqual({ id: Number(note.rows[0]?.id) });
  });
});
