// Column rules (supabase/migrations/20261125103000_database_column_rules.sql) on the real backend:
// required, default and unique hold for every writer (REST as the owner, the service role as
// run-app writes, the bulk insert, an edit, a structure change), each refusal names the column,
// and another user learns nothing about the owner's values from them.
import type { PostgrestError, SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Json } from '../src/database.types';
import { startBackend } from './backend';
import type { SdkTestBackend } from './backend';

type Db = SupabaseClient<Database>;

interface InsertResult {
  inserted: number;
  skipped: number;
  errors: { row: number; message: string }[];
}

const columns: Json = [
  { name: 'Email', type: 'text', required: true, unique: true },
  { name: 'Score', type: 'number', default: '0' },
  { name: 'Team', type: 'text' },
];

function expectRefused(result: { error: PostgrestError | null; status: number }, code: string, status: number, message: string): void {
  expect(result.error?.code).toBe(code);
  expect(result.status).toBe(status);
  expect(result.error?.message).toBe(message);
}

describe('column rules: required, default and unique', () => {
  let backend: SdkTestBackend;
  let admin: Db;
  let owner: Db;
  let other: Db;
  let ownerId: string;

  beforeAll(async () => {
    backend = await startBackend();
    admin = backend.admin;
    const [ownerUser, otherUser] = await Promise.all([backend.signedInUser('rulesowner'), backend.signedInUser('rulesother')]);
    owner = ownerUser.client.supabase;
    other = otherUser.client.supabase;
    ownerId = ownerUser.id;
  });
  afterAll(() => backend.stop());

  async function seed(cols: Json = columns) {
    const database = await admin.from('Database').insert({ owner_id: ownerId, name: 'Quiz' }).select('id').single();
    if (database.error) throw new Error(database.error.message);
    const table = await admin.from('DatabaseTable').insert({ database_id: database.data.id, name: 'Players', columns: cols }).select('id, columns').single();
    if (table.error) throw new Error(table.error.message);
    return { tableId: table.data.id, stored: table.data.columns };
  }
  const rowsOf = async (tableId: string) =>
    ((await admin.from('DatabaseRow').select('data').eq('table_id', tableId).order('created_at').order('id')).data ?? []).map((row) => row.data);

  it('stores a default as its column type wants it and refuses rules that cannot hold', async () => {
    const { stored } = await seed([
      { name: 'Email', type: 'text', required: true, unique: true },
      { name: 'Score', type: 'number', default: '0', required: false },
    ]);
    expect(stored).toEqual([
      { name: 'Email', type: 'text', required: true, unique: true },
      { name: 'Score', type: 'number', default: 0 },
    ]);
    const database = await admin.from('Database').insert({ owner_id: ownerId, name: 'Bad rules' }).select('id').single();
    const tryColumns = (cols: Json) => owner.from('DatabaseTable').insert({ database_id: database.data?.id ?? '', name: 'T', columns: cols });
    expectRefused(await tryColumns([{ name: 'Score', type: 'number', default: 'lots' }]), '23514', 400, 'The default of "Score" is not a valid number value.');
    expectRefused(await tryColumns([{ name: 'Data', type: 'json', unique: true }]), '23514', 400, 'Column "Data" holds JSON, which cannot be unique.');
    expectRefused(
      await tryColumns([{ name: 'Code', type: 'text', unique: true, default: 'x' }]),
      '23514',
      400,
      'Column "Code" is unique, so it cannot have a default (every row would repeat it).',
    );
    expectRefused(await tryColumns([{ name: 'Code', type: 'text', required: 'yes' }]), '23514', 400, 'Column "Code": required is true or false.');
  });

  it('holds for plain REST writes by the owner and for the service role, naming the column', async () => {
    const { tableId } = await seed();
    expect((await owner.from('DatabaseRow').insert({ table_id: tableId, data: { Email: 'ada@example.com' } })).error).toBeNull();
    expectRefused(
      await owner.from('DatabaseRow').insert({ table_id: tableId, data: { Team: 'Red' } }),
      '23514',
      400,
      'The column "Email" is required: give every row a value in it.',
    );
    expectRefused(
      await owner.from('DatabaseRow').insert({ table_id: tableId, data: { Email: '' } }),
      '23514',
      400,
      'The column "Email" is required: give every row a value in it.',
    );
    // As run-app writes an app's `database` step: with the service role.
    expectRefused(
      await admin.from('DatabaseRow').insert({ table_id: tableId, data: { Email: 'ada@example.com', Score: 3 } }),
      '23505',
      409,
      'The column "Email" is unique: "ada@example.com" is already in another row.',
    );
    // Two equal values in one statement are refused together.
    expectRefused(
      await admin.from('DatabaseRow').insert([
        { table_id: tableId, data: { Email: 'bo@example.com' } },
        { table_id: tableId, data: { Email: 'bo@example.com' } },
      ]),
      '23505',
      409,
      'The column "Email" is unique: "bo@example.com" is already in another row.',
    );
    expect(await rowsOf(tableId)).toEqual([{ Email: 'ada@example.com', Score: 0 }]);
  });

  it('an edit may not take a required value away or repeat a unique one; older rows stay editable', async () => {
    const { tableId } = await seed([{ name: 'Email', type: 'text' }, { name: 'Team', type: 'text' }]);
    await admin.from('DatabaseRow').insert({ table_id: tableId, data: { Team: 'Red' } });
    await admin.from('DatabaseRow').insert({ table_id: tableId, data: { Email: 'ada@example.com', Team: 'Blue' } });
    // Made required while one row has no value: refused at first (see the structure test), so
    // here the rule is written directly, as an older row would find it.
    await admin.from('DatabaseTable').update({ columns: [{ name: 'Email', type: 'text', required: true, unique: true }, { name: 'Team', type: 'text' }] }).eq('id', tableId);
    const rows = (await owner.from('DatabaseRow').select('id, data, updated_at').eq('table_id', tableId).order('created_at')).data ?? [];
    const [older, ada] = rows;
    if (!older || !ada) throw new Error('rows missing');
    const teamEdit = await owner.rpc('database_row_update', { row_id: older.id, patch: { Team: 'Green' }, expected_updated_at: older.updated_at });
    expect(teamEdit.error).toBeNull();
    expectRefused(
      await owner.rpc('database_row_update', { row_id: ada.id, patch: { Email: null }, expected_updated_at: ada.updated_at }),
      '23514',
      400,
      'The column "Email" is required: give every row a value in it.',
    );
    const latest = (await owner.from('DatabaseRow').select('updated_at').eq('id', older.id).single()).data?.updated_at ?? '';
    expectRefused(
      await owner.rpc('database_row_update', { row_id: older.id, patch: { Email: 'ada@example.com' }, expected_updated_at: latest }),
      '23505',
      409,
      'The column "Email" is unique: "ada@example.com" is already in another row.',
    );
    expect(await rowsOf(tableId)).toEqual([{ Team: 'Green' }, { Email: 'ada@example.com', Team: 'Blue' }]);
  });

  it('the bulk insert fills defaults, reports each row that breaks a rule by number and inserts the rest', async () => {
    const { tableId } = await seed();
    await admin.from('DatabaseRow').insert({ table_id: tableId, data: { Email: 'taken@example.com' } });
    const result = await owner.rpc('database_rows_insert', {
      table_id: tableId,
      rows: [
        { Email: 'ada@example.com', Score: '7' },
        { Team: 'Red' },
        { Email: 'taken@example.com' },
        { Email: 'bo@example.com', Score: null },
        { Email: 'ada@example.com' },
        { Email: '', Team: 'Blue' },
      ],
    });
    expect(result.error).toBeNull();
    const summary = result.data as unknown as InsertResult;
    expect(summary).toEqual({
      inserted: 2,
      skipped: 4,
      errors: [
        { row: 2, message: 'Row 2 has no value in Email, which is required.' },
        { row: 3, message: 'Row 3 has "taken@example.com" in Email, which another row already has (Email is unique).' },
        { row: 5, message: 'Row 5 repeats "ada@example.com" in Email from row 1 (Email is unique).' },
        { row: 6, message: 'Row 6 has no value in Email, which is required.' },
      ],
    });
    // The two inserted by one statement share created_at, so they are compared in any order.
    const rows = await rowsOf(tableId);
    expect(rows).toHaveLength(3);
    expect(rows[0]).toEqual({ Email: 'taken@example.com', Score: 0 });
    expect(rows.slice(1)).toEqual(expect.arrayContaining([{ Email: 'ada@example.com', Score: 7 }, { Email: 'bo@example.com', Score: 0 }]));
  });

  it('a structure change that turns a rule on is refused while rows break it, or fills the default', async () => {
    const { tableId } = await seed([{ name: 'Email', type: 'text' }, { name: 'Score', type: 'number' }]);
    await admin.from('DatabaseRow').insert([
      { table_id: tableId, data: { Email: 'ada@example.com', Score: 1 } },
      { table_id: tableId, data: { Email: 'ada@example.com' } },
      { table_id: tableId, data: { Score: 2 } },
    ]);
    const strict: Json = [
      { name: 'Email', type: 'text', from: 'Email', required: true, unique: true },
      { name: 'Score', type: 'number', from: 'Score', required: true, default: 5 },
    ];
    const refused = await owner.rpc('database_table_change', { table_id: tableId, columns: strict, apply: true });
    expect(refused.error).toBeNull();
    expect(refused.data).toMatchObject({
      applied: false,
      rules: [
        { column: 'Email', rule: 'required', rows: 1 },
        { column: 'Email', rule: 'unique', rows: 2 },
      ],
      changes: [{ kind: 'fill', column: 'Score', rows: 1, value: 5 }],
    });
    expect((await admin.from('DatabaseTable').select('columns').eq('id', tableId).single()).data?.columns).toEqual([
      { name: 'Email', type: 'text' },
      { name: 'Score', type: 'number' },
    ]);

    const relaxed: Json = [
      { name: 'Email', type: 'text', from: 'Email' },
      { name: 'Score', type: 'number', from: 'Score', required: true, default: '5' },
    ];
    const applied = await owner.rpc('database_table_change', { table_id: tableId, columns: relaxed, apply: true });
    expect(applied.data).toMatchObject({
      applied: true,
      rules: [],
      columns: [{ name: 'Email', type: 'text' }, { name: 'Score', type: 'number', required: true, default: 5 }],
    });
    // Inserted together, so compared in any order.
    const after = await rowsOf(tableId);
    expect(after).toHaveLength(3);
    expect(after).toEqual(
      expect.arrayContaining([{ Email: 'ada@example.com', Score: 1 }, { Email: 'ada@example.com', Score: 5 }, { Score: 2 }]),
    );
  });

  it('another user cannot probe the owner’s unique values: row-level security answers first', async () => {
    const { tableId } = await seed();
    await admin.from('DatabaseRow').insert({ table_id: tableId, data: { Email: 'secret@example.com' } });
    const probe = await other.from('DatabaseRow').insert({ table_id: tableId, data: { Email: 'secret@example.com' } });
    expect(probe.error?.code).toBe('42501');
    expect(probe.error?.message).not.toContain('secret');
    const bulk = await other.rpc('database_rows_insert', { table_id: tableId, rows: [{ Email: 'secret@example.com' }] });
    expect(bulk.error?.code).toBe('PT404');
    expect(await rowsOf(tableId)).toEqual([{ Email: 'secret@example.com', Score: 0 }]);
  });
});
