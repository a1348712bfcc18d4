// RPC as PostgREST 12/13 answers it: overload resolution, defaults, a single unnamed parameter
// taking the raw body, counts with Content-Range, max-affected, HEAD, and PGRST202/203 word for word.
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES } from '../harness.js';
import { startRestBackend } from './rest-backend.js';
import type { RestBackend } from './rest-backend.js';

const RPC_SQL = `
  create function public.overloaded(a integer) returns text language sql as $$ select 'integer' $$;
  create function public.overloaded(a text) returns text language sql as $$ select 'text' $$;
  create function public.pick() returns text language sql as $$ select 'none' $$;
  create function public.pick(a integer) returns text language sql as $$ select 'one:' || a $$;
  create function public.pick(a integer, b integer) returns text language sql as $$ select 'two:' || (a + b) $$;
  create function public.with_defaults(a integer, b integer default 10, c integer default 100) returns integer
    language sql as $$ select a + b + c $$;
  create function public.shout(text) returns text language sql as $$ select upper($1) $$;
  create function public.sum_json(jsonb) returns numeric language sql
    as $$ select coalesce(sum(value::numeric), 0) from jsonb_array_elements_text($1) $$;
  create function public.echo_unnamed_text(text) returns text language sql as $$ select 'text:' || $1 $$;
  create function public.flip_unnamed_bool(boolean) returns boolean language sql as $$ select not $1 $$;
  create function public.plus_one_or_42(integer default 42) returns integer language sql as $$ select $1 + 1 $$;
  create function public.keys_of_unnamed_json(json) returns text language sql as $$ select json_typeof($1) $$;
  -- Declared out of PostgREST's order (text before integer): PGRST203 must not list them as created.
  create function public.reversed(a text) returns text language sql as $$ select 'text' $$;
  create function public.reversed(a integer) returns text language sql as $$ select 'integer' $$;
  -- PostgREST's cache keeps () and (text default …) but not (integer default 42): an unnamed
  -- parameter of another type than bytea/json/jsonb/text/xml is not callable.
  create function public.maybe_default() returns integer language sql as $$ select 1 $$;
  create function public.maybe_default(integer default 42) returns integer language sql as $$ select 2 $$;
  create function public.maybe_default(text default 'd') returns text language sql as $$ select 'text:' || $1 $$;
  create function public.zebra_unnamed_int(integer) returns integer language sql as $$ select $1 $$;
  create function public.zebra_unnamed_txt(text) returns text language sql as $$ select $1 $$;
  create function public.two_unnamed(text, text) returns text language sql as $$ select $1 || $2 $$;
  create function public.blurb(public.books) returns text language sql stable as $$ select left($1.title, 3) $$;
  create function public.numbers(n integer) returns setof integer language sql as $$ select generate_series(1, n) $$;
  create table public.rpc_log (id bigint generated always as identity primary key, note text not null);
  grant select, insert on public.rpc_log to anon, authenticated;
  create function public.log_many(n integer) returns setof public.rpc_log language sql volatile as $$
    insert into public.rpc_log (note) select 'entry ' || i from generate_series(1, n) as i returning *
  $$;
  create function public.log_numbers(n integer) returns setof integer language sql volatile as $$
    insert into public.rpc_log (note) select 'number ' || i from generate_series(1, n) as i returning id::integer
  $$;
`;

/** postgrest-js offers maxAffected() only for databases typed as PostgREST 13+. */
interface Db13 {
  __InternalSupabase: { PostgrestVersion: '13' };
  public: {
    Tables: Record<string, never>;
    Views: Record<string, never>;
    Functions: Record<string, { Args: Record<string, unknown>; Returns: Record<string, unknown>[] }>;
  };
}

describe.each(DATABASES)('RPC on %s', (database) => {
  let b: RestBackend;
  let sb: SupabaseClient;

  beforeAll(async () => {
    b = await startRestBackend(database);
    await b.db.exec(RPC_SQL);
    await b.db.exec(`notify pgrst, 'reload schema'`);
    sb = b.client();
    const deadline = Date.now() + 10_000;
    while ((await sb.rpc('log_numbers', { n: 0 })).error && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });

  afterAll(async () => {
    await b.stop();
  });

  it('picks the overload whose named parameters match, defaults filling the rest', async () => {
    expect((await sb.rpc('pick')).data).toBe('none');
    expect((await sb.rpc('pick', { a: 1 })).data).toBe('one:1');
    expect((await sb.rpc('pick', { a: 1, b: 2 })).data).toBe('two:3');
    expect((await sb.rpc('pick', { a: 4 }, { get: true })).data).toBe('one:4');
    expect((await sb.rpc('with_defaults', { a: 1 })).data).toBe(111);
    expect((await sb.rpc('with_defaults', { a: 1, c: 0 })).data).toBe(11);
    expect((await sb.rpc('with_defaults', { a: 1, b: 2, c: 3 }, { get: true })).data).toBe(6);
  });

  it('answers 300 PGRST203 when two overloads fit equally', async () => {
    const { error, status } = await sb.rpc('overloaded', { a: 1 });
    expect(status).toBe(300);
    expect(error).toEqual({
      code: 'PGRST203',
      message: 'Could not choose the best candidate function between: public.overloaded(a => integer), public.overloaded(a => text)',
      details: null,
      hint: 'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
    });
  });

  it('gives a single unnamed text or jsonb parameter the raw body', async () => {
    const text = await b.rest('/rpc/shout', { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: "it's raw; drop table books; --" });
    expect(text.status).toBe(200);
    expect(await text.json()).toBe("IT'S RAW; DROP TABLE BOOKS; --");
    expect(await b.countRows('books')).toBeGreaterThan(0);
    expect((await sb.rpc('sum_json', [1, 2, 3.5] as unknown as Record<string, unknown>)).data).toBe(6.5);
    const object = await b.rest('/rpc/sum_json', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '[10, 20]' });
    expect(await object.json()).toBe(30);
  });

  it('passes { "": value } to a function’s single unnamed text or json parameter, by POST and by GET', async () => {
    expect(await sb.rpc('echo_unnamed_text', { '': 'hi; drop table books' })).toMatchObject({ status: 200, data: 'text:hi; drop table books' });
    expect(await sb.rpc('echo_unnamed_text', { '': 'by get' }, { get: true })).toMatchObject({ status: 200, data: 'text:by get' });
    // A json parameter takes the value under "", not the whole body.
    expect(await sb.rpc('keys_of_unnamed_json', { '': [1, 2] })).toMatchObject({ status: 200, data: 'array' });
    expect(await b.countRows('books')).toBeGreaterThan(0);
    // Another key, or one more, finds nothing.
    expect((await sb.rpc('echo_unnamed_text', { x: 'hi' })).error?.code).toBe('PGRST202');
    expect((await sb.rpc('echo_unnamed_text', { '': 'hi', x: true })).error?.code).toBe('PGRST202');
  });

  it('leaves out what PostgREST cannot call: an unnamed parameter of another type, or two unnamed', async () => {
    // Unnamed boolean/integer parameters keep the function out of PostgREST's schema cache: 404.
    for (const [fn, args] of [
      ['flip_unnamed_bool', { '': true }],
      ['plus_one_or_42', { '': 7 }],
      ['plus_one_or_42', {}],
      ['two_unnamed', { '': 'a' }],
    ] as const) {
      const { status, error } = await sb.rpc(fn, args);
      expect(status, fn).toBe(404);
      expect(error?.code, fn).toBe('PGRST202');
    }
    const { error } = await sb.rpc('zebra_unnamed_int', { '': 1 });
    expect(error).toEqual({
      code: 'PGRST202',
      message: 'Could not find the function public.zebra_unnamed_int() in the schema cache',
      details:
        'Searched for the function public.zebra_unnamed_int with parameter  or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.',
      // The function itself is not in the cache, so the hint is the closest callable name.
      hint: 'Perhaps you meant to call the function public.zebra_unnamed_txt',
    });
    expect(await sb.rpc('zebra_unnamed_txt', { '': 'ok' })).toMatchObject({ status: 200, data: 'ok' });
    // A computed field (an unnamed row-type parameter) is no RPC either: no hint naming its own
    // parameter list, only (at most) another function's name.
    const computed = await sb.rpc('blurb', { '': { id: 1, title: 'Dune' } });
    expect(computed.status).toBe(404);
    expect(computed.error).toMatchObject({
      code: 'PGRST202',
      message: 'Could not find the function public.blurb() in the schema cache',
    });
    expect(computed.error?.hint ?? '').not.toMatch(/public\.blurb/);
    expect((await sb.from('books').select('blurb').eq('id', 1)).error).toBeNull();
  });

  it('lists PGRST203 candidates as PostgREST does: only callable overloads, fewest parameters first, then by type', async () => {
    const reversed = await sb.rpc('reversed', { a: 1 });
    expect(reversed.status).toBe(300);
    expect(reversed.error?.message).toBe(
      'Could not choose the best candidate function between: public.reversed(a => integer), public.reversed(a => text)',
    );
    const noArgs = await sb.rpc('maybe_default');
    expect(noArgs.status).toBe(300);
    expect(noArgs.error).toEqual({
      code: 'PGRST203',
      message: 'Could not choose the best candidate function between: public.maybe_default(), public.maybe_default( => text)',
      details: null,
      hint: 'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
    });
    // With a value under "" only the text overload fits: the integer one is not a candidate.
    expect(await sb.rpc('maybe_default', { '': 123 })).toMatchObject({ status: 200, data: 'text:123' });
    expect(await sb.rpc('maybe_default', { '': 'x' }, { get: true })).toMatchObject({ status: 200, data: 'text:x' });
  });

  it('words PGRST202 as PostgREST does, with the closest function or parameter list as the hint', async () => {
    const wrongArgs = await sb.rpc('with_defaults', { d: 2, a: 1 });
    expect(wrongArgs.status).toBe(404);
    expect(wrongArgs.error).toEqual({
      code: 'PGRST202',
      message: 'Could not find the function public.with_defaults(a, d) in the schema cache',
      details:
        'Searched for the function public.with_defaults with parameters a, d or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.',
      hint: 'Perhaps you meant to call the function public.with_defaults(a, b, c)',
    });
    // Nothing close enough (PostgREST's fuzzy set scores it under 0.33): no hint.
    const missingRequired = await sb.rpc('with_defaults', { b: 1 });
    expect(missingRequired.error).toMatchObject({
      message: 'Could not find the function public.with_defaults(b) in the schema cache',
      details:
        'Searched for the function public.with_defaults with parameter b or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.',
      hint: null,
    });
    const misspelt = await sb.rpc('with_default', { a: 1, b: 2 });
    expect(misspelt.error).toEqual({
      code: 'PGRST202',
      message: 'Could not find the function public.with_default(a, b) in the schema cache',
      details:
        'Searched for the function public.with_default with parameters a, b or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.',
      hint: 'Perhaps you meant to call the function public.with_defaults',
    });
    const viaGet = await sb.rpc('no_such_thing_at_all', {}, { get: true });
    expect(viaGet.error).toMatchObject({
      code: 'PGRST202',
      message: 'Could not find the function public.no_such_thing_at_all without parameters in the schema cache',
      details: 'Searched for the function public.no_such_thing_at_all without parameters, but no matches were found in the schema cache.',
    });
    const asText = await b.rest('/rpc/with_defaults', { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: 'x' });
    expect(asText.status).toBe(404);
    expect(await asText.json()).toEqual({
      code: 'PGRST202',
      message: 'Could not find the function public.with_defaults in the schema cache',
      details: 'Searched for the function public.with_defaults with a single unnamed text parameter, but no matches were found in the schema cache.',
      hint: null,
    });
  });

  it('counts RPC results with Content-Range (exact, planned, estimated), also with HEAD', async () => {
    const exact = await sb.rpc('numbers', { n: 5 }, { count: 'exact' });
    expect(exact.data).toEqual([1, 2, 3, 4, 5]);
    expect(exact.count).toBe(5);
    const head = await sb.rpc('numbers', { n: 7 }, { head: true, count: 'exact' });
    expect(head.error).toBeNull();
    expect(head.data).toBeNull();
    expect(head.count).toBe(7);
    const paged = await sb.rpc('numbers', { n: 10 }, { count: 'exact' }).range(2, 3);
    expect(paged.status).toBe(206);
    expect(paged.data).toEqual([3, 4]);
    expect(paged.count).toBe(10);
    for (const count of ['planned', 'estimated'] as const) {
      const estimate = await sb.rpc('numbers', { n: 3 }, { count });
      expect(estimate.data, count).toEqual([1, 2, 3]);
      expect(typeof estimate.count, count).toBe('number');
    }
    const rows = await sb.rpc('books_by_author', { author: 1 }, { count: 'exact', head: true });
    expect(rows.count).toBe(await b.countRows('books', 'author_id = 1'));
    const raw = await b.rest('/rpc/numbers?n=4', { headers: { Prefer: 'count=exact' } });
    expect(raw.headers.get('content-range')).toBe('0-3/4');
    await raw.arrayBuffer();
  });

  it('counts a scalar result as one row, as PostgREST does (Content-Range 0-0/1)', async () => {
    expect(await sb.rpc('with_defaults', { a: 1 }, { count: 'exact' })).toMatchObject({ status: 200, data: 111, count: 1 });
    expect(await sb.rpc('with_defaults', { a: 1 }, { count: 'exact', get: true })).toMatchObject({ data: 111, count: 1 });
    expect(await sb.rpc('with_defaults', { a: 1 }, { count: 'exact', head: true })).toMatchObject({ error: null, data: null, count: 1 });
    expect(await sb.rpc('with_defaults', { a: 1 })).toMatchObject({ data: 111, count: null });
    const counted = await b.rest('/rpc/with_defaults?a=1', { headers: { Prefer: 'count=exact' } });
    expect(counted.headers.get('content-range')).toBe('0-0/1');
    await counted.arrayBuffer();
    const uncounted = await b.rest('/rpc/with_defaults?a=1');
    expect(uncounted.headers.get('content-range')).toBe('0-0/*');
    await uncounted.arrayBuffer();
  });

  it('enforces Prefer: max-affected with handling=strict, rolling the call back', async () => {
    const before = await b.countRows('rpc_log');
    const sb13 = sb as unknown as SupabaseClient<Db13>;
    const refused = await sb13.rpc('log_many', { n: 5 }).maxAffected(3);
    expect(refused.status).toBe(400);
    expect(refused.error).toMatchObject({
      code: 'PGRST124',
      message: 'Query result exceeds max-affected preference constraint',
      details: 'The query affects 5 rows',
    });
    const refusedScalars = await sb13.rpc('log_numbers', { n: 4 }).maxAffected(1);
    expect(refusedScalars.error?.code).toBe('PGRST124');
    expect(await b.countRows('rpc_log')).toBe(before);
    const allowed = await sb13.rpc('log_many', { n: 2 }).maxAffected(3);
    expect(allowed.error).toBeNull();
    expect(allowed.data).toHaveLength(2);
    expect(await b.countRows('rpc_log')).toBe(before + 2);
    // Without handling=strict the limit is only advice, as in PostgREST.
    const lenient = await b.rest('/rpc/log_many', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Prefer: 'max-affected=1' },
      body: '{"n": 2}',
    });
    expect(lenient.status).toBe(200);
    await lenient.arrayBuffer();
    expect(await b.countRows('rpc_log')).toBe(before + 4);
  });

  it('refuses malformed RPC input with PostgREST errors and changes nothing', async () => {
    const before = await b.countRows('rpc_log');
    const broken = await b.rest('/rpc/log_many', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"n": 2' });
    expect(broken.status).toBe(400);
    expect(await broken.json()).toMatchObject({ code: 'PGRST102' });
    const badPrefer = await b.rest('/rpc/log_many', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Prefer: 'handling=strict, max-affected=lots' },
      body: '{"n": 2}',
    });
    expect(badPrefer.status).toBe(400);
    expect(await badPrefer.json()).toMatchObject({ code: 'PGRST122' });
    const arrayToNamed = await b.rest('/rpc/log_many', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '[1]' });
    expect(arrayToNamed.status).toBe(400);
    await arrayToNamed.arrayBuffer();
    const injected = await sb.rpc('with_defaults', { a: '1); delete from public.rpc_log; --' });
    expect(injected.error?.code).toBe('22P02');
    expect(await b.countRows('rpc_log')).toBe(before);
  });
});
