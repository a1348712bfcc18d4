// The databases feature's pages on the real backend (@appforge/test-backend), rendered the way the
// shell renders them; databases, tables and rows made the way the product makes them: through the
// SDK as the signed-in owner (create, insertRows), apps and versions as the server stores them.
import type { AppforgeClient, DatabaseColumn, DatabaseDetail, DatabaseTableInfo, Json } from '@appforge/sdk';
import { renderWithAppforge } from '@appforge/test-backend';
import type { AppforgeTestBackend, TestUser } from '@appforge/test-backend';
import { useLocation } from 'react-router';
import { routes } from '../src/routes';

function Elsewhere() {
  const location = useLocation();
  return <h1>{`Elsewhere: ${location.pathname}`}</h1>;
}

const pages = [...routes.map((route) => ({ ...route, hydrateFallbackElement: <p>Loading the page…</p> })), { path: '*', element: <Elsewhere /> }];

export function renderPage(path: string, client: AppforgeClient) {
  return renderWithAppforge({ client, routes: pages, path });
}

export const BOOK_COLUMNS: DatabaseColumn[] = [
  { name: 'Title', type: 'text' },
  { name: 'Pages', type: 'number' },
  { name: 'Finished', type: 'date' },
];

export interface Library {
  owner: TestUser;
  client: AppforgeClient;
  ownerId: string;
  database: DatabaseDetail;
  books: DatabaseTableInfo;
}

/** A new user signed in with a "Library" database whose "Books" table has `rows` rows, in order. */
export async function library(
  backend: AppforgeTestBackend,
  rows: Record<string, Json>[] = [],
  { columns = BOOK_COLUMNS, fetch }: { columns?: DatabaseColumn[]; fetch?: typeof globalThis.fetch } = {},
): Promise<Library> {
  const owner = await backend.signedInUser('ada', fetch ? { fetch } : {});
  const database = await owner.client.databases.create({ name: 'Library', description: 'Books we read', tables: [{ name: 'Books', columns }] });
  const books = database.tables[0];
  if (!books) throw new Error('the Books table was not made');
  // In the order given (the bulk insert keeps a batch's order), 5,000 a call.
  for (let start = 0; start < rows.length; start += 5_000) {
    const batch = rows.slice(start, start + 5_000);
    const result = await owner.client.databases.insertRows(books.id, batch);
    if (result.inserted !== batch.length) throw new Error(`the rows were not all inserted: ${JSON.stringify(result.errors)}`);
  }
  return { owner, client: owner.client, ownerId: owner.id, database, books };
}

/**
 * A network that notes every call of a database function (`/rest/v1/rpc/<name>`) with its
 * arguments, as the browser's network panel would: what the page asked the server, and how often.
 */
export function recordingNetwork() {
  const sent: { name: string; args: Record<string, unknown> }[] = [];
  const held = new Map<string, Promise<void>>();
  const network: typeof globalThis.fetch = async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const name = /\/rest\/v1\/rpc\/([a-z_]+)/.exec(url)?.[1];
    if (name) {
      sent.push({ name, args: typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : {} });
      await held.get(name);
    }
    return fetch(input, init);
  };
  return {
    fetch: network,
    calls: (name: string) => sent.filter((call) => call.name === name).map((call) => call.args),
    /** Holds every later call of the function (a slow server) until the returned function is called. */
    hold(name: string): () => void {
      let release: () => void = () => undefined;
      held.set(name, new Promise<void>((resolve) => (release = resolve)));
      return () => {
        held.delete(name);
        release();
      };
    },
  };
}

/** Sets the server's database limits for this file's backend; gives back a function that restores them. */
export async function setLimits(backend: AppforgeTestBackend, limits: Partial<Record<'max_rows' | 'max_import_bytes' | 'max_rows_per_call', number>>) {
  const before = await backend.admin.from('DatabaseLimit').select('max_rows, max_import_bytes, max_rows_per_call').single();
  if (before.error) throw new Error(before.error.message);
  const changed = await backend.admin.from('DatabaseLimit').update(limits).eq('id', true);
  if (changed.error) throw new Error(changed.error.message);
  return async () => {
    const restored = await backend.admin.from('DatabaseLimit').update(before.data).eq('id', true);
    if (restored.error) throw new Error(restored.error.message);
  };
}

/** A database of another person's (the page must never show it). */
export async function someoneElsesDatabase(backend: AppforgeTestBackend, name: string): Promise<DatabaseDetail> {
  const other = await backend.signedInUser('someone else');
  return other.client.databases.create({ name });
}

/** An app of the owner's connected to the database, stored as the server stores it. */
export async function appUsing(backend: AppforgeTestBackend, ownerId: string, databaseId: string, name: string): Promise<string> {
  const app = await backend.admin.from('App').insert({ owner_id: ownerId, name, database_id: databaseId }).select('id').single();
  if (app.error) throw new Error(app.error.message);
  return app.data.id;
}

/** A version of the app whose spec has the given steps (numbered 1, 2, … by the database). */
export async function appVersion(backend: AppforgeTestBackend, appId: string, ownerId: string, steps: Json[]): Promise<number> {
  const version = await backend.admin
    .from('AppVersion')
    .insert({ app_id: appId, created_by: ownerId, spec: { entryStepId: 'ask', steps } })
    .select('number')
    .single();
  if (version.error) throw new Error(version.error.message);
  return version.data.number;
}

/** The rows of a table as the server holds them (service role), oldest first. */
export async function storedRows(backend: AppforgeTestBackend, tableId: string): Promise<Record<string, Json>[]> {
  const { data, error } = await backend.admin.from('DatabaseRow').select('data, created_at, id').eq('table_id', tableId).order('created_at').order('id');
  if (error) throw new Error(error.message);
  return data.map((row) => row.data as Record<string, Json>);
}

/** A database as the server holds it (service role), with its tables in order; null once deleted. */
export async function storedDatabase(backend: AppforgeTestBackend, databaseId: string) {
  const { data, error } = await backend.admin.from('Database').select('name, description, DatabaseTable(name, columns, position)').eq('id', databaseId).maybeSingle();
  if (error) throw new Error(error.message);
  if (data === null) return null;
  return { name: data.name, description: data.description, tables: [...data.DatabaseTable].sort((a, b) => a.position - b.position) };
}
