// Reusable closed-loop load runner for the bench scripts: `concurrency` workers issue requests
// back to back until `requests` have been made; latency percentiles over all of them.
import type { ContentChecker } from '@appforge/functions';
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { createClient } from '@supabase/supabase-js';
import type { SupabaseClient } from '@supabase/supabase-js';
import { nodeWebSocket } from '../src/http/ws-transport.js';
import type { Database } from '../src/db/database.js';
import { openPglite } from '../src/db/pglite.js';
import { openPostgres } from '../src/db/postgres.js';
import { loadConfig } from '../src/env.js';
import type { RequestContext } from '../src/db/request-context.js';
import { createBackend } from '../src/server.js';
import type { Backend } from '../src/server.js';
import { freePort, startPostgresServer } from '../test/postgres-server.js';
import type { PostgresServer } from '../test/postgres-server.js';

/** The app the benches run: ask for a topic, explain it with the model, show the answer. */
export const TOPIC_SPEC = {
  entryStepId: 'ask',
  steps: [
    { id: 'ask', kind: 'input', title: 'Ask', config: { fields: [{ type: 'text', name: 'topic', label: 'Topic', required: true }] } },
    { id: 'write', kind: 'ai', title: 'Write', config: { prompt: 'Explain {{topic}} simply.', outputVariable: 'text', outputFormat: 'text' } },
    { id: 'show', kind: 'output', title: 'Result', config: { template: '# Answer\n\n{{text}}' } },
  ],
};

export interface LoadOptions {
  concurrency: number;
  /** Total requests across all workers (bounded: benches never run open-ended). */
  requests: number;
  /** One request; must throw (or reject) on failure. `n` counts from 0 across workers. */
  fn: (worker: number, n: number) => Promise<void>;
  /** Requests per worker run first and not measured (JIT, connection pools). Default 20. */
  warmup?: number;
  /** Awaited between the warm-up and the measured requests (e.g. to take a CPU reading). */
  afterWarmup?: () => Promise<void>;
}

export interface LoadFigures {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  requests: number;
  concurrency: number;
  seconds: number;
  /** The first failure's message, when there were errors. */
  firstError?: string;
}

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] ?? Number.NaN;
}

/** `--name=N` from the command line: a positive whole number, or `fallback`. */
export function option(name: string, fallback: number): number {
  const raw = process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
  const value = raw === undefined ? fallback : Number.parseInt(raw, 10);
  if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} must be a positive whole number`);
  return value;
}

export async function runLoad(options: LoadOptions): Promise<LoadFigures> {
  const { concurrency, requests, fn } = options;
  const warmup = options.warmup ?? 20;
  await Promise.all(
    Array.from({ length: concurrency }, async (_, worker) => {
      for (let i = 0; i < warmup; i += 1) await fn(worker, -1 - i).catch(() => undefined);
    }),
  );
  await options.afterWarmup?.();
  const latencies: number[] = [];
  let next = 0;
  let errors = 0;
  let firstError: string | undefined;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async (_, worker) => {
      for (;;) {
        const n = next;
        next += 1;
        if (n >= requests) return;
        const t0 = performance.now();
        try {
          await fn(worker, n);
          latencies.push(performance.now() - t0);
        } catch (error) {
          errors += 1;
          firstError ??= error instanceof Error ? error.message : String(error);
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    rps: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    errors,
    requests,
    concurrency,
    seconds,
    ...(firstError === undefined ? {} : { firstError }),
  };
}

/** GET that throws unless the answer is 2xx; the body is read so the connection is reused. */
export async function getOk(url: string, headers: Record<string, string> = {}): Promise<void> {
  const response = await fetch(url, { headers });
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
}

export function formatFigures(label: string, figures: LoadFigures): string {
  return [
    label.padEnd(34),
    String(figures.concurrency).padStart(4),
    figures.rps.toFixed(0).padStart(8),
    figures.p50.toFixed(2).padStart(8),
    figures.p99.toFixed(2).padStart(8),
    String(figures.errors).padStart(6),
  ].join(' ');
}

export const FIGURES_HEADER = `${'scenario'.padEnd(34)} ${'conc'.padStart(4)} ${'req/s'.padStart(8)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'errors'.padStart(6)}`;

export interface BenchBackend {
  db: Database;
  backend: Backend;
  url: string;
  stop: () => Promise<void>;
}

/**
 * The full backend on free loopback ports for a bench: PGlite in memory, or with `--postgres` a
 * fresh database on a temporary PostgreSQL 15 server. `dataDir` is where storage keeps bytes.
 */
export async function startBenchBackend(
  name: string,
  dataDir = 'memory://',
  /** More environment for loadConfig (e.g. AI_BASE_URL, RUN_RATE_LIMIT_PER_MINUTE). */
  env: Readonly<Record<string, string>> = {},
  /** Issue 19: the content checker class runs use (ctx.safety). */
  contentChecker?: ContentChecker,
): Promise<BenchBackend> {
  let pgServer: PostgresServer | undefined;
  let db: Database;
  let databaseUrl: string | undefined;
  if (process.argv.includes('--postgres')) {
    pgServer = await startPostgresServer();
    databaseUrl = await pgServer.createDatabase(name);
    db = openPostgres(databaseUrl);
  } else {
    db = await openPglite('memory://');
  }
  const [port, mailboxPort] = await Promise.all([freePort(), freePort()]);
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    BACKEND_PORT: String(port),
    MAILBOX_PORT: String(mailboxPort),
    DATA_DIR: dataDir,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...env,
  });
  const backend = await createBackend(config, { db, mailboxInMemory: true, ...(contentChecker ? { contentChecker } : {}) });
  const { url } = await backend.start();
  return {
    db,
    backend,
    url,
    stop: async () => {
      await backend.stop();
      await pgServer?.stop();
    },
  };
}

export interface BenchUser {
  /** supabase-js signed in as the user (password sign-in, as a person would). */
  client: SupabaseClient;
  userId: string;
  accessToken: string;
}

/** A confirmed user made by the service role, then signed in with a password by a fresh client. */
export async function signedInBenchUser(url: string, backend: Backend): Promise<BenchUser> {
  const auth = { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false };
  const realtime = { transport: nodeWebSocket };
  const service = createClient(url, backend.serviceRoleKey, { auth, realtime });
  const email = `bench-${randomUUID()}@example.org`;
  const password = `Bench-${randomUUID()}`;
  const created = await service.auth.admin.createUser({ email, password, email_confirm: true });
  if (created.error) throw created.error;
  const client = createClient(url, backend.anonKey, { auth, realtime });
  const session = await client.auth.signInWithPassword({ email, password });
  if (session.error) throw session.error;
  return { client, userId: session.data.user.id, accessToken: session.data.session.access_token };
}

/** A signed-in user's request context for SQL run as they would over /rest/v1/rpc (RLS on). */
export function userRpcContext(userId: string, rpc: string, readOnly: boolean): RequestContext {
  return {
    role: 'authenticated',
    claims: { sub: userId, role: 'authenticated', aud: 'authenticated' },
    headers: {},
    method: 'POST',
    path: `/rpc/${rpc}`,
    readOnly,
  };
}
