// Benchmark (not a test): OTP verify and refresh-token grant throughput and p50/p99 latency at 1,
// 10 and 50 concurrent clients, next to a bare Node HTTP handler doing one indexed SELECT on the
// same database. Loopback only, bounded request counts.
//   pnpm exec tsx --conditions=@appforge/source bench/auth.ts            (PGlite in memory)
//   pnpm exec tsx --conditions=@appforge/source bench/auth.ts --postgres (a temporary Debian PostgreSQL 15)
//   pnpm exec tsx --conditions=@appforge/source bench/auth.ts --database=postgres://…
import { createServer } from 'node:http';
import { createServer as createNetServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { platformMigrationsDir } from '../src/db/locations.js';
import { openPglite } from '../src/db/pglite.js';
import { openPostgres } from '../src/db/postgres.js';
import { loadConfig } from '../src/env.js';
import { createBackend } from '../src/server.js';
import { createDatabaseOn, startPostgresServer } from '../test/postgres-server.js';
import type { PostgresServer } from '../test/postgres-server.js';
import { FIGURES_HEADER, formatFigures, runLoad } from './lib.js';
import type { LoadFigures } from './lib.js';

interface Result {
  label: string;
  figures: LoadFigures;
}

/** Our own warm-up runs before the levels; the runner's per-worker warm-up would burn e-mail codes. */
function measure(label: string, concurrency: number, requests: number, fn: (worker: number, n: number) => Promise<void>) {
  return runLoad({ concurrency, requests, fn, warmup: 0 }).then((figures): Result => ({ label, figures }));
}

const LEVELS = [
  { concurrency: 1, requests: 200 },
  { concurrency: 10, requests: 500 },
  { concurrency: 50, requests: 1000 },
] as const;
const OTP = '123456';

const databaseUrlArg = process.argv.find((arg) => arg.startsWith('--database='))?.slice('--database='.length);
const startPostgres = process.argv.includes('--postgres');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createNetServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function main(): Promise<void> {
  let postgres: PostgresServer | undefined;
  let databaseArg = databaseUrlArg;
  if (startPostgres && !databaseArg) {
    postgres = await startPostgresServer();
    const admin = new pg.Client({ connectionString: postgres.url });
    await admin.connect();
    await admin.query(readFileSync(join(platformMigrationsDir(), '0001_roles_and_auth_helpers.sql'), 'utf8'));
    await admin.end();
    databaseArg = await createDatabaseOn(postgres.url);
  }
  const [port, mailboxPort] = await Promise.all([freePort(), freePort()]);
  const config = loadConfig({
    NODE_ENV: 'test',
    BACKEND_HOST: '127.0.0.1',
    BACKEND_PORT: String(port),
    MAILBOX_PORT: String(mailboxPort),
    DATA_DIR: 'memory://',
    LOG_LEVEL: 'silent',
    SITE_URL: 'http://localhost:5173',
    RATE_LIMIT_EMAIL_SENT_PER_HOUR: '1000000',
    RATE_LIMIT_VERIFY_PER_5_MIN: '1000000',
    RATE_LIMIT_TOKEN_PER_5_MIN: '1000000',
    ...(databaseArg ? { DATABASE_URL: databaseArg } : {}),
  });
  const db = databaseArg ? openPostgres(databaseArg) : await openPglite('memory://');
  const backend = await createBackend(config, { db, mailboxInMemory: true });
  const { url } = await backend.start();
  const headers = {
    apikey: backend.anonKey,
    authorization: `Bearer ${backend.anonKey}`,
    'content-type': 'application/json',
    'x-supabase-api-version': '2024-01-01',
  };

  // Users with a live e-mail code each (what /otp would have stored), inserted directly so the
  // once-a-minute mail rule does not throttle the setup.
  const verifyTotal = LEVELS.reduce((sum, level) => sum + level.requests + level.concurrency, 0) + 20;
  await db.query(
    `insert into auth.users (email, email_confirmed_at, raw_app_meta_data)
     select 'bench' || n || '@example.com', now(), '{"provider":"email","providers":["email"]}'::jsonb
     from generate_series(1, $1::int) as n`,
    [verifyTotal],
  );
  await db.query(
    `insert into auth.one_time_tokens (user_id, token_type, token_hash, relates_to)
     select id, 'confirmation_token', encode(sha224(convert_to(email || $1, 'UTF8')), 'hex'), email
     from auth.users where email like 'bench%'`,
    [OTP],
  );
  const idRows = await db.query<{ id: string }>('select id from auth.users order by created_at limit 1000');
  const ids = idRows.rows.map((row) => row.id);
  let nextUser = 0;
  const nextEmail = (): string => {
    nextUser += 1;
    return `bench${nextUser}@example.com`;
  };

  async function verify(): Promise<{ refresh_token: string }> {
    const response = await fetch(`${url}/auth/v1/verify`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ email: nextEmail(), token: OTP, type: 'email' }),
    });
    if (response.status !== 200) throw new Error(`verify answered ${response.status}: ${await response.text()}`);
    return (await response.json()) as { refresh_token: string };
  }

  // Baseline: a bare node:http handler, one indexed SELECT on the same database, JSON out.
  const bare = createServer((req, res) => {
    const id = ids[Number(new URL(req.url ?? '/', 'http://x').searchParams.get('i')) % ids.length] ?? '';
    db.query<{ id: string; email: string }>('select id, email from auth.users where id = $1', [id]).then(
      (result) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(result.rows[0] ?? null));
      },
      () => {
        res.writeHead(500);
        res.end();
      },
    );
  });
  await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
  const bareUrl = `http://127.0.0.1:${(bare.address() as AddressInfo).port}`;

  // Warm-up of every path (JIT, prepared plans, connection pools).
  for (let i = 0; i < 10; i += 1) {
    await verify();
    await (await fetch(`${bareUrl}/?i=${i}`)).text();
  }

  const results: Result[] = [];
  for (const level of LEVELS) {
    results.push(
      await measure('bare SELECT baseline', level.concurrency, level.requests, async (_worker, n) => {
        const response = await fetch(`${bareUrl}/?i=${n}`);
        await response.text();
        if (response.status !== 200) throw new Error(`baseline answered ${response.status}`);
      }),
    );
    results.push(await measure('POST /verify (OTP)', level.concurrency, level.requests, async () => void (await verify())));
    // One session per client; each refresh presents the token the previous one returned.
    const tokens: string[] = [];
    for (let worker = 0; worker < level.concurrency; worker += 1) tokens.push((await verify()).refresh_token);
    results.push(
      await measure('refresh_token grant', level.concurrency, level.requests, async (worker) => {
        const response = await fetch(`${url}/auth/v1/token?grant_type=refresh_token`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ refresh_token: tokens[worker] }),
        });
        if (response.status !== 200) throw new Error(`refresh answered ${response.status}: ${await response.text()}`);
        tokens[worker] = ((await response.json()) as { refresh_token: string }).refresh_token;
      }),
    );
  }

  console.log(`\nAuth benchmark on ${db.kind} (${process.version}, loopback, server and load generator in one process)\n`);
  console.log(FIGURES_HEADER);
  for (const result of results) console.log(formatFigures(result.label, result.figures));
  console.log('\nRatio = baseline req/s ÷ operation req/s (how many bare indexed SELECT requests fit in the time of one):');
  for (const level of LEVELS) {
    const at = (label: string) =>
      results.find((r) => r.label === label && r.figures.concurrency === level.concurrency)?.figures;
    const base = at('bare SELECT baseline');
    for (const label of ['POST /verify (OTP)', 'refresh_token grant']) {
      const op = at(label);
      if (base && op) {
        console.log(
          `  c=${String(level.concurrency).padStart(2)}  ${label.padEnd(20)} ${(base.rps / op.rps).toFixed(1)}x slower` +
            `  (p50 ${op.p50.toFixed(1)} vs ${base.p50.toFixed(1)} ms)`,
        );
      }
    }
  }
  bare.close();
  await backend.stop();
  await postgres?.stop();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
