// A cell's value by column type, with the rules the database applies
// (public.database_convert_value and public.database_value_matches in
// supabase/migrations/20261125003000_database_data.sql): the grid checks an edit before sending
// it, the CSV import previews what will be refused, and the fake client behaves like the server.
// The narrow entry: the engine's barrel would bring its zod schemas into the CSV worker.
import { DATABASE_FILTER_OPS } from '@appforge/engine/database-ops';
import type { DatabaseColumnType } from './database-rows';
import type { Json } from './database.types';

export { DATABASE_FILTER_OPS };

export type DatabaseFilterOp = (typeof DATABASE_FILTER_OPS)[number];

const NUMBER = /^-?[0-9]+(\.[0-9]+)?([eE][-+]?[0-9]{1,3})?$/;
const DAY = /^[0-9]{4}-[0-9]{2}-[0-9]{2}/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type Converted = { ok: true; value: Json } | { ok: false; message: string };

/** What each type is called in a sentence ("… is not a number"). */
export const TYPE_NOUNS: Readonly<Record<DatabaseColumnType, string>> = {
  text: 'text',
  number: 'number',
  boolean: 'yes/no value',
  date: 'date (yyyy-mm-dd)',
  json: 'JSON value',
  link: 'row id',
};

function isValidDay(text: string): boolean {
  const day = text.slice(0, 10);
  const parsed = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === day;
}

/** The text a value shows as (and is exported as). */
export function valueText(value: Json | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/**
 * A value as `type` wants it. `null` (and '' for every type but text) clears the cell. Strings are
 * read as a person types them: "42", "yes", "2024-01-05", `{"a":1}` for JSON.
 */
export function convertValue(value: Json | undefined, type: DatabaseColumnType): Converted | { ok: true; value: null } {
  if (value === null || value === undefined) return { ok: true, value: null };
  if (typeof value === 'string' && value === '' && type !== 'text') return { ok: true, value: null };
  const text = valueText(value);
  const trimmed = text.trim();
  const refuse = (): Converted => ({ ok: false, message: `“${text.slice(0, 40)}” is not a ${TYPE_NOUNS[type]}.` });
  switch (type) {
    case 'text':
      return { ok: true, value: text };
    case 'json':
      if (typeof value !== 'string') return { ok: true, value };
      try {
        return { ok: true, value: JSON.parse(value) as Json };
      } catch {
        return { ok: true, value };
      }
    case 'number':
      if (typeof value === 'number') return { ok: true, value };
      return typeof value === 'string' && NUMBER.test(trimmed) ? { ok: true, value: Number(trimmed) } : refuse();
    case 'boolean': {
      if (typeof value === 'boolean') return { ok: true, value };
      const word = trimmed.toLowerCase();
      if (['true', 'yes', '1'].includes(word)) return { ok: true, value: true };
      if (['false', 'no', '0'].includes(word)) return { ok: true, value: false };
      return refuse();
    }
    case 'date':
      return typeof value === 'string' && DAY.test(trimmed) && isValidDay(trimmed) ? { ok: true, value: trimmed.slice(0, 10) } : refuse();
    case 'link':
      return typeof value === 'string' && UUID.test(trimmed) ? { ok: true, value: trimmed.toLowerCase() } : refuse();
  }
}

/** Whether a stored value (as text, absent = null) passes a `database` step filter. */
export function valueMatches(stored: string | null, op: DatabaseFilterOp, wanted: string, type: DatabaseColumnType): boolean {
  if (stored === null) return op === 'neq';
  if (op === 'contains') return stored.toLowerCase().includes(wanted.toLowerCase());
  let a: number | string = stored;
  let b: number | string = wanted;
  if (type === 'number') {
    if (!NUMBER.test(stored) || !NUMBER.test(wanted)) return op === 'neq';
    a = Number(stored);
    b = Number(wanted);
  } else if (type === 'date') {
    if (!DAY.test(stored) || !/^[0-9]{4}-[0-9]{2}-[0-9]{2}$/.test(wanted)) return op === 'neq';
    a = stored.slice(0, 10);
  }
  switch (op) {
    case 'eq':
      return a === b;
    case 'neq':
      return a !== b;
    case 'gt':
      return a > b;
    case 'lt':
      return a < b;
    case 'gte':
      return a >= b;
    case 'lte':
      return a <= b;
  }
}

/** The stored text of a value as the database's `data ->> column` gives it. */
export function storedText(value: Json | undefined): string | null {
  return value === undefined || value === null ? null : valueText(value);
}

/** Whether a cell holds no value as far as `required` is concerned (public.database_cell_empty). */
export function isEmptyCell(value: Json | undefined): boolean {
  return value === undefined || value === null || value === '';
}

/** A new row's values with the columns' defaults where it has none (the row trigger's rule). */
export function withDefaults(columns: readonly DatabaseColumnRules[], data: Record<string, Json>): Record<string, Json> {
  const next = { ...data };
  for (const column of columns) {
    if (column.default !== undefined && column.default !== null && isEmptyCell(next[column.name])) next[column.name] = column.default;
  }
  return next;
}

/** The first required column a row has no value in, if any. */
export function missingRequired(columns: readonly DatabaseColumnRules[], data: Record<string, Json>): string | undefined {
  return columns.find((column) => column.required === true && isEmptyCell(data[column.name]))?.name;
}

/** The rules part of a column (see DatabaseColumn). */
export interface DatabaseColumnRules {
  name: string;
  required?: boolean;
  default?: Json;
  unique?: boolean;
}
