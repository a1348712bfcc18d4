// Row-level security and shape rules of supabase/migrations/20261121000700_databases.sql on the
// real backend: for "Database", "DatabaseTable" and "DatabaseRow", what a visitor, another user,
// the owner and the server can select, insert, update and delete; that an app only uses its
// owner's database; and that malformed columns or row data are refused without changing anything.
import type { PostgrestError, SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Json } from '../src/database.types';
import { startBackend } from './backend';
import type { SdkTestBackend } from './backend';

type Db = SupabaseClient<Database>;

/** Refused outright: no privilege, or a row the policies do not allow to be written. */
function expectDenied(result: { error: PostgrestError | null }): void {
  expect(result.error?.code).toBe('42501');
}

/** Refused by a shape rule, with a sentence for people. */
function expectShape(result: { error: PostgrestError | null; status: number }, message?: string): void {
  expect(result.error?.code).toBe('23514');
  expect(result.status).toBe(400);
  if (message !== undefined) expect(result.error?.message).toBe(message);
}

const columns: Json = [
  { name: 'Title', type: 'text' },
  { name: 'Pages', type: 'number' },
  { name: 'Read', type: 'boolean' },
  { name: 'Published', type: 'date' },
  { name: 'Extra', type: 'json' },
  { name: 'Author', type: 'link', linkTableId: '7b0d8f38-3b7e-4c59-9d7a-0d7f1b0c2a11' },
];

describe('row-level security and shape rules on Database, DatabaseTable and DatabaseRow', () => {
  let backend: SdkTestBackend;
  let admin: Db;
  let anon: Db;
  let owner: Db;
  let other: Db;
  let ownerId: string;
  let otherId: string;

  beforeAll(async () => {
    backend = await startBackend();
    admin = backend.admin;
    anon = backend.client().supabase;
    const [ownerUser, otherUser] = await Promise.all([backend.signedInUser('dbowner'), backend.signedInUser('dbother')]);
    owner = ownerUser.client.supabase;
    other = otherUser.client.supabase;
    ownerId = ownerUser.id;
    otherId = otherUser.id;
  });
  afterAll(() => backend.stop());

  /** A database of the owner (or `ownerOf`) with one table and one row, written as the server would. */
  async function seed(ownerOf = ownerId) {
    const database = await admin.from('Database').insert({ owner_id: ownerOf, name: 'Library' }).select('id').single();
    if (database.error) throw new Error(database.error.message);
    const table = await admin.from('DatabaseTable').insert({ database_id: database.data.id, name: 'Books', columns }).select('id').single();
    if (table.error) throw new Error(table.error.message);
    const row = await admin.from('DatabaseRow').insert({ table_id: table.data.id, data: { Title: 'Dune', Pages: 412 } }).select('id').single();
    if (row.error) throw new Error(row.error.message);
    return { databaseId: database.data.id, tableId: table.data.id, rowId: row.data.id };
  }

  const storedDatabase = async (id: string) => (await admin.from('Database').select('name, description, owner_id').eq('id', id).maybeSingle()).data;
  const storedTable = async (id: string) => (await admin.from('DatabaseTable').select('name, columns, position, database_id').eq('id', id).maybeSingle()).data;
  const storedRow = async (id: string) => (await admin.from('DatabaseRow').select('data, table_id').eq('id', id).maybeSingle()).data;

  describe('Database', () => {
    it('select: only the owner and the server read a database', async () => {
      const { databaseId } = await seed();
      expect((await owner.from('Database').select('id, name, description, owner_id').eq('id', databaseId)).data).toEqual([
        { id: databaseId, name: 'Library', description: '', owner_id: ownerId },
      ]);
      expect((await other.from('Database').select('id').eq('id', databaseId)).data).toEqual([]);
      expectDenied(await anon.from('Database').select('id').eq('id', databaseId));
      expect((await admin.from('Database').select('id').eq('id', databaseId)).data).toEqual([{ id: databaseId }]);
    });

    it('insert: a user creates their own database (owner by default); nobody creates one for someone else', async () => {
      const mine = await owner.from('Database').insert({ name: 'Recipes', description: 'What we cook' }).select('owner_id, name').single();
      expect(mine.error).toBeNull();
      expect(mine.data).toEqual({ owner_id: ownerId, name: 'Recipes' });
      // Hostile: planting a database in someone else's account.
      expectDenied(await owner.from('Database').insert({ name: 'Planted', owner_id: otherId }));
      expectDenied(await anon.from('Database').insert({ name: 'Anonymous' }));
      expect((await admin.from('Database').select('id').in('name', ['Planted', 'Anonymous'])).data).toEqual([]);
      const byServer = await admin.from('Database').insert({ name: 'Imported', owner_id: otherId }).select('owner_id').single();
      expect(byServer.data?.owner_id).toBe(otherId);
    });

    it('insert: the name is 1 to 100 characters without surrounding spaces, the description at most 2000', async () => {
      expectShape(await owner.from('Database').insert({ name: '' }));
      expectShape(await owner.from('Database').insert({ name: '  Padded ' }));
      expectShape(await owner.from('Database').insert({ name: 'x'.repeat(101) }));
      expectShape(await owner.from('Database').insert({ name: 'Long notes', description: 'x'.repeat(2001) }));
      expect((await admin.from('Database').select('id').eq('owner_id', ownerId).in('name', ['Long notes', 'Padded'])).data).toEqual([]);
      expect((await owner.from('Database').insert({ name: 'x'.repeat(100), description: 'x'.repeat(2000) })).error).toBeNull();
    });

    it('update: the owner renames it and updated_at moves; others change nothing; nobody hands it to someone else', async () => {
      const { databaseId } = await seed();
      expect((await other.from('Database').update({ name: 'Stolen' }).eq('id', databaseId).select('id')).data).toEqual([]);
      expectDenied(await anon.from('Database').update({ name: 'Stolen' }).eq('id', databaseId));
      expectDenied(await owner.from('Database').update({ owner_id: otherId }).eq('id', databaseId));
      expect(await storedDatabase(databaseId)).toEqual({ name: 'Library', description: '', owner_id: ownerId });

      const before = (await admin.from('Database').select('updated_at').eq('id', databaseId).single()).data?.updated_at;
      const renamed = await owner.from('Database').update({ name: 'Home library', description: 'Shelves' }).eq('id', databaseId).select('name, updated_at').single();
      expect(renamed.error).toBeNull();
      expect(renamed.data?.name).toBe('Home library');
      expect(renamed.data?.updated_at).not.toBe(before);
    });

    it('delete: others remove nothing; the owner removes it with its tables and rows, and apps lose the link', async () => {
      const { databaseId, tableId, rowId } = await seed();
      const app = await admin.from('App').insert({ owner_id: ownerId, name: 'Reader', database_id: databaseId }).select('id').single();
      expect(app.error).toBeNull();
      expect((await other.from('Database').delete().eq('id', databaseId).select('id')).data).toEqual([]);
      expectDenied(await anon.from('Database').delete().eq('id', databaseId));
      expect(await storedDatabase(databaseId)).not.toBeNull();

      expect((await owner.from('Database').delete().eq('id', databaseId).select('id')).data).toEqual([{ id: databaseId }]);
      expect(await storedDatabase(databaseId)).toBeNull();
      expect(await storedTable(tableId)).toBeNull();
      expect(await storedRow(rowId)).toBeNull();
      expect((await admin.from('App').select('database_id').eq('id', app.data?.id ?? '').single()).data).toEqual({ database_id: null });
    });
  });

  describe('DatabaseTable', () => {
    it('select: the database\'s owner and the server read its tables; others and visitors nothing', async () => {
      const { databaseId, tableId } = await seed();
      expect((await owner.from('DatabaseTable').select('id, name, columns, position').eq('database_id', databaseId)).data).toEqual([
        { id: tableId, name: 'Books', columns, position: 0 },
      ]);
      expect((await other.from('DatabaseTable').select('id').eq('id', tableId)).data).toEqual([]);
      expectDenied(await anon.from('DatabaseTable').select('id').eq('id', tableId));
      expect((await admin.from('DatabaseTable').select('id').eq('id', tableId)).data).toEqual([{ id: tableId }]);
    });

    it('insert: the owner adds tables to their databases only; names are unique per database in any case', async () => {
      const { databaseId } = await seed();
      const theirs = await seed(otherId);
      const added = await owner.from('DatabaseTable').insert({ database_id: databaseId, name: 'Authors', position: 1 }).select('columns, position').single();
      expect(added.error).toBeNull();
      expect(added.data).toEqual({ columns: [], position: 1 });
      // Hostile: a table in someone else's database.
      expectDenied(await owner.from('DatabaseTable').insert({ database_id: theirs.databaseId, name: 'Planted' }));
      expectDenied(await anon.from('DatabaseTable').insert({ database_id: databaseId, name: 'Anonymous' }));
      expect((await owner.from('DatabaseTable').insert({ database_id: databaseId, name: 'AUTHORS' })).error?.code).toBe('23505');
      expectShape(await owner.from('DatabaseTable').insert({ database_id: databaseId, name: '' }));
      expectShape(await owner.from('DatabaseTable').insert({ database_id: databaseId, name: 'x'.repeat(65) }));
      expectShape(await owner.from('DatabaseTable').insert({ database_id: databaseId, name: 'Negative', position: -1 }));
      const names = (await admin.from('DatabaseTable').select('name').in('database_id', [databaseId, theirs.databaseId])).data?.map((t) => t.name).sort();
      expect(names).toEqual(['Authors', 'Books', 'Books']);
    });

    it('columns: duplicate names, unknown types, stray keys and bad links are refused with a reason, changing nothing', async () => {
      const { databaseId, tableId } = await seed();
      const cases: [Json, string][] = [
        [{ name: 'Title', type: 'text' }, 'A table\'s columns must be a list.'],
        [[{ name: 'Title', type: 'text' }, { name: 'title', type: 'number' }], 'Column names must be unique: "title" appears twice.'],
        [[{ name: 'Title', type: 'varchar' }], 'Column "Title" has an unknown type; use text, number, boolean, date, json or link.'],
        [[{ name: 'Title' }], 'Column "Title" has an unknown type; use text, number, boolean, date, json or link.'],
        [[{ name: '', type: 'text' }], 'Column names are 1 to 64 characters without spaces around them ("").'],
        [[{ name: 'x'.repeat(65), type: 'text' }], `Column names are 1 to 64 characters without spaces around them ("${'x'.repeat(65)}").`],
        [[{ type: 'text' }], 'Column 1 needs a name.'],
        [[{ name: 'Title', type: 'text' }, 'Pages'], 'Column 2 must have a name and a type.'],
        [[{ name: 'Title', type: 'text', sql: 'drop table' }], 'Column 1 may only have a name, a type, a linked table, required, a default and unique.'],
        [[{ name: 'Title', type: 'text', linkTableId: '7b0d8f38-3b7e-4c59-9d7a-0d7f1b0c2a11' }], 'Only a link column links to a table ("Title" is text).'],
        [[{ name: 'Author', type: 'link', linkTableId: 'not-a-uuid' }], 'Column "Author" must link to a table id.'],
        [Array.from({ length: 101 }, (_, i) => ({ name: `c${i}`, type: 'text' })), 'A table has at most 100 columns.'],
      ];
      for (const [bad, message] of cases) {
        expectShape(await owner.from('DatabaseTable').update({ columns: bad }).eq('id', tableId), message);
        expectShape(await owner.from('DatabaseTable').insert({ database_id: databaseId, name: 'Bad', columns: bad }), message);
        // The server is held to the same shape.
        expectShape(await admin.from('DatabaseTable').update({ columns: bad }).eq('id', tableId), message);
      }
      expect((await storedTable(tableId))?.columns).toEqual(columns);
      expect((await admin.from('DatabaseTable').select('id').eq('database_id', databaseId).eq('name', 'Bad')).data).toEqual([]);
      // A link column may wait for its table.
      expect((await owner.from('DatabaseTable').update({ columns: [{ name: 'Author', type: 'link' }] }).eq('id', tableId)).error).toBeNull();
    });

    it('update: the owner renames, reorders and redefines; others change nothing; a table stays in its database', async () => {
      const { databaseId, tableId } = await seed();
      const mine = await seed();
      expect((await other.from('DatabaseTable').update({ name: 'Stolen' }).eq('id', tableId).select('id')).data).toEqual([]);
      expectDenied(await anon.from('DatabaseTable').update({ name: 'Stolen' }).eq('id', tableId));
      expectDenied(await owner.from('DatabaseTable').update({ database_id: mine.databaseId }).eq('id', tableId));
      expect(await storedTable(tableId)).toEqual({ name: 'Books', columns, position: 0, database_id: databaseId });

      const next: Json = [{ name: 'Title', type: 'text' }];
      const edited = await owner.from('DatabaseTable').update({ name: 'Novels', columns: next, position: 3 }).eq('id', tableId).select('name, columns, position').single();
      expect(edited.error).toBeNull();
      expect(edited.data).toEqual({ name: 'Novels', columns: next, position: 3 });
    });

    it('delete: others remove nothing; the owner removes a table with its rows', async () => {
      const { tableId, rowId } = await seed();
      expect((await other.from('DatabaseTable').delete().eq('id', tableId).select('id')).data).toEqual([]);
      expectDenied(await anon.from('DatabaseTable').delete().eq('id', tableId));
      expect(await storedTable(tableId)).not.toBeNull();
      expect((await owner.from('DatabaseTable').delete().eq('id', tableId).select('id')).data).toEqual([{ id: tableId }]);
      expect(await storedRow(rowId)).toBeNull();
    });
  });

  describe('DatabaseRow', () => {
    it('select: the owner and the server read rows; others and visitors nothing', async () => {
      const { tableId, rowId } = await seed();
      expect((await owner.from('DatabaseRow').select('id, data').eq('table_id', tableId)).data).toEqual([
        { id: rowId, data: { Title: 'Dune', Pages: 412 } },
      ]);
      expect((await other.from('DatabaseRow').select('id').eq('table_id', tableId)).data).toEqual([]);
      expectDenied(await anon.from('DatabaseRow').select('id').eq('table_id', tableId));
      expect((await admin.from('DatabaseRow').select('id').eq('table_id', tableId)).data).toEqual([{ id: rowId }]);
    });

    it('insert: the owner adds rows to their tables only', async () => {
      const { tableId } = await seed();
      const theirs = await seed(otherId);
      const added = await owner.from('DatabaseRow').insert({ table_id: tableId, data: { Title: 'Emma' } }).select('data').single();
      expect(added.error).toBeNull();
      expect(added.data?.data).toEqual({ Title: 'Emma' });
      expectDenied(await owner.from('DatabaseRow').insert({ table_id: theirs.tableId, data: { Title: 'Planted' } }));
      expectDenied(await other.from('DatabaseRow').insert({ table_id: tableId, data: { Title: 'Planted' } }));
      expectDenied(await anon.from('DatabaseRow').insert({ table_id: tableId, data: { Title: 'Planted' } }));
      expect((await admin.from('DatabaseRow').select('data').in('table_id', [tableId, theirs.tableId])).data?.map((r) => r.data)).not.toContainEqual({
        Title: 'Planted',
      });
    });

    it('data: must be one JSON object of at most 64 KB; refused data changes nothing', async () => {
      const { tableId, rowId } = await seed();
      const huge = { Title: 'x'.repeat(70 * 1024) };
      for (const bad of [[1, 2], 'Dune', 42, null, huge] as Json[]) {
        const inserted = await owner.from('DatabaseRow').insert({ table_id: tableId, data: bad });
        expect(inserted.error?.code).toMatch(/^(23514|23502)$/);
        const updated = await owner.from('DatabaseRow').update({ data: bad }).eq('id', rowId);
        expect(updated.error?.code).toMatch(/^(23514|23502)$/);
      }
      expectShape(await admin.from('DatabaseRow').insert({ table_id: tableId, data: huge }));
      expect((await admin.from('DatabaseRow').select('data').eq('table_id', tableId)).data).toEqual([{ data: { Title: 'Dune', Pages: 412 } }]);
      // Just under the limit is fine.
      expect((await owner.from('DatabaseRow').insert({ table_id: tableId, data: { Title: 'x'.repeat(60 * 1024) } })).error).toBeNull();
    });

    it('update: the owner edits rows; others change nothing; a row stays in its table', async () => {
      const { tableId, rowId } = await seed();
      const mine = await seed();
      expect((await other.from('DatabaseRow').update({ data: { Title: 'Defaced' } }).eq('id', rowId).select('id')).data).toEqual([]);
      expectDenied(await anon.from('DatabaseRow').update({ data: { Title: 'Defaced' } }).eq('id', rowId));
      expectDenied(await owner.from('DatabaseRow').update({ table_id: mine.tableId }).eq('id', rowId));
      expect(await storedRow(rowId)).toEqual({ data: { Title: 'Dune', Pages: 412 }, table_id: tableId });
      const edited = await owner.from('DatabaseRow').update({ data: { Title: 'Dune Messiah' } }).eq('id', rowId).select('data').single();
      expect(edited.data?.data).toEqual({ Title: 'Dune Messiah' });
    });

    it('delete: others remove nothing; the owner removes rows', async () => {
      const { rowId } = await seed();
      expect((await other.from('DatabaseRow').delete().eq('id', rowId).select('id')).data).toEqual([]);
      expectDenied(await anon.from('DatabaseRow').delete().eq('id', rowId));
      expect(await storedRow(rowId)).not.toBeNull();
      expect((await owner.from('DatabaseRow').delete().eq('id', rowId).select('id')).data).toEqual([{ id: rowId }]);
      expect(await storedRow(rowId)).toBeNull();
    });

    it('database_table_rows: filters by type through the caller\'s row-level security', async () => {
      const { tableId } = await seed();
      // One at a time: rows come back oldest first.
      await admin.from('DatabaseRow').insert({ table_id: tableId, data: { Title: 'Emma', Pages: 90, Published: '1815-12-23' } });
      await admin.from('DatabaseRow').insert({ table_id: tableId, data: { Title: 'Ulysses', Pages: 1000, Published: '1922-02-02' } });
      const titles = async (db: Db, filters: Json, maxRows = 50) => {
        const result = await db.rpc('database_table_rows', { table_id: tableId, filters, max_rows: maxRows });
        return result.data?.map((r) => (r.data as { Title: string }).Title);
      };
      // Numbers compare as numbers (as text, "90" would be greater than "412").
      expect(await titles(owner, [{ column: 'Pages', op: 'gt', value: '100' }])).toEqual(['Dune', 'Ulysses']);
      expect(await titles(owner, [{ column: 'Pages', op: 'lte', value: '412' }])).toEqual(['Dune', 'Emma']);
      expect(await titles(owner, [{ column: 'Published', op: 'lt', value: '1900-01-01' }])).toEqual(['Emma']);
      expect(await titles(owner, [{ column: 'Title', op: 'contains', value: 'LYS' }])).toEqual(['Ulysses']);
      expect(await titles(owner, [{ column: 'Published', op: 'neq', value: '1815-12-23' }])).toEqual(['Dune', 'Ulysses']);
      expect(await titles(owner, [], 2)).toEqual(['Dune', 'Emma']);
      // Another user sees no rows of it; a visitor may not call it.
      expect(await titles(other, [])).toEqual([]);
      expectDenied(await anon.rpc('database_table_rows', { table_id: tableId }));
    });
  });

  describe('App.database_id', () => {
    it('an app uses only a database its owner owns, whoever links it', async () => {
      const mine = await seed();
      const theirs = await seed(otherId);
      const app = await admin.from('App').insert({ owner_id: ownerId, name: 'Reader' }).select('id').single();
      const appId = app.data?.id ?? '';
      const message = 'An app can only use a database that belongs to its owner.';

      const foreign = await owner.from('App').update({ database_id: theirs.databaseId }).eq('id', appId);
      expectDenied(foreign);
      expect(foreign.error?.message).toBe(message);
      const byServer = await admin.from('App').update({ database_id: theirs.databaseId }).eq('id', appId);
      expect(byServer.error?.message).toBe(message);
      const unknown = await owner.from('App').update({ database_id: crypto.randomUUID() }).eq('id', appId);
      expect(unknown.error?.message).toBe(message);
      expectDenied(await owner.from('App').insert({ owner_id: ownerId, name: 'Sneaky', database_id: theirs.databaseId }));
      expect((await admin.from('App').select('database_id').eq('id', appId).single()).data).toEqual({ database_id: null });
      expect((await admin.from('App').select('id').eq('owner_id', ownerId).eq('name', 'Sneaky')).data).toEqual([]);

      expect((await owner.from('App').update({ database_id: mine.databaseId }).eq('id', appId)).error).toBeNull();
      expect((await admin.from('App').select('database_id').eq('id', appId).single()).data).toEqual({ database_id: mine.databaseId });
      // Handing the app to someone else does not carry the link along.
      expectDenied(await admin.from('App').update({ owner_id: otherId }).eq('id', appId));
      expect((await owner.from('App').update({ database_id: null }).eq('id', appId)).error).toBeNull();
    });
  });
});
