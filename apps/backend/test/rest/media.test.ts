// PostgREST media types and write/RPC edges the upstream postgrest-js suite relies on: CSV exactly
// as Postgres renders records, the explain media type (off by default),
// singular objects on writes, computed fields in write representations, raw binary bodies to a
// bytea parameter, `Prefer: return=minimal` on RPC, and the privilege check of an empty insert.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES } from '../harness.js';
import { startRestBackend } from './rest-backend.js';
import type { RestBackend } from './rest-backend.js';

const MEDIA_SQL = `
  create table public.cells (id integer primary key, label text, flag boolean, doc jsonb, tags text[], amount numeric);
  insert into public.cells values
    (1, 'plain', true, '{"a": 1, "b": "x y"}', '{one,two}', 1.50),
    (2, 'has space', false, null, '{}', null),
    (3, 'comma, "quote" and \\ backslash', null, '[1, 2]', null, 0),
    (4, '', true, '"text"', '{"a b"}', -2);
  grant select on public.cells to anon, authenticated;

  create table public.people (id integer primary key, name text not null);
  create table public.letters (id integer primary key, body text not null,
    sender_id integer not null references public.people (id));
  insert into public.people values (1, 'Ada'), (2, 'Bob');
  insert into public.letters values (1, 'hi Bob', 1), (2, 'hi Ada', 2), (3, 'again', 1);
  grant select, insert, update, delete on public.people, public.letters to anon, authenticated;
  create function public.full_name(public.people) returns text language sql stable as $$ select 'Dr ' || $1.name $$;
  create function public.sent(public.people) returns setof public.letters language sql stable
    as $$ select * from public.letters where sender_id = $1.id $$;

  create table public.ledger (id integer primary key, note text);
  revoke all on public.ledger from anon, authenticated;
  grant select on public.ledger to anon;
  grant select, insert on public.ledger to authenticated;

  create table public.blobs (id serial primary key, data bytea not null);
  grant select on public.blobs to anon, authenticated;
  create function public.store_blob(bytea) returns json language sql volatile security definer
    as $$ insert into public.blobs (data) values ($1) returning json_build_object('length', length(data), 'md5', md5(data)) $$;
  create function public.only_text(text) returns text language sql immutable as $$ select $1 $$;

  create table public.calls (id serial primary key, payload jsonb not null);
  grant select on public.calls to anon, authenticated;
  create function public.record_call(payload jsonb) returns setof public.calls language sql volatile security definer
    as $$ insert into public.calls (payload) values (payload), (payload) returning * $$;
  create function public.echo_obj(payload jsonb) returns jsonb language sql volatile security definer
    as $$ insert into public.calls (payload) values (payload) returning payload $$;
`;

async function waitFor(check: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe.each(DATABASES)('PostgREST media types and write edges on %s', (database) => {
  let b: RestBackend;

  beforeAll(async () => {
    b = await startRestBackend(database);
    await b.db.exec(MEDIA_SQL);
    await b.db.exec(`notify pgrst, 'reload schema'`);
    await waitFor(async () => (await b.rest('/calls?limit=0')).status === 200, 'the schema cache');
  });

  afterAll(async () => {
    await b.stop();
  });

  it('renders CSV exactly as Postgres renders each record, header from the keys', async () => {
    const sb = b.client();
    const { data, error } = await sb.from('cells').select('id,label,flag,doc,tags,amount').order('id').csv();
    expect(error).toBeNull();
    expect(data).toBe(
      [
        'id,label,flag,doc,tags,amount',
        '1,plain,t,"{""a"": 1, ""b"": ""x y""}","{one,two}",1.50',
        '2,"has space",f,,{},',
        '3,"comma, ""quote"" and \\\\ backslash",,"[1, 2]",,0',
        '4,"",t,"""text""","{""a b""}",-2',
      ].join('\n'),
    );
    // No rows: PostgREST's header comes from the first row, so only the line break is left.
    const empty = await b.rest('/cells?select=id,label&id=eq.99', { headers: { Accept: 'text/csv' } });
    expect(empty.status).toBe(200);
    expect(empty.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(await empty.text()).toBe('\n');
    // Embeds are json values, rendered as their text.
    const embedded = await sb.from('people').select('name,sent(id)').eq('id', 2).csv();
    expect(embedded.data).toBe('name,sent\nBob,"[{""id"":2}]"');
  });

  it('matches media types exactly: text/* and application/* are not CSV or JSON', async () => {
    for (const accept of ['text/*', 'application/*', 'text/html', 'text/csv;q=0, application/xml']) {
      const response = await b.rest('/cells?select=id', { headers: { Accept: accept } });
      expect(response.status, accept).toBe(406);
      expect(await response.json(), accept).toEqual({
        code: 'PGRST107',
        message: `None of these media types are available: ${accept}`,
        details: null,
        hint: null,
      });
    }
    // q-values pick among producible types.
    const picked = await b.rest('/cells?select=id&id=eq.1', { headers: { Accept: 'application/json;q=0.5, text/csv' } });
    expect(await picked.text()).toBe('id\n1');
  });

  it('answers singular-object edge cases as PostgREST does, rolling writes back', async () => {
    const sb = b.client();
    // DELETE matching two rows with .single(): 406 and nothing deleted.
    const many = await sb.from('letters').delete().eq('sender_id', 1).select('id').single();
    expect(many.status).toBe(406);
    expect(many.error).toMatchObject({ code: 'PGRST116', details: 'The result contains 2 rows' });
    expect(await b.countRows('letters', 'sender_id = 1')).toBe(2);
    // An empty insert with .single(): 406, zero rows.
    const none = await sb.from('people').insert([]).select('id').single();
    expect(none.status).toBe(406);
    expect(none.error).toMatchObject({ code: 'PGRST116', details: 'The result contains 0 rows' });
    // nulls=stripped on the object type; the plain vnd.pgrst.object alias.
    const stripped = await b.rest('/cells?select=id,flag,doc&id=eq.3', { headers: { Accept: 'application/vnd.pgrst.object+json;nulls=stripped' } });
    expect(stripped.headers.get('content-type')).toBe('application/vnd.pgrst.object+json;nulls=stripped; charset=utf-8');
    expect(await stripped.json()).toEqual({ id: 3, doc: [1, 2] });
    const alias = await b.rest('/cells?select=id&id=eq.2', { headers: { Accept: 'application/vnd.pgrst.object' } });
    expect(await alias.json()).toEqual({ id: 2 });
    // HEAD with the object type: the status says whether it would be one row.
    expect((await b.rest('/cells?id=eq.1', { method: 'HEAD', headers: { Accept: 'application/vnd.pgrst.object+json' } })).status).toBe(200);
    expect((await b.rest('/cells', { method: 'HEAD', headers: { Accept: 'application/vnd.pgrst.object+json' } })).status).toBe(406);
  });

  it('checks the privilege of an empty insert first: anonymous POST [] without INSERT → 401', async () => {
    const anon = await b.client().from('ledger').insert([]);
    expect(anon.status).toBe(401);
    expect(anon.error).toMatchObject({ code: '42501', message: 'permission denied for table ledger' });
    const raw = await b.rest('/ledger', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '[]' });
    expect(raw.status).toBe(401);
    const user = await (await b.userClient('11111111-1111-4111-8111-111111111111')).from('ledger').insert([]).select('id');
    expect(user.status).toBe(201);
    expect(user.data).toEqual([]);
    expect(await b.countRows('ledger')).toBe(0);
  });

  it('selects computed fields and relationships in write representations', async () => {
    const sb = b.client();
    const inserted = await sb.from('people').insert({ id: 3, name: 'Cy' }).select('id,full_name').single();
    expect(inserted.error).toBeNull();
    expect(inserted.data).toEqual({ id: 3, full_name: 'Dr Cy' });
    const upserted = await sb.from('people').upsert({ id: 3, name: 'Cyd' }).select('full_name,name').single();
    expect(upserted.data).toEqual({ full_name: 'Dr Cyd', name: 'Cyd' });
    expect(upserted.status).toBe(200);
    const updated = await sb.from('people').update({ name: 'Ada L' }).eq('id', 1).select('full_name,sent(id)').single();
    expect(updated.data).toEqual({ full_name: 'Dr Ada L', sent: [{ id: 1 }, { id: 3 }] });
    const deleted = await sb.from('people').delete().eq('id', 3).select('nick:full_name').single();
    expect(deleted.data).toEqual({ nick: 'Dr Cyd' });
    // Filtering the representation's embed by a computed field still works; an unknown name is 42703.
    const unknown = await sb.from('people').insert({ id: 4, name: 'Di' }).select('id,no_such_fn');
    expect(unknown.status).toBe(400);
    expect(unknown.error?.code).toBe('42703');
    expect(await b.countRows('people', 'id = 4')).toBe(0);
  });

  it('passes a raw application/octet-stream body to a single unnamed bytea parameter, byte for byte', async () => {
    const bytes = new Uint8Array(512);
    for (let i = 0; i < bytes.length; i += 1) bytes[i] = (i * 37 + 11) % 256;
    const response = await b.rest('/rpc/store_blob', { method: 'POST', headers: { 'Content-Type': 'application/octet-stream' }, body: bytes });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ length: 512, md5: createHash('md5').update(bytes).digest('hex') });
    // Bytes that are not UTF-8 (and a NUL) survive too.
    const odd = new Uint8Array([0, 0xff, 0xfe, 0xc3, 0x28, 0x00]);
    const second = await b.rest('/rpc/store_blob', { method: 'POST', headers: { 'Content-Type': 'application/octet-stream' }, body: odd });
    expect(await second.json()).toEqual({ length: 6, md5: createHash('md5').update(odd).digest('hex') });
    // Only a bytea parameter takes bytes: PostgREST's PGRST202 wording otherwise.
    const wrong = await b.rest('/rpc/only_text', { method: 'POST', headers: { 'Content-Type': 'application/octet-stream' }, body: bytes });
    expect(wrong.status).toBe(404);
    expect(await wrong.json()).toEqual({
      code: 'PGRST202',
      message: 'Could not find the function public.only_text in the schema cache',
      details: 'Searched for the function public.only_text with a single unnamed bytea parameter, but no matches were found in the schema cache.',
      hint: null,
    });
    // A JSON body does not reach the bytea function's unnamed parameter.
    const json = await b.client().rpc('store_blob', { x: 1 });
    expect(json.status).toBe(404);
    expect(await b.countRows('blobs')).toBe(2);
  });

  it('honours Prefer: return=minimal on RPC (head with object arguments): the call runs, no body', async () => {
    const sb = b.client();
    const before = await b.countRows('calls');
    const counted = await sb.rpc('record_call', { payload: { kind: 'object' } }, { head: true, count: 'exact' });
    expect(counted.error).toBeNull();
    expect(counted.status).toBe(200);
    expect(counted.data).toBeNull();
    expect(counted.count).toBe(2);
    expect(await b.countRows('calls')).toBe(before + 2);
    const raw = await b.rest('/rpc/echo_obj', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Prefer: 'return=minimal' },
      body: JSON.stringify({ payload: { a: 1 } }),
    });
    expect(raw.status).toBe(200);
    expect(raw.headers.get('preference-applied')).toBe('return=minimal');
    expect(await raw.text()).toBe('');
    expect(await b.countRows('calls')).toBe(before + 3);
  });

  it('runs a volatile RPC once under count=estimated past db-max-rows (and under exact/planned)', async () => {
    await b.db.exec(`create function public.record_burst(n integer) returns setof public.calls language sql volatile security definer
        as $$ insert into public.calls (payload) select jsonb_build_object('i', i) from generate_series(1, n) as i returning * $$;
      notify pgrst, 'reload schema';`);
    await waitFor(async () => (await b.rest('/rpc/record_burst', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"n": 0}' })).status === 200, 'the schema cache');
    const sb = b.client();
    for (const count of ['estimated', 'exact', 'planned'] as const) {
      const before = await b.countRows('calls');
      const { data, error, count: total, status } = await sb.rpc('record_burst', { n: 1005 }, { count }).select('id');
      expect(error, count).toBeNull();
      // db-max-rows (1000) caps the page; the function ran exactly once.
      expect(data, count).toHaveLength(1000);
      expect(await b.countRows('calls'), count).toBe(before + 1005);
      if (count !== 'planned') {
        expect(total, count).toBeGreaterThanOrEqual(1001);
        expect(status, count).toBe(206);
      }
    }
    // Under the cap an estimate is the exact figure.
    const small = await sb.rpc('record_burst', { n: 3 }, { count: 'estimated' });
    expect(small.count).toBe(3);
  });

  it('keeps the explain media type off by default, then explains as the caller when enabled', async () => {
    const sb = b.client();
    const off = await sb.from('cells').select('id').explain({ format: 'json' });
    expect(off.status).toBe(406);
    expect(off.error?.code).toBe('PGRST107');
    // PostgREST's switch: a setting of the authenticator role, picked up on 'reload config'.
    await b.db.exec(
      `do $$ begin execute format('alter role authenticator in database %I set pgrst.db_plan_enabled = %L', current_database(), 'true'); end $$`,
    );
    await b.db.exec(`notify pgrst, 'reload config'`);
    await waitFor(
      async () => (await b.rest('/cells?select=id', { headers: { Accept: 'application/vnd.pgrst.plan+json' } })).status === 200,
      'plans to be enabled',
    );
    const json = await sb.from('cells').select('id,label').eq('id', 1).explain({ format: 'json' });
    expect(json.error).toBeNull();
    const plan = json.data as unknown as { Plan: { 'Node Type': string; Plans?: unknown[] } }[];
    expect(plan).toHaveLength(1);
    expect(plan[0]?.Plan['Node Type']).toBe('Aggregate');
    const text = await b.rest('/cells?select=id', { headers: { Accept: 'application/vnd.pgrst.plan' } });
    expect(text.headers.get('content-type')).toBe('application/vnd.pgrst.plan+text; for="application/json"; charset=utf-8');
    expect(await text.text()).toMatch(/^Aggregate/);
    // analyze runs the statement but never keeps a write.
    const analyzed = await sb.from('letters').delete().eq('id', 2).select('id').explain({ analyze: true, format: 'json' });
    expect(analyzed.error).toBeNull();
    expect(JSON.stringify(analyzed.data)).toContain('Actual Rows');
    expect(await b.countRows('letters', 'id = 2')).toBe(1);
    // RPC too; and the caller's grants apply: anonymous insert into ledger is still refused.
    const calls = await b.countRows('calls');
    const rpcPlan = await sb.rpc('echo_obj', { payload: { p: 1 } }).explain({ analyze: true, format: 'json' });
    expect(rpcPlan.error).toBeNull();
    expect(JSON.stringify(rpcPlan.data)).toContain('Actual Rows');
    expect(await b.countRows('calls')).toBe(calls);
    const refused = await b.rest('/ledger', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/vnd.pgrst.plan+json; options=analyze' },
      body: '[{"id":1}]',
    });
    expect(refused.status).toBe(401);
    expect(await b.countRows('ledger')).toBe(0);
    // Nonsense options are ignored, an unproducible `for` is a 406, EXPLAIN's own rule is a 400.
    const junk = await b.rest('/cells?select=id', { headers: { Accept: 'application/vnd.pgrst.plan+json; options=drop|table;' } });
    expect(junk.status).toBe(200);
    const badFor = await b.rest('/cells?select=id', { headers: { Accept: 'application/vnd.pgrst.plan+json; for="text/html"' } });
    expect(badFor.status).toBe(406);
    const walOnly = await b.rest('/cells?select=id', { headers: { Accept: 'application/vnd.pgrst.plan+json; options=wal' } });
    expect(walOnly.status).toBe(400);
  });
});
