// PostgREST behaviour the upstream postgrest-js suite relies on: exposed schemas and profile
// switching, embedding rules (self-references, hints, the same table twice), aggregates.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES } from '../harness.js';
import { startRestBackend } from './rest-backend.js';
import type { RestBackend } from './rest-backend.js';

const WIRE_SQL = `
  create schema api;
  grant usage on schema api to anon, authenticated, service_role;
  create table api.things (id integer primary key, label text not null);
  insert into api.things values (1, 'from the api schema');
  grant select, insert on api.things to anon, authenticated;
  create table public.things (id integer primary key, label text not null);
  insert into public.things values (1, 'from public');
  grant select on public.things to anon, authenticated;

  create table public.collections (id integer primary key, name text not null,
    parent_id integer references public.collections (id));
  insert into public.collections values (1, 'root', null), (2, 'child a', 1), (3, 'child b', 1), (4, 'grandchild', 2);
  grant select on public.collections to anon, authenticated;

  create table public.people (id integer primary key, name text not null);
  create table public.letters (id integer primary key, body text not null,
    sender_id integer not null constraint letters_sender_fkey references public.people (id),
    receiver_id integer not null constraint letters_receiver_fkey references public.people (id),
    grams numeric not null default 10);
  insert into public.people values (1, 'Ada'), (2, 'Bob');
  insert into public.letters values (1, 'hi Bob', 1, 2, 20), (2, 'hi Ada', 2, 1, 5), (3, 'again', 1, 2, 15);
  grant select on public.people, public.letters to anon, authenticated;

  create function public.full_name(public.people) returns text language sql stable as $$ select 'Dr ' || $1.name $$;
  create function public.sent(public.people) returns setof public.letters language sql stable
    as $$ select * from public.letters where sender_id = $1.id $$;
  create function public.heaviest(public.people) returns public.letters language sql stable
    as $$ select * from public.letters where sender_id = $1.id order by grams desc limit 1 $$;
  create function public.lightest(public.people) returns setof public.letters language sql stable rows 1
    as $$ select * from public.letters where sender_id = $1.id order by grams limit 1 $$;
`;

async function json(response: Response): Promise<unknown> {
  return response.json();
}

/** A GET that must fail with this status and PostgREST/Postgres error code. */
async function expectRestError(b: RestBackend, path: string, status: number, code: string): Promise<void> {
  const response = await b.rest(path);
  expect(response.status, path).toBe(status);
  expect(await json(response), path).toMatchObject({ code });
}

describe.each(DATABASES)('PostgREST wire rules on %s', (database) => {
  let b: RestBackend;

  beforeAll(async () => {
    b = await startRestBackend(database, { REST_SCHEMAS: 'public,api' });
    await b.db.exec(WIRE_SQL);
    await b.db.exec(`notify pgrst, 'reload schema'`);
    const deadline = Date.now() + 10_000;
    while ((await b.rest('/letters?limit=0')).status !== 200 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });

  afterAll(async () => {
    await b.stop();
  });

  it('switches schemas with Accept-Profile / Content-Profile among REST_SCHEMAS only', async () => {
    const sb = b.client();
    expect((await sb.from('things').select('label')).data).toEqual([{ label: 'from public' }]);
    expect((await sb.schema('api').from('things').select('label')).data).toEqual([{ label: 'from the api schema' }]);
    const inserted = await sb.schema('api').from('things').insert({ id: 2, label: 'posted' }).select('id');
    expect(inserted.error).toBeNull();
    expect(await b.countRows('things')).toBe(1);
    const refused = await sb.schema('auth').from('users').select('id');
    expect(refused.status).toBe(406);
    expect(refused.error).toEqual({
      code: 'PGRST106',
      message: 'Invalid schema: auth',
      details: null,
      hint: 'Only the following schemas are exposed: public, api',
    });
  });

  it('embeds a self-referencing table as PostgREST 12: children by name or with the FK column as hint, the parent by the FK column', async () => {
    const children = await b.rest('/collections?select=id,collections(id)&order=id&collections.order=id');
    expect(await json(children)).toEqual([
      { id: 1, collections: [{ id: 2 }, { id: 3 }] },
      { id: 2, collections: [{ id: 4 }] },
      { id: 3, collections: [] },
      { id: 4, collections: [] },
    ]);
    const parents = await b.rest('/collections?select=id,parent:parent_id(name)&order=id');
    expect(await json(parents)).toEqual([
      { id: 1, parent: null },
      { id: 2, parent: { name: 'root' } },
      { id: 3, parent: { name: 'root' } },
      { id: 4, parent: { name: 'child a' } },
    ]);
    // `!parent_id` names the column the other rows point here by: the children, not the parent.
    const sb = b.client();
    const hinted = await sb.from('collections').select('id, children:collections!parent_id(id)').order('id').order('id', { referencedTable: 'children' });
    expect(hinted.data).toEqual([
      { id: 1, children: [{ id: 2 }, { id: 3 }] },
      { id: 2, children: [{ id: 4 }] },
      { id: 3, children: [] },
      { id: 4, children: [] },
    ]);
    // The constraint's name is no hint for a self-reference in PostgREST 12: PGRST200.
    const byConstraint = await sb.from('collections').select('id, collections!collections_parent_id_fkey(id)');
    expect(byConstraint.status).toBe(400);
    expect(byConstraint.error).toEqual({
      code: 'PGRST200',
      message: "Could not find a relationship between 'collections' and 'collections' in the schema cache",
      details:
        "Searched for a foreign key relationship between 'collections' and 'collections' using the hint 'collections_parent_id_fkey' in the schema 'public', but no matches were found.",
      hint: null,
    });
  });

  it('follows foreign-key name hints, and refuses the same table twice without aliases (42712)', async () => {
    const hinted = await b.rest(
      '/letters?select=id,sender:people!letters_sender_fkey(name),receiver:people!letters_receiver_fkey(name)&order=id&limit=1',
    );
    expect(await json(hinted)).toEqual([{ id: 1, sender: { name: 'Ada' }, receiver: { name: 'Bob' } }]);
    const twice = await b.rest('/letters?select=id,people!sender_id(name),people!receiver_id(name)');
    expect(twice.status).toBe(400);
    expect(await json(twice)).toEqual({
      code: '42712',
      details: null,
      hint: null,
      message: 'table name "letters_people_1" specified more than once',
    });
  });

  it('selects and filters computed fields, and embeds functions of the row as resources', async () => {
    expect(await json(await b.rest('/people?select=id,full_name&order=id'))).toEqual([
      { id: 1, full_name: 'Dr Ada' },
      { id: 2, full_name: 'Dr Bob' },
    ]);
    expect(await json(await b.rest(`/people?select=name&full_name=eq.${encodeURIComponent('Dr Bob')}`))).toEqual([{ name: 'Bob' }]);
    expect(await json(await b.rest('/people?select=name,sent(id)&order=id&sent.order=id'))).toEqual([
      { name: 'Ada', sent: [{ id: 1 }, { id: 3 }] },
      { name: 'Bob', sent: [{ id: 2 }] },
    ]);
    expect(await json(await b.rest('/people?select=name,heaviest(id,grams)&order=id'))).toEqual([
      { name: 'Ada', heaviest: { id: 1, grams: 20 } },
      { name: 'Bob', heaviest: { id: 2, grams: 5 } },
    ]);
    // setof … rows 1 is a to-one resource: an object, as PostgREST embeds it.
    expect(await json(await b.rest('/people?select=name,lightest(id,grams)&order=id'))).toEqual([
      { name: 'Ada', lightest: { id: 3, grams: 15 } },
      { name: 'Bob', lightest: { id: 2, grams: 5 } },
    ]);
    const nested = await b.client().from('letters').select('id, sender:people!letters_sender_fkey(full_name)').eq('id', 1);
    expect(nested.data).toEqual([{ id: 1, sender: { full_name: 'Dr Ada' } }]);
    // A scalar function is a field, not a resource; an unknown name is neither.
    await expectRestError(b, '/people?select=full_name(name)', 400, 'PGRST200');
    await expectRestError(b, '/people?select=no_such_field', 400, '42703');
  });

  it('refuses aggregates until the operator enables them, then counts, sums and groups as PostgREST', async () => {
    const off = await b.rest('/letters?select=count()');
    expect(off.status).toBe(400);
    expect(await json(off)).toEqual({ code: 'PGRST123', details: null, hint: null, message: 'Use of aggregate functions is not allowed' });
    // PostgREST's switch: a setting of the authenticator role, picked up on 'reload config'.
    await b.db.exec(
      `do $$ begin execute format('alter role authenticator in database %I set pgrst.db_aggregates_enabled = %L', current_database(), 'true'); end $$`,
    );
    await b.db.exec(`notify pgrst, 'reload config'`);
    const deadline = Date.now() + 10_000;
    while ((await b.rest('/letters?select=count()')).status !== 200 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const sb = b.client();
    expect((await sb.from('letters').select('count()')).data).toEqual([{ count: 3 }]);
    expect((await sb.from('letters').select('total:count(), grams.sum(), grams.avg()::int, heaviest:grams.max(), grams::int.min()')).data).toEqual([
      { total: 3, sum: 40, avg: 13, heaviest: 20, min: 5 },
    ]);
    expect((await sb.from('letters').select('sender_id, count()').order('sender_id')).data).toEqual([
      { sender_id: 1, count: 2 },
      { sender_id: 2, count: 1 },
    ]);
    const bySender = await sb.from('letters').select('grams.sum(), ...people!letters_sender_fkey(sender:name)');
    expect(bySender.error).toBeNull();
    expect([...(bySender.data ?? [])].sort((x, y) => String(x.sender).localeCompare(String(y.sender)))).toEqual([
      { sum: 35, sender: 'Ada' },
      { sum: 5, sender: 'Bob' },
    ]);
    expect((await sb.from('people').select('name, letters!sender_id(count())').order('id')).data).toEqual([
      { name: 'Ada', letters: [{ count: 2 }] },
      { name: 'Bob', letters: [{ count: 1 }] },
    ]);
    expect((await sb.from('letters').select('sender_id, count()').eq('receiver_id', 2)).data).toEqual([{ sender_id: 1, count: 2 }]);
  });

  it('answers hostile aggregate selects with PostgREST or Postgres errors, changing nothing', async () => {
    const before = await b.countRows('letters');
    const alias = 'x from pg_roles; drop table public.letters; --';
    const injectedAlias = await b.rest(`/letters?select=${encodeURIComponent(`"${alias}":count()`)}`);
    expect(injectedAlias.status).toBe(200);
    expect(await json(injectedAlias)).toEqual([{ [alias]: 3 }]);
    // As in PostgREST, `count(1)` reads as an embed of a resource named count.
    const refusals: [string, string][] = [
      ['grams.stddev()', 'PGRST100'],
      ['count(1)', 'PGRST200'],
      ['grams.sum().avg()', 'PGRST100'],
      ['grams.sum(', 'PGRST100'],
      ['count()x', 'PGRST100'],
      ['grams.sum()::int;drop table letters', 'PGRST100'],
      ['.sum()', 'PGRST100'],
    ];
    for (const [select, code] of refusals) await expectRestError(b, `/letters?select=${encodeURIComponent(select)}`, 400, code);
    await expectRestError(b, '/letters?select=weight.sum()', 400, '42703');
    const textSum = await b.rest('/letters?select=body.sum()');
    expect(textSum.status).toBeGreaterThanOrEqual(400);
    expect(await json(textSum)).toMatchObject({ code: '42883' });
    const longAlias = await b.rest(`/letters?select=${'a'.repeat(64)}:count()`);
    expect(longAlias.status).toBe(400);
    await longAlias.arrayBuffer();
    expect(await b.countRows('letters')).toBe(before);
  });
});

describe.each(DATABASES)('REST_AGGREGATES_ENABLED on %s', (database) => {
  let b: RestBackend;
  beforeAll(async () => {
    b = await startRestBackend(database, { REST_AGGREGATES_ENABLED: 'true' });
  });
  afterAll(async () => {
    await b.stop();
  });

  it('enables aggregates without touching the database', async () => {
    const { data, error } = await b.client().from('books').select('count()');
    expect(error).toBeNull();
    expect(data).toEqual([{ count: await b.countRows('books') }]);
  });
});
