// The grid's SQL functions (supabase/migrations/20261125003000_database_data.sql) on the real
// backend: what the owner gets, that another user (and a visitor) gets nothing and changes nothing
// with the owner's table or row ids, and the hostile cases each function must refuse cleanly.
import type { PostgrestError, SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Json } from '../src/database.types';
import type { AppforgeError } from '../src/errors';
import type { AppforgeClient } from '../src/types';
import { startBackend } from './backend';
import type { SdkTestBackend } from './backend';

type Db = SupabaseClient<Database>;

interface Page {
  total: number;
  rows: { id: string; data: Record<string, Json>; updated_at: string }[];
}
interface InsertResult {
  inserted: number;
  skipped: number;
  errors: { row: number; message: string }[];
}

const columns: Json = [
  { name: 'Title', type: 'text' },
  { name: 'Pages', type: 'number' },
  { name: 'Read', type: 'boolean' },
  { name: 'Finished', type: 'date' },
];

function expectCode(result: { error: PostgrestError | null; status: number }, code: string, status: number): void {
  expect(result.error?.code).toBe(code);
  expect(result.status).toBe(status);
}

describe('the databases grid functions under row-level security', () => {
  let backend: SdkTestBackend;
  let admin: Db;
  let anon: Db;
  let owner: Db;
  let other: Db;
  let ownerId: string;
  let ownerClient: AppforgeClient;

  beforeAll(async () => {
    backend = await startBackend();
    admin = backend.admin;
    anon = backend.client().supabase;
    const [ownerUser, otherUser] = await Promise.all([backend.signedInUser('gridowner'), backend.signedInUser('gridother')]);
    owner = ownerUser.client.supabase;
    ownerClient = ownerUser.client;
    other = otherUser.client.supabase;
    ownerId = ownerUser.id;
  });
  afterAll(() => backend.stop());

  async function seed(rows: Json[] = []) {
    const database = await admin.from('Database').insert({ owner_id: ownerId, name: 'Reading' }).select('id').single();
    if (database.error) throw new Error(database.error.message);
    const table = await admin.from('DatabaseTable').insert({ database_id: database.data.id, name: 'Books', columns }).select('id').single();
    if (table.error) throw new Error(table.error.message);
    if (rows.length > 0) {
      const inserted = await admin.from('DatabaseRow').insert(rows.map((data) => ({ table_id: table.data.id, data })));
      if (inserted.error) throw new Error(inserted.error.message);
    }
    return { databaseId: database.data.id, tableId: table.data.id };
  }
  const rowsOf = async (tableId: string) =>
    ((await admin.from('DatabaseRow').select('data').eq('table_id', tableId).order('created_at')).data ?? []).map((row) => row.data);

  describe('database_rows_page', () => {
    it('pages, sorts numbers as numbers and filters by type, with the total of matching rows', async () => {
      const { tableId } = await seed([
        { Title: 'Dune', Pages: 412, Finished: '2024-01-05' },
        { Title: 'Emma', Pages: 9 },
        { Title: 'Ulysses', Pages: 730, Finished: '2023-06-01' },
        { Title: 'Beloved', Pages: '80' },
      ]);
      const sorted = await owner.rpc('database_rows_page', { table_id: tableId, sort_column: 'Pages', sort_desc: true, page_size: 2 });
      expect(sorted.error).toBeNull();
      const page = sorted.data as unknown as Page;
      expect(page.total).toBe(4);
      expect(page.rows.map((row) => row.data.Title)).toEqual(['Ulysses', 'Dune']);

      const filtered = (await owner.rpc('database_rows_page', {
        table_id: tableId,
        filters: [{ column: 'Pages', op: 'gte', value: '80' }, { column: 'Title', op: 'contains', value: 'L' }],
        sort_column: 'Pages',
      })).data as unknown as Page;
      expect(filtered.rows.map((row) => row.data.Title)).toEqual(['Beloved', 'Ulysses']);
      expect(filtered.total).toBe(2);

      const byDate = (await owner.rpc('database_rows_page', { table_id: tableId, filters: [{ column: 'Finished', op: 'lt', value: '2024-01-01' }] })).data as unknown as Page;
      expect(byDate.rows.map((row) => row.data.Title)).toEqual(['Ulysses']);
    });

    it('refuses a filter or sort on a missing column and an unknown operator (400)', async () => {
      const { tableId } = await seed([{ Title: 'Dune' }]);
      expectCode(await owner.rpc('database_rows_page', { table_id: tableId, filters: [{ column: 'Nope', op: 'eq', value: 'x' }] }), 'PT400', 400);
      expectCode(await owner.rpc('database_rows_page', { table_id: tableId, sort_column: 'Nope' }), 'PT400', 400);
      expectCode(await owner.rpc('database_rows_page', { table_id: tableId, filters: [{ column: 'Title', op: 'like', value: 'x' }] }), 'PT400', 400);
      const refused = await owner.rpc('database_rows_page', { table_id: tableId, filters: [{ column: 'Nope', op: 'eq', value: 'x' }] });
      expect(refused.error?.message).toBe('There is no column "Nope" to filter by.');
    });

    it('another user and a visitor get nothing from the owner’s table', async () => {
      const { tableId } = await seed([{ Title: 'Secret' }]);
      const stolen = await other.rpc('database_rows_page', { table_id: tableId });
      expectCode(stolen, 'PT404', 404);
      expect(JSON.stringify(stolen.data ?? null)).not.toContain('Secret');
      expectCode(await anon.rpc('database_rows_page', { table_id: tableId }), '42501', 401);
    });
  });

  describe('database_rows_page without a count, and database_rows_count', () => {
    const matchingFilters = [{ column: 'Pages', op: 'gte', value: '80' }];
    it('a page without a count says whether another follows; the count counts the filters alone', async () => {
      const { tableId } = await seed([
        { Title: 'Dune', Pages: 412 },
        { Title: 'Emma', Pages: 9 },
        { Title: 'Ulysses', Pages: 730 },
        { Title: 'Beloved', Pages: '80' },
      ]);
      const first = await owner.rpc('database_rows_page', { table_id: tableId, filters: matchingFilters, sort_column: 'Pages', sort_desc: true, page_size: 2, with_total: false });
      expect(first.error).toBeNull();
      expect(first.data).not.toHaveProperty('total');
      expect(first.data).toMatchObject({ has_more: true });
      expect((first.data as unknown as Page).rows.map((row) => row.data.Title)).toEqual(['Ulysses', 'Dune']);
      const last = await owner.rpc('database_rows_page', { table_id: tableId, filters: matchingFilters, sort_column: 'Pages', sort_desc: true, page_offset: 2, page_size: 2, with_total: false });
      expect(last.data).toMatchObject({ has_more: false });
      expect((last.data as unknown as Page).rows.map((row) => row.data.Title)).toEqual(['Beloved']);
      // With the count (the default), the answer also says has_more.
      expect((await owner.rpc('database_rows_page', { table_id: tableId, page_size: 3 })).data).toMatchObject({ total: 4, capped: false, has_more: true });

      expect((await owner.rpc('database_rows_count', { table_id: tableId })).data).toEqual({ total: 4, capped: false });
      expect((await owner.rpc('database_rows_count', { table_id: tableId, filters: matchingFilters })).data).toEqual({ total: 3, capped: false });
      // Through the SDK, as the grid asks.
      expect(await ownerClient.databases.rowsCount({ tableId, filters: [{ column: 'Title', op: 'contains', value: 'u' }] })).toEqual({ total: 2, capped: false });
      const slice = await ownerClient.databases.rowsSlice({ tableId, sort: { column: 'Pages', desc: false }, limit: 3 });
      expect(slice.has_more).toBe(true);
      expect(slice.rows.map((row) => row.data.Title)).toEqual(['Emma', 'Beloved', 'Dune']);
    });

    it('counts number bounds on a sorted column from its keys, the same as from the rows', async () => {
      const { tableId } = await seed(Array.from({ length: 30 }, (_, i) => ({ Title: `Book ${String(i)}`, Pages: i * 10 })));
      const bounds = [{ column: 'Pages', op: 'gt', value: '45' }, { column: 'Pages', op: 'lte', value: '200' }];
      const before = (await owner.rpc('database_rows_count', { table_id: tableId, filters: bounds })).data;
      // The first sort by Pages builds its keys; the count then reads them.
      await owner.rpc('database_rows_page', { table_id: tableId, sort_column: 'Pages', with_total: false });
      expect((await owner.rpc('database_rows_count', { table_id: tableId, filters: bounds })).data).toEqual(before);
      expect(before).toEqual({ total: 16, capped: false });
      // A row added later is counted from the keys too.
      await admin.from('DatabaseRow').insert({ table_id: tableId, data: { Title: 'New', Pages: 100 } });
      expect((await owner.rpc('database_rows_count', { table_id: tableId, filters: bounds })).data).toEqual({ total: 17, capped: false });
    });

    it('refuses a missing column, an unknown operator or filters that are not a list (400), and counts nothing for another user', async () => {
      const { tableId } = await seed([{ Title: 'Secret', Pages: 1 }]);
      expectCode(await owner.rpc('database_rows_count', { table_id: tableId, filters: [{ column: 'Nope', op: 'eq', value: 'x' }] }), 'PT400', 400);
      expectCode(await owner.rpc('database_rows_count', { table_id: tableId, filters: [{ column: 'Title', op: 'like', value: 'x' }] }), 'PT400', 400);
      expectCode(await owner.rpc('database_rows_count', { table_id: tableId, filters: { column: 'Title' } }), 'PT400', 400);
      expectCode(await other.rpc('database_rows_count', { table_id: tableId }), 'PT404', 404);
      expectCode(await other.rpc('database_rows_count', { table_id: tableId, filters: [{ column: 'Pages', op: 'gte', value: '0' }] }), 'PT404', 404);
      expectCode(await anon.rpc('database_rows_count', { table_id: tableId }), '42501', 401);
      expectCode(await other.rpc('database_rows_page', { table_id: tableId, with_total: false }), 'PT404', 404);
      const invalid = await ownerClient.databases.rowsCount({ tableId: 'not-a-uuid' }).catch((error: unknown) => error as AppforgeError);
      expect(invalid).toMatchObject({ code: 'invalid_input' });
    });
  });

  describe('database_table_counts', () => {
    it('counts the owner’s rows per table and shows another user nothing', async () => {
      const { databaseId, tableId } = await seed([{ Title: 'A' }, { Title: 'B' }]);
      expect((await owner.rpc('database_table_counts', { database_ids: [databaseId] })).data).toEqual([{ table_id: tableId, database_id: databaseId, row_count: 2 }]);
      expect((await other.rpc('database_table_counts', { database_ids: [databaseId] })).data).toEqual([]);
    });
  });

  describe('database_rows_insert', () => {
    it('inserts the good rows converted by type and reports each bad one by its number', async () => {
      const { tableId } = await seed();
      const result = await owner.rpc('database_rows_insert', {
        table_id: tableId,
        rows: [
          { Title: 'Dune', Pages: '412', Read: 'yes', Finished: '2024-01-05' },
          { Title: 'Bad', Pages: 'many' },
          { Title: 'Ghost', Colour: 'red' },
          'not a row',
          { Title: '=HYPERLINK("x")', Pages: 3 },
        ],
      });
      expect(result.error).toBeNull();
      const summary = result.data as unknown as InsertResult;
      expect(summary.inserted).toBe(2);
      expect(summary.skipped).toBe(3);
      expect(summary.errors.map((problem) => problem.message)).toEqual([
        'Row 2 has "many" in Pages, which is not a number.',
        'Row 3 has no column "Colour".',
        'Row 4 is not a set of column values.',
      ]);
      expect(await rowsOf(tableId)).toEqual([
        { Title: 'Dune', Pages: 412, Read: true, Finished: '2024-01-05' },
        { Title: '=HYPERLINK("x")', Pages: 3 },
      ]);
    });

    it('takes 10,000 rows in one call and refuses more, inserting none', async () => {
      const { tableId } = await seed();
      const many = Array.from({ length: 10_000 }, (_, i) => ({ Title: `Book ${i}`, Pages: i }));
      const ok = await owner.rpc('database_rows_insert', { table_id: tableId, rows: many });
      expect((ok.data as unknown as InsertResult).inserted).toBe(10_000);
      expectCode(await owner.rpc('database_rows_insert', { table_id: tableId, rows: [...many, { Title: 'one more' }] }), 'PT413', 413);
      expect((await admin.from('DatabaseRow').select('id', { count: 'exact', head: true }).eq('table_id', tableId)).count).toBe(10_000);

      // Totals: unfiltered, the exact number the row counter keeps; filtered, counted up to 10,000.
      await owner.rpc('database_rows_insert', { table_id: tableId, rows: [{ Title: 'a', Pages: 1 }, { Title: 'b', Pages: 2 }] });
      const all = await owner.rpc('database_rows_page', { table_id: tableId, page_size: 1 });
      expect(all.data).toMatchObject({ total: 10_002, capped: false });
      const capped = await owner.rpc('database_rows_page', { table_id: tableId, filters: [{ column: 'Pages', op: 'gte', value: '0' }], page_size: 1 });
      expect(capped.data).toMatchObject({ total: 10_000, capped: true });
      const few = await owner.rpc('database_rows_page', { table_id: tableId, filters: [{ column: 'Pages', op: 'lt', value: '3' }], page_size: 1 });
      expect(few.data).toMatchObject({ total: 5, capped: false });
    });

    it('refuses a cell over the size limit and rows past the database’s row limit', async () => {
      const { tableId } = await seed();
      await admin.from('DatabaseLimit').update({ max_cell_chars: 10_000, max_rows: 3 }).eq('id', true);
      try {
        const long = await owner.rpc('database_rows_insert', { table_id: tableId, rows: [{ Title: 'x'.repeat(10_001) }] });
        expect((long.data as unknown as InsertResult).errors[0]?.message).toBe('Row 1 has more than 10000 characters in Title.');
        // The cell limit holds for plain REST writes too.
        const direct = await owner.from('DatabaseRow').insert({ table_id: tableId, data: { Title: 'x'.repeat(10_001) } });
        expect(direct.error?.message).toBe('A cell holds at most 10000 characters ("Title" is longer).');

        const over = await owner.rpc('database_rows_insert', { table_id: tableId, rows: [{ Title: 'a' }, { Title: 'b' }, { Title: 'c' }, { Title: 'd' }] });
        expect(over.error?.message).toBe('The database "Reading" would have more than 3 rows: delete some rows first.');
        expect(await rowsOf(tableId)).toEqual([]);
      } finally {
        await admin.from('DatabaseLimit').update({ max_cell_chars: 65_536, max_rows: 200_000 }).eq('id', true);
      }
    });

    it('another user cannot add rows to the owner’s table', async () => {
      const { tableId } = await seed();
      expectCode(await other.rpc('database_rows_insert', { table_id: tableId, rows: [{ Title: 'Planted' }] }), 'PT404', 404);
      expectCode(await anon.rpc('database_rows_insert', { table_id: tableId, rows: [{ Title: 'Planted' }] }), '42501', 401);
      expect(await rowsOf(tableId)).toEqual([]);
    });
  });

  describe('database_row_update', () => {
    it('edits a row read at its current version and refuses a stale edit with the current values', async () => {
      const { tableId } = await seed([{ Title: 'Dune', Pages: 412 }]);
      const page = (await owner.rpc('database_rows_page', { table_id: tableId })).data as unknown as Page;
      const row = page.rows[0];
      if (!row) throw new Error('no row');
      const first = await owner.rpc('database_row_update', { row_id: row.id, patch: { Pages: '413' }, expected_updated_at: row.updated_at });
      expect(first.error).toBeNull();
      expect((first.data as unknown as Page['rows'][number]).data).toEqual({ Title: 'Dune', Pages: 413 });

      // A second tab still holds the old version.
      const stale = await owner.rpc('database_row_update', { row_id: row.id, patch: { Title: 'Dune Messiah' }, expected_updated_at: row.updated_at });
      expectCode(stale, 'PT409', 409);
      expect(stale.error?.message).toContain('changed somewhere else');
      expect(await rowsOf(tableId)).toEqual([{ Title: 'Dune', Pages: 413 }]);

      expectCode(await owner.rpc('database_row_update', { row_id: row.id, patch: { Pages: 'lots' }, expected_updated_at: (first.data as unknown as Page['rows'][number]).updated_at }), 'PT400', 400);
      expect(await rowsOf(tableId)).toEqual([{ Title: 'Dune', Pages: 413 }]);
    });

    it('another user cannot edit the owner’s row', async () => {
      const { tableId } = await seed([{ Title: 'Dune' }]);
      const row = ((await owner.rpc('database_rows_page', { table_id: tableId })).data as unknown as Page).rows[0];
      if (!row) throw new Error('no row');
      expectCode(await other.rpc('database_row_update', { row_id: row.id, patch: { Title: 'Mine' }, expected_updated_at: row.updated_at }), 'PT404', 404);
      expectCode(await anon.rpc('database_row_update', { row_id: row.id, patch: { Title: 'Mine' }, expected_updated_at: row.updated_at }), '42501', 401);
      expect(await rowsOf(tableId)).toEqual([{ Title: 'Dune' }]);
    });
  });

  describe('database_table_change', () => {
    it('previews a type change that cannot convert every value, then keeps those values in a text column', async () => {
      const { tableId } = await seed([{ Title: 'Dune', Pages: 412 }, { Title: '12' }, { Title: 'Emma' }]);
      const next: Json = [
        { name: 'Name', type: 'number', from: 'Title' },
        { name: 'Pages', type: 'text', from: 'Pages' },
        { name: 'Read', type: 'boolean', from: 'Read' },
        { name: 'Notes', type: 'text' },
      ];
      const preview = await owner.rpc('database_table_change', { table_id: tableId, columns: next });
      expect(preview.error).toBeNull();
      expect(preview.data).toMatchObject({
        applied: false,
        blockedBy: [],
        changes: [
          { kind: 'rename', column: 'Name', from: 'Title', rows: 3 },
          { kind: 'retype', column: 'Name', from: 'text', type: 'number', rows: 3, unconvertible: 2, keptIn: 'Name (text)' },
          { kind: 'retype', column: 'Pages', type: 'text', rows: 1, unconvertible: 0 },
          { kind: 'add', column: 'Notes' },
          { kind: 'delete', column: 'Finished', rows: 0 },
        ],
      });
      // Nothing changed by a preview.
      expect(await rowsOf(tableId)).toEqual([{ Title: 'Dune', Pages: 412 }, { Title: '12' }, { Title: 'Emma' }]);

      const applied = await owner.rpc('database_table_change', { table_id: tableId, columns: next, apply: true });
      expect(applied.data).toMatchObject({ applied: true });
      expect(await rowsOf(tableId)).toEqual([{ 'Name (text)': 'Dune', Pages: '412' }, { Name: 12 }, { 'Name (text)': 'Emma' }]);
      expect((await admin.from('DatabaseTable').select('columns').eq('id', tableId).single()).data?.columns).toEqual([
        { name: 'Name', type: 'number' },
        { name: 'Name (text)', type: 'text' },
        { name: 'Pages', type: 'text' },
        { name: 'Read', type: 'boolean' },
        { name: 'Notes', type: 'text' },
      ]);
    });

    it('refuses to rename a column an app’s database step names, listing the step', async () => {
      const { databaseId, tableId } = await seed([{ Title: 'Dune' }]);
      const app = await admin.from('App').insert({ owner_id: ownerId, name: 'Logger', database_id: databaseId }).select('id').single();
      if (app.error) throw new Error(app.error.message);
      const spec: Json = {
        entryStepId: 'save',
        steps: [{ id: 'save', kind: 'database', title: 'Save the book', config: { databaseId, tableId, operation: 'write', values: { Title: '{{title}}' } } }],
      };
      const version = await admin.from('AppVersion').insert({ app_id: app.data.id, spec });
      if (version.error) throw new Error(version.error.message);
      const renamed = await owner.rpc('database_table_change', {
        table_id: tableId,
        columns: [{ name: 'Name', type: 'text', from: 'Title' }, { name: 'Pages', type: 'number', from: 'Pages' }, { name: 'Read', type: 'boolean', from: 'Read' }, { name: 'Finished', type: 'date', from: 'Finished' }],
        apply: true,
      });
      expect(renamed.data).toMatchObject({ applied: false, blockedBy: [{ appName: 'Logger', version: 1, stepId: 'save', stepTitle: 'Save the book', column: 'Title' }] });
      expect(await rowsOf(tableId)).toEqual([{ Title: 'Dune' }]);
    });

    it('another user can neither preview nor apply a change to the owner’s table', async () => {
      const { tableId } = await seed([{ Title: 'Dune' }]);
      expectCode(await other.rpc('database_table_change', { table_id: tableId, columns: [], apply: true }), 'PT404', 404);
      expectCode(await anon.rpc('database_table_change', { table_id: tableId, columns: [], apply: true }), '42501', 401);
      expect(await rowsOf(tableId)).toEqual([{ Title: 'Dune' }]);
    });
  });

  describe('the SDK on these functions', () => {
    it('imports, pages and edits through client.databases, with a stale edit as a `conflict` carrying the current row', async () => {
      const { databaseId, tableId } = await seed();
      expect(await ownerClient.databases.insertRows(tableId, [{ Title: 'Dune', Pages: '412' }, { Pages: 'x' }])).toEqual({
        inserted: 1,
        skipped: 1,
        errors: [{ row: 2, message: 'Row 2 has "x" in Pages, which is not a number.' }],
      });
      const [row] = (await ownerClient.databases.rowsPage({ tableId })).rows;
      if (!row) throw new Error('no row');
      const edited = await ownerClient.databases.updateRow(row.id, { Pages: 413 }, row.updated_at);
      const conflict = await ownerClient.databases.updateRow(row.id, { Pages: 1 }, row.updated_at).then(
        () => null,
        (error: unknown) => error as AppforgeError,
      );
      expect(conflict?.code).toBe('conflict');
      expect(conflict?.status).toBe(409);
      expect(conflict?.details).toEqual(edited);
      expect(await ownerClient.databases.tableCounts([databaseId])).toEqual([{ table_id: tableId, database_id: databaseId, row_count: 1 }]);
      expect(await ownerClient.databases.deleteRows([row.id])).toBe(1);
      const missing = await ownerClient.databases.rowsPage({ tableId, sort: { column: 'Nope', desc: false } }).catch((error: unknown) => error as AppforgeError);
      expect(missing).toMatchObject({ code: 'invalid_input', message: 'There is no column "Nope" to sort by.' });
    });
  });

  describe('DatabaseLimit', () => {
    it('signed-in users read the limits; nobody but the server changes them', async () => {
      expect((await owner.from('DatabaseLimit').select('max_rows, max_rows_per_call').single()).data).toEqual({ max_rows: 200_000, max_rows_per_call: 10_000 });
      expectCode(await owner.from('DatabaseLimit').update({ max_rows: 1 }).eq('id', true), '42501', 403);
      expectCode(await anon.from('DatabaseLimit').select('max_rows'), '42501', 401);
      expect((await admin.from('DatabaseLimit').select('max_rows').single()).data?.max_rows).toBe(200_000);
    });

    it('refuses a table past the per-database table limit', async () => {
      const { databaseId } = await seed();
      await admin.from('DatabaseLimit').update({ max_tables: 1 }).eq('id', true);
      try {
        const second = await owner.from('DatabaseTable').insert({ database_id: databaseId, name: 'Authors' });
        expect(second.error?.message).toBe('A database has at most 1 tables.');
      } finally {
        await admin.from('DatabaseLimit').update({ max_tables: 50 }).eq('id', true);
      }
    });
  });
});
