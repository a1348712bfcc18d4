// /rest/v1 reads through the real supabase-js client: select grammar, embedding, filters, order,
// pagination, counts and media types, on PGlite and on PostgreSQL 15.
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRestApi } from '../../src/rest/index.js';
import { DATABASES } from '../harness.js';
import type { RestBackend } from './rest-backend.js';
import { startRestBackend } from './rest-backend.js';

describe.each(DATABASES)('REST reads on %s', (database) => {
  let b: RestBackend;
  let sb: SupabaseClient;
  beforeAll(async () => {
    b = await startRestBackend(database);
    sb = b.client();
  });
  afterAll(() => b.stop());

  const ids = (rows: unknown): number[] => (rows as { id: number }[]).map((row) => row.id);

  describe('select', () => {
    it('returns all columns for *, typed as Postgres renders them in JSON', async () => {
      const { data, error, status } = await sb.from('books').select('*').eq('id', 1);
      expect(error).toBeNull();
      expect(status).toBe(200);
      expect(data).toEqual([
        {
          id: 1,
          title: 'A Wizard of Earthsea',
          author_id: 1,
          editor_id: 2,
          tags: ['fantasy', 'classic'],
          mood: 'happy',
          pages: 183,
          price: 9.99,
          published: '1968-11-01',
          data: { lang: 'en', rating: 4.5 },
          search: "'earthsea':4 'wizard':2",
          during: '[1968,1970)',
        },
      ]);
    });

    it('renames with alias:col, casts with ::type and reads JSON paths with -> and ->>', async () => {
      const { data, error } = await sb
        .from('books')
        .select('name:title, pages::text, lang:data->>lang, data->rating, price::int')
        .eq('id', 1)
        .single();
      expect(error).toBeNull();
      expect(data).toEqual({ name: 'A Wizard of Earthsea', pages: '183', lang: 'en', rating: 4.5, price: 10 });
    });

    it('reads nested JSON paths from jsonb columns', async () => {
      const { data } = await sb.from('authors').select('id, books:profile->stats->books, first:profile->awards->>0').order('id').limit(2);
      expect(data).toEqual([
        { id: 1, books: 3, first: 'Hugo' },
        { id: 2, books: 2, first: null },
      ]);
    });

    it('answers 400 with 42703 for an unknown column and 404 PGRST205 for an unknown table', async () => {
      const col = await sb.from('books').select('nope');
      expect(col.status).toBe(400);
      expect(col.error).toMatchObject({ code: '42703', message: 'column books.nope does not exist' });
      // Inside an embed, PostgREST's alias for the embedded table (`<table>_<depth>`) names it.
      const embedded = await sb.from('books').select('id, reviews(sum)').limit(1);
      expect(embedded.status).toBe(400);
      expect(embedded.error).toEqual({ code: '42703', message: 'column reviews_1.sum does not exist', details: null, hint: null });
      const deeper = await sb.from('authors').select('id, author_bios(bio), books!books_author_id_fkey(reviews(nope))').limit(1);
      expect(deeper.error).toMatchObject({ code: '42703', message: 'column reviews_2.nope does not exist' });
      const table = await sb.from('no_such_table').select('*');
      expect(table.status).toBe(404);
      expect(table.error).toMatchObject({
        code: 'PGRST205',
        message: "Could not find the table 'public.no_such_table' in the schema cache",
      });
    });

    it('refuses aggregates as PostgREST does when they are disabled', async () => {
      const { error, status } = await sb.from('books').select('count()');
      expect(status).toBe(400);
      expect(error?.code).toBe('PGRST123');
    });

    it('reports select syntax errors as PGRST100', async () => {
      const response = await b.rest('/books?select=id,(title');
      expect(response.status).toBe(400);
      const body = (await response.json()) as { code: string; message: string; details: string };
      expect(body.code).toBe('PGRST100');
      expect(body.message).toContain('failed to parse select parameter');
    });
  });

  describe('embedding', () => {
    it('embeds many-to-one as an object, one-to-many and many-to-many as arrays', async () => {
      const { data, error } = await sb
        .from('books')
        .select('id, authors!books_author_id_fkey(name), reviews(stars), categories(name)')
        .in('id', [1, 5])
        .order('id')
        .order('stars', { referencedTable: 'reviews' })
        .order('name', { referencedTable: 'categories' });
      expect(error).toBeNull();
      expect(data).toEqual([
        {
          id: 1,
          authors: { name: 'Ursula Le Guin' },
          reviews: [{ stars: 4 }, { stars: 5 }],
          categories: [{ name: 'Classics' }, { name: 'Fantasy' }],
        },
        { id: 5, authors: { name: 'Octavia Butler' }, reviews: [], categories: [] },
      ]);
    });

    it('answers 300 PGRST201 when two foreign keys lead to the same table', async () => {
      const { error, status } = await sb.from('books').select('id, authors(name)');
      expect(status).toBe(300);
      expect(error?.code).toBe('PGRST201');
      expect(error?.message).toBe("Could not embed because more than one relationship was found for 'books' and 'authors'");
      expect(error?.hint).toContain("'authors!books_author_id_fkey'");
      expect(error?.hint).toContain("'authors!books_editor_fkey'");
      expect(Array.isArray(error?.details)).toBe(true);
    });

    it('disambiguates with FK names, FK columns and aliases', async () => {
      const { data, error } = await sb
        .from('books')
        .select('id, writer:authors!author_id(name), editor:authors!books_editor_fkey(name)')
        .eq('id', 3)
        .single();
      expect(error).toBeNull();
      expect(data).toEqual({ id: 3, writer: { name: 'Stanisław Lem' }, editor: { name: 'Ursula Le Guin' } });
      const byColumn = await sb.from('books').select('id, editor_id(name)').eq('id', 1).single();
      expect(byColumn.data).toEqual({ id: 1, editor_id: { name: 'Stanisław Lem' } });
    });

    it('embeds one-to-one as an object from both sides, and composite foreign keys', async () => {
      const bios = await sb.from('authors').select('id, author_bios(bio)').in('id', [1, 3]).order('id');
      expect(bios.data).toEqual([
        { id: 1, author_bios: { bio: 'Wrote Earthsea' } },
        { id: 3, author_bios: null },
      ]);
      const back = await sb.from('author_bios').select('bio, authors(name)').eq('author_id', 2).single();
      expect(back.data).toEqual({ bio: 'Wrote Solaris', authors: { name: 'Stanisław Lem' } });
      const prints = await sb.from('edition_prints').select('copies, editions(label)').order('copies');
      expect(prints.data).toEqual([
        { copies: 300, editions: { label: 'Second' } },
        { copies: 500, editions: { label: 'First' } },
        { copies: 1000, editions: { label: 'Polish' } },
      ]);
    });

    it('filters parents with !inner and keeps them with the default left join', async () => {
      const inner = await sb.from('books').select('id, reviews!inner(stars)').eq('reviews.stars', 5).order('id');
      expect(inner.error).toBeNull();
      expect(inner.data).toEqual([
        { id: 1, reviews: [{ stars: 5 }] },
        { id: 2, reviews: [{ stars: 5 }] },
      ]);
      const left = await sb.from('books').select('id, reviews(stars)').eq('reviews.stars', 5).order('id');
      expect(ids(left.data)).toEqual([1, 2, 3, 4, 5]);
      expect((left.data as { reviews: unknown[] }[])[2]?.reviews).toEqual([]);
    });

    it('supports nested embeds, limit/offset/order inside an embed, and empty embeds for filtering', async () => {
      const { data, error } = await sb
        .from('authors')
        .select('name, books!books_author_id_fkey(title, reviews(stars))')
        .eq('id', 1)
        .order('id', { referencedTable: 'books', ascending: false })
        .limit(1, { referencedTable: 'books' })
        .single();
      expect(error).toBeNull();
      expect(data).toEqual({ name: 'Ursula Le Guin', books: [{ title: 'The Left Hand of Darkness', reviews: [{ stars: 5 }] }] });
      const filtered = await sb.from('books').select('id, categories!inner()').eq('categories.name', 'Fantasy');
      expect(filtered.data).toEqual([{ id: 1 }]);
    });

    it('filters on embed existence with is.null / not.is.null', async () => {
      const without = await sb.from('books').select('id, reviews(id)').is('reviews', null).order('id');
      expect(ids(without.data)).toEqual([4, 5]);
      const withReviews = await b.rest('/books?select=id,reviews(id)&reviews=not.is.null&order=id');
      expect(((await withReviews.json()) as { id: number }[]).map((r) => r.id)).toEqual([1, 2, 3]);
    });

    it('hoists to-one columns with the spread operator and collects to-many spreads into arrays', async () => {
      const one = await sb.from('books').select('title, ...authors!books_author_id_fkey(author:name)').eq('id', 3).single();
      expect(one.data).toEqual({ title: 'Solaris', author: 'Stanisław Lem' });
      const many = await sb.from('books').select('id, ...reviews(stars)').eq('id', 1).order('stars', { referencedTable: 'reviews' }).single();
      expect(many.data).toEqual({ id: 1, stars: [4, 5] });
    });

    it('counts related rows with the legacy rel(count) form', async () => {
      const { data } = await sb.from('books').select('id, reviews(count)').in('id', [1, 4]).order('id');
      expect(data).toEqual([
        { id: 1, reviews: [{ count: 2 }] },
        { id: 4, reviews: [{ count: 0 }] },
      ]);
    });

    it('orders parents by a to-one embedded column and refuses ordering by a to-many one', async () => {
      const ok = await b.rest('/books?select=id,authors!books_author_id_fkey(name)&order=authors(name).desc,id.asc&id=lte.3');
      expect(((await ok.json()) as { id: number }[]).map((r) => r.id)).toEqual([1, 2, 3]);
      const bad = await b.rest('/books?select=id,reviews(stars)&order=reviews(stars)');
      expect(bad.status).toBe(400);
      expect(((await bad.json()) as { code: string }).code).toBe('PGRST118');
    });

    it('answers PGRST200 for unrelated tables and PGRST108 for filters on resources not embedded', async () => {
      const unrelated = await sb.from('books').select('id, items(sku)');
      expect(unrelated.status).toBe(400);
      expect(unrelated.error?.code).toBe('PGRST200');
      expect(unrelated.error?.message).toBe("Could not find a relationship between 'books' and 'items' in the schema cache");
      const notEmbedded = await sb.from('books').select('id').eq('reviews.stars', 5);
      expect(notEmbedded.status).toBe(400);
      expect(notEmbedded.error?.code).toBe('PGRST108');
    });

    it('embeds through a view that exposes a table foreign key', async () => {
      const { data, error } = await sb.from('book_summaries').select('title, author_name, authors(email)').eq('id', 3).single();
      expect(error).toBeNull();
      expect(data).toEqual({ title: 'Solaris', author_name: 'Stanisław Lem', authors: { email: 'lem@example.com' } });
    });
  });

  describe('filters', () => {
    const base = () => sb.from('books').select('id').order('id');
    type Builder = ReturnType<typeof base>;
    const cases: [string, (q: Builder) => unknown, number[]][] = [
      ['eq', (q) => q.eq('pages', 204), [3]],
      ['neq', (q) => q.neq('mood', 'happy'), [2, 3]],
      ['gt', (q) => q.gt('pages', 250), [2, 4]],
      ['gte', (q) => q.gte('pages', 286), [2, 4]],
      ['lt', (q) => q.lt('price', 11), [1]],
      ['lte', (q) => q.lte('price', 11), [1, 3]],
      ['like with *', (q) => q.like('title', '*Dark*'), [2]],
      ['ilike', (q) => q.ilike('title', '%solaris%'), [3]],
      ['match', (q) => q.match({ author_id: 2, pages: 295 }), [4]],
      ['regex match', (q) => q.filter('title', 'match', '^The'), [2, 4]],
      ['regex imatch', (q) => q.filter('title', 'imatch', '^the'), [2, 4]],
      ['is null', (q) => q.is('price', null), [4]],
      ['not is null', (q) => q.not('mood', 'is', null), [1, 2, 3, 4]],
      ['is distinct from', (q) => q.filter('mood', 'isdistinct', 'happy'), [2, 3, 5]],
      ['in', (q) => q.in('id', [2, 4, 99]), [2, 4]],
      ['not in', (q) => q.not('id', 'in', '(1,2,3)'), [4, 5]],
      ['in with quoted values', (q) => q.in('title', ['Solaris', 'A, b (c)']), [3]],
      ['contains array', (q) => q.contains('tags', ['classic']), [1, 2]],
      ['contained by array', (q) => q.containedBy('tags', ['scifi', 'humor']), [3, 4, 5]],
      ['overlaps array', (q) => q.overlaps('tags', ['humor', 'fantasy']), [1, 4]],
      ['contains jsonb', (q) => q.contains('data', { lang: 'pl' }), [3, 4]],
      ['range strictly left', (q) => q.rangeLt('during', '[1966,1967)'), [3]],
      ['range strictly right', (q) => q.rangeGt('during', '[1962,1963)'), [1, 2]],
      ['range not extending right', (q) => q.rangeLte('during', '[1960,1969]'), [1, 3]],
      ['range not extending left', (q) => q.rangeGte('during', '[1968,1969)'), [1, 2]],
      ['range adjacent', (q) => q.rangeAdjacent('during', '[1970,1980)'), [1]],
      ['range overlaps', (q) => q.overlaps('during', '[1969,1970)'), [1, 2]],
      ['fts on tsvector', (q) => q.textSearch('search', 'wizard'), [1]],
      ['plain fts with config', (q) => q.textSearch('search', 'left hand', { type: 'plain', config: 'english' }), [2]],
      ['phrase fts', (q) => q.textSearch('search', 'left hand', { type: 'phrase' }), [2]],
      ['websearch fts on text column', (q) => q.textSearch('title', 'darkness or solaris', { type: 'websearch', config: 'english' }), [2, 3]],
      ['enum eq', (q) => q.eq('mood', 'sad'), [3]],
      ['jsonb path eq', (q) => q.eq('data->>lang', 'pl'), [3, 4]],
      ['like any', (q) => q.likeAnyOf('title', ['*Sol*', '*Kin*']), [3, 5]],
      ['ilike all', (q) => q.ilikeAllOf('title', ['%the%', '%d%']), [2, 4]],
      ['eq any', (q) => q.filter('pages', 'eq(any)', '{183,204}'), [1, 3]],
      ['or', (q) => q.or('pages.gt.290,price.is.null'), [4]],
      ['or with nested and', (q) => q.or('id.eq.5,and(author_id.eq.1,pages.lt.200)'), [1, 5]],
      ['or with quoted value', (q) => q.or('title.eq."A Wizard of Earthsea",title.eq.Solaris'), [1, 3]],
      ['or with in list', (q) => q.or('id.in.(1,2),pages.eq.295'), [1, 2, 4]],
      ['or with not', (q) => q.or('mood.not.eq.happy,id.eq.1'), [1, 2, 3]],
      ['or with negated nested and', (q) => q.or('id.eq.1,not.and(id.gt.1,pages.gt.250)'), [1, 3]],
    ];
    it.each(cases)('%s', async (_name, apply, expected) => {
      const query = apply(base()) as PromiseLike<{ data: unknown; error: unknown }>;
      const { data, error } = await query;
      expect(error).toBeNull();
      expect(ids(data)).toEqual(expected);
    });

    it('negates a logic tree with the not.or key', async () => {
      const response = await b.rest('/books?select=id&not.or=(id.eq.1,id.eq.2)&order=id');
      expect(((await response.json()) as { id: number }[]).map((r) => r.id)).toEqual([3, 4, 5]);
    });

    it('applies and=() and filters on embedded resources with rel.or', async () => {
      const and = await b.rest('/books?select=id&and=(pages.gt.200,pages.lt.290)&order=id');
      expect(((await and.json()) as { id: number }[]).map((r) => r.id)).toEqual([2, 3]);
      const { data } = await sb
        .from('books')
        .select('id, reviews(stars)')
        .eq('id', 1)
        .or('stars.eq.4,body.is.null', { referencedTable: 'reviews' })
        .single();
      expect(data).toEqual({ id: 1, reviews: [{ stars: 4 }] });
    });

    it('treats a bad value for a typed column as a 400 from Postgres', async () => {
      const { error, status } = await sb.from('books').select('id').eq('id', 'abc');
      expect(status).toBe(400);
      expect(error?.code).toBe('22P02');
    });

    it('reports an unknown operator as PGRST100', async () => {
      const response = await b.rest('/books?id=noop.1');
      expect(response.status).toBe(400);
      const body = (await response.json()) as { code: string; message: string; details: string };
      expect(body).toMatchObject({ code: 'PGRST100', message: '"failed to parse filter (noop.1)"' });
      expect(body.details).toContain('expecting "not" or operator');
    });
  });

  describe('order and pagination', () => {
    it('orders by several columns with nulls first/last', async () => {
      const a = await sb.from('books').select('id').order('price', { ascending: false, nullsFirst: true }).order('id');
      expect(ids(a.data)).toEqual([4, 5, 2, 3, 1]);
      const c = await sb.from('books').select('id').order('price', { ascending: true, nullsFirst: false });
      expect(ids(c.data)).toEqual([1, 3, 2, 5, 4]);
      const json = await sb.from('books').select('id').order('data->>lang').order('id', { ascending: false }).limit(2);
      expect(ids(json.data)).toEqual([2, 1]);
    });

    it('paginates with range(), counts with count=exact and answers 206 for a partial page', async () => {
      const page = await sb.from('books').select('id', { count: 'exact' }).order('id').range(1, 2);
      expect(page.status).toBe(206);
      expect(page.count).toBe(5);
      expect(ids(page.data)).toEqual([2, 3]);
      const all = await sb.from('books').select('id', { count: 'exact' });
      expect(all.status).toBe(200);
      expect(all.count).toBe(5);
    });

    it('sets Content-Range like PostgREST', async () => {
      const partial = await b.rest('/books?select=id&order=id&offset=1&limit=2', { headers: { Prefer: 'count=exact' } });
      expect(partial.headers.get('content-range')).toBe('1-2/5');
      const none = await b.rest('/books?select=id&id=eq.999', { headers: { Prefer: 'count=exact' } });
      expect(none.headers.get('content-range')).toBe('*/0');
      const noCount = await b.rest('/books?select=id&limit=2');
      expect(noCount.headers.get('content-range')).toBe('0-1/*');
    });

    it('answers 416 PGRST103 for an offset past the end when counting', async () => {
      const response = await b.rest('/books?select=id&offset=10', { headers: { Prefer: 'count=exact' } });
      expect(response.status).toBe(416);
      expect(((await response.json()) as { code: string }).code).toBe('PGRST103');
    });

    it('honours Range headers, planned and estimated counts, and head requests', async () => {
      const ranged = await b.rest('/books?select=id&order=id', { headers: { Range: '0-1' } });
      expect(((await ranged.json()) as unknown[]).length).toBe(2);
      const planned = await sb.from('books').select('id', { count: 'planned' });
      expect(typeof planned.count).toBe('number');
      const estimated = await sb.from('books').select('id', { count: 'estimated' });
      expect(estimated.count).toBe(5);
      const head = await sb.from('books').select('*', { count: 'exact', head: true });
      expect(head.data).toBeNull();
      expect(head.count).toBe(5);
    });

    it('caps a read at 1000 rows (db-max-rows) while counting all', async () => {
      await b.db.exec(`insert into public.items (sku) select 'bulk-' || g from generate_series(1, 1100) g`);
      const { data, count } = await sb.from('items').select('id', { count: 'exact' }).limit(5000);
      expect((data as unknown[]).length).toBe(1000);
      expect(count).toBe(1102);
      await b.db.exec(`delete from public.items where sku like 'bulk-%'`);
    });

    it('returns [] for limit=0', async () => {
      const { data } = await sb.from('books').select('id').limit(0);
      expect(data).toEqual([]);
    });
  });

  describe('media types', () => {
    it('returns one object for single() and 406 PGRST116 with "0 rows" or "N rows" otherwise', async () => {
      const one = await sb.from('books').select('id').eq('id', 2).single();
      expect(one.data).toEqual({ id: 2 });
      const none = await sb.from('books').select('id').eq('id', 999).single();
      expect(none.status).toBe(406);
      expect(none.error).toMatchObject({
        code: 'PGRST116',
        message: 'Cannot coerce the result to a single JSON object',
        details: 'The result contains 0 rows',
      });
      const many = await sb.from('books').select('id').single();
      expect(many.error?.details).toBe('The result contains 5 rows');
    });

    it('gives null for maybeSingle() without a row', async () => {
      const { data, error } = await sb.from('books').select('id').eq('id', 999).maybeSingle();
      expect(error).toBeNull();
      expect(data).toBeNull();
    });

    it('answers CSV for csv() and 406 PGRST107 for media it cannot produce', async () => {
      const { data } = await sb.from('authors').select('id,name').in('id', [1, 4]).order('id').csv();
      // As Postgres renders each record (PostgREST's CSV): a value with a space is quoted too.
      expect(data).toBe('id,name\n1,"Ursula Le Guin"\n4,"Nobody ""Quoted"", Jr."');
      const bad = await b.rest('/books', { headers: { Accept: 'text/html' } });
      expect(bad.status).toBe(406);
      expect(((await bad.json()) as { code: string }).code).toBe('PGRST107');
    });

    it('strips nulls for the nulls=stripped media type', async () => {
      const response = await b.rest('/books?select=id,price&id=eq.4', { headers: { Accept: 'application/vnd.pgrst.array+json;nulls=stripped' } });
      expect(await response.json()).toEqual([{ id: 4 }]);
    });

    it('sends application/json with charset by default', async () => {
      const response = await b.rest('/books?select=id&limit=1');
      expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    });
  });

  describe('schemas', () => {
    it('refuses a schema that is not exposed with 406 PGRST106', async () => {
      const { error, status } = await sb.schema('auth').from('users').select('*');
      expect(status).toBe(406);
      expect(error).toMatchObject({ code: 'PGRST106', message: 'Invalid schema: auth', hint: 'Only the following schemas are exposed: public' });
    });

    it('picks up a table created after start, by NOTIFY pgrst or on first use', async () => {
      await b.db.exec(`create table public.late_one (id int primary key); insert into public.late_one values (1);
        notify pgrst, 'reload schema';`);
      let status = 0;
      for (let i = 0; i < 100 && status !== 200; i += 1) {
        const response = await b.rest('/late_one?select=id');
        await response.arrayBuffer();
        status = response.status;
        if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(status).toBe(200);
      // Without NOTIFY: an unknown name triggers one (rate-limited) catalogue re-read.
      await b.db.exec(`create table public.late_two (id int primary key)`);
      await new Promise((resolve) => setTimeout(resolve, 1100));
      const response = await b.rest('/late_two?select=id');
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual([]);
    });

    it('serves and writes another exposed schema through Accept-Profile / Content-Profile', async () => {
      await b.db.exec(`create schema if not exists archive;
        grant usage on schema archive to anon, authenticated, service_role;
        create table if not exists archive.books (id int primary key, title text not null);
        grant all on archive.books to anon, authenticated, service_role;
        insert into archive.books values (1, 'Old') on conflict do nothing;`);
      const api = createRestApi(b.deps, { schemas: ['public', 'archive'] });
      const read = await api.request('/books?select=id,title', { headers: { apikey: b.anonKey, 'Accept-Profile': 'archive' } });
      expect(await read.json()).toEqual([{ id: 1, title: 'Old' }]);
      const write = await api.request('/books', {
        method: 'POST',
        headers: { apikey: b.anonKey, 'Content-Profile': 'archive', 'Content-Type': 'application/json', Prefer: 'return=representation' },
        body: JSON.stringify({ id: 2, title: 'Older' }),
      });
      expect(write.status).toBe(201);
      expect(await write.json()).toEqual([{ id: 2, title: 'Older' }]);
      const publicBooks = await api.request('/books?select=id&id=eq.2', { headers: { apikey: b.anonKey } });
      expect(await publicBooks.json()).toEqual([{ id: 2 }]);
      await b.db.exec('drop schema archive cascade');
    });

    it('serves the default schema when Accept-Profile names it', async () => {
      const response = await b.rest('/books?select=id&limit=1', { headers: { 'Accept-Profile': 'public' } });
      expect(response.status).toBe(200);
    });
  });
});
