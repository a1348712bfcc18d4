// #17: the plan's database-row limit, enforced in the database for every writer (REST inserts as
// the grid makes them, the import RPC, run-app's `database` step), at the limit exactly and one
// over, under concurrent writers, per owner (someone else's rows never count), raised by an upgrade.
// The Free limit is lowered to a handful of rows for the test (it lives in "Plan".limits).
import { randomUUID } from 'node:crypto';
import type { PostgrestError } from '@supabase/supabase-js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DATABASES, startTestBackend } from '../harness.js';
import type { TestBackend } from '../harness.js';
import { callFunction, runEvents, seedApp, signedIn } from './helpers.js';
import type { TestUser } from './helpers.js';

let backend: TestBackend;
const FREE_LIMIT = 5;

/** A database of `ownerId` with one "Notes" table (a text column), made through REST as the owner. */
async function tableOf(user: TestUser, name = 'Notes'): Promise<{ databaseId: string; tableId: string }> {
  const database = await user.client.from('Database').insert({ owner_id: user.id, name }).select('id').single<{ id: string }>();
  if (database.error) throw new Error(database.error.message);
  const table = await user.client
    .from('DatabaseTable')
    .insert({ database_id: database.data.id, name: 'Notes', columns: [{ name: 'Text', type: 'text' }] })
    .select('id')
    .single<{ id: string }>();
  if (table.error) throw new Error(table.error.message);
  return { databaseId: database.data.id, tableId: table.data.id };
}

function insertRows(user: TestUser, tableId: string, count: number) {
  return user.client.from('DatabaseRow').insert(Array.from({ length: count }, (_, i) => ({ table_id: tableId, data: { Text: `note ${i}` } })));
}

async function rowsOfOwner(ownerId: string): Promise<number> {
  const result = await backend.db.query<{ n: string }>(
    `select count(*) as n from public."DatabaseRow" as r join public."DatabaseTable" as t on t.id = r.table_id
     join public."Database" as d on d.id = t.database_id where d.owner_id = $1`,
    [ownerId],
  );
  return Number(result.rows[0]?.n);
}

function planRefusal(error: PostgrestError | null, total: number): void {
  expect(error).toMatchObject({
    code: '23514',
    details: 'plan_limit_reached:database_rows',
    message: `Your Free plan holds at most ${FREE_LIMIT} database rows in all; this would make ${total}. Delete rows, or upgrade to Pro on the Plan page.`,
  });
}

describe.each(DATABASES)('plan database-row limits on %s', (database) => {
  let owner: TestUser;
  let shipped: { id: string; rows: number }[] = [];
  beforeAll(async () => {
    backend = await startTestBackend({ database });
    shipped = (await backend.db.query<{ id: string; rows: number }>(`select id, (limits ->> 'database_rows')::int as rows from public."Plan" order by position`)).rows;
    await backend.db.query(`update public."Plan" set limits = jsonb_set(limits, '{database_rows}', $1::jsonb) where id = 'free'`, [String(FREE_LIMIT)]);
  });
  afterAll(() => backend.stop());
  beforeEach(async () => {
    owner = await signedIn(backend);
  });

  it('the shipped limits: Free 100,000 and Pro 2,000,000 rows (above #14’s 100,000-row import)', () => {
    expect(shipped).toEqual([
      { id: 'free', rows: 100_000 },
      { id: 'pro', rows: 2_000_000 },
    ]);
  });

  it('fills to the limit exactly across tables and databases; one more row is refused, by REST and by the import RPC, changing nothing', async () => {
    const first = await tableOf(owner, 'Reading');
    const second = await tableOf(owner, 'Work');
    expect((await insertRows(owner, first.tableId, 3)).error).toBeNull();
    const imported = await owner.client.rpc('database_rows_insert', { table_id: second.tableId, rows: [{ Text: 'a' }, { Text: 'b' }] });
    expect(imported.error).toBeNull();
    expect(imported.data).toMatchObject({ inserted: 2 });
    expect(await rowsOfOwner(owner.id)).toBe(FREE_LIMIT);

    const rest = await insertRows(owner, first.tableId, 1);
    expect(rest.status).toBe(400);
    planRefusal(rest.error, FREE_LIMIT + 1);
    planRefusal((await owner.client.rpc('database_rows_insert', { table_id: second.tableId, rows: [{ Text: 'c' }, { Text: 'd' }] })).error, FREE_LIMIT + 2);
    expect(await rowsOfOwner(owner.id)).toBe(FREE_LIMIT);

    // Editing and deleting still work at the limit; a freed row can be used again.
    const row = (await owner.client.from('DatabaseRow').select('id').eq('table_id', first.tableId).limit(1).single<{ id: string }>()).data;
    expect((await owner.client.from('DatabaseRow').update({ data: { Text: 'edited' } }).eq('id', row?.id ?? '')).error).toBeNull();
    expect((await owner.client.from('DatabaseRow').delete().eq('id', row?.id ?? '')).error).toBeNull();
    expect((await insertRows(owner, second.tableId, 1)).error).toBeNull();
    planRefusal((await insertRows(owner, second.tableId, 1)).error, FREE_LIMIT + 1);
    // A deleted table gives its rows back.
    expect((await owner.client.from('DatabaseTable').delete().eq('id', first.tableId)).error).toBeNull();
    expect((await insertRows(owner, second.tableId, 2)).error).toBeNull();
    expect(await rowsOfOwner(owner.id)).toBe(FREE_LIMIT);
  });

  it('the check a bulk path calls once per batch: the room left, a batch too big refused, strangers and visitors refused', async () => {
    const { tableId } = await tableOf(owner);
    expect((await insertRows(owner, tableId, 2)).error).toBeNull();
    const room = await owner.client.rpc('database_rows_check', { table_id: tableId, adding: 3 });
    expect(room.error).toBeNull();
    expect(room.data).toMatchObject({ plan: 'free', plan_limit: FREE_LIMIT, owner_rows: 2, database_rows: 2, room: 3 });
    planRefusal((await owner.client.rpc('database_rows_check', { table_id: tableId, adding: 4 })).error, 6);
    expect((await owner.client.rpc('database_rows_check', { table_id: tableId, adding: -1 })).error?.code).toBe('PT400');

    const stranger = await signedIn(backend);
    const peek = await stranger.client.rpc('database_rows_check', { table_id: tableId, adding: 1 });
    expect(peek.status).toBe(404);
    expect(peek.error?.code).toBe('PT404');
    expect((await backend.client().rpc('database_rows_check', { table_id: tableId, adding: 1 })).status).toBe(401);
  });

  it('another user’s rows never count: a full account does not stop someone else', async () => {
    const { tableId } = await tableOf(owner);
    expect((await insertRows(owner, tableId, FREE_LIMIT)).error).toBeNull();
    const other = await signedIn(backend);
    const theirs = await tableOf(other);
    expect((await insertRows(other, theirs.tableId, FREE_LIMIT)).error).toBeNull();
    planRefusal((await insertRows(other, theirs.tableId, 1)).error, FREE_LIMIT + 1);
    expect(await rowsOfOwner(owner.id)).toBe(FREE_LIMIT);
    expect(await rowsOfOwner(other.id)).toBe(FREE_LIMIT);
  });

  it('concurrent writers into two tables of one owner: exactly the limit is kept, never more', async () => {
    const first = await tableOf(owner, 'One');
    const second = await tableOf(owner, 'Two');
    const attempts = await Promise.all(
      Array.from({ length: 24 }, (_, i) => insertRows(owner, i % 2 === 0 ? first.tableId : second.tableId, 1)),
    );
    const accepted = attempts.filter((attempt) => attempt.error === null).length;
    const refused = attempts.filter((attempt) => attempt.error?.details === 'plan_limit_reached:database_rows').length;
    expect(accepted).toBe(FREE_LIMIT);
    expect(refused).toBe(24 - FREE_LIMIT);
    expect(await rowsOfOwner(owner.id)).toBe(FREE_LIMIT);
    const counters = await backend.db.query<{ n: string }>(
      'select sum(row_count) as n from public."DatabaseTableStats" where table_id = any($1::uuid[])',
      [[first.tableId, second.tableId]],
    );
    expect(Number(counters.rows[0]?.n)).toBe(FREE_LIMIT);
  });

  it('an upgrade to Pro (bought on the test checkout) raises the limit; back on Free the rows stay but no more are added', async () => {
    await backend.db.query(`insert into public."User" (id, email, status) values ($1, $2, 'allowed')`, [owner.id, `${owner.id}@example.org`]);
    const { tableId } = await tableOf(owner);
    expect((await insertRows(owner, tableId, FREE_LIMIT)).error).toBeNull();
    planRefusal((await insertRows(owner, tableId, 1)).error, FREE_LIMIT + 1);
    const started = await callFunction(backend, 'checkout', { item_kind: 'plan', item_id: 'pro', return_path: '/user-plan' }, owner.token);
    const { url } = (await started.json()) as { url: string };
    expect((await callFunction(backend, 'test-checkout', { session_id: url.split('/').at(-1), action: 'complete' }, owner.token)).status).toBe(200);
    expect((await insertRows(owner, tableId, 3)).error).toBeNull();
    expect((await owner.client.rpc('database_rows_check', { table_id: tableId })).data).toMatchObject({ plan: 'pro', plan_limit: 2_000_000, owner_rows: FREE_LIMIT + 3 });

    await backend.db.query(`update public."User" set plan = 'free' where id = $1`, [owner.id]);
    planRefusal((await insertRows(owner, tableId, 1)).error, FREE_LIMIT + 4);
    expect(await rowsOfOwner(owner.id)).toBe(FREE_LIMIT + 3);
  });

  it('run-app’s `database` step: a visitor’s run that would pass the owner’s limit saves nothing and says why', async () => {
    const { databaseId, tableId } = await tableOf(owner);
    expect((await insertRows(owner, tableId, FREE_LIMIT)).error).toBeNull();
    const spec = {
      entryStepId: 'ask',
      steps: [
        { id: 'ask', kind: 'input', title: 'Note', config: { fields: [{ type: 'text', name: 'text', label: 'Text', required: true }] } },
        { id: 'save', kind: 'database', title: 'Save', config: { databaseId, tableId, operation: 'write', values: { Text: 'text' } } },
        { id: 'show', kind: 'output', title: 'Saved', config: { template: 'Saved.' } },
      ],
    };
    const { appId } = await seedApp(backend, owner.id, { spec });
    await backend.db.query('update public."App" set database_id = $2 where id = $1', [appId, databaseId]);
    const events = await runEvents(backend, { app_id: appId, visitor_session: randomUUID(), inputs: { text: 'one too many' } });
    const last = events.at(-1);
    expect(last?.event).toBe('run_failed');
    expect(last?.data).toMatchObject({ stepId: 'save' });
    expect(String(last?.data.message)).toContain(
      `Nothing was saved: Your Free plan holds at most ${FREE_LIMIT} database rows in all; this would make ${FREE_LIMIT + 1}.`,
    );
    expect(await rowsOfOwner(owner.id)).toBe(FREE_LIMIT);
  });

  it('/user-plan counts the same rows the limit counts', async () => {
    const { tableId } = await tableOf(owner);
    expect((await insertRows(owner, tableId, 4)).error).toBeNull();
    expect((await owner.client.rpc('my_database_rows')).data).toBe(4);
  });
});
