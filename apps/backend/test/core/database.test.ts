import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
});
