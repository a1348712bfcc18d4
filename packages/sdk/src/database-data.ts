// What the /database screens do with a database's tables and rows, on the SQL functions of
// supabase/migrations/20261125003000_database_data.sql (row-level security decides whose rows a
// call sees) and plain REST for tables. Every input is checked here first; the database checks again.
import { DATABASE_FILTER_OPS } from '@appforge/engine';
import type { SupabaseClient } from '@supabase/supabase-js';
import { z } from 'zod';
import { UUID_PATTERN, invalidInput, requireUuid } from './app-rows';
import { TABLE_COLUMNS_SELECT, columnRulesShape, databaseColumnSchema, invalidFrom, storedColumnSchema, tableNameSchema, tableRowSchema } from './database-rows';
import type { DatabaseColumn, DatabaseColumnType, DatabaseTableInfo } from './database-rows';
import type { Database, Json } from './database.types';
import type { DatabaseFilterOp } from './database-values';
import { AppforgeError, fromPostgrest } from './errors';
import { parseResponse } from './rows';

export interface DatabaseRecord {
  id: string;
  data: Record<string, Json>;
  created_at: string;
  updated_at: string;
}

export interface DatabaseRowFilter {
  column: string;
  op: DatabaseFilterOp;
  value: string;
}

export interface DatabaseRowsQuery {
  tableId: string;
  filters?: DatabaseRowFilter[];
  sort?: { column: string; desc: boolean } | null;
  offset?: number;
  /** 1–500; 50 by default. */
  limit?: number;
}

export interface DatabaseRowsPage {
  /** Matching rows; with filters counted up to 10,000 (then `capped`). */
  total: number;
  /** More rows match than `total` says (a filtered count stops at 10,000). */
  capped?: boolean;
  /** Another page follows this one. */
  has_more?: boolean;
  rows: DatabaseRecord[];
}

/** A page of rows without a count: whether another page follows is read, not counted. */
export interface DatabaseRowsSlice {
  has_more: boolean;
  rows: DatabaseRecord[];
}

/** How many rows match a table's filters: counted up to 10,000 (then `capped`). */
export interface DatabaseRowsCount {
  total: number;
  capped: boolean;
}

export interface InsertRowsResult {
  inserted: number;
  skipped: number;
  /** The first 200 refused rows, by their 1-based number in what was sent. */
  errors: { row: number; message: string }[];
}

export interface TableRowCount {
  table_id: string;
  database_id: string;
  row_count: number;
}

/** A column in a table's new column list; `from` names the existing column it was. */
export interface ColumnChange extends DatabaseColumn {
  from?: string;
}

export type TableChange =
  | { kind: 'add'; column: string; type: DatabaseColumnType; rows: number }
  | { kind: 'rename'; column: string; from: string; rows: number }
  | { kind: 'retype'; column: string; from: DatabaseColumnType; type: DatabaseColumnType; rows: number; unconvertible: number; keptIn: string | null }
  | { kind: 'delete'; column: string; rows: number }
  /** Rows without a value in a column made required get its default. */
  | { kind: 'fill'; column: string; rows: number; value: Json };

/** A rule the change turns on that existing rows break: nothing is applied while there is one. */
export interface RuleProblem {
  column: string;
  rule: 'required' | 'unique';
  /** Rows without a value (required) or sharing their value with another row (unique). */
  rows: number;
}

export interface BlockingStep {
  appId: string;
  appName: string;
  version: number;
  stepId: string;
  stepTitle: string;
  column: string;
}

export interface TableChangeResult {
  applied: boolean;
  changes: TableChange[];
  blockedBy: BlockingStep[];
  rules: RuleProblem[];
  columns: DatabaseColumn[];
}

export interface DatabaseLimits {
  max_tables: number;
  max_columns: number;
  max_rows: number;
  max_cell_chars: number;
  max_import_bytes: number;
  max_rows_per_call: number;
}

export interface DatabaseAppUse {
  id: string;
  name: string;
  database_id: string;
}

export interface DatabaseDataApi {
  /** Rows per table of the given databases (only the caller's count). */
  tableCounts(databaseIds: string[]): Promise<TableRowCount[]>;
  /** A page of a table's rows, filtered and sorted by typed values, and how many match. */
  rowsPage(query: DatabaseRowsQuery): Promise<DatabaseRowsPage>;
  /** The same page without counting: whether another follows (a grid scrolling page by page). */
  rowsSlice(query: DatabaseRowsQuery): Promise<DatabaseRowsSlice>;
  /** How many rows match the filters (the grid asks once per filter, not per page or sort). */
  rowsCount(query: Pick<DatabaseRowsQuery, 'tableId' | 'filters'>): Promise<DatabaseRowsCount>;
  /** Up to `max_rows_per_call` rows; bad rows are skipped and reported, the rest inserted. */
  insertRows(tableId: string, rows: Record<string, Json>[]): Promise<InsertRowsResult>;
  /**
   * Changes some cells of a row read at `expectedUpdatedAt`. If it changed since, nothing is
   * written: `conflict` (409) with the current row as `details`.
   */
  updateRow(rowId: string, patch: Record<string, Json>, expectedUpdatedAt: string): Promise<DatabaseRecord>;
  /** Deletes rows by id; answers how many went. */
  deleteRows(rowIds: string[]): Promise<number>;
  /** A table's new column list: previewed (apply false) or applied in one transaction. */
  changeTable(tableId: string, columns: ColumnChange[], apply: boolean): Promise<TableChangeResult>;
  addTable(databaseId: string, table: { name: string; columns: DatabaseColumn[] }): Promise<DatabaseTableInfo>;
  renameTable(tableId: string, name: string): Promise<void>;
  deleteTable(tableId: string): Promise<void>;
  /** The caller's apps that use this database (null: that use any of their databases). */
  appsUsing(databaseId: string | null): Promise<DatabaseAppUse[]>;
  limits(): Promise<DatabaseLimits>;
}

/** The most row ids one delete sends (a URL holds about this many). */
export const MAX_DELETE_ROWS = 200;

const recordSchema = z.object({
  id: z.string(),
  data: z.record(z.string(), z.custom<Json>()),
  created_at: z.string(),
  updated_at: z.string(),
});
const pageSchema = z.object({ total: z.number(), capped: z.boolean().default(false), has_more: z.boolean().optional(), rows: z.array(recordSchema) });
const sliceSchema = z.object({ has_more: z.boolean(), rows: z.array(recordSchema) });
const countSchema = z.object({ total: z.number().int().nonnegative(), capped: z.boolean() });
const insertSchema = z.object({ inserted: z.number(), skipped: z.number(), errors: z.array(z.object({ row: z.number(), message: z.string() })) });
const countsSchema = z.array(z.object({ table_id: z.string(), database_id: z.string(), row_count: z.number() }));
const changeSchema = z.object({
  applied: z.boolean(),
  changes: z.array(z.custom<TableChange>((value) => typeof value === 'object' && value !== null && 'kind' in value)),
  blockedBy: z.array(
    z.object({ appId: z.string(), appName: z.string(), version: z.number(), stepId: z.string(), stepTitle: z.string(), column: z.string() }),
  ),
  rules: z.array(z.object({ column: z.string(), rule: z.enum(['required', 'unique']), rows: z.number() })).default([]),
  columns: z.array(storedColumnSchema),
});
const limitsSchema = z.object({
  max_tables: z.number(),
  max_columns: z.number(),
  max_rows: z.number(),
  max_cell_chars: z.number(),
  max_import_bytes: z.number(),
  max_rows_per_call: z.number(),
});

export const rowFilterSchema = z.strictObject({
  column: z.string().min(1, 'Pick a column to filter by.').max(64),
  op: z.enum(DATABASE_FILTER_OPS, { error: `A filter is one of ${DATABASE_FILTER_OPS.join(', ')}.` }),
  value: z.string().max(1000, 'A filter value has at most 1000 characters.'),
});
const rowsQuerySchema = z.strictObject({
  tableId: z.string().regex(UUID_PATTERN, 'The table is not a valid id.'),
  filters: z.array(rowFilterSchema).max(20, 'Use at most 20 filters at once.').optional(),
  sort: z.object({ column: z.string().min(1).max(64), desc: z.boolean() }).nullable().optional(),
  offset: z.number().int().min(0).optional(),
  limit: z.number().int().min(1).max(500).optional(),
});
const columnChangeSchema = z.array(
  z.object({
    name: z.string().trim().min(1, 'Give every column a name.').max(64, 'A column name has at most 64 characters.'),
    type: databaseColumnSchema.shape.type,
    linkTableId: z.string().regex(UUID_PATTERN).optional(),
    ...columnRulesShape,
    from: z.string().optional(),
  }),
);

/** The PostgREST answers of these functions as the SDK's error codes. */
export function fromDataError(error: { message: string; code: string; details?: string | null }, status?: number): AppforgeError {
  const codes: Record<string, string> = { PT400: 'invalid_input', PT404: 'not_found', PT409: 'conflict', PT413: 'too_large' };
  const code = codes[error.code];
  if (code === undefined) return fromPostgrest(error, status);
  let details: unknown;
  if (code === 'conflict' && error.details) {
    const parsed = recordSchema.safeParse(safeJson(error.details));
    if (parsed.success) details = parsed.data;
  }
  return new AppforgeError({ code, message: error.message, status, cause: error, details });
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

export function createDatabaseDataApi(supabase: SupabaseClient<Database>): DatabaseDataApi {
  /** One page of `database_rows_page`, with the count or without (`with_total`). */
  async function readPage(query: DatabaseRowsQuery, withTotal: boolean): Promise<unknown> {
    const parsed = rowsQuerySchema.safeParse(query);
    if (!parsed.success) throw invalidFrom(parsed.error, 'The rows asked for are not valid.');
    const { tableId, filters = [], sort = null, offset = 0, limit = 50 } = parsed.data;
    const { data, error, status } = await supabase.rpc('database_rows_page', {
      table_id: tableId,
      filters: filters as unknown as Json,
      ...(sort ? { sort_column: sort.column } : {}),
      sort_desc: sort?.desc ?? false,
      page_offset: offset,
      page_size: limit,
      with_total: withTotal,
    });
    if (error) throw fromDataError(error, status);
    return data;
  }

  return {
    async tableCounts(databaseIds) {
      const ids = databaseIds.filter((id) => UUID_PATTERN.test(id));
      if (ids.length === 0) return [];
      const { data, error, status } = await supabase.rpc('database_table_counts', { database_ids: ids });
      if (error) throw fromDataError(error, status);
      return parseResponse(countsSchema, data, 'the row counts');
    },

    async rowsPage(query) {
      return parseResponse(pageSchema, await readPage(query, true), 'the rows');
    },

    async rowsSlice(query) {
      return parseResponse(sliceSchema, await readPage(query, false), 'the rows');
    },

    async rowsCount(query) {
      const parsed = rowsQuerySchema.safeParse({ tableId: query.tableId, filters: query.filters });
      if (!parsed.success) throw invalidFrom(parsed.error, 'The rows asked for are not valid.');
      const { data, error, status } = await supabase.rpc('database_rows_count', { table_id: parsed.data.tableId, filters: (parsed.data.filters ?? []) as unknown as Json });
      if (error) throw fromDataError(error, status);
      return parseResponse(countSchema, data, 'the row count');
    },

    async insertRows(tableId, rows) {
      requireUuid(tableId, 'The table');
      if (!Array.isArray(rows)) throw invalidInput('Rows must be a list.');
      const { data, error, status } = await supabase.rpc('database_rows_insert', { table_id: tableId, rows: rows as unknown as Json });
      if (error) throw fromDataError(error, status);
      return parseResponse(insertSchema, data, 'the import');
    },

    async updateRow(rowId, patch, expectedUpdatedAt) {
      requireUuid(rowId, 'The row');
      if (typeof patch !== 'object' || patch === null || Array.isArray(patch)) throw invalidInput('The change must be a set of column values.');
      const { data, error, status } = await supabase.rpc('database_row_update', {
        row_id: rowId,
        patch: patch as unknown as Json,
        expected_updated_at: expectedUpdatedAt,
      });
      if (error) throw fromDataError(error, status);
      return parseResponse(recordSchema, data, 'the row');
    },

    async deleteRows(rowIds) {
      if (rowIds.length === 0) return 0;
      if (rowIds.length > MAX_DELETE_ROWS) throw invalidInput(`Delete at most ${MAX_DELETE_ROWS} rows at once.`);
      for (const id of rowIds) requireUuid(id, 'A row');
      const { data, error, status } = await supabase.from('DatabaseRow').delete().in('id', rowIds).select('id');
      if (error) throw fromPostgrest(error, status);
      return data.length;
    },

    async changeTable(tableId, columns, apply) {
      requireUuid(tableId, 'The table');
      const parsed = columnChangeSchema.safeParse(columns);
      if (!parsed.success) throw invalidFrom(parsed.error, 'The columns are not valid.');
      const { data, error, status } = await supabase.rpc('database_table_change', {
        table_id: tableId,
        columns: parsed.data as unknown as Json,
        apply,
      });
      if (error) throw fromDataError(error, status);
      return parseResponse(changeSchema, data, 'the structure change');
    },

    async addTable(databaseId, table) {
      requireUuid(databaseId, 'The database');
      const name = tableNameSchema.safeParse(table.name);
      if (!name.success) throw invalidFrom(name.error, 'The table name is not valid.');
      const position = await supabase.from('DatabaseTable').select('id', { count: 'exact', head: true }).eq('database_id', databaseId);
      const { data, error, status } = await supabase
        .from('DatabaseTable')
        .insert({ database_id: databaseId, name: name.data, columns: table.columns as unknown as Json, position: position.count ?? 0 })
        .select(TABLE_COLUMNS_SELECT)
        .single();
      if (error) throw fromPostgrest(error, status);
      return parseResponse(tableRowSchema, data, 'the new table');
    },

    async renameTable(tableId, name) {
      requireUuid(tableId, 'The table');
      const parsed = tableNameSchema.safeParse(name);
      if (!parsed.success) throw invalidFrom(parsed.error, 'The table name is not valid.');
      const { data, error, status } = await supabase.from('DatabaseTable').update({ name: parsed.data }).eq('id', tableId).select('id');
      if (error) throw fromPostgrest(error, status);
      if (data.length === 0) throw new AppforgeError({ code: 'not_found', message: 'This table was not found.', status: 404 });
    },

    async deleteTable(tableId) {
      requireUuid(tableId, 'The table');
      const { data, error, status } = await supabase.from('DatabaseTable').delete().eq('id', tableId).select('id');
      if (error) throw fromPostgrest(error, status);
      if (data.length === 0) throw new AppforgeError({ code: 'not_found', message: 'This table was not found.', status: 404 });
    },

    async appsUsing(databaseId) {
      if (databaseId !== null) requireUuid(databaseId, 'The database');
      const base = supabase.from('App').select('id, name, database_id');
      const { data, error, status } = await (databaseId === null ? base.not('database_id', 'is', null) : base.eq('database_id', databaseId)).order('name');
      if (error) throw fromPostgrest(error, status);
      return parseResponse(z.array(z.object({ id: z.string(), name: z.string(), database_id: z.string() })), data, 'the apps using your databases');
    },

    async limits() {
      const { data, error, status } = await supabase
        .from('DatabaseLimit')
        .select('max_tables, max_columns, max_rows, max_cell_chars, max_import_bytes, max_rows_per_call')
        .single();
      if (error) throw fromPostgrest(error, status);
      return parseResponse(limitsSchema, data, 'the database limits');
    },
  };
}
