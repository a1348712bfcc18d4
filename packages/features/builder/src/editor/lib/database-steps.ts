import type { AppSpec, DatabaseStep, Step } from '@appforge/engine';
import type { CreateDatabaseInput, DatabaseColumnType, DatabaseTableInfo } from '@appforge/sdk';
import { createDatabaseInputSchema } from '@appforge/sdk';
import { uniqueStepId, uniqueVariableName } from './spec-ops';

/** The steps of a spec that read or write the database `databaseId`, in order. */
export function stepsUsingDatabase(spec: AppSpec, databaseId: string | null): DatabaseStep[] {
  if (databaseId === null) return [];
  return spec.steps.filter((step): step is DatabaseStep => step.kind === 'database' && step.config.databaseId === databaseId);
}

/** "1 step reads or writes this database", "2 steps read or write this database". */
export function usingSentence(count: number): string {
  return count === 1 ? '1 step reads or writes this database' : `${count} steps read or write this database`;
}

/** A new `database` step reading the table, its rows saved under a variable name not used yet. */
export function createDatabaseStep(spec: AppSpec, databaseId: string, table: Pick<DatabaseTableInfo, 'id' | 'name'>): Step {
  return {
    id: uniqueStepId(spec, 'database'),
    kind: 'database',
    title: `Read ${table.name}`,
    next: { type: 'step' },
    config: {
      databaseId,
      tableId: table.id,
      operation: 'read',
      filters: [],
      values: {},
      limit: 50,
      outputVariable: uniqueVariableName(spec, 'rows'),
    },
  };
}

/**
 * Points a database step at another table: what referred to a column the new table does not have
 * (a filter, a value) is dropped, so the step never names a column that is not there.
 */
export function retargetDatabaseStep(step: DatabaseStep, databaseId: string, table: DatabaseTableInfo): DatabaseStep {
  const columns = new Set(table.columns.map((column) => column.name));
  return {
    ...step,
    config: {
      ...step.config,
      databaseId,
      tableId: table.id,
      filters: step.config.filters.filter((filter) => columns.has(filter.column)),
      values: Object.fromEntries(Object.entries(step.config.values).filter(([column]) => columns.has(column))),
    },
  };
}

export const COLUMN_TYPE_LABELS: Record<DatabaseColumnType, string> = {
  text: 'Text',
  number: 'Number',
  boolean: 'Yes / no',
  date: 'Date',
  json: 'Structured data (JSON)',
  link: 'Link to another table',
};

export const FILTER_OP_LABELS: Record<DatabaseStep['config']['filters'][number]['op'], string> = {
  eq: 'is',
  neq: 'is not',
  contains: 'contains',
  gt: 'is more than',
  lt: 'is less than',
  gte: 'is at least',
  lte: 'is at most',
};

export interface NewDatabaseForm {
  name: string;
  description: string;
  tableName: string;
  columns: { name: string; type: DatabaseColumnType }[];
}

export type NewDatabaseErrors = Partial<Record<'name' | 'description' | 'tableName' | 'columns', string>> & {
  /** Per column row. */
  column?: Record<number, string>;
};

/**
 * Checks the new-database form with the SDK's own schema (the limits the database enforces) and
 * returns what to send, or a message per field.
 */
export function checkNewDatabase(form: NewDatabaseForm): { ok: true; input: CreateDatabaseInput } | { ok: false; errors: NewDatabaseErrors } {
  const input: CreateDatabaseInput = {
    name: form.name,
    description: form.description,
    tables: [{ name: form.tableName, columns: form.columns.map((column) => ({ name: column.name, type: column.type })) }],
  };
  const parsed = createDatabaseInputSchema.safeParse(input);
  if (parsed.success) return { ok: true, input: parsed.data };
  const errors: NewDatabaseErrors = {};
  for (const issue of parsed.error.issues) {
    const [first, , third, index, field] = issue.path;
    if (first === 'name') errors.name ??= issue.message;
    else if (first === 'description') errors.description ??= issue.message;
    else if (first === 'tables' && third === 'name') errors.tableName ??= issue.message;
    else if (first === 'tables' && third === 'columns' && typeof index === 'number' && field !== undefined) {
      errors.column = { ...errors.column, [index]: errors.column?.[index] ?? issue.message };
    } else if (first === 'tables' && third === 'columns') errors.columns ??= issue.message;
    else errors.name ??= issue.message;
  }
  return { ok: false, errors };
}
