// Issue 14 on the real backend: the set-based bulk insert (20261125203100) converts like
// database_convert_value, reports each bad row by number with the same sentences and inserts the
// good ones, keeps every limit and column rule, checks ownership once (another user and a visitor
// change nothing), and the row triggers it skips still hold for every other writer.
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES } from '../harness.js';
import type { TestBackend } from '../harness.js';
import type { TestUser } from '../functions-ai/helpers.js';
import { ownTable, startWithUsers, storedRows } from './helpers.js';
import type { Column } from './helpers.js';

const columns: Column[] = [
  { name: 'Title', type: 'text', required: true },
  { name: 'Pages', type: 'number', default: 100 },
  { name: 'Finished', type: 'date' },
  { name: 'Loved', type: 'boolean' },
  { name: 'Meta', type: 'json' },
  { name: 'Shelf', type: 'link' },
  { name: 'Code', type: 'text', unique: true },
];

const TYPES = ['text', 'number', 'boolean', 'date', 'json', 'link'] as const;
const VALUES: unknown[] = [
  null, '', ' ', 'abc', 'ABC ', '12', ' 12 ', '-3.5', '1e3', '1E-2', '1e1234', '12abc', '0x10', 12, -0.5, 1e21, 0, 1, true, false,
  'true', 'Yes', ' no ', 'NO', '1', '0', 'maybe', '2024-01-05', '2024-02-29', '2023-02-29', '1900-02-29', '2000-02-29', '2024-04-31',
  '2024-13-01', '0000-01-01', '0001-01-01', '9999-12-31', '2024-01-05T10:00:00Z', ' 2024-01-05 ', '2024-1-5', '20240105',
  '0B3A1B4E-9C8F-4D3A-9F7E-2B1C0D9E8F7A', ' 0b3a1b4e-9c8f-4d3a-9f7e-2b1c0d9e8f7a ', '0b3a1b4e9c8f4d3a9f7e2b1c0d9e8f7a', { a: 1, b: null }, [1, 'x'], 'Émile',
];

interface InsertResult {
  inserted: number;
  skipped: number;
  errors: { row: number; message: string }[];
}

describe.each(DATABASES)('the bulk insert on %s', (database) => {
  let backend: TestBackend;
  let anon: SupabaseClient;
  let owner: TestUser;
  let other: TestUser;

  beforeAll(async () => {
    ({ backend, anon, owner, other } = await startWithUsers(database));
  });
  afterAll(() => backend.stop());

  async function insert(client: SupabaseClient, tableId: string, rows: unknown): Promise<InsertResult> {
    const answer = await client.rpc('database_rows_insert', { table_id: tableId, rows });
    if (answer.error) throw new Error(answer.error.message);
    return answer.data as InsertResult;
  }

  it('converts every value exactly as database_convert_value does, for every column type', async () => {
    const exprs = await backend.db.query<{ type: string; sql: string }>(
      `select t.type, public.database_convert_sql('c.value', t.type) as sql from unnest($1::text[]) as t (type)`,
      [TYPES],
    );
    const result = await backend.db.query<{ type: string; value: unknown; fast: unknown; slow: unknown }>(
      `with convert_cases as (select v.value, t.type from jsonb_array_elements($1::jsonb) as v, unnest($2::text[]) as t (type)) ` +
        exprs.rows
          .map((row) => `select c.type, c.value, ${row.sql} as fast, public.database_convert_value(c.value, c.type) as slow from convert_cases as c where c.type = '${row.type}'`)
          .join(' union all '),
      [JSON.stringify(VALUES), TYPES],
    );
    expect(result.rows).toHaveLength(VALUES.length * TYPES.length);
    const differing = result.rows.filter((row) => JSON.stringify(row.fast) !== JSON.stringify(row.slow));
    expect(differing).toEqual([]);
    // Not vacuous: some of each type convert and some do not.
    for (const type of TYPES) {
      const ofType = result.rows.filter((row) => row.type === type);
      expect(ofType.some((row) => row.slow !== null)).toBe(true);
      expect(ofType.some((row) => row.slow === null)).toBe(true);
    }
  });

  it('lists an import’s rows in the file’s order, after the rows that were there before (issue 27)', async () => {
    const tableId = await ownTable(owner.client, columns);
    await insert(owner.client, tableId, [{ Title: 'Already here' }]);
    // Titles whose order is neither alphabetical nor random: the file's order is the only one.
    const titles = Array.from({ length: 300 }, (_, index) => `Book ${String((index * 7919) % 1000).padStart(3, '0')}`);
    expect((await insert(owner.client, tableId, titles.slice(0, 200).map((Title) => ({ Title })))).inserted).toBe(200);
    expect((await insert(owner.client, tableId, titles.slice(200).map((Title) => ({ Title })))).inserted).toBe(100);
    const page = await owner.client.rpc('database_rows_page', { table_id: tableId, filters: [], sort_desc: false, page_offset: 0, page_size: 500, with_total: false });
    expect(page.error).toBeNull();
    const listed = (page.data as { rows: { data: { Title: string } }[] }).rows.map((row) => row.data.Title);
    expect(listed).toEqual(['Already here', ...titles]);
  });

  it('reports each bad row by number with the same sentences, fills defaults and inserts the good rows', async () => {
    const tableId = await ownTable(owner.client, columns);
    await insert(owner.client, tableId, [{ Title: 'Existing', Code: 'C-1' }]);
    const result = await insert(owner.client, tableId, [
      { Title: 'Dune', Pages: ' 412 ', Finished: '2024-01-05', Loved: 'yes', Meta: { a: 1 }, Shelf: '0B3A1B4E-9C8F-4D3A-9F7E-2B1C0D9E8F7A' },
      { Title: 'Bad number', Pages: 'many' },
      { Title: 'Unknown', Colour: 'red' },
      'not an object',
      { Title: 'Bad day', Finished: '2023-02-29' },
      { Pages: 3 },
      { Title: '', Pages: 4 },
      { Title: 'Taken', Code: 'C-1' },
      { Title: 'First', Code: 'C-2' },
      { Title: 'Again', Code: 'C-2' },
      { Title: 'Empty number', Pages: '' },
      { Title: 'Nulls', Pages: null, Meta: null, Colour: null },
      { Title: 'Too long', Meta: 'x'.repeat(65_537) },
      { Title: 'Yes/no', Loved: 'maybe', Pages: 'x' },
    ]);
    expect(result.errors).toEqual([
      { row: 2, message: 'Row 2 has "many" in Pages, which is not a number.' },
      { row: 3, message: 'Row 3 has no column "Colour".' },
      { row: 4, message: 'Row 4 is not a set of column values.' },
      { row: 5, message: 'Row 5 has "2023-02-29" in Finished, which is not a date (yyyy-mm-dd).' },
      { row: 6, message: 'Row 6 has no value in Title, which is required.' },
      { row: 7, message: 'Row 7 has no value in Title, which is required.' },
      { row: 8, message: 'Row 8 has "C-1" in Code, which another row already has (Code is unique).' },
      { row: 10, message: 'Row 10 repeats "C-2" in Code from row 9 (Code is unique).' },
      { row: 11, message: 'Row 11 has "" in Pages, which is not a number.' },
      { row: 12, message: 'Row 12 has no column "Colour".' },
      { row: 13, message: 'Row 13 has more than 65536 characters in Meta.' },
      { row: 14, message: 'Row 14 has "maybe" in Loved, which is not a yes/no value.' },
    ]);
    expect(result).toMatchObject({ inserted: 2, skipped: 12 });
    expect(await storedRows(backend, tableId)).toEqual([
      { Title: 'Existing', Code: 'C-1', Pages: 100 },
      { Title: 'Dune', Pages: 412, Finished: '2024-01-05', Loved: true, Meta: { a: 1 }, Shelf: '0b3a1b4e-9c8f-4d3a-9f7e-2b1c0d9e8f7a' },
      { Title: 'First', Code: 'C-2', Pages: 100 },
    ]);
  });

  it('keeps the limits: too many rows, the database row limit and a short cell limit refuse the whole call', async () => {
    const tableId = await ownTable(owner.client, columns);
    const tooMany = await owner.client.rpc('database_rows_insert', { table_id: tableId, rows: Array.from({ length: 10_001 }, (_, i) => ({ Title: `T${String(i)}` })) });
    expect(tooMany.error?.code).toBe('PT413');
    try {
      await backend.db.query('update public."DatabaseLimit" set max_rows = 3, max_cell_chars = 20');
      const overRows = await owner.client.rpc('database_rows_insert', { table_id: tableId, rows: [{ Title: 'a' }, { Title: 'b' }, { Title: 'c' }, { Title: 'd' }] });
      expect(overRows.error?.code).toBe('23514');
      expect(overRows.error?.message).toBe('The database "Reading" would have more than 3 rows: delete some rows first.');
      // Below 1,100 characters a stored cell can be longer than the one sent (1e25 is 26 digits):
      // the row triggers check the stored cells, as for every other writer.
      const longNumber = await owner.client.rpc('database_rows_insert', { table_id: tableId, rows: [{ Title: 'n', Pages: '1e25' }] });
      expect(longNumber.error?.code).toBe('23514');
      expect(longNumber.error?.message).toBe('A cell holds at most 20 characters ("Pages" is longer).');
    } finally {
      await backend.db.query('update public."DatabaseLimit" set max_rows = 200000, max_cell_chars = 65536');
    }
    expect(await storedRows(backend, tableId)).toEqual([]);
  });

  it('another user and a visitor cannot insert into the owner’s table; the service role can', async () => {
    const tableId = await ownTable(owner.client, columns);
    const stolen = await other.client.rpc('database_rows_insert', { table_id: tableId, rows: [{ Title: 'Intruder' }] });
    expect(stolen.error?.code).toBe('PT404');
    expect(stolen.error?.message).toBe('This table was not found.');
    expect((await anon.rpc('database_rows_insert', { table_id: tableId, rows: [{ Title: 'Visitor' }] })).error?.code).toBe('42501');
    expect(await storedRows(backend, tableId)).toEqual([]);
    expect(await insert(backend.serviceClient(), tableId, [{ Title: 'From an app run' }])).toEqual({ inserted: 1, skipped: 0, errors: [] });
  });

  it('the row checks it skips still hold for everyone else, even with its setting turned on', async () => {
    const tableId = await ownTable(owner.client, columns);
    // Plain REST as the owner: the required value and the cell limit are still checked per row.
    expect((await owner.client.from('DatabaseRow').insert({ table_id: tableId, data: { Pages: 1 } })).error?.code).toBe('23514');
    expect((await owner.client.from('DatabaseRow').insert({ table_id: tableId, data: { Title: 'x'.repeat(65_537) } })).error?.code).toBe('23514');
    // A session that turns the setting on itself, as an API role, gets no pass either.
    const refused = await backend.db
      .transaction(async (tx) => {
        await tx.query(`select set_config('appforge.database_rows_prechecked', 'on', true), set_config('role', 'authenticated', true),
                               set_config('request.jwt.claims', $1, true)`, [JSON.stringify({ sub: owner.id, role: 'authenticated' })]);
        await tx.query('insert into public."DatabaseRow" (table_id, data) values ($1, $2::jsonb)', [tableId, JSON.stringify({ Pages: 2 })]);
      })
      .then(() => undefined, (error: unknown) => error);
    expect(String(refused)).toContain('The column "Title" is required');
    expect(await storedRows(backend, tableId)).toEqual([]);
  });
});
