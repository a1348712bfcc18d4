// Helpers for the databases tests (issue 14): a user's database and table made through their own
// client, rows written as the server would write them.
import type { SupabaseClient } from '@supabase/supabase-js';
import { startTestBackend } from '../harness.js';
import type { TestBackend, TestDatabase } from '../harness.js';
import { signedIn } from '../functions-ai/helpers.js';
import type { TestUser } from '../functions-ai/helpers.js';

export interface Column {
  name: string;
  type: 'text' | 'number' | 'boolean' | 'date' | 'json' | 'link';
  required?: boolean;
  default?: unknown;
  unique?: boolean;
}

/** A backend on `database` with a visitor, a table owner and another user. */
export async function startWithUsers(database: TestDatabase): Promise<{ backend: TestBackend; anon: SupabaseClient; owner: TestUser; other: TestUser }> {
  const backend = await startTestBackend({ database });
  return { backend, anon: backend.client(), owner: await signedIn(backend), other: await signedIn(backend) };
}

/** A database with one table, made by `client` (its owner). */
export async function ownTable(client: SupabaseClient, columns: Column[], name = 'Books'): Promise<string> {
  const database = await client.from('Database').insert({ name: 'Reading' }).select('id').single<{ id: string }>();
  if (database.error) throw new Error(`creating the database failed: ${database.error.message}`);
  const table = await client.from('DatabaseTable').insert({ database_id: database.data.id, name, columns }).select('id').single<{ id: string }>();
  if (table.error) throw new Error(`creating the table failed: ${table.error.message}`);
  return table.data.id;
}

/** Rows inserted as they are (no conversion), in one statement, as the superuser. */
export async function rawRows(backend: TestBackend, tableId: string, rows: readonly unknown[]): Promise<void> {
  await backend.db.query('insert into public."DatabaseRow" (table_id, data) select $1, r from jsonb_array_elements($2::jsonb) as r', [tableId, JSON.stringify(rows)]);
}

/** A table's rows, oldest first (rows of one statement by title). */
export async function storedRows(backend: TestBackend, tableId: string): Promise<Record<string, unknown>[]> {
  const result = await backend.db.query<{ data: Record<string, unknown> }>(
    `select data from public."DatabaseRow" where table_id = $1 order by created_at, data ->> 'Title'`,
    [tableId],
  );
  return result.rows.map((row) => row.data);
}
