import type { SupabaseClient } from '@supabase/supabase-js';
import { z } from 'zod';
import { UUID_PATTERN, requireUuid } from './app-rows';
import { createDatabaseDataApi } from './database-data';
import { signedInUserId } from './request';
import {
  DATABASE_COLUMNS_SELECT,
  TABLE_COLUMNS_SELECT,
  createDatabaseInputSchema,
  databasePatchSchema,
  databaseRowSchema,
  invalidFrom,
  tableRowSchema,
} from './database-rows';
import type { DatabaseDetail, DatabaseTableInfo } from './database-rows';
import type { Database } from './database.types';
import { AppforgeError, fromPostgrest } from './errors';
import { embeddedCountSchema, parseResponse } from './rows';
import type { DatabasesApi } from './types';

export function databaseNotFound(cause?: unknown): AppforgeError {
  return new AppforgeError({ code: 'not_found', message: 'This database was not found.', status: 404, cause });
}


export function createDatabasesApi(supabase: SupabaseClient<Database>): DatabasesApi {
  async function tablesOf(databaseId: string): Promise<DatabaseTableInfo[]> {
    const { data, error, status } = await supabase
      .from('DatabaseTable')
      .select(TABLE_COLUMNS_SELECT)
      .eq('database_id', databaseId)
      .order('position', { ascending: true })
      .order('created_at', { ascending: true });
    if (error) throw fromPostgrest(error, status);
    return parseResponse(z.array(tableRowSchema), data, 'the database’s tables');
  }

  async function get(databaseId: string): Promise<DatabaseDetail> {
    if (!UUID_PATTERN.test(databaseId)) throw databaseNotFound({ databaseId });
    const ownerId = await signedInUserId(supabase);
    const { data, error, status } = await supabase
      .from('Database')
      .select(DATABASE_COLUMNS_SELECT)
      .eq('id', databaseId)
      .eq('owner_id', ownerId)
      .maybeSingle();
    if (error) throw fromPostgrest(error, status);
    if (data === null) throw databaseNotFound({ databaseId });
    const row = parseResponse(databaseRowSchema, data, 'the database');
    return { ...row, tables: await tablesOf(row.id) };
  }

  return {
    ...createDatabaseDataApi(supabase),

    async listMine() {
      const ownerId = await signedInUserId(supabase);
      // The tables are counted by the database (an embedded count), not downloaded.
      const { data, error, status } = await supabase
        .from('Database')
        .select(`${DATABASE_COLUMNS_SELECT}, DatabaseTable(count)`)
        .eq('owner_id', ownerId)
        .order('updated_at', { ascending: false });
      if (error) throw fromPostgrest(error, status);
      const rows = parseResponse(z.array(databaseRowSchema.extend({ DatabaseTable: embeddedCountSchema })), data, 'your databases');
      return rows.map(({ DatabaseTable: counted, ...row }) => ({ ...row, table_count: counted[0]?.count ?? 0 }));
    },

    get,

    async create(input) {
      const parsed = createDatabaseInputSchema.safeParse(input);
      if (!parsed.success) throw invalidFrom(parsed.error, 'The database is not valid.');
      const { name, description, tables = [] } = parsed.data;
      await signedInUserId(supabase);
      const created = await supabase
        .from('Database')
        .insert({ name, description: description ?? '' })
        .select(DATABASE_COLUMNS_SELECT)
        .single();
      if (created.error) throw fromPostgrest(created.error, created.status);
      const row = parseResponse(databaseRowSchema, created.data, 'the new database');
      if (tables.length > 0) {
        const inserted = await supabase
          .from('DatabaseTable')
          .insert(tables.map((table, position) => ({ database_id: row.id, name: table.name, columns: table.columns, position })));
        if (inserted.error) {
          // No half-made database is left behind: the tables are part of what was asked for.
          await supabase.from('Database').delete().eq('id', row.id);
          throw fromPostgrest(inserted.error, inserted.status);
        }
      }
      return { ...row, tables: tables.length > 0 ? await tablesOf(row.id) : [] };
    },

    async update(databaseId, patch) {
      requireUuid(databaseId, 'The database');
      const parsed = databasePatchSchema.safeParse(patch);
      if (!parsed.success) throw invalidFrom(parsed.error, 'The change is not valid.');
      const ownerId = await signedInUserId(supabase);
      if (Object.keys(parsed.data).length > 0) {
        const { data, error, status } = await supabase
          .from('Database')
          .update(parsed.data)
          .eq('id', databaseId)
          .eq('owner_id', ownerId)
          .select('id');
        if (error) throw fromPostgrest(error, status);
        if (data.length === 0) throw databaseNotFound({ databaseId });
      }
      return get(databaseId);
    },

    async remove(databaseId) {
      requireUuid(databaseId, 'The database');
      const ownerId = await signedInUserId(supabase);
      const { data, error, status } = await supabase.from('Database').delete().eq('id', databaseId).eq('owner_id', ownerId).select('id');
      if (error) throw fromPostgrest(error, status);
      if (data.length === 0) throw databaseNotFound({ databaseId });
    },
  };
}
