/* eslint-disable @typescript-eslint/require-await -- the in-memory methods are async like the real
   ones so that a throw arrives as a rejected promise, exactly as callers will see it. */
// The in-memory databases of the fake client, with the rules of row-level security a user would
// notice: only the owner sees, changes or links a database; names are checked like the database
// checks them; deleting a database unlinks the apps that used it.
import { UUID_PATTERN, invalidInput } from '../app-rows';
import type { AppDetail } from '../app-rows';
import { createDatabaseInputSchema, databasePatchSchema, invalidFrom } from '../database-rows';
import type { DatabaseDetail } from '../database-rows';
import { AppforgeError } from '../errors';
import type { AppsApi, DatabasesApi, Session } from '../types';
import { createFakeDatabaseData } from './fake-database-data';
import type { FakeDatabaseDataData } from './fake-database-data';

export interface FakeDatabasesData extends FakeDatabaseDataData {
  session: Session | null;
  apps: Record<string, AppDetail>;
  /** Every database by id, with its tables (ordered by position), whoever owns it. */
  databases: Record<string, DatabaseDetail>;
}

function err(code: string, message: string, status: number): AppforgeError {
  return new AppforgeError({ code, message, status });
}

const databaseNotFound = (): AppforgeError => err('not_found', 'This database was not found.', 404);
const appNotFound = (): AppforgeError => err('not_found', 'This app was not found.', 404);

export function createFakeDatabases(data: FakeDatabasesData): {
  databases: DatabasesApi;
  linkDatabase: AppsApi['linkDatabase'];
} {
  const now = (): string => new Date().toISOString();
  function requireUser(): string {
    const id = data.session?.user.id;
    if (id === undefined) throw err('not_authenticated', 'Sign in first.', 401);
    return id;
  }
  function requireId(value: string, what: string): void {
    if (!UUID_PATTERN.test(value)) throw invalidInput(`${what} is not a valid id.`);
  }
  /** RLS: someone else's database does not exist for the caller. */
  function own(databaseId: string): DatabaseDetail {
    const database = UUID_PATTERN.test(databaseId) ? data.databases[databaseId] : undefined;
    if (!database || database.owner_id !== data.session?.user.id) throw databaseNotFound();
    return database;
  }
  const copy = (database: DatabaseDetail): DatabaseDetail => structuredClone(database);

  const databases: DatabasesApi = {
    ...createFakeDatabaseData(data),

    async listMine() {
      const ownerId = requireUser();
      return Object.values(data.databases)
        .filter((database) => database.owner_id === ownerId)
        .sort((a, b) => b.updated_at.localeCompare(a.updated_at))
        .map(({ tables, ...row }) => ({ ...row, table_count: tables.length }));
    },
    async get(databaseId) {
      requireUser();
      return copy(own(databaseId));
    },
    async create(input) {
      const parsed = createDatabaseInputSchema.safeParse(input);
      if (!parsed.success) throw invalidFrom(parsed.error, 'The database is not valid.');
      const ownerId = requireUser();
      const id = crypto.randomUUID();
      const at = now();
      const database: DatabaseDetail = {
        id,
        owner_id: ownerId,
        name: parsed.data.name,
        description: parsed.data.description ?? '',
        created_at: at,
        updated_at: at,
        tables: (parsed.data.tables ?? []).map((table, position) => ({
          id: crypto.randomUUID(),
          database_id: id,
          name: table.name,
          columns: table.columns,
          position,
          created_at: at,
          updated_at: at,
        })),
      };
      data.databases[id] = database;
      return copy(database);
    },
    async update(databaseId, patch) {
      requireId(databaseId, 'The database');
      const parsed = databasePatchSchema.safeParse(patch);
      if (!parsed.success) throw invalidFrom(parsed.error, 'The change is not valid.');
      requireUser();
      const database = own(databaseId);
      const updated: DatabaseDetail = {
        ...database,
        ...(parsed.data.name === undefined ? {} : { name: parsed.data.name }),
        ...(parsed.data.description === undefined ? {} : { description: parsed.data.description }),
        updated_at: now(),
      };
      data.databases[database.id] = updated;
      return copy(updated);
    },
    async remove(databaseId) {
      requireId(databaseId, 'The database');
      requireUser();
      const database = own(databaseId);
      Reflect.deleteProperty(data.databases, database.id);
      // on delete set null
      for (const app of Object.values(data.apps)) {
        if (app.database_id === database.id) data.apps[app.id] = { ...app, database_id: null };
      }
    },
  };

  async function linkDatabase(appId: string, databaseId: string | null): Promise<AppDetail> {
    requireId(appId, 'The app');
    if (databaseId !== null) requireId(databaseId, 'The database');
    const ownerId = requireUser();
    const app = data.apps[appId];
    if (!app || app.owner_id !== ownerId) throw appNotFound();
    if (databaseId !== null && data.databases[databaseId]?.owner_id !== ownerId) {
      throw err('permission_denied', 'That database is not one of yours, so this app cannot use it.', 403);
    }
    const updated: AppDetail = { ...app, database_id: databaseId, updated_at: now() };
    data.apps[app.id] = updated;
    return { ...updated };
  }

  return { databases, linkDatabase };
}
