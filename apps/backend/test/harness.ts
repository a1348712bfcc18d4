// Starts the real backend on free loopback ports with a fresh database, for integration tests.
import { readFileSync } from 'node:fs';
import type { ContentChecker, FunctionRegistry } from '@appforge/functions';
import { createClient } from '@supabase/supabase-js';
import type { SupabaseClient, SupabaseClientOptions } from '@supabase/supabase-js';
import pg from 'pg';
import { inject } from 'vitest';
import { nodeWebSocket } from '../src/http/ws-transport.js';
import type { Database } from '../src/db/database.js';
import { openPglite } from '../src/db/pglite.js';
import { loadConfig } from '../src/env.js';
import type { BackendConfig } from '../src/env.js';
import type { BackendDeps } from '../src/http/types.js';
import type { Logger } from '../src/logger.js';
import type { Mailbox } from '../src/mail/mailbox.js';
import { createBackend } from '../src/server.js';
import type { Backend } from '../src/server.js';
import type { JobQueue } from '../src/jobs/queue.js';
import { createDatabaseOn, databaseName } from './postgres-server.js';

export type TestDatabase = 'pglite' | 'postgres';

/** Both engines every integration test runs on: `describe.each(DATABASES)(...)`. */
export const DATABASES: readonly TestDatabase[] = ['pglite', 'postgres'];

export interface TestBackend {
  url: string;
  anonKey: string;
  serviceRoleKey: string;
  /** The dev inbox's Mailpit-compatible API (undefined when SMTP_URL is set). */
  mailboxUrl: string | undefined;
  /** The dev inbox store itself (waitFor, search), when SMTP_URL is not set. */
  mailbox: Mailbox | undefined;
  config: BackendConfig;
  db: Database;
  /** The backend's job queue (issue 12). */
  jobs: JobQueue;
  /** The realtime service (issue 13: its change feed's counters). */
  realtime: Backend['realtime'];
  /** What the route modules receive (jwt service for minting test tokens, logger, mailer). */
  deps: BackendDeps;
  /** A real supabase-js client with the anon key (no persisted session, no auto refresh). */
  client(options?: SupabaseClientOptions<'public'>): SupabaseClient;
  /** A real supabase-js client with the service-role key. */
  serviceClient(options?: SupabaseClientOptions<'public'>): SupabaseClient;
  stop(): Promise<void>;
}

export interface TestBackendOptions {
  database?: TestDatabase;
  /** Extra environment, as the server would read it (e.g. { ACCESS_POLICY: 'invite' }). */
  env?: Record<string, string>;
  /** Function handlers to host instead of @appforge/functions. */
  functions?: FunctionRegistry;
  /** A logger to use instead of the silent one (to read what the server logs). */
  logger?: Logger;
  /** Issue 19: the content checker class runs use (ctx.safety). */
  contentChecker?: ContentChecker;
}

let snapshot: Blob | undefined;

/**
 * The migrated, empty PGlite cluster that test/global-setup.ts made once for the run: restoring it
 * (about 0.5 s) is much cheaper than initdb plus migrations (several seconds) for every backend.
 */
function migratedSnapshot(): Blob | undefined {
  const path = inject('pgliteSnapshotPath');
  if (!path) return undefined;
  snapshot ??= new Blob([readFileSync(path)]);
  return snapshot;
}

async function freshPglite(useSnapshot: boolean): Promise<Database> {
  // A broken migration leaves no snapshot; then open empty so createBackend reports it by file.
  const dump = useSnapshot ? migratedSnapshot() : undefined;
  return dump ? openPglite('memory://', { loadDataDir: dump }) : openPglite('memory://');
}

/** A fresh database on the run's PostgreSQL 15 server (started by test/global-setup.ts). */
export function createTestPostgresDatabase(): Promise<string> {
  return createDatabaseOn(inject('postgresUrl'));
}

/**
 * A fresh database on the run's PostgreSQL 15 server with every migration applied: a copy of the
 * template test/global-setup.ts migrated once (CREATE DATABASE … TEMPLATE), or an empty one when
 * that failed, so the backend migrates it and names the broken file.
 */
export async function createMigratedPostgresDatabase(): Promise<string> {
  const serverUrl = inject('postgresUrl');
  const template = inject('postgresTemplate');
  if (!template) return createDatabaseOn(serverUrl);
  const name = databaseName();
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(`create database ${name} template ${template}`);
  } finally {
    await client.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

function clientFactory(url: string, key: string) {
  return (options: SupabaseClientOptions<'public'> = {}): SupabaseClient =>
    createClient<Record<string, never>, 'public'>(url, key, {
      ...options,
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false, ...options.auth },
      // Node 20 has no global WebSocket; supabase-js 2.119 refuses to start without one.
      realtime: { transport: nodeWebSocket, ...options.realtime },
    });
}

/** A backend on loopback ports the operating system picks (BACKEND_PORT=0, MAILBOX_PORT=0). */
export async function startTestBackend(options: TestBackendOptions = {}): Promise<TestBackend> {
  const database = options.database ?? 'pglite';
  const env: Record<string, string> = {
    NODE_ENV: 'test',
    BACKEND_HOST: '127.0.0.1',
    BACKEND_PORT: '0',
    MAILBOX_PORT: '0',
    DATA_DIR: 'memory://',
    LOG_LEVEL: 'silent',
    SITE_URL: 'http://localhost:5173',
    // Tests read the offline model's answers whole; pacing them would only slow the suite.
    OFFLINE_MODEL_CHUNK_DELAY_MS: '0',
    // Issue 26: tests stand in for the deploy recipe's Caddy on loopback, so a test can give each
    // visitor its own address with X-Forwarded-For (callFunction does); a test of the untrusted
    // case sets TRUSTED_PROXIES to ''.
    TRUSTED_PROXIES: '127.0.0.1,::1',
    // A custom MIGRATIONS_DIR gets an empty database: the template holds the project's migrations.
    ...(database === 'postgres'
      ? { DATABASE_URL: options.env?.MIGRATIONS_DIR ? await createTestPostgresDatabase() : await createMigratedPostgresDatabase() }
      : {}),
    ...options.env,
  };
  const requested = loadConfig(env);
  // In-memory PGlite unless the test asked for a data directory; the mailbox then stays in memory too.
  let db: Database | undefined;
  if (!requested.databaseUrl && requested.dataDir.startsWith('memory://')) db = await freshPglite(!requested.migrationsDir);
  const backend = await createBackend(requested, {
    ...(db ? { db } : {}),
    mailboxInMemory: true,
    ...(options.functions ? { functions: options.functions } : {}),
    ...(options.logger ? { logger: options.logger } : {}),
    ...(options.contentChecker ? { contentChecker: options.contentChecker } : {}),
    shutdownGraceMs: 5000,
  });
  let started: Awaited<ReturnType<typeof backend.start>>;
  try {
    started = await backend.start();
  } catch (error) {
    // Free what it holds (its database, jobs, the server that did listen), bounded.
    await Promise.race([backend.stop().catch(() => undefined), new Promise((resolve) => setTimeout(resolve, 5000))]);
    throw error;
  }
  return {
    url: started.url,
    anonKey: backend.anonKey,
    serviceRoleKey: backend.serviceRoleKey,
    mailboxUrl: started.mailboxUrl,
    mailbox: backend.mailbox,
    // With port 0 the backend's configuration carries the port it got (and the URL derived from it).
    config: backend.deps.config,
    db: backend.deps.db,
    deps: backend.deps,
    jobs: backend.jobs,
    realtime: backend.realtime,
    client: clientFactory(started.url, backend.anonKey),
    serviceClient: clientFactory(started.url, backend.serviceRoleKey),
    stop: () => backend.stop(),
  };
}
