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
`;

async function json(response: Response): Promise<unknown> {
  return response.json();
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

  it('embeds a self-referencing table: children by default, the parent with a column hint', async () => {
    const children = await b.rest('/collections?select=id,collections(id)&order=id&collections.order=id');
    expect(await json(children)).toEqual([
      { id: 1, collections: [{ id: 2 }, { id: 3 }] },
      { id: 2, collections: [{ id: 4 }] },
      { id: 3, collections: [] },
      { id: 4, collections: [] },
    ]);
    const parents = await b.rest('/collections?select=id,parent:collections!parent_id(name)&order=id');
    expect(await json(parents)).toEqual([
      { id: 1, parent: null },
      { id: 2, parent: { name: 'root' } },
      { id: 3, parent: { name: 'root' } },
      { id: 4, parent: { name: 'child a' } },
    ]);
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
});
