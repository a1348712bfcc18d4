// Shared setup for the /rest/v1 tests: the real backend (test/harness.ts) plus the REST fixture.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { SupabaseClient } from '@supabase/supabase-js';
import { startTestBackend } from '../harness.js';
import type { TestBackend, TestDatabase } from '../harness.js';

export const FIXTURE_SQL = readFileSync(fileURLToPath(new URL('../fixtures/rest-fixture.sql', import.meta.url)), 'utf8');

export const ALICE = '11111111-1111-4111-8111-111111111111';
export const BOB = '22222222-2222-4222-8222-222222222222';

export interface RestBackend extends TestBackend {
  /** A supabase-js client acting as the given user (a real signed access token). */
  userClient(sub: string): Promise<SupabaseClient>;
  userToken(sub: string, expiresIn?: number): Promise<string>;
  /** Raw fetch against /rest/v1 with the anon key unless headers say otherwise. */
  rest(path: string, init?: RequestInit): Promise<Response>;
  /** Row count straight from the database (bypasses the API). */
  countRows(table: string, where?: string): Promise<number>;
}

async function waitForTable(url: string, key: string, table: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const response = await fetch(`${url}/rest/v1/${table}?limit=0`, { headers: { apikey: key } });
    await response.arrayBuffer();
    if (response.status === 200) return;
    if (Date.now() > deadline) throw new Error(`schema cache never showed ${table} (last status ${response.status})`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export async function startRestBackend(database: TestDatabase, env: Record<string, string> = {}): Promise<RestBackend> {
  const backend = await startTestBackend({ database, env });
  await backend.db.exec(FIXTURE_SQL);
  await backend.db.exec(`notify pgrst, 'reload schema'`);
  await waitForTable(backend.url, backend.anonKey, 'books');
  const userToken = (sub: string, expiresIn = 3600): Promise<string> =>
    backend.deps.jwt.sign(
      { sub, role: 'authenticated', aud: 'authenticated', email: `${sub.slice(0, 4)}@example.com` },
      expiresIn,
    );
  return {
    ...backend,
    userToken,
    async userClient(sub) {
      const token = await userToken(sub);
      return backend.client({ global: { headers: { Authorization: `Bearer ${token}` } } });
    },
    rest(path, init = {}) {
      const headers = new Headers(init.headers);
      if (!headers.has('apikey')) headers.set('apikey', backend.anonKey);
      return fetch(`${backend.url}/rest/v1${path}`, { ...init, headers });
    },
    async countRows(table, where = 'true') {
      const result = await backend.db.query<{ n: number | string }>(`select count(*) as n from public.${table} where ${where}`);
      return Number(result.rows[0]?.n ?? 0);
    },
  };
}
