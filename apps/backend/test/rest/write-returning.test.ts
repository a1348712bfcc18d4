// Writes that return a representation read back only the columns the response needs (as PostgREST
// does), so a column the caller may not SELECT fails only the requests that ask for it.
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DATABASES } from '../harness.js';
import type { RestBackend } from './rest-backend.js';
import { ALICE, startRestBackend } from './rest-backend.js';

const FIXTURE = `
create table public.wr_tag (id int primary key, label text not null);
create table public.wr_item (
  id int primary key,
  name text not null,
  secret text,
  tag_id int references public.wr_tag (id)
);
revoke all on table public.wr_tag, public.wr_item from anon, authenticated;
grant select on table public.wr_tag to authenticated;
-- Like public."Bundle".allowed_users: writable, never readable by the caller.
grant select (id, name, tag_id) on table public.wr_item to authenticated;
grant insert (id, name, secret, tag_id), update (id, name, secret, tag_id), delete on table public.wr_item to authenticated;
grant all on table public.wr_tag, public.wr_item to service_role;
notify pgrst, 'reload schema';
`;

describe.each(DATABASES)('write representation with a revoked column on %s', (database) => {
  let b: RestBackend;
  let sb: SupabaseClient;
  let token: string;

  const stored = async (id: number): Promise<{ name: string; secret: string | null } | undefined> => {
    const result = await b.db.query<{ name: string; secret: string | null }>('select name, secret from public.wr_item where id = $1', [id]);
    return result.rows[0];
  };

  beforeAll(async () => {
    b = await startRestBackend(database);
    await b.db.exec(FIXTURE);
    sb = await b.userClient(ALICE);
    token = await b.userToken(ALICE);
    const deadline = Date.now() + 10_000;
    for (;;) {
      const response = await b.rest('/wr_item?select=id&limit=0', { headers: { Authorization: `Bearer ${token}` } });
      await response.arrayBuffer();
      if (response.status === 200) break;
      if (Date.now() > deadline) throw new Error(`wr_item never appeared (last status ${response.status})`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });
  afterAll(() => b.stop());
  beforeEach(async () => {
    await b.db.exec(`delete from public.wr_item; delete from public.wr_tag;
      insert into public.wr_tag values (1, 'red'), (2, 'blue');
      insert into public.wr_item values (1, 'one', 's1', 1), (2, 'two', 's2', 2);`);
  });

  it('insert with select(id,name) answers 201 with only those keys and stores the secret', async () => {
    const { data, error, status } = await sb.from('wr_item').insert({ id: 3, name: 'three', secret: 's3' }).select('id,name');
    expect(error).toBeNull();
    expect(status).toBe(201);
    expect(data).toEqual([{ id: 3, name: 'three' }]);
    expect(await stored(3)).toEqual({ name: 'three', secret: 's3' });
  });

  it('bulk insert returns an embedded resource through a readable join key, ordered', async () => {
    const { data, error } = await sb
      .from('wr_item')
      .insert([
        { id: 4, name: 'b', secret: 'x', tag_id: 2 },
        { id: 5, name: 'a', secret: 'y', tag_id: 1 },
      ])
      .select('name, wr_tag(label)')
      .order('name');
    expect(error).toBeNull();
    expect(data).toEqual([
      { name: 'a', wr_tag: { label: 'red' } },
      { name: 'b', wr_tag: { label: 'blue' } },
    ]);
  });

  it('update and delete with select(id,name) return only those keys', async () => {
    const updated = await sb.from('wr_item').update({ name: 'uno', secret: 'new' }).eq('id', 1).select('id,name');
    expect(updated.error).toBeNull();
    expect(updated.status).toBe(200);
    expect(updated.data).toEqual([{ id: 1, name: 'uno' }]);
    expect(await stored(1)).toEqual({ name: 'uno', secret: 'new' });

    const single = await sb.from('wr_item').update({ name: 'dos' }).eq('id', 2).select('id,name').single();
    expect(single.error).toBeNull();
    expect(single.data).toEqual({ id: 2, name: 'dos' });

    const deleted = await sb.from('wr_item').delete().eq('id', 2).select('id,name');
    expect(deleted.error).toBeNull();
    expect(deleted.data).toEqual([{ id: 2, name: 'dos' }]);
    expect(await stored(2)).toBeUndefined();
  });

  it('an empty PATCH with a representation reads only the selected columns', async () => {
    const response = await b.rest('/wr_item?id=eq.1&select=id,name', {
      method: 'PATCH',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', Prefer: 'return=representation' },
      body: '{}',
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual([]);
  });

  it('select(*) or naming the revoked column still fails with 42501 and changes nothing', async () => {
    const star = await sb.from('wr_item').insert({ id: 6, name: 'six', secret: 's6' }).select('*');
    expect(star.status).toBe(403);
    expect(star.error?.code).toBe('42501');
    expect(await stored(6)).toBeUndefined();

    const named = await sb.from('wr_item').update({ name: 'changed' }).eq('id', 1).select('id, secret');
    expect(named.status).toBe(403);
    expect(named.error?.code).toBe('42501');
    expect(await stored(1)).toEqual({ name: 'one', secret: 's1' });

    const deleted = await sb.from('wr_item').delete().eq('id', 2).select();
    expect(deleted.error?.code).toBe('42501');
    expect(await stored(2)).toEqual({ name: 'two', secret: 's2' });
  });

  it('upsert with a representation inserts and merges (201 for a caller without table-level SELECT)', async () => {
    const merged = await sb.from('wr_item').upsert({ id: 1, name: 'merged' }).select('id,name');
    expect(merged.error).toBeNull();
    expect(merged.status).toBe(201);
    expect(merged.data).toEqual([{ id: 1, name: 'merged' }]);
    expect(await stored(1)).toEqual({ name: 'merged', secret: 's1' });

    const both = await sb
      .from('wr_item')
      .upsert([
        { id: 2, name: 'two!', tag_id: 2 },
        { id: 7, name: 'seven', tag_id: 1 },
      ])
      .select('id,name,tag_id');
    expect(both.error).toBeNull();
    expect(both.data).toEqual([
      { id: 2, name: 'two!', tag_id: 2 },
      { id: 7, name: 'seven', tag_id: 1 },
    ]);

    const ignored = await sb.from('wr_item').upsert({ id: 7, name: 'ignored', secret: 'c' }, { ignoreDuplicates: true }).select('id,name');
    expect(ignored.error).toBeNull();
    expect(ignored.data).toEqual([]);
    expect(await stored(7)).toEqual({ name: 'seven', secret: null });

    const star = await sb.from('wr_item').upsert({ id: 1, name: 'nope' }).select('*');
    expect(star.error?.code).toBe('42501');
    expect(await stored(1)).toEqual({ name: 'merged', secret: 's1' });

    // Merging the revoked column reads EXCLUDED.secret, which Postgres itself refuses (PostgREST too).
    const mergeSecret = await sb.from('wr_item').upsert({ id: 1, name: 'nope', secret: 'n' }).select('id');
    expect(mergeSecret.error?.code).toBe('42501');
    expect(await stored(1)).toEqual({ name: 'merged', secret: 's1' });
  });

  it('service role (table-level SELECT) still tells merged rows (200) from inserted ones (201)', async () => {
    const service = b.serviceClient();
    const merged = await service.from('wr_item').upsert({ id: 1, name: 'svc', secret: 'z' }).select('*');
    expect(merged.error).toBeNull();
    expect(merged.status).toBe(200);
    expect(merged.data).toEqual([{ id: 1, name: 'svc', secret: 'z', tag_id: 1 }]);
    const inserted = await service.from('wr_item').upsert({ id: 8, name: 'eight' }).select('id');
    expect(inserted.status).toBe(201);
  });

  it('return=headers-only gives the Location from the primary key alone', async () => {
    const response = await b.rest('/wr_item', {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', Prefer: 'return=headers-only' },
      body: JSON.stringify({ id: 9, name: 'nine', secret: 's9' }),
    });
    expect(response.status).toBe(201);
    expect(response.headers.get('location')).toBe('/wr_item?id=eq.9');
    expect(await response.text()).toBe('');
  });

  it('hostile select on a write is refused before anything is written', async () => {
    const response = await b.rest('/wr_item?select=id,name;drop%20table%20wr_item', {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', Prefer: 'return=representation' },
      body: JSON.stringify({ id: 10, name: 'ten' }),
    });
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    expect(await stored(10)).toBeUndefined();
    expect(await b.countRows('wr_item')).toBe(2);
  });
});
