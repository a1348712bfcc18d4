/* eslint-disable @typescript-eslint/require-await -- the in-memory methods are async like the real
   ones so that a throw arrives as a rejected promise, exactly as callers will see it. */
// The grid's calls on the fake client's in-memory databases, with the rules a user would notice:
// only the owner's tables exist for them; values convert by column type as the database converts
// them; a stale edit is a conflict; a structure change keeps what does not convert in a text column.
import { UUID_PATTERN, invalidInput } from '../app-rows';
import type { AppDetail } from '../app-rows';
import type { DatabaseColumn, DatabaseDetail, DatabaseTableInfo } from '../database-rows';
import type { BlockingStep, DatabaseDataApi, DatabaseLimits, DatabaseRecord, DatabaseRowsQuery, RuleProblem, TableChange } from '../database-data';
import { MAX_DELETE_ROWS } from '../database-data';
import { TYPE_NOUNS, convertValue, isEmptyCell, missingRequired, storedText, valueMatches, withDefaults } from '../database-values';
import type { Json } from '../database.types';
import { AppforgeError } from '../errors';
import type { Session } from '../types';

export interface FakeDatabaseDataData {
  session: Session | null;
  apps: Record<string, AppDetail>;
  databases: Record<string, DatabaseDetail>;
  /** Rows by table id, oldest first. */
  databaseRows: Record<string, DatabaseRecord[]>;
  databaseLimits: DatabaseLimits;
  /** Database steps of apps' versions that name columns: app id → steps. */
  databaseSteps: Record<string, { version: number; stepId: string; stepTitle: string; tableId: string; columns: string[] }[]>;
}

export const DEFAULT_DATABASE_LIMITS: DatabaseLimits = {
  max_tables: 50,
  max_columns: 100,
  max_rows: 200_000,
  max_cell_chars: 65_536,
  max_import_bytes: 50 * 1024 * 1024,
  max_rows_per_call: 10_000,
};

/** Two stored values are the same (a unique column's comparison). */
const sameValue = (a: Json | undefined, b: Json | undefined): boolean => a !== undefined && JSON.stringify(a) === JSON.stringify(b);

function err(code: string, message: string, status: number, details?: unknown): AppforgeError {
  return new AppforgeError({ code, message, status, details });
}

export function createFakeDatabaseData(data: FakeDatabaseDataData): DatabaseDataApi {
  let clock = Date.now();
  /** Strictly increasing timestamps, even within one millisecond, so two quick edits never share a version. */
  const now = (): string => {
    clock = Math.max(Date.now(), clock + 1);
    return new Date(clock).toISOString();
  };
  const me = (): string => {
    const id = data.session?.user.id;
    if (id === undefined) throw err('not_authenticated', 'Sign in first.', 401);
    return id;
  };
  const tableNotFound = (): AppforgeError => err('not_found', 'This table was not found.', 404);
  function ownTable(tableId: string): { database: DatabaseDetail; table: DatabaseTableInfo } {
    const owner = me();
    for (const database of Object.values(data.databases)) {
      if (database.owner_id !== owner) continue;
      const table = database.tables.find((candidate) => candidate.id === tableId);
      if (table) return { database, table };
    }
    throw tableNotFound();
  }
  const rowsOf = (tableId: string): DatabaseRecord[] => (data.databaseRows[tableId] ??= []);
  const rowCount = (database: DatabaseDetail): number => database.tables.reduce((sum, table) => sum + rowsOf(table.id).length, 0);
  const columnOf = (table: DatabaseTableInfo, name: string): DatabaseColumn | undefined => table.columns.find((column) => column.name === name);

  /** The rows a page or a count reads: the caller's table, filtered and sorted like the server. */
  const matchingRows = ({ tableId, filters = [], sort = null }: DatabaseRowsQuery): DatabaseRecord[] => {
    const { table } = ownTable(tableId);
    for (const filter of filters) {
      if (!columnOf(table, filter.column)) throw err('invalid_input', `There is no column "${filter.column}" to filter by.`, 400);
    }
    const sortColumn = sort ? columnOf(table, sort.column) : undefined;
    if (sort && !sortColumn) throw err('invalid_input', `There is no column "${sort.column}" to sort by.`, 400);
    const matching = rowsOf(tableId).filter((row) =>
      filters.every((filter) => valueMatches(storedText(row.data[filter.column]), filter.op, filter.value, columnOf(table, filter.column)?.type ?? 'text')),
    );
    if (sort && sortColumn) {
      const key = (row: DatabaseRecord): number | string | null => {
        const text = storedText(row.data[sort.column]);
        if (text === null) return null;
        if (sortColumn.type === 'number') return Number.isNaN(Number(text)) ? null : Number(text);
        return text;
      };
      matching.sort((a, b) => {
        const x = key(a);
        const y = key(b);
        if (x === y) return 0;
        if (x === null) return 1;
        if (y === null) return -1;
        return (x < y ? -1 : 1) * (sort.desc ? -1 : 1);
      });
    }
    return matching;
  };

  return {
    async tableCounts(databaseIds) {
      const owner = me();
      return databaseIds.flatMap((id) => {
        const database = data.databases[id];
        if (!database || database.owner_id !== owner) return [];
        return database.tables.map((table) => ({ table_id: table.id, database_id: id, row_count: rowsOf(table.id).length }));
      });
    },

    async rowsPage(query) {
      const matching = matchingRows(query);
      const { offset = 0, limit = 50 } = query;
      return { total: matching.length, capped: false, has_more: matching.length > offset + limit, rows: structuredClone(matching.slice(offset, offset + limit)) };
    },

    async rowsSlice(query) {
      const matching = matchingRows(query);
      const { offset = 0, limit = 50 } = query;
      return { has_more: matching.length > offset + limit, rows: structuredClone(matching.slice(offset, offset + limit)) };
    },

    async rowsCount({ tableId, filters = [] }) {
      const matching = matchingRows({ tableId, filters });
      return matching.length > 10_000 ? { total: 10_000, capped: true } : { total: matching.length, capped: false };
    },

    async insertRows(tableId, rows) {
      const { database, table } = ownTable(tableId);
      const limits = data.databaseLimits;
      if (rows.length > limits.max_rows_per_call) throw err('too_large', `Send at most ${limits.max_rows_per_call} rows at once.`, 413);
      const good: DatabaseRecord[] = [];
      const errors: { row: number; message: string }[] = [];
      /** The good rows so far by their index, for unique values repeated within what was sent. */
      const sent: (Record<string, Json> | null)[] = rows.map(() => null);
      rows.forEach((row, i) => {
        const number = i + 1;
        if (typeof row !== 'object' || row === null || Array.isArray(row)) {
          errors.push({ row: number, message: `Row ${number} is not a set of column values.` });
          return;
        }
        const values: Record<string, Json> = {};
        for (const [key, value] of Object.entries(row)) {
          const column = columnOf(table, key);
          if (!column) return void errors.push({ row: number, message: `Row ${number} has no column "${key}".` });
          const text = storedText(value) ?? '';
          if (text.length > limits.max_cell_chars) {
            return void errors.push({ row: number, message: `Row ${number} has more than ${limits.max_cell_chars} characters in ${key}.` });
          }
          const converted = convertValue(value, column.type);
          if (!converted.ok) return void errors.push({ row: number, message: `Row ${number} has "${text.slice(0, 40)}" in ${key}, which is not a ${TYPE_NOUNS[column.type]}.` });
          if (converted.value !== null) values[key] = converted.value;
        }
        const filled = withDefaults(table.columns, values);
        const missing = missingRequired(table.columns, filled);
        if (missing !== undefined) return void errors.push({ row: number, message: `Row ${number} has no value in ${missing}, which is required.` });
        for (const column of table.columns.filter((candidate) => candidate.unique === true && !isEmptyCell(filled[candidate.name]))) {
          const value = filled[column.name];
          const shown = (storedText(value) ?? '').slice(0, 40);
          if (rowsOf(tableId).some((row) => sameValue(row.data[column.name], value))) {
            return void errors.push({ row: number, message: `Row ${number} has "${shown}" in ${column.name}, which another row already has (${column.name} is unique).` });
          }
          const first = sent.findIndex((earlier) => earlier !== null && sameValue(earlier[column.name], value));
          if (first >= 0) return void errors.push({ row: number, message: `Row ${number} repeats "${shown}" in ${column.name} from row ${first + 1} (${column.name} is unique).` });
        }
        sent[i] = filled;
        const at = now();
        good.push({ id: crypto.randomUUID(), data: filled, created_at: at, updated_at: at });
      });
      if (rowCount(database) + good.length > limits.max_rows) {
        throw err('constraint_violation', `The database "${database.name}" would have more than ${limits.max_rows} rows: delete some rows first.`, 400);
      }
      rowsOf(tableId).push(...good);
      return { inserted: good.length, skipped: errors.length, errors: errors.slice(0, 200) };
    },

    async updateRow(rowId, patch, expectedUpdatedAt) {
      me();
      if (!UUID_PATTERN.test(rowId)) throw invalidInput('The row is not a valid id.');
      for (const [tableId, rows] of Object.entries(data.databaseRows)) {
        const row = rows.find((candidate) => candidate.id === rowId);
        if (!row) continue;
        const { table } = ownTable(tableId);
        if (row.updated_at !== expectedUpdatedAt) {
          throw err(
            'conflict',
            'This row was changed somewhere else since you opened it. Reload it to see the new values, then edit again.',
            409,
            structuredClone(row),
          );
        }
        const next = { ...row.data };
        for (const [key, value] of Object.entries(patch)) {
          const column = columnOf(table, key);
          if (!column) throw err('invalid_input', `There is no column "${key}".`, 400);
          const converted = convertValue(value, column.type);
          if (!converted.ok) throw err('invalid_input', `"${storedText(value) ?? ''}" is not a valid ${column.type} for ${key}.`, 400);
          if (converted.value === null) Reflect.deleteProperty(next, key);
          else next[key] = converted.value;
        }
        for (const column of table.columns) {
          if (column.required === true && isEmptyCell(next[column.name]) && !isEmptyCell(row.data[column.name])) {
            throw err('constraint_violation', `The column "${column.name}" is required: give every row a value in it.`, 400);
          }
          const value = next[column.name];
          if (column.unique === true && !isEmptyCell(value) && rowsOf(tableId).some((other) => other.id !== row.id && sameValue(other.data[column.name], value))) {
            throw err('conflict', `The column "${column.name}" is unique: "${(storedText(value) ?? '').slice(0, 40)}" is already in another row.`, 409);
          }
        }
        row.data = next;
        row.updated_at = now();
        return structuredClone(row);
      }
      throw err('not_found', 'This row was not found: it may have been deleted.', 404);
    },

    async deleteRows(rowIds) {
      me();
      if (rowIds.length > MAX_DELETE_ROWS) throw invalidInput(`Delete at most ${MAX_DELETE_ROWS} rows at once.`);
      let deleted = 0;
      for (const [tableId, rows] of Object.entries(data.databaseRows)) {
        try {
          ownTable(tableId);
        } catch {
          continue;
        }
        const kept = rows.filter((row) => !rowIds.includes(row.id));
        deleted += rows.length - kept.length;
        data.databaseRows[tableId] = kept;
      }
      return deleted;
    },

    async changeTable(tableId, columns, apply) {
      const { database, table } = ownTable(tableId);
      const rows = rowsOf(tableId);
      const changes: TableChange[] = [];
      const finalColumns: DatabaseColumn[] = [];
      const taken = new Set(columns.map((column) => column.name.toLowerCase()));
      const plan = new Map<string, { to: string | null; type?: DatabaseColumn['type']; keep?: string }>();
      const touched: string[] = [];
      for (const { from, ...column } of columns) {
        // A default is stored as its column's type wants it, as the database's check stores it.
        const fallback = column.default === undefined || column.default === null ? undefined : convertValue(column.default, column.type);
        if (fallback !== undefined && !fallback.ok) throw err('constraint_violation', `The default of "${column.name}" is not a valid ${column.type} value.`, 400);
        finalColumns.push(fallback === undefined ? column : { ...column, default: fallback.value });
        if (from === undefined) {
          changes.push({ kind: 'add', column: column.name, type: column.type, rows: 0 });
          continue;
        }
        const old = columnOf(table, from);
        if (!old) throw err('invalid_input', `There is no column "${from}" to change.`, 400);
        plan.set(from, { to: column.name });
        if (column.name !== from) {
          changes.push({ kind: 'rename', column: column.name, from, rows: rows.filter((row) => from in row.data).length });
          touched.push(from);
        }
        if (column.type !== old.type) {
          const withValue = rows.filter((row) => row.data[from] !== undefined && row.data[from] !== null);
          const bad = withValue.filter((row) => !convertValue(row.data[from], column.type).ok).length;
          let keep: string | undefined;
          if (bad > 0) {
            keep = `${column.name.slice(0, 56)} (text)`;
            taken.add(keep.toLowerCase());
            finalColumns.push({ name: keep, type: 'text' });
          }
          plan.set(from, { to: column.name, type: column.type, ...(keep === undefined ? {} : { keep }) });
          changes.push({ kind: 'retype', column: column.name, from: old.type, type: column.type, rows: withValue.length, unconvertible: bad, keptIn: keep ?? null });
        }
      }
      for (const old of table.columns) {
        if (columns.some((column) => column.from === old.name)) continue;
        plan.set(old.name, { to: null });
        touched.push(old.name);
        changes.push({ kind: 'delete', column: old.name, rows: rows.filter((row) => row.data[old.name] !== undefined && row.data[old.name] !== null).length });
      }
      const blockedBy: BlockingStep[] = [];
      for (const app of Object.values(data.apps)) {
        if (app.database_id !== database.id) continue;
        for (const step of data.databaseSteps[app.id] ?? []) {
          if (step.tableId !== tableId) continue;
          for (const column of step.columns.filter((name) => touched.includes(name))) {
            blockedBy.push({ appId: app.id, appName: app.name, version: step.version, stepId: step.stepId, stepTitle: step.stepTitle, column });
          }
        }
      }
      const rules: RuleProblem[] = [];
      const fills: { column: string; value: Json; rows: DatabaseRecord[] }[] = [];
      for (const column of columns) {
        const old = column.from === undefined ? undefined : columnOf(table, column.from);
        const valueOf = (row: DatabaseRecord): Json => {
          if (column.from === undefined) return null;
          const converted = convertValue(row.data[column.from], column.type);
          return converted.ok ? converted.value : null;
        };
        const retyped = old?.type !== column.type;
        if (column.required === true && (old?.required !== true || retyped)) {
          const missing = rows.filter((row) => isEmptyCell(valueOf(row)));
          if (missing.length > 0 && column.default !== undefined && column.default !== null) {
            const value = convertValue(column.default, column.type);
            fills.push({ column: column.name, value: value.ok ? value.value : column.default, rows: missing });
            changes.push({ kind: 'fill', column: column.name, rows: missing.length, value: value.ok ? value.value : column.default });
          } else if (missing.length > 0) rules.push({ column: column.name, rule: 'required', rows: missing.length });
        }
        if (column.unique === true && old !== undefined && (old.unique !== true || retyped)) {
          const counts = new Map<string, number>();
          for (const row of rows) {
            const value = valueOf(row);
            if (!isEmptyCell(value)) counts.set(JSON.stringify(value), (counts.get(JSON.stringify(value)) ?? 0) + 1);
          }
          const repeats = [...counts.values()].filter((n) => n > 1).reduce((sum, n) => sum + n, 0);
          if (repeats > 0) rules.push({ column: column.name, rule: 'unique', rows: repeats });
        }
      }
      const applied = apply && blockedBy.length === 0 && rules.length === 0;
      if (applied) {
        table.columns = finalColumns;
        table.updated_at = now();
        for (const row of rows) {
          const next: Record<string, Json> = {};
          for (const [key, value] of Object.entries(row.data)) {
            const step = plan.get(key);
            if (!step) next[key] = value;
            else if (step.to !== null) {
              const converted = step.type ? convertValue(value, step.type) : { ok: true as const, value };
              if (converted.ok && converted.value !== null) next[step.to] = converted.value;
              else if (!converted.ok && step.keep) next[step.keep] = storedText(value) ?? '';
            }
          }
          row.data = next;
        }
        for (const fill of fills) for (const row of fill.rows) row.data[fill.column] = fill.value;
      }
      return { applied, changes, blockedBy, rules, columns: structuredClone(finalColumns) };
    },

    async addTable(databaseId, { name, columns }) {
      const owner = me();
      const database = data.databases[databaseId];
      if (!database || database.owner_id !== owner) throw err('not_found', 'This database was not found.', 404);
      if (database.tables.some((table) => table.name.toLowerCase() === name.trim().toLowerCase())) {
        throw err('conflict', `This database already has a table called “${name.trim()}”.`, 409);
      }
      const at = now();
      const table: DatabaseTableInfo = { id: crypto.randomUUID(), database_id: databaseId, name: name.trim(), columns, position: database.tables.length, created_at: at, updated_at: at };
      database.tables.push(table);
      return structuredClone(table);
    },

    async renameTable(tableId, name) {
      const { table } = ownTable(tableId);
      table.name = name.trim();
    },

    async deleteTable(tableId) {
      const { database } = ownTable(tableId);
      database.tables = database.tables.filter((table) => table.id !== tableId);
      Reflect.deleteProperty(data.databaseRows, tableId);
    },

    async appsUsing(databaseId) {
      const owner = me();
      return Object.values(data.apps)
        .filter((app) => app.owner_id === owner && app.database_id !== null && (databaseId === null || app.database_id === databaseId))
        .map((app) => ({ id: app.id, name: app.name, database_id: app.database_id ?? '' }))
        .sort((a, b) => a.name.localeCompare(b.name));
    },

    async limits() {
      me();
      return { ...data.databaseLimits };
    },
  };
}
