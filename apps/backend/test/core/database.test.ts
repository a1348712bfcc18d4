import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withRequestContext } from '../../src/db/request-context.js';
import type { RequestContext } from '../../src/db/request-context.js';
import { DATABASES, startTestBackend } from '../harness.js';
import type { TestBackend } from '../harness.js';

describe.each(DATABASES)('Database adapter on %s', (database) => {
  let backend: TestBackend;
  beforeAll(async () => {
    backend = await startTestBackend({ database });
    await backend.db.exec('create table public.adapter_t (id int primary key, v text)');
  });
  afterAll(() => backend.stop());

  it('counts rows the same way on both engines', async () => {
    const inserted = await backend.db.query('insert into public.adapter_t values (1, $1), (2, $1), (3, $1)', ['a']);
    expect(inserted.rowCount).toBe(3);
    const selected = await backend.db.query<{ id: number }>('select id from public.adapter_t order by id');
    expect(selected.rowCount).toBe(3);
    expect(selected.rows).toEqual([{ id: 1 }, { id: 2 }, { id: 3 }]);
    expect(selected.fields.map((field) => field.name)).toEqual(['id']);
    const updated = await backend.db.query(`update public.adapter_t set v = 'b' where id > 1`);
    expect(updated.rowCount).toBe(2);
    const none = await backend.db.query('select id from public.adapter_t where id > 100');
    expect(none.rowCount).toBe(0);
    const deleted = await backend.db.query('delete from public.adapter_t where id = 3 returning id');
    expect(deleted.rowCount).toBe(1);
  });

  it('rolls a transaction back when it throws and keeps parameters out of the SQL text', async () => {
    await expect(
      backend.db.transaction(async (tx) => {
        await tx.query('insert into public.adapter_t values (10, $1)', ["x'); drop table public.adapter_t; --"]);
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    const rows = await backend.db.query('select id from public.adapter_t where id = 10');
    expect(rows.rowCount).toBe(0);
  });

  it('reports Postgres errors with their SQLSTATE', async () => {
    await expect(backend.db.query('insert into public.adapter_t values (1, null)')).rejects.toMatchObject({ code: '23505' });
    await expect(backend.db.query('select * from public.no_such_table')).rejects.toMatchObject({ code: '42P01' });
  });

  it('delivers NOTIFY to a listener and stops after unlisten', async () => {
    const received: string[] = [];
    const unlisten = await backend.db.listen('adapter_channel', (payload) => received.push(payload));
    await backend.db.query(`select pg_notify('adapter_channel', 'one')`);
    for (let i = 0; i < 50 && received.length === 0; i += 1) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(received).toEqual(['one']);
    await unlisten();
    await backend.db.query(`select pg_notify('adapter_channel', 'two')`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(received).toEqual(['one']);
  });

  describe('request transactions (prelude, prepared statements, one-shot reads)', () => {
    const context = (overrides: Partial<RequestContext> = {}): RequestContext => ({
      role: 'anon',
      claims: { role: 'anon' },
      headers: { 'x-test': 'yes' },
      method: 'GET',
      path: '/adapter_t',
      readOnly: true,
      ...overrides,
    });
    const whoAmI = `select current_user as who, current_setting('request.method', true) as method,
      current_setting('request.headers', true)::json->>'x-test' as header, current_setting('transaction_read_only') as ro`;

    beforeAll(async () => {
      await backend.db.exec('create table public.adapter_rc (id int primary key, v text); grant all on public.adapter_rc to anon');
    });

    it('applies the caller’s settings inside a read and leaves none behind, read after read', async () => {
      const before = await backend.db.query<{ who: string }>('select current_user as who');
      for (let i = 0; i < 3; i += 1) {
        const inside = await withRequestContext(backend.db, context(), (tx) => tx.query(whoAmI, [], { final: true }));
        expect(inside.rows).toEqual([{ who: 'anon', method: 'GET', header: 'yes', ro: 'on' }]);
        const after = await backend.db.query<{ who: string; method: string | null }>(
          `select current_user as who, nullif(current_setting('request.method', true), '') as method`,
        );
        expect(after.rows).toEqual([{ who: before.rows[0]?.who, method: null }]);
      }
    });

    it('refuses a write in a read-only request and keeps nothing of it', async () => {
      await expect(
        withRequestContext(backend.db, context(), (tx) => tx.query(`insert into public.adapter_rc values (1, 'ro')`, [], { final: true })),
      ).rejects.toMatchObject({ code: '25006' });
      const rows = await backend.db.query('select id from public.adapter_rc');
      expect(rows.rowCount).toBe(0);
    });

    it('commits a final write and rolls back a failed one, with the same statement prepared before', async () => {
      const write = (id: number, v: string) =>
        withRequestContext(backend.db, context({ method: 'POST', readOnly: false }), (tx) =>
          tx.query('insert into public.adapter_rc values ($1, $2)', [id, v], { final: true }),
        );
      await write(1, 'one');
      await expect(write(1, 'again')).rejects.toMatchObject({ code: '23505' });
      await write(2, 'two');
      const rows = await backend.db.query<{ id: number; v: string }>('select id, v from public.adapter_rc order by id');
      expect(rows.rows).toEqual([
        { id: 1, v: 'one' },
        { id: 2, v: 'two' },
      ]);
    });

    it('recovers from a statement that failed to parse and answers it again next time', async () => {
      const bad = 'select id from public.adapter_rc where'; // a syntax error
      await expect(withRequestContext(backend.db, context(), (tx) => tx.query(bad, [], { final: true }))).rejects.toMatchObject({ code: '42601' });
      await expect(withRequestContext(backend.db, context(), (tx) => tx.query(bad, [], { final: true }))).rejects.toMatchObject({ code: '42601' });
      const good = await withRequestContext(backend.db, context(), (tx) => tx.query('select count(*)::int as n from public.adapter_rc', [], { final: true }));
      expect(good.rows).toEqual([{ n: 2 }]);
    });

    it('follows the table when its columns change under a statement it has run before', async () => {
      const read = () => withRequestContext(backend.db, context(), (tx) => tx.query('select * from public.adapter_rc where id = $1', [1], { final: true }));
      expect((await read()).rows).toEqual([{ id: 1, v: 'one' }]);
      await backend.db.exec(`alter table public.adapter_rc add column extra text not null default 'x'`);
      expect((await read()).rows).toEqual([{ id: 1, v: 'one', extra: 'x' }]);
    });

    it('keeps several statements of one transaction together and rolls all back on failure', async () => {
      await expect(
        withRequestContext(backend.db, context({ method: 'PATCH', readOnly: false }), async (tx) => {
          await tx.query(`update public.adapter_rc set v = 'changed' where id = $1`, [1]);
          await tx.query('insert into public.adapter_rc (id, v) values ($1, $2)', [2, 'duplicate']);
        }),
      ).rejects.toMatchObject({ code: '23505' });
      const rows = await backend.db.query<{ v: string }>('select v from public.adapter_rc where id = 1');
      expect(rows.rows).toEqual([{ v: 'one' }]);
    });
  });
});
