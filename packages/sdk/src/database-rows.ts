// The shapes of a person's databases (public."Database", "DatabaseTable"): what the SDK writes,
// checked with the same limits the database enforces, and what it reads back.
import { DATABASE_COLUMN_TYPES } from '@appforge/engine';
import type { DatabaseColumnType } from '@appforge/engine';
import { z } from 'zod';
import { UUID_PATTERN, invalidInput } from './app-rows';
import type { Json } from './database.types';
import type { AppforgeError } from './errors';

// The column types belong to the engine, whose database steps write values that must fit them.
export { DATABASE_COLUMN_TYPES };
export type { DatabaseColumnType };

export interface DatabaseColumn {
  name: string;
  type: DatabaseColumnType;
  /** A `link` column's target table. */
  linkTableId?: string;
  /** Every new row needs a value (null, absent and '' are none). */
  required?: boolean;
  /** What a new row without a value gets, of the column's type. */
  default?: Json;
  /** No two rows have the same value (not for json columns). */
  unique?: boolean;
}

export interface DatabaseTableInfo {
  id: string;
  database_id: string;
  name: string;
  columns: DatabaseColumn[];
  position: number;
  created_at: string;
  updated_at: string;
}

export interface DatabaseSummary {
  id: string;
  owner_id: string;
  name: string;
  description: string;
  created_at: string;
  updated_at: string;
  table_count: number;
}

export interface DatabaseDetail extends Omit<DatabaseSummary, 'table_count'> {
  /** Ordered by position. */
  tables: DatabaseTableInfo[];
}

export interface NewDatabaseTable {
  name: string;
  columns: DatabaseColumn[];
}

export interface CreateDatabaseInput {
  name: string;
  description?: string;
  /** The first table(s), created with the database. */
  tables?: NewDatabaseTable[];
}

export interface DatabasePatch {
  name?: string;
  description?: string;
}

/** The most columns and first tables the SDK sends in one call (a guard against runaway input). */
export const MAX_DATABASE_COLUMNS = 100;
export const MAX_NEW_DATABASE_TABLES = 20;

export const databaseNameSchema = z
  .string({ error: 'Give the database a name.' })
  .trim()
  .min(1, 'Give the database a name.')
  .max(100, 'A database name has at most 100 characters.');

export const databaseDescriptionSchema = z
  .string({ error: 'A description is text.' })
  .max(2000, 'A description has at most 2000 characters.');

export const tableNameSchema = z
  .string({ error: 'Give the table a name.' })
  .trim()
  .min(1, 'Give the table a name.')
  .max(64, 'A table name has at most 64 characters.');

export const columnNameSchema = z
  .string({ error: 'Give the column a name.' })
  .trim()
  .min(1, 'Give the column a name.')
  .max(64, 'A column name has at most 64 characters.');

/** The rules a column may have; the database checks them again (database_table_check_columns). */
export const columnRulesShape = {
  required: z.boolean({ error: 'Required is yes or no.' }).optional(),
  default: z
    .json()
    .refine((value) => value === null || JSON.stringify(value).length <= 1000, 'A default has at most 1000 characters.')
    .optional(),
  unique: z.boolean({ error: 'Unique is yes or no.' }).optional(),
};

export const databaseColumnSchema = z
  .strictObject({
    name: columnNameSchema,
    type: z.enum(DATABASE_COLUMN_TYPES, { error: `A column type is one of ${DATABASE_COLUMN_TYPES.join(', ')}.` }),
    linkTableId: z.string().regex(UUID_PATTERN, 'A link column points at a table by its id.').optional(),
    ...columnRulesShape,
  })
  .refine((column) => column.type !== 'json' || column.unique !== true, { message: 'A JSON column cannot be unique.', path: ['unique'] })
  .refine((column) => column.unique !== true || column.default === undefined || column.default === null, {
    message: 'A unique column cannot have a default: every row would repeat it.',
    path: ['default'],
  })
  .refine((column) => column.type === 'link' || column.linkTableId === undefined, {
    message: 'Only a link column points at another table.',
    path: ['linkTableId'],
  })
  .refine((column) => column.type !== 'link' || column.linkTableId !== undefined, {
    message: 'A link column needs the table it points at.',
    path: ['linkTableId'],
  });

export const databaseColumnsSchema = z
  .array(databaseColumnSchema)
  .max(MAX_DATABASE_COLUMNS, `A table has at most ${MAX_DATABASE_COLUMNS} columns.`)
  .superRefine((columns, ctx) => {
    // Case-insensitive, as the database compares them.
    const seen = new Set<string>();
    columns.forEach((column, i) => {
      const key = column.name.toLowerCase();
      if (seen.has(key)) {
        ctx.addIssue({ code: 'custom', path: [i, 'name'], message: `Two columns are called “${column.name}”: each column needs its own name.` });
      }
      seen.add(key);
    });
  });

export const newDatabaseTableSchema = z.strictObject({ name: tableNameSchema, columns: databaseColumnsSchema });

export const createDatabaseInputSchema = z.strictObject({
  name: databaseNameSchema,
  description: databaseDescriptionSchema.optional(),
  tables: z
    .array(newDatabaseTableSchema)
    .max(MAX_NEW_DATABASE_TABLES, `Create at most ${MAX_NEW_DATABASE_TABLES} tables at once.`)
    .superRefine((tables, ctx) => {
      const seen = new Set<string>();
      tables.forEach((table, i) => {
        const key = table.name.toLowerCase();
        if (seen.has(key)) {
          ctx.addIssue({ code: 'custom', path: [i, 'name'], message: `Two tables are called “${table.name}”: each table needs its own name.` });
        }
        seen.add(key);
      });
    })
    .optional(),
});

export const databasePatchSchema = z.strictObject({
  name: databaseNameSchema.optional(),
  description: databaseDescriptionSchema.optional(),
});

/** The first problem of a failed parse as the SDK's `invalid_input` error. */
export function invalidFrom(error: z.ZodError, fallback: string): AppforgeError {
  const issue = error.issues[0];
  return invalidInput(issue?.message ?? fallback, error);
}

export const DATABASE_COLUMNS_SELECT = 'id, owner_id, name, description, created_at, updated_at';
export const TABLE_COLUMNS_SELECT = 'id, database_id, name, columns, position, created_at, updated_at';

export const databaseRowSchema = z.object({
  id: z.string(),
  owner_id: z.string(),
  name: z.string(),
  description: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});

export const storedColumnSchema = z
  .object({
    name: z.string(),
    type: z.enum(DATABASE_COLUMN_TYPES),
    linkTableId: z.string().optional(),
    required: z.boolean().optional(),
    default: z.json().optional(),
    unique: z.boolean().optional(),
  })
  .transform(({ name, type, linkTableId, required, default: fallback, unique }): DatabaseColumn => ({
    name,
    type,
    ...(linkTableId === undefined ? {} : { linkTableId }),
    ...(required ? { required } : {}),
    ...(fallback === undefined || fallback === null ? {} : { default: fallback }),
    ...(unique ? { unique } : {}),
  }));

export const tableRowSchema = z.object({
  id: z.string(),
  database_id: z.string(),
  name: z.string(),
  columns: z.array(storedColumnSchema),
  position: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
}) satisfies z.ZodType<DatabaseTableInfo, unknown>;
