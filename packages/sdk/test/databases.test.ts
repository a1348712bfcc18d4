// Databases through the SDK against the real embedded backend (real supabase-js, in-memory PGlite,
// the migrations' row-level security and checks).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppforgeError } from '../src/errors';
import type { AppforgeClient } from '../src/types';
import { startBackend } from './backend';
import type { SdkTestBackend } from './backend';

async function rejection(promise: Promise<unknown>): Promise<AppforgeError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(AppforgeError);
    return error as AppforgeError;
  }
  throw new Error('expected the call to fail');
}

describe('databases through the SDK on the embedded backend', () => {
  let backend: SdkTestBackend;
  let owner: { client: AppforgeClient; id: string };
  let other: { client: AppforgeClient; id: string };
  let appId: string;

  beforeAll(async () => {
    backend = await startBackend();
    owner = await backend.signedInUser('db-owner');
    other = await backend.signedInUser('db-other');
    const created = await owner.client.apps.createFromDescription({ description: 'A spelling test that keeps the scores' });
    appId = created.app_id;
  });
  afterAll(() => backend.stop());

  it('creates a database with its first tables, lists it with the table count and reads the tables in order', async () => {
    const created = await owner.client.databases.create({
      name: ' Spelling scores ',
      description: 'One row per pupil and test',
      tables: [
        { name: 'Scores', columns: [{ name: 'pupil', type: 'text' }, { name: 'score', type: 'number' }, { name: 'on', type: 'date' }] },
        { name: 'Words', columns: [{ name: 'word', type: 'text' }] },
      ],
    });
    expect(created.owner_id).toBe(owner.id);
    expect(created.name).toBe('Spelling scores');
    expect(created.tables.map((table) => [table.name, table.position])).toEqual([['Scores', 0], ['Words', 1]]);
    expect(created.tables[0]?.columns).toEqual([
      { name: 'pupil', type: 'text' },
      { name: 'score', type: 'number' },
      { name: 'on', type: 'date' },
    ]);
    const mine = await owner.client.databases.listMine();
    expect(mine.find((row) => row.id === created.id)?.table_count).toBe(2);
    const read = await owner.client.databases.get(created.id);
    expect(read.tables.map((table) => table.name)).toEqual(['Scores', 'Words']);
  });

  it('another person neither sees nor changes the database, nor links it to their app', async () => {
    const mine = await owner.client.databases.create({ name: 'Private marks' });
    expect((await other.client.databases.listMine()).map((row) => row.id)).not.toContain(mine.id);
    expect((await rejection(other.client.databases.get(mine.id))).code).toBe('not_found');
    expect((await rejection(other.client.databases.update(mine.id, { name: 'Stolen' }))).code).toBe('not_found');
    expect((await rejection(other.client.databases.remove(mine.id))).code).toBe('not_found');
    const theirApp = await other.client.apps.createFromDescription({ description: 'A reading log for my class' });
    const refused = await rejection(other.client.apps.linkDatabase(theirApp.app_id, mine.id));
    expect(refused.code).toBe('permission_denied');
    expect(refused.status).toBe(403);
    expect((await other.client.apps.get(theirApp.app_id)).database_id).toBeNull();
    expect((await owner.client.databases.get(mine.id)).name).toBe('Private marks');
  });

  it('links the owner’s database to the app, unlinks it, and deleting the database unlinks the app', async () => {
    const mine = await owner.client.databases.create({ name: 'Linked', tables: [{ name: 'Rows', columns: [] }] });
    expect((await owner.client.apps.linkDatabase(appId, mine.id)).database_id).toBe(mine.id);
    expect((await owner.client.apps.get(appId)).database_id).toBe(mine.id);
    expect((await owner.client.apps.linkDatabase(appId, null)).database_id).toBeNull();
    await owner.client.apps.linkDatabase(appId, mine.id);
    await owner.client.databases.remove(mine.id);
    expect((await owner.client.apps.get(appId)).database_id).toBeNull();
    expect((await rejection(owner.client.databases.get(mine.id))).code).toBe('not_found');
  });

  it('renames and describes a database', async () => {
    const mine = await owner.client.databases.create({ name: 'Draft name' });
    const updated = await owner.client.databases.update(mine.id, { name: 'Final name', description: 'For 5B' });
    expect(updated).toMatchObject({ name: 'Final name', description: 'For 5B', tables: [] });
  });

  it('the database itself refuses what the SDK would refuse (a direct insert with duplicate columns)', async () => {
    const mine = await owner.client.databases.create({ name: 'Checked' });
    const { error } = await owner.client.supabase
      .from('DatabaseTable')
      .insert({ database_id: mine.id, name: 'T', columns: [{ name: 'a', type: 'text' }, { name: 'A', type: 'text' }] });
    expect(error?.code).toBe('23514');
    expect((await owner.client.databases.get(mine.id)).tables).toEqual([]);
  });
});
