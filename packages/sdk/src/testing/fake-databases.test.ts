import { describe, expect, it } from 'vitest';
import { AppforgeError } from '../errors';
import { makeApp, makeDatabase } from './factories';
import { createFakeAppforgeClient } from './fake-client';

async function rejection(promise: Promise<unknown>): Promise<AppforgeError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(AppforgeError);
    return error as AppforgeError;
  }
  throw new Error('expected the call to fail');
}

function ownerWithApp() {
  const client = createFakeAppforgeClient();
  const session = client.fake.signIn({ email: 'owner@example.com' });
  const app = makeApp({ owner_id: session.user.id });
  client.fake.data.apps[app.id] = app;
  return { client, app, ownerId: session.user.id };
}

describe('the fake client’s databases', () => {
  it('creates a database with its first table, lists it with its table count and reads it back in order', async () => {
    const { client } = ownerWithApp();
    const created = await client.databases.create({
      name: '  Class scores ',
      tables: [
        { name: 'Scores', columns: [{ name: 'pupil', type: 'text' }, { name: 'score', type: 'number' }] },
        { name: 'Quizzes', columns: [] },
      ],
    });
    expect(created.name).toBe('Class scores');
    expect(created.description).toBe('');
    expect(created.tables.map((table) => [table.name, table.position])).toEqual([['Scores', 0], ['Quizzes', 1]]);
    expect(await client.databases.listMine()).toEqual([expect.objectContaining({ id: created.id, table_count: 2 })]);
    const read = await client.databases.get(created.id);
    expect(read.tables[0]?.columns).toEqual([{ name: 'pupil', type: 'text' }, { name: 'score', type: 'number' }]);
  });

  it('refuses hostile input like the real client: nothing is created', async () => {
    const { client } = ownerWithApp();
    expect((await rejection(client.databases.create({ name: '' }))).code).toBe('invalid_input');
    const duplicate = await rejection(
      client.databases.create({ name: 'Quiz', tables: [{ name: 'T', columns: [{ name: 'a', type: 'text' }, { name: 'A', type: 'number' }] }] }),
    );
    expect(duplicate.message).toMatch(/Two columns are called/);
    expect(Object.keys(client.fake.data.databases)).toEqual([]);
  });

  it('behaves like row-level security: another person’s database is invisible and cannot be linked', async () => {
    const { client, app } = ownerWithApp();
    const theirs = makeDatabase({ owner_id: crypto.randomUUID(), name: 'Not yours' });
    client.fake.data.databases[theirs.id] = theirs;
    expect(await client.databases.listMine()).toEqual([]);
    expect((await rejection(client.databases.get(theirs.id))).code).toBe('not_found');
    expect((await rejection(client.databases.remove(theirs.id))).code).toBe('not_found');
    const refused = await rejection(client.apps.linkDatabase(app.id, theirs.id));
    expect(refused.code).toBe('permission_denied');
    expect(refused.status).toBe(403);
    expect(client.fake.data.apps[app.id]?.database_id).toBeNull();
  });

  it('links and unlinks the owner’s database, and deleting it unlinks the app', async () => {
    const { client, app } = ownerWithApp();
    const mine = await client.databases.create({ name: 'Mine' });
    expect((await client.apps.linkDatabase(app.id, mine.id)).database_id).toBe(mine.id);
    expect((await client.apps.get(app.id)).database_id).toBe(mine.id);
    expect((await client.apps.linkDatabase(app.id, null)).database_id).toBeNull();
    await client.apps.linkDatabase(app.id, mine.id);
    await client.databases.remove(mine.id);
    expect((await client.apps.get(app.id)).database_id).toBeNull();
  });

  it('renames a database and keeps its tables', async () => {
    const { client } = ownerWithApp();
    const mine = await client.databases.create({ name: 'Old', tables: [{ name: 'T', columns: [] }] });
    const renamed = await client.databases.update(mine.id, { name: 'New', description: 'Scores of 5B' });
    expect(renamed).toMatchObject({ name: 'New', description: 'Scores of 5B' });
    expect(renamed.tables.map((table) => table.name)).toEqual(['T']);
    expect((await rejection(client.databases.update(mine.id, { name: 'x'.repeat(101) }))).code).toBe('invalid_input');
  });

  it('needs a session', async () => {
    const client = createFakeAppforgeClient();
    expect((await rejection(client.databases.listMine())).code).toBe('not_authenticated');
  });
});
