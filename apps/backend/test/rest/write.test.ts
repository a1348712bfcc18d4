// /rest/v1 writes and RPC through the real supabase-js client, on PGlite and on PostgreSQL 15.
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DATABASES } from '../harness.js';
import type { RestBackend } from './rest-backend.js';
import { startRestBackend } from './rest-backend.js';

/** postgrest-js offers maxAffected() only for databases typed as PostgREST 13+. */
interface Db13 {
  __InternalSupabase: { PostgrestVersion: '13' };
  public: {
    Tables: Record<string, { Row: Record<string, unknown>; Insert: Record<string, unknown>; Update: Record<string, unknown>; Relationships: [] }>;
    Views: Record<string, never>;
    Functions: Record<string, never>;
  };
}

describe.each(DATABASES)('REST writes and RPC on %s', (database) => {
  let b: RestBackend;
  let sb: SupabaseClient;
  beforeAll(async () => {
    b = await startRestBackend(database);
    sb = b.client();
  });
  afterAll(() => b.stop());
  beforeEach(async () => {
    await b.db.exec(`delete from public.items where sku not in ('A-1', 'B-2'); update public.items set qty = case sku when 'A-1' then 5 else 0 end, note = 'none'`);
  });

  describe('insert', () => {
    it('inserts one row: 201 without a body by default, the row with select()', async () => {
      const minimal = await sb.from('items').insert({ sku: 'C-3', qty: 1 });
      expect(minimal.status).toBe(201);
      expect(minimal.data).toBeNull();
      expect(minimal.error).toBeNull();
      const { data, status } = await sb.from('items').insert({ sku: 'D-4' }).select('sku, qty, note').single();
      expect(status).toBe(201);
      // Keys not sent take the column defaults.
      expect(data).toEqual({ sku: 'D-4', qty: 0, note: 'none' });
    });

    it('inserts in bulk with columns=, NULL for missing keys, DEFAULT with defaultToNull:false', async () => {
      const nulls = await sb.from('items').insert([{ sku: 'E-1', qty: 1 }, { sku: 'E-2', qty: 2, note: 'x' }]).select('sku, note');
      expect(nulls.error).toBeNull();
      expect(nulls.data).toEqual([
        { sku: 'E-1', note: null },
        { sku: 'E-2', note: 'x' },
      ]);
      const defaults = await sb
        .from('items')
        .insert([{ sku: 'F-1' }, { sku: 'F-2', qty: 7, note: null }], { defaultToNull: false })
        .select('id, sku, qty, note');
      expect(defaults.error).toBeNull();
      const rows = defaults.data as { id: number; sku: string; qty: number; note: string | null }[];
      expect(rows.map(({ sku, qty, note }) => ({ sku, qty, note }))).toEqual([
        { sku: 'F-1', qty: 0, note: 'none' },
        { sku: 'F-2', qty: 7, note: null },
      ]);
      // Each row draws its own identity value.
      expect(rows[0]?.id).not.toBe(rows[1]?.id);
    });

    it('draws the sequence once per row with defaultToNull:false, even for a row that sends its id, as PostgREST does', async () => {
      const first = await sb.from('items').insert({ sku: 'S-0' }).select('id').single();
      const start = (first.data as { id: number }).id;
      const bulk = await sb
        .from('items')
        .insert([{ id: 900_001, sku: 'S-1' }, { sku: 'S-2' }, { sku: 'S-3', qty: 3 }], { defaultToNull: false })
        .select('id, sku, qty');
      expect(bulk.error).toBeNull();
      // The first row keeps the id it sent but still advanced the sequence, as in PostgREST.
      expect(bulk.data).toEqual([
        { id: 900_001, sku: 'S-1', qty: 0 },
        { id: start + 2, sku: 'S-2', qty: 0 },
        { id: start + 3, sku: 'S-3', qty: 3 },
      ]);
      const upserted = await sb
        .from('items')
        .upsert([{ id: 900_001, sku: 'S-1', qty: 9 }, { sku: 'S-4' }], { defaultToNull: false })
        .select('id, sku, qty');
      expect(upserted.error).toBeNull();
      expect(upserted.data).toEqual([
        { id: 900_001, sku: 'S-1', qty: 9 },
        { id: start + 5, sku: 'S-4', qty: 0 },
      ]);
    });

    it('reports NOT NULL violations as 400 and keeps nothing of a failed bulk insert', async () => {
      const before = await b.countRows('items');
      const { error, status } = await sb.from('items').insert([{ sku: 'G-1', qty: 1 }, { sku: null, qty: 2 }]);
      expect(status).toBe(400);
      expect(error?.code).toBe('23502');
      expect(await b.countRows('items')).toBe(before);
    });

    it('answers 409 for unique and foreign-key violations', async () => {
      const dup = await sb.from('items').insert({ sku: 'A-1' });
      expect(dup.status).toBe(409);
      expect(dup.error?.code).toBe('23505');
      const fk = await sb.from('reviews').insert({ book_id: 999, stars: 3 });
      expect(fk.status).toBe(409);
      expect(fk.error?.code).toBe('23503');
    });

    it('answers PGRST204 for an unknown payload column and PGRST102 for bad JSON or mismatched keys', async () => {
      const unknown = await sb.from('items').insert({ sku: 'H-1', nope: 1 });
      expect(unknown.status).toBe(400);
      expect(unknown.error).toMatchObject({ code: 'PGRST204', message: "Could not find the 'nope' column of 'items' in the schema cache" });
      const badJson = await b.rest('/items', { method: 'POST', body: '{"sku":', headers: { 'Content-Type': 'application/json' } });
      expect(badJson.status).toBe(400);
      expect(((await badJson.json()) as { code: string }).code).toBe('PGRST102');
      const mismatched = await b.rest('/items', {
        method: 'POST',
        body: JSON.stringify([{ sku: 'I-1' }, { sku: 'I-2', qty: 1 }]),
        headers: { 'Content-Type': 'application/json' },
      });
      expect(mismatched.status).toBe(400);
      expect(await mismatched.json()).toMatchObject({ code: 'PGRST102', message: 'All object keys must match' });
    });

    it('returns embedded resources in the representation of a write', async () => {
      const { data, error } = await sb
        .from('reviews')
        .insert({ book_id: 3, stars: 2, body: 'meh' })
        .select('stars, books(title)')
        .single();
      expect(error).toBeNull();
      expect(data).toEqual({ stars: 2, books: { title: 'Solaris' } });
      await b.db.exec(`delete from public.reviews where body = 'meh'`);
    });

    it('sends Location for return=headers-only and Content-Range */n with a count', async () => {
      const response = await b.rest('/items', {
        method: 'POST',
        body: JSON.stringify({ sku: 'J-1' }),
        headers: { 'Content-Type': 'application/json', Prefer: 'return=headers-only, count=exact' },
      });
      expect(response.status).toBe(201);
      expect(response.headers.get('location')).toMatch(/^\/items\?id=eq\.\d+$/);
      expect(response.headers.get('content-range')).toBe('*/1');
      expect(response.headers.get('preference-applied')).toContain('return=headers-only');
    });

    it('rolls back single() writes that do not affect exactly one row', async () => {
      const before = await b.countRows('items');
      const { error, status } = await sb.from('items').insert([{ sku: 'K-1' }, { sku: 'K-2' }]).select().single();
      expect(status).toBe(406);
      expect(error?.code).toBe('PGRST116');
      expect(await b.countRows('items')).toBe(before);
    });

    it('rolls back with Prefer: tx=rollback but still answers with the representation', async () => {
      const before = await b.countRows('items');
      const { data, error } = await sb.from('items').insert({ sku: 'L-1', qty: 3 }).select('sku, qty').rollback();
      expect(error).toBeNull();
      expect(data).toEqual([{ sku: 'L-1', qty: 3 }]);
      expect(await b.countRows('items')).toBe(before);
    });
  });

  describe('upsert', () => {
    it('merges duplicates: 201 when a row is new, 200 when all rows already existed', async () => {
      const created = await sb.from('items').upsert({ sku: 'M-1', qty: 1 }, { onConflict: 'sku' }).select('sku, qty');
      expect(created.status).toBe(201);
      const merged = await sb.from('items').upsert({ sku: 'M-1', qty: 9 }, { onConflict: 'sku' }).select('sku, qty, note');
      expect(merged.status).toBe(200);
      // Only the columns sent are updated.
      expect(merged.data).toEqual([{ sku: 'M-1', qty: 9, note: 'none' }]);
    });

    it('upserts on the primary key by default and ignores duplicates when asked', async () => {
      const existing = await b.db.query<{ id: number }>(`select id from public.items where sku = 'A-1'`);
      const id = existing.rows[0]?.id;
      const merged = await sb.from('items').upsert({ id, sku: 'A-1', qty: 50 }).select('qty').single();
      expect(merged.data).toEqual({ qty: 50 });
      const ignored = await sb.from('items').upsert([{ id, sku: 'A-1', qty: 1 }], { ignoreDuplicates: true }).select('qty');
      expect(ignored.error).toBeNull();
      expect(ignored.data).toEqual([]);
      expect(await b.countRows('items', `sku = 'A-1' and qty = 50`)).toBe(1);
    });

    it('answers 400 when on_conflict names no unique constraint', async () => {
      const { status } = await sb.from('items').upsert({ sku: 'N-1', qty: 1 }, { onConflict: 'qty' });
      expect(status).toBe(400);
    });
  });

  describe('update and delete', () => {
    it('updates filtered rows: 204 by default, 200 with the rows when selected', async () => {
      const minimal = await sb.from('items').update({ qty: 11 }).eq('sku', 'A-1');
      expect(minimal.status).toBe(204);
      const { data, status } = await sb.from('items').update({ note: 'updated' }).in('sku', ['A-1', 'B-2']).select('sku, qty, note').order('sku');
      expect(status).toBe(200);
      expect(data).toEqual([
        { sku: 'A-1', qty: 11, note: 'updated' },
        { sku: 'B-2', qty: 0, note: 'updated' },
      ]);
    });

    it('counts affected rows into Content-Range', async () => {
      const { count, error } = await sb.from('items').update({ note: 'c' }, { count: 'exact' }).gte('qty', 0);
      expect(error).toBeNull();
      expect(count).toBe(2);
    });

    it('refuses an unfiltered update or delete like pg-safeupdate and changes nothing', async () => {
      const update = await b.rest('/items', { method: 'PATCH', body: JSON.stringify({ qty: 0 }), headers: { 'Content-Type': 'application/json' } });
      expect(update.status).toBe(400);
      expect(await update.json()).toMatchObject({ code: '21000', message: 'UPDATE requires a WHERE clause' });
      const del = await sb.from('items').delete();
      expect(del.status).toBe(400);
      expect(del.error).toMatchObject({ code: '21000', message: 'DELETE requires a WHERE clause' });
      expect(await b.countRows('items')).toBe(2);
      expect(await b.countRows('items', 'qty = 5')).toBe(1);
    });

    it('deletes filtered rows and returns them when selected', async () => {
      await sb.from('items').insert([{ sku: 'O-1' }, { sku: 'O-2' }]);
      const { data, status } = await sb.from('items').delete().like('sku', 'O-*').select('sku').order('sku');
      expect(status).toBe(200);
      expect(data).toEqual([{ sku: 'O-1' }, { sku: 'O-2' }]);
      expect(await b.countRows('items', `sku like 'O-%'`)).toBe(0);
    });

    it('refuses a write over Prefer: max-affected with handling=strict and rolls it back', async () => {
      const response = await b.rest('/items?qty=gte.0', {
        method: 'PATCH',
        body: JSON.stringify({ note: 'too many' }),
        headers: { 'Content-Type': 'application/json', Prefer: 'handling=strict, max-affected=1' },
      });
      expect(response.status).toBe(400);
      expect(((await response.json()) as { code: string }).code).toBe('PGRST124');
      expect(await b.countRows('items', `note = 'too many'`)).toBe(0);
    });

    it('enforces maxAffected() on update and delete through the client, whatever the order of the calls', async () => {
      const sb13 = sb as unknown as SupabaseClient<Db13>;
      const seed = async (): Promise<void> => {
        const { error } = await sb.from('items').insert([{ sku: 'M-1' }, { sku: 'M-2' }, { sku: 'M-3' }]);
        expect(error).toBeNull();
      };
      await seed();
      const plain = await sb13.from('items').update({ note: 'many' }).like('sku', 'M-%').maxAffected(2);
      expect(plain.error).toMatchObject({ code: 'PGRST124', details: 'The query affects 3 rows' });
      const selectFirst = await sb13.from('items').update({ note: 'many' }).like('sku', 'M-%').select('sku').maxAffected(2);
      expect(selectFirst.error?.code).toBe('PGRST124');
      const selectLast = await sb13.from('items').update({ note: 'many' }).like('sku', 'M-%').maxAffected(2).select('sku');
      expect(selectLast.error?.code).toBe('PGRST124');
      const deleted = await sb13.from('items').delete().like('sku', 'M-%').maxAffected(2).select('sku');
      expect(deleted.error?.code).toBe('PGRST124');
      expect(await b.countRows('items', `sku like 'M-%' and note = 'many'`)).toBe(0);
      expect(await b.countRows('items', `sku like 'M-%'`)).toBe(3);
      const within = await sb13.from('items').update({ note: 'few' }).like('sku', 'M-%').maxAffected(3).select('sku').order('sku');
      expect(within.error).toBeNull();
      expect(within.data).toEqual([{ sku: 'M-1' }, { sku: 'M-2' }, { sku: 'M-3' }]);
    });

    it('limits a delete with order and limit', async () => {
      await sb.from('items').insert([{ sku: 'P-1' }, { sku: 'P-2' }, { sku: 'P-3' }]);
      const response = await b.rest('/items?sku=like.P-*&order=sku.desc&limit=1', { method: 'DELETE', headers: { Prefer: 'return=representation' } });
      expect(await response.json()).toMatchObject([{ sku: 'P-3' }]);
      expect(await b.countRows('items', `sku like 'P-%'`)).toBe(2);
    });

    it('upserts one row by primary key with PUT and checks the filters against the payload', async () => {
      const put = (path: string, body: unknown, prefer = 'return=representation'): Promise<Response> =>
        b.rest(path, { method: 'PUT', body: JSON.stringify(body), headers: { 'Content-Type': 'application/json', Prefer: prefer } });
      const created = await put('/categories?id=eq.40', { id: 40, name: 'Poetry' });
      expect(created.status).toBe(201);
      expect(await created.json()).toEqual([{ id: 40, name: 'Poetry' }]);
      const replaced = await put('/categories?id=eq.40', { id: 40, name: 'Verse' });
      expect(replaced.status).toBe(200);
      expect(await replaced.json()).toEqual([{ id: 40, name: 'Verse' }]);
      const mismatch = await put('/categories?id=eq.41', { id: 40, name: 'x' });
      expect(mismatch.status).toBe(400);
      expect(((await mismatch.json()) as { code: string }).code).toBe('PGRST115');
      const notPk = await put('/categories?name=eq.Verse', { id: 40, name: 'x' });
      expect(notPk.status).toBe(405);
      expect(((await notPk.json()) as { code: string }).code).toBe('PGRST105');
      expect(await b.countRows('categories', `id = 40 and name = 'Verse'`)).toBe(1);
      await b.db.exec('delete from public.categories where id = 40');
    });

    it('writes through an updatable view', async () => {
      const { data, error } = await sb.from('cheap_books').update({ pages: 184 }).eq('id', 1).select('id, pages');
      expect(error).toBeNull();
      expect(data).toEqual([{ id: 1, pages: 184 }]);
      await b.db.exec(`update public.books set pages = 183 where id = 1`);
      // A view over a join is not updatable: refused before reaching Postgres.
      const refused = await sb.from('book_summaries').update({ pages: 1 }).eq('id', 1);
      expect(refused.status).toBe(405);
      expect(refused.error?.code).toBe('PGRST117');
    });
  });

  describe('rpc', () => {
    it('calls a scalar function with named arguments by POST and GET', async () => {
      expect((await sb.rpc('add', { a: 2, b: 40 })).data).toBe(42);
      const get = await sb.rpc('add', { a: 1, b: 1 }, { get: true });
      expect(get.data).toBe(2);
      expect((await sb.rpc('greet')).data).toBe('hello world');
      expect((await sb.rpc('greet', { name: 'Ada' })).data).toBe('hello Ada');
    });

    it('passes the whole body to a single unnamed json parameter', async () => {
      const { data } = await sb.rpc('echo_json', { any: ['thing', 1], nested: { a: null } });
      expect(data).toEqual({ any: ['thing', 1], nested: { a: null } });
    });

    it('applies select, filters, order and limit to set-returning functions', async () => {
      const { data, error } = await sb.rpc('books_by_author', { author: 2 }).select('title').order('id', { ascending: false });
      expect(error).toBeNull();
      expect(data).toEqual([{ title: 'The Cyberiad' }, { title: 'Solaris' }]);
      const filtered = await sb.rpc('author_stats').gt('book_count', 1);
      expect(filtered.data).toEqual([
        { author_id: 1, book_count: 2 },
        { author_id: 2, book_count: 2 },
      ]);
      const scalars = await sb.rpc('ids_upto', { n: 3 });
      expect(scalars.data).toEqual([1, 2, 3]);
      const single = await sb.rpc('books_by_author', { author: 3 }).select('title').single();
      expect(single.data).toEqual({ title: 'Kindred' });
    });

    it('embeds resources in a set-returning function result', async () => {
      const { data } = await sb.rpc('books_by_author', { author: 1 }).select('id, reviews(count)').order('id');
      expect(data).toEqual([
        { id: 1, reviews: [{ count: 2 }] },
        { id: 2, reviews: [{ count: 1 }] },
      ]);
    });

    it('returns a single composite as an object and array arguments by GET', async () => {
      const { data } = await sb.rpc('first_book').select('id, title');
      expect(data).toEqual({ id: 1, title: 'A Wizard of Earthsea' });
      const tags = await sb.rpc('tags_union', { list: ['b', 'a', 'b'] }, { get: true });
      expect(tags.data).toEqual(['a', 'b']);
    });

    it('runs volatile functions on POST, answers 204 for void, and refuses writes on GET', async () => {
      const bumped = await sb.rpc('bump_pages', { book: 5, by_pages: 10 });
      expect(bumped.data).toBe(10);
      const voided = await sb.rpc('reset_pages', { book: 5 });
      expect(voided.status).toBe(204);
      const viaGet = await sb.rpc('bump_pages', { book: 5 }, { get: true });
      expect(viaGet.status).toBe(405);
      expect(viaGet.error?.code).toBe('25006');
      expect(await b.countRows('books', 'id = 5 and pages = 0')).toBe(1);
      await b.db.exec(`update public.books set pages = null where id = 5`);
    });

    it('answers 404 PGRST202 for unknown functions or argument names', async () => {
      const missing = await sb.rpc('nope', { x: 1 });
      expect(missing.status).toBe(404);
      expect(missing.error).toMatchObject({ code: 'PGRST202', message: 'Could not find the function public.nope(x) in the schema cache' });
      const wrongArgs = await sb.rpc('add', { a: 1, c: 2 });
      expect(wrongArgs.status).toBe(404);
      expect(wrongArgs.error?.code).toBe('PGRST202');
    });

    it('rolls back an RPC with tx=rollback', async () => {
      const { data } = await sb.rpc('bump_pages', { book: 4, by_pages: 5 }).rollback();
      expect(data).toBe(300);
      expect(await b.countRows('books', 'id = 4 and pages = 295')).toBe(1);
    });
  });
});
