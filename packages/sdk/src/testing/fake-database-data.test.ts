import { describe, expect, it } from 'vitest';
import { AppforgeError } from '../errors';
import { makeApp, makeDatabase, makeDatabaseTable } from './factories';
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

function library() {
  const client = createFakeAppforgeClient();
  const session = client.fake.signIn({ email: 'owner@example.com' });
  const database = makeDatabase({ owner_id: session.user.id, name: 'Library' });
  const table = makeDatabaseTable({ database_id: database.id, name: 'Books', columns: [{ name: 'Title', type: 'text' }, { name: 'Pages', type: 'number' }] });
  database.tables = [table];
  client.fake.data.databases[database.id] = database;
  return { client, database, table, ownerId: session.user.id };
}

describe('the fake client’s grid calls', () => {
  it('imports rows converted by type, reports bad ones, then pages, sorts and filters them', async () => {
    const { client, table } = library();
    const result = await client.databases.insertRows(table.id, [{ Title: 'Dune', Pages: '412' }, { Title: 'Emma', Pages: 'lots' }, { Title: 'Ulysses', Pages: 730 }]);
    expect(result).toEqual({ inserted: 2, skipped: 1, errors: [{ row: 2, message: 'Row 2 has "lots" in Pages, which is not a number.' }] });
    const page = await client.databases.rowsPage({ tableId: table.id, sort: { column: 'Pages', desc: true }, filters: [{ column: 'Pages', op: 'gt', value: '100' }] });
    expect(page.total).toBe(2);
    expect(page.rows.map((row) => row.data.Title)).toEqual(['Ulysses', 'Dune']);
    expect((await rejection(client.databases.rowsPage({ tableId: table.id, filters: [{ column: 'Nope', op: 'eq', value: '' }] }))).message).toBe(
      'There is no column "Nope" to filter by.',
    );
  });

  it('refuses a stale edit with the current row, and hides another user’s table', async () => {
    const { client, table } = library();
    await client.databases.insertRows(table.id, [{ Title: 'Dune' }]);
    const [row] = (await client.databases.rowsPage({ tableId: table.id })).rows;
    if (!row) throw new Error('no row');
    const edited = await client.databases.updateRow(row.id, { Title: 'Dune Messiah' }, row.updated_at);
    const conflict = await rejection(client.databases.updateRow(row.id, { Title: 'Children of Dune' }, row.updated_at));
    expect(conflict.code).toBe('conflict');
    expect(conflict.details).toEqual(edited);

    client.fake.signIn({ email: 'other@example.com' });
    expect((await rejection(client.databases.rowsPage({ tableId: table.id }))).code).toBe('not_found');
    expect((await rejection(client.databases.insertRows(table.id, [{ Title: 'x' }]))).code).toBe('not_found');
  });

  it('previews and applies a type change, keeping values that do not convert; a step naming a column blocks its rename', async () => {
    const { client, database, table, ownerId } = library();
    await client.databases.insertRows(table.id, [{ Title: '12' }, { Title: 'Dune' }]);
    const next = [{ name: 'Title', type: 'number' as const, from: 'Title' }, { name: 'Pages', type: 'number' as const, from: 'Pages' }];
    const preview = await client.databases.changeTable(table.id, next, false);
    expect(preview.changes).toEqual([{ kind: 'retype', column: 'Title', from: 'text', type: 'number', rows: 2, unconvertible: 1, keptIn: 'Title (text)' }]);
    await client.databases.changeTable(table.id, next, true);
    expect((await client.databases.rowsPage({ tableId: table.id })).rows.map((row) => row.data)).toEqual([{ Title: 12 }, { 'Title (text)': 'Dune' }]);

    const app = makeApp({ owner_id: ownerId, name: 'Logger', database_id: database.id });
    client.fake.data.apps[app.id] = app;
    client.fake.data.databaseSteps[app.id] = [{ version: 1, stepId: 'save', stepTitle: 'Save', tableId: table.id, columns: ['Pages'] }];
    const blocked = await client.databases.changeTable(table.id, [{ name: 'Title', type: 'number', from: 'Title' }], true);
    expect(blocked.applied).toBe(false);
    expect(blocked.blockedBy).toEqual([{ appId: app.id, appName: 'Logger', version: 1, stepId: 'save', stepTitle: 'Save', column: 'Pages' }]);
    expect(await client.databases.appsUsing(database.id)).toEqual([{ id: app.id, name: 'Logger', database_id: database.id }]);
  });
});
