// Issue 14 on the real backend: pages sorted by the typed sort key (20261125203000) answer exactly
// what the previous implementation (database_rows_page_scan) answers — every filter operator of
// the `database` step, every column type, nulls, mixed types, ties, long texts — and stay exact
// while rows are added, edited and deleted and columns change; the key tables are the owner's only.
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES } from '../harness.js';
import type { TestBackend } from '../harness.js';
import type { TestUser } from '../functions-ai/helpers.js';
import { ownTable, rawRows, startWithUsers } from './helpers.js';
import type { Column } from './helpers.js';

const columns: Column[] = [
  { name: 'Title', type: 'text' },
  { name: 'Pages', type: 'number' },
  { name: 'Finished', type: 'date' },
  { name: 'Loved', type: 'boolean' },
  { name: 'Meta', type: 'json' },
  { name: 'Shelf', type: 'link' },
];
const LONG = 'x'.repeat(390);

// Mixed on purpose: numbers stored as JSON numbers and as text (even with spaces or an exponent),
// values that are not of the column's type, nulls and absent values, ties, dates with a time.
const rows = [
  { Title: 'Dune', Pages: 412, Finished: '2024-01-05', Loved: true, Meta: { a: 1 } },
  { Title: 'dune', Pages: '412', Finished: '2024-01-05T10:00:00Z', Loved: 'yes' },
  { Title: 'Emma', Pages: 9, Finished: 'soon', Loved: false, Meta: [1, 2] },
  { Title: 'Ulysses', Pages: 730.5, Finished: '2023-06-01', Meta: 'text' },
  { Title: 'Beloved', Pages: '80', Loved: null },
  { Title: '', Pages: 'many', Finished: '2024-13-40' },
  { Title: 7, Pages: -3, Finished: '1999-12-31', Shelf: '0b3a1b4e-9c8f-4d3a-9f7e-2b1c0d9e8f7a' },
  { Title: null, Pages: null, Finished: null, Loved: true },
  { Pages: '1e3', Meta: null },
  {},
  { Title: 'Émile', Pages: '  12 ', Finished: '2024-01-05', Shelf: 'not a row' },
  { Title: 'zebra 77', Pages: 1000, Finished: '2025-02-28', Loved: 'no' },
  { Title: `${LONG}a`, Pages: 5 },
  { Title: `${LONG}b`, Pages: 5 },
  { Title: 'Dune', Pages: 412, Finished: '2024-01-05' },
];

const FILTER_VALUES: Record<string, string[]> = {
  Title: ['Dune', 'dune', 'e', ''],
  Pages: ['412', '80', 'x'],
  Finished: ['2024-01-05', 'soon'],
  Loved: ['true'],
  Meta: ['1'],
};
const OPS = ['eq', 'neq', 'contains', 'gt', 'lt', 'gte', 'lte'] as const;

interface Page {
  total: number;
  capped: boolean;
  rows: { id: string; data: Record<string, unknown> }[];
}

describe.each(DATABASES)('sorted pages by the sort key on %s', (database) => {
  let backend: TestBackend;
  let anon: SupabaseClient;
  let owner: TestUser;
  let other: TestUser;

  beforeAll(async () => {
    ({ backend, anon, owner, other } = await startWithUsers(database));
  });
  afterAll(() => backend.stop());

  async function page(fn: 'database_rows_page' | 'database_rows_page_scan', args: Record<string, unknown>, client = owner.client): Promise<Page> {
    const answer = await client.rpc(fn, { page_size: 50, ...args });
    if (answer.error) throw new Error(`${fn} ${JSON.stringify(args)}: ${answer.error.message}`);
    return answer.data as Page;
  }

  /** Every sort (column × direction) with each filter, both ways: the answers must be equal. */
  async function expectSameAsScan(tableId: string, extra: Record<string, unknown> = {}, everyFilter = true): Promise<number> {
    const filterSets: unknown[][] = [[], [{ column: 'Pages', op: 'gte', value: '10' }, { column: 'Title', op: 'contains', value: 'u' }]];
    for (const [column, values] of everyFilter ? Object.entries(FILTER_VALUES) : []) {
      for (const op of OPS) for (const value of values) filterSets.push([{ column, op, value }]);
    }
    const cases: Record<string, unknown>[] = [];
    for (const sort of columns) {
      for (const desc of [false, true]) {
        for (const filters of filterSets) cases.push({ table_id: tableId, filters, sort_column: sort.name, sort_desc: desc, ...extra });
      }
    }
    for (let i = 0; i < cases.length; i += 12) {
      await Promise.all(
        cases.slice(i, i + 12).map(async (args) => {
          const [byKey, byScan] = [await page('database_rows_page', args), await page('database_rows_page_scan', args)];
          expect(byKey, JSON.stringify(args)).toEqual(byScan);
        }),
      );
    }
    return cases.length;
  }

  it('answers what the scan answers for every operator, type, null and tie, and builds keys only for sorted columns', async () => {
    const tableId = await ownTable(owner.client, columns);
    await rawRows(backend, tableId, rows);
    const titles = (await page('database_rows_page', { table_id: tableId, sort_column: 'Pages', sort_desc: true })).rows.map((row) => row.data.Title);
    // Numbers as numbers (text "1e3" is 1000, tied with 1000), values that are not numbers (text
    // with spaces around it included) last.
    expect(new Set(titles.slice(0, 2))).toEqual(new Set(['zebra 77', undefined]));
    expect(titles.slice(2, 3)).toEqual(['Ulysses']);
    expect(new Set(titles.slice(-4))).toEqual(new Set(['', null, undefined, 'Émile']));
    expect((await owner.client.from('DatabaseSortColumn').select('column_name').eq('table_id', tableId)).data).toEqual([{ column_name: 'Pages' }]);

    expect(await expectSameAsScan(tableId)).toBeGreaterThan(900);
    // Pages further in, and page sizes that split ties.
    await expectSameAsScan(tableId, { page_offset: 3, page_size: 4 }, false);
    const built = await backend.db.query<{ column_name: string }>('select column_name from public."DatabaseSortColumn" where table_id = $1 order by 1', [tableId]);
    expect(built.rows.map((row) => row.column_name)).toEqual(['Finished', 'Loved', 'Meta', 'Pages', 'Shelf', 'Title']);
  }, 300_000);

  it('the page without a count and database_rows_count answer what the counted page answers, for every filter (20261126000000)', async () => {
    const tableId = await ownTable(owner.client, columns);
    await rawRows(backend, tableId, rows);
    const filterSets: unknown[][] = [[], [{ column: 'Pages', op: 'gte', value: '10' }, { column: 'Pages', op: 'lt', value: '500' }]];
    for (const [column, values] of Object.entries(FILTER_VALUES)) {
      for (const op of OPS) for (const value of values) filterSets.push([{ column, op, value }]);
    }
    // Pages sorted first, so number bounds on Pages are counted from its keys.
    await page('database_rows_page', { table_id: tableId, sort_column: 'Pages' });
    for (const filters of filterSets) {
      const counted = await page('database_rows_page_scan', { table_id: tableId, filters, sort_column: 'Pages', page_size: 4 });
      const slice = (await owner.client.rpc('database_rows_page', { table_id: tableId, filters, sort_column: 'Pages', page_size: 4, with_total: false })).data as { has_more: boolean; rows: unknown[] };
      expect(slice, JSON.stringify(filters)).toEqual({ has_more: counted.total > 4, rows: counted.rows });
      const count = await owner.client.rpc('database_rows_count', { table_id: tableId, filters });
      expect(count.data, JSON.stringify(filters)).toEqual({ total: counted.total, capped: false });
    }
    // PostgreSQL's JIT stays off for the functions that read rows (it cost ~250 ms a filtered page).
    const settings = await backend.db.query<{ proname: string; proconfig: string[] | null }>(
      `select proname, proconfig from pg_proc where proname in ('database_rows_page_read', 'database_rows_count') order by proname`,
    );
    expect(settings.rows.map((row) => [row.proname, row.proconfig?.includes('jit=off')])).toEqual([
      ['database_rows_count', true],
      ['database_rows_page_read', true],
    ]);
  }, 300_000);

  it('stays exact while rows are added, edited and deleted, and after a column is renamed or retyped', async () => {
    const tableId = await ownTable(owner.client, columns);
    await rawRows(backend, tableId, rows);
    const sorted = (column: string, desc = false) => ({ table_id: tableId, sort_column: column, sort_desc: desc });
    await page('database_rows_page', sorted('Pages'));
    await page('database_rows_page', sorted('Title'));

    // Add (bulk insert and plain REST), edit (a sorted value and a created_at), delete.
    expect((await owner.client.rpc('database_rows_insert', { table_id: tableId, rows: [{ Title: 'Aardvark', Pages: '5000' }, { Pages: '0' }] })).error).toBeNull();
    expect((await owner.client.from('DatabaseRow').insert({ table_id: tableId, data: { Title: 'Middle', Pages: 400 } })).error).toBeNull();
    const rowOf = async (title: string) =>
      (await backend.db.query<{ id: string; updated_at: string }>(
        `select id, to_json(updated_at) #>> '{}' as updated_at from public."DatabaseRow" where table_id = $1 and data ->> 'Title' = $2`,
        [tableId, title],
      )).rows[0];
    const emma = await rowOf('Emma');
    expect((await owner.client.rpc('database_row_update', { row_id: emma?.id, patch: { Pages: 99999, Title: 'Zzz' }, expected_updated_at: emma?.updated_at })).error).toBeNull();
    await backend.db.query(`update public."DatabaseRow" set created_at = created_at - interval '1 day' where table_id = $1 and data ->> 'Title' = 'Beloved'`, [tableId]);
    expect((await owner.client.from('DatabaseRow').delete().eq('id', (await rowOf('Ulysses'))?.id)).error).toBeNull();
    // Texts longer than the key keeps (400 characters): pages sorted by them are read by the scan.
    await rawRows(backend, tableId, [{ Title: `${'y'.repeat(500)}b` }, { Title: `${'y'.repeat(500)}a` }]);
    for (const column of ['Pages', 'Title']) {
      for (const desc of [false, true]) {
        expect(await page('database_rows_page', sorted(column, desc))).toEqual(await page('database_rows_page_scan', sorted(column, desc)));
      }
    }
    expect((await page('database_rows_page', sorted('Pages', true))).rows[0]?.data.Title).toBe('Zzz');

    // Renaming Title and making Pages text drop their keys; the next sort builds them again.
    const change = await owner.client.rpc('database_table_change', {
      table_id: tableId,
      apply: true,
      columns: [
        { name: 'Name', type: 'text', from: 'Title' },
        { name: 'Pages', type: 'text', from: 'Pages' },
        ...columns.slice(2).map((column) => ({ ...column, from: column.name })),
      ],
    });
    expect(change.error).toBeNull();
    expect((await owner.client.from('DatabaseSortColumn').select('column_name').eq('table_id', tableId)).data).toEqual([]);
    const keys = await backend.db.query('select count(*)::int as n from public."DatabaseSortKey" where table_id = $1', [tableId]);
    expect(keys.rows[0]).toEqual({ n: 0 });
    for (const column of ['Name', 'Pages']) {
      expect(await page('database_rows_page', sorted(column, true))).toEqual(await page('database_rows_page_scan', sorted(column, true)));
    }

    // Deleting the table takes its keys with it.
    await backend.db.query('delete from public."DatabaseTable" where id = $1', [tableId]);
    const left = await backend.db.query('select count(*)::int as n from public."DatabaseSortKey" where table_id = $1', [tableId]);
    expect(left.rows[0]).toEqual({ n: 0 });
  });

  it('a read-only call (GET) answers from the scan and builds nothing', async () => {
    const tableId = await ownTable(owner.client, columns);
    await rawRows(backend, tableId, rows);
    const args = { table_id: tableId, sort_column: 'Finished', sort_desc: true, page_size: 50 };
    const viaGet = await owner.client.rpc('database_rows_page', args, { get: true });
    expect(viaGet.error).toBeNull();
    expect(viaGet.data).toEqual(await page('database_rows_page_scan', args));
    expect((await owner.client.from('DatabaseSortColumn').select('column_name').eq('table_id', tableId)).data).toEqual([]);
  });

  it('DatabaseSortColumn and DatabaseSortKey: the owner reads their own; nobody writes them; another user and a visitor get nothing', async () => {
    const tableId = await ownTable(owner.client, columns);
    await rawRows(backend, tableId, rows);
    await page('database_rows_page', { table_id: tableId, sort_column: 'Title' });
    const keyCount = (await owner.client.from('DatabaseSortKey').select('row_id').eq('table_id', tableId)).data?.length;
    expect(keyCount).toBe(rows.length);

    for (const table of ['DatabaseSortColumn', 'DatabaseSortKey']) {
      expect((await other.client.from(table).select('table_id').eq('table_id', tableId)).data).toEqual([]);
      expect((await anon.from(table).select('table_id')).error?.code).toBe('42501');
      for (const client of [owner.client, other.client, anon]) {
        const forged: Record<string, unknown> = table === 'DatabaseSortKey'
          ? { table_id: tableId, row_id: tableId, column_name: 'Title', created_at: new Date().toISOString(), is_num: false, txt: 'aaa' }
          : { table_id: tableId, column_name: 'Pages', column_type: 'number' };
        expect((await client.from(table).insert(forged)).error?.code).toBe('42501');
        expect((await client.from(table).update({ column_name: 'Pages' }).eq('table_id', tableId)).error?.code).toBe('42501');
        expect((await client.from(table).delete().eq('table_id', tableId)).error?.code).toBe('42501');
      }
    }
    const still = await backend.db.query('select count(*)::int as n from public."DatabaseSortKey" where table_id = $1', [tableId]);
    expect(still.rows[0]).toEqual({ n: rows.length });

    // Another user can neither page nor build keys on the owner's table; a visitor is refused.
    const stolen = await other.client.rpc('database_rows_page', { table_id: tableId, sort_column: 'Pages' });
    expect(stolen.error?.code).toBe('PT404');
    expect(JSON.stringify(stolen.data ?? null)).not.toContain('Dune');
    expect((await other.client.rpc('database_sort_keys_build', { table_id: tableId, column_name: 'Pages' })).error?.code).toBe('PT404');
    expect((await anon.rpc('database_sort_keys_build', { table_id: tableId, column_name: 'Pages' })).error?.code).toBe('42501');
    const built = await backend.db.query('select column_name from public."DatabaseSortColumn" where table_id = $1', [tableId]);
    expect(built.rows).toEqual([{ column_name: 'Title' }]);
  });
});
