// The engine's DatabaseCapability for run-app: an app's `database` steps read and write rows of the
// database linked to the app (App.database_id), and nothing else. It runs with the service role,
// because a deployed app's visitors are not its owner, so every request is first scoped here: the
// database must be the app's, the table one of that database's, every column one of the table's,
// and every value of the column's type. A refusal throws an Error whose message the engine shows
// in the failed step ("Step 'Save': the database said: …").
import { DATABASE_COLUMN_TYPES, DATABASE_FILTER_OPS } from '@appforge/engine';
import type { DatabaseCapability, DatabaseColumnType, DatabaseFilterOp, DatabaseReadRequest, DatabaseWriteRequest } from '@appforge/engine';
import type { SupabaseClient } from '@supabase/supabase-js';
import { z } from 'zod';


export interface TableColumn {
  name: string;
  type: DatabaseColumnType;
}

/** Rows a read returns at most, whatever the step asks for. */
export const MAX_READ_ROWS = 1000;
/** Characters a text value may have. */
export const MAX_TEXT_LENGTH = 10_000;
/** A row's data as JSON text, as the database limits it (DatabaseRow_data_size). */
export const MAX_ROW_BYTES = 64 * 1024;


type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

export type Converted<T> = { ok: true; value: T } | { ok: false; message: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const NUMBER = /^[-+]?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

// The database checks the same shape (DatabaseTable_check_columns); read leniently so that an extra
// key never breaks a run.
const storedColumnsSchema = z.array(z.object({ name: z.string().min(1).max(64), type: z.enum(DATABASE_COLUMN_TYPES) }));

interface StoredTable {
  id: string;
  name: string;
  columns: unknown;
}

interface StoredRow {
  id: string;
  data: Record<string, JsonValue>;
}

const jsonValueSchema: z.ZodType<JsonValue> = z.json();
const storedRowsSchema = z.array(z.object({ id: z.string(), data: z.record(z.string(), jsonValueSchema) }));

/** A value as it appears in a message: quoted, short. */
function shown(value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value) ?? String(value);
  return `"${text.length > 40 ? `${text.slice(0, 40)}…` : text}"`;
}

/** A value as text (for text columns and text comparisons). */
function asText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

function parseNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string' || !NUMBER.test(value.trim())) return null;
  const number = Number(value.trim());
  return Number.isFinite(number) ? number : null;
}

function parseBoolean(value: unknown): boolean | null {
  if (typeof value === 'boolean') return value;
  if (typeof value !== 'string') return null;
  const word = value.trim().toLowerCase();
  if (word === 'true' || word === 'yes') return true;
  if (word === 'false' || word === 'no') return false;
  return null;
}

/** yyyy-mm-dd of a real calendar day, or null. */
function parseDate(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const match = DATE.exec(value.trim());
  if (!match) return null;
  const [, y, m, d] = match.map(Number);
  if (y === undefined || m === undefined || d === undefined) return null;
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return value.trim();
}

/** `value` as the column stores it, or why it does not fit. Empty values of non-text columns are null. */
export function toColumnValue(column: TableColumn, value: unknown): Converted<JsonValue> {
  const label = `Column "${column.name}"`;
  const empty = value === null || value === undefined || (typeof value === 'string' && value.trim() === '');
  if (column.type === 'text') {
    if (value === null || value === undefined) return { ok: true, value: null };
    const text = asText(value);
    if (text.length > MAX_TEXT_LENGTH) {
      return { ok: false, message: `${label} holds at most ${MAX_TEXT_LENGTH.toLocaleString('en')} characters (this value has ${text.length.toLocaleString('en')}).` };
    }
    return { ok: true, value: text };
  }
  if (empty) return { ok: true, value: null };
  switch (column.type) {
    case 'number': {
      const number = parseNumber(value);
      return number === null ? { ok: false, message: `${label} needs a number, not ${shown(value)}.` } : { ok: true, value: number };
    }
    case 'boolean': {
      const flag = parseBoolean(value);
      return flag === null ? { ok: false, message: `${label} needs true or false (or yes or no), not ${shown(value)}.` } : { ok: true, value: flag };
    }
    case 'date': {
      const date = parseDate(value);
      return date === null ? { ok: false, message: `${label} needs a date written yyyy-mm-dd, not ${shown(value)}.` } : { ok: true, value: date };
    }
    case 'json': {
      if (typeof value !== 'string') return { ok: true, value: JSON.parse(JSON.stringify(value)) as JsonValue };
      try {
        return { ok: true, value: JSON.parse(value) as JsonValue };
      } catch {
        return { ok: false, message: `${label} needs valid JSON, not ${shown(value)}.` };
      }
    }
    case 'link': {
      const id = typeof value === 'string' ? value.trim() : '';
      return UUID.test(id)
        ? { ok: true, value: id.toLowerCase() }
        : { ok: false, message: `${label} needs the id of a row of the linked table, not ${shown(value)}.` };
    }
  }
}

/** A filter's value as database_table_rows compares it in a column of this type. */
export function toFilterValue(column: TableColumn, op: DatabaseFilterOp, value: unknown): Converted<string> {
  if (op === 'contains') return { ok: true, value: asText(value) };
  const label = `The filter on "${column.name}"`;
  switch (column.type) {
    case 'number': {
      const number = parseNumber(value);
      return number === null ? { ok: false, message: `${label} needs a number, not ${shown(value)}.` } : { ok: true, value: String(number) };
    }
    case 'date': {
      const date = parseDate(value);
      return date === null ? { ok: false, message: `${label} needs a date written yyyy-mm-dd, not ${shown(value)}.` } : { ok: true, value: date };
    }
    case 'boolean': {
      const flag = parseBoolean(value);
      return flag === null ? { ok: false, message: `${label} needs true or false (or yes or no), not ${shown(value)}.` } : { ok: true, value: String(flag) };
    }
    default:
      return { ok: true, value: asText(value) };
  }
}

/** The table's column called `name` (names are unique in any case, so any case finds it). */
function findColumn(table: { name: string; columns: readonly TableColumn[] }, name: string): TableColumn {
  const wanted = name.trim().toLowerCase();
  const column = table.columns.find((c) => c.name.toLowerCase() === wanted);
  if (!column) throw new Error(`The table "${table.name}" has no column "${name}".`);
  return column;
}

function isFilterOp(op: string): op is DatabaseFilterOp {
  return (DATABASE_FILTER_OPS as readonly string[]).includes(op);
}

/** A row as a step sees it: its values by column name, and its id. */
function rowValue(row: StoredRow): Record<string, JsonValue> {
  return { ...row.data, id: row.id };
}

/**
 * The database capability of one app. `app.database_id` is the only database it serves; pass the
 * service-role client (see FunctionContext.supabase).
 */
export function appDatabase(supabase: SupabaseClient, app: { id: string; database_id: string | null }): DatabaseCapability {
  async function loadTable(databaseId: string, tableId: string, signal: AbortSignal): Promise<{ id: string; name: string; columns: TableColumn[] }> {
    if (app.database_id === null || databaseId !== app.database_id) throw new Error('This app is not linked to that database.');
    const gone = new Error(`The table ${tableId} no longer exists.`);
    if (!UUID.test(tableId)) throw gone;
    const found = await supabase
      .from('DatabaseTable')
      .select('id, name, columns')
      .eq('id', tableId)
      .eq('database_id', app.database_id)
      .abortSignal(signal)
      .maybeSingle<StoredTable>();
    if (found.error) throw new Error(`Reading the table failed: ${found.error.message}`);
    if (!found.data) throw gone;
    const columns = storedColumnsSchema.safeParse(found.data.columns);
    if (!columns.success) throw new Error(`The columns of the table "${found.data.name}" could not be read.`);
    return { id: found.data.id, name: found.data.name, columns: columns.data };
  }

  return {
    async read(request: DatabaseReadRequest): Promise<unknown[]> {
      const table = await loadTable(request.databaseId, request.tableId, request.signal);
      const filters = request.filters.map((filter) => {
        const column = findColumn(table, filter.column);
        if (!isFilterOp(filter.op)) throw new Error(`The filter on "${column.name}" has an unknown comparison "${filter.op}".`);
        const value = toFilterValue(column, filter.op, filter.value);
        if (!value.ok) throw new Error(value.message);
        return { column: column.name, op: filter.op, value: value.value };
      });
      const limit = Math.min(Math.max(Math.trunc(request.limit), 1), MAX_READ_ROWS);
      const result = await supabase
        .rpc('database_table_rows', { table_id: table.id, filters, max_rows: limit })
        .abortSignal(request.signal);
      if (result.error) throw new Error(`Reading the table "${table.name}" failed: ${result.error.message}`);
      const rows = storedRowsSchema.safeParse(result.data);
      if (!rows.success) throw new Error(`The rows of the table "${table.name}" could not be read.`);
      return rows.data.map(rowValue);
    },

    async write(request: DatabaseWriteRequest): Promise<unknown> {
      const table = await loadTable(request.databaseId, request.tableId, request.signal);
      const data: Record<string, JsonValue> = {};
      const problems: string[] = [];
      for (const [name, value] of Object.entries(request.values)) {
        const column = findColumn(table, name);
        const converted = toColumnValue(column, value);
        if (converted.ok) data[column.name] = converted.value;
        else problems.push(converted.message);
      }
      if (problems.length > 0) throw new Error(`Nothing was saved. ${problems.join(' ')}`);
      if (new TextEncoder().encode(JSON.stringify(data)).byteLength > MAX_ROW_BYTES) {
        throw new Error(`Nothing was saved: a row holds at most ${MAX_ROW_BYTES / 1024} KB.`);
      }
      const inserted = await supabase
        .from('DatabaseRow')
        .insert({ table_id: table.id, data })
        .select('id, data')
        .abortSignal(request.signal)
        .single<StoredRow>();
      if (inserted.error?.code === '23514' && inserted.error.message.includes('DatabaseRow_data_size')) {
        throw new Error(`Nothing was saved: a row holds at most ${MAX_ROW_BYTES / 1024} KB.`);
      }
      // The table's column rules (required, unique) and limits answer with a sentence naming the column.
      if (inserted.error?.code === '23514' || inserted.error?.code === '23505') throw new Error(`Nothing was saved: ${inserted.error.message}`);
      if (inserted.error) throw new Error(`Saving to the table "${table.name}" failed: ${inserted.error.message}`);
      return rowValue(inserted.data);
    },
  };
}
