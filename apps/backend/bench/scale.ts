// pnpm bench:scale [--requests=3000] [--runs=400] [--run-concurrency=16]: one vs two backend processes on one PostgreSQL
// 15 (temporary, loopback). Scenarios: REST single-row GET and single-row insert with the
// service-role key, and run-app on a deployed app with its AI step answered by a protocol-true fake
// OpenAI-compatible server on loopback (each run read to run_done). Closed loop, bounded counts.
// Configurations, one after the other on the same database:
//   "1 process"          every request to backend A;
//   "2 processes"        two separate processes, the load generator alternating between them (no
//                        proxy's CPU counted; behind Caddy add its cost);
//   "BACKEND_WORKERS=2"  one command, two node:cluster workers behind one port.
// Prints figures and the ratios to "1 process" (goal ≥ 1.6× for reads on 2 cores; the load
// generator, PostgreSQL and the fake model share those cores).
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startFakeOpenAIServer } from '@appforge/functions/testing';
import pg from 'pg';
import { DEV_JWT_SECRET } from '../src/env.js';
import { createJwtService } from '../src/jwt.js';
import { readSse, topicSpec } from '../test/functions-ai/helpers.js';
import { freePort, startPostgresServer } from '../test/postgres-server.js';
import { FIGURES_HEADER, formatFigures, getOk, option, runLoad } from './lib.js';
import type { LoadFigures } from './lib.js';

const REQUESTS = option('requests', 3000);
const RUNS = option('runs', 400);
const CONCURRENCY = 32;
const RUN_CONCURRENCY = option('run-concurrency', 16);
const API_KEY = 'sk-bench-scale';
const MODEL = 'fake-model';
const ANSWER = { text: 'Volcanoes are openings in the crust where molten rock, ash and gas escape.', usage: { promptTokens: 12, completionTokens: 14 } };

const scratch = mkdtempSync(join(tmpdir(), 'appforge-bench-scale-'));
const server = await startPostgresServer();
const fake = await startFakeOpenAIServer({ apiKey: API_KEY, models: [MODEL] });
const children = new Set<ChildProcess>();

async function waitReady(url: string): Promise<void> {
  for (let attempt = 0; attempt < 600; attempt += 1) {
    if (await fetch(`${url}/ready`).then((r) => r.ok, () => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} never became ready`);
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
  children.delete(child);
}

try {
  const databaseUrl = await server.createDatabase('bench_scale');
  const env = (port: number, extra: Record<string, string> = {}) => ({
    NODE_ENV: 'test',
    DATABASE_URL: databaseUrl,
    BACKEND_PORT: String(port),
    DATA_DIR: join(scratch, String(port)),
    LOG_LEVEL: 'silent',
    AI_BASE_URL: fake.baseUrl,
    AI_API_KEY: API_KEY,
    AI_MODEL: MODEL,
    OFFLINE_MODEL_CHUNK_DELAY_MS: '0',
    // Visitors' and apps' run limits would (rightly) refuse a burst of this size.
    RUN_RATE_LIMIT_PER_MINUTE: String(100 * (RUNS + 200)),
    // Nothing here sends mail; several workers need an SMTP server to be named.
    SMTP_URL: 'smtp://127.0.0.1:9',
    ...extra,
  });
  const backend = async (extra: Record<string, string> = {}): Promise<{ url: string; child: ChildProcess }> => {
    const [port, mailboxPort] = await Promise.all([freePort(), freePort()]);
    const child = spawn(process.execPath, ['--conditions=@appforge/source', '--import', 'tsx', 'src/main.ts'], {
      cwd: join(import.meta.dirname, '..'),
      env: { ...env(port, extra), MAILBOX_PORT: String(mailboxPort) },
      stdio: 'ignore',
    });
    children.add(child);
    const url = `http://127.0.0.1:${port}`;
    await waitReady(url);
    return { url, child };
  };

  // Backend A first: it applies the migrations.
  const a = await backend();
  const { serviceRoleKey, anonKey } = await createJwtService(DEV_JWT_SECRET, 'http://127.0.0.1/auth/v1');
  const headers = { apikey: serviceRoleKey, authorization: `Bearer ${serviceRoleKey}` };

  // Data: 100 App rows to read, and one deployed app to run (written by the fake model).
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const owner = randomUUID();
  await client.query('insert into auth.users (id, email) values ($1, $2)', [owner, `${owner}@example.org`]);
  const ids: string[] = [];
  for (let index = 0; index < 100; index += 1) {
    const row = await client.query<{ id: string }>('insert into public."App" (owner_id, name) values ($1, $2) returning id', [owner, `App ${index}`]);
    ids.push(row.rows[0]?.id ?? '');
  }
  await client.end();
  const call = (url: string, name: string, body: unknown, token: string): Promise<Response> =>
    fetch(`${url}/functions/v1/${name}`, {
      method: 'POST',
      headers: { apikey: anonKey, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const email = `bench-${randomUUID()}@example.org`;
  const password = `Bench-${randomUUID()}`;
  const created = await fetch(`${a.url}/auth/v1/admin/users`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, email_confirm: true }),
  });
  if (!created.ok) throw new Error(`creating the bench user answered ${created.status}`);
  const { id: creatorId } = (await created.json()) as { id: string };
  const signIn = await fetch(`${a.url}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: anonKey, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const { access_token: ownerToken } = (await signIn.json()) as { access_token: string };
  fake.enqueue({ text: JSON.stringify({ name: 'Topic explainer', description: 'Explains a topic simply.', spec: topicSpec() }) });
  const made = await call(a.url, 'create-app-from-description', { description: 'Explain any topic simply to a curious student' }, ownerToken);
  if (made.status !== 201) throw new Error(`create-app-from-description answered ${made.status}: ${await made.text()}`);
  const app = (await made.json()) as { app_id: string; version_id: string };
  const deployed = await call(a.url, 'deploy-app', { app_id: app.app_id, version_id: app.version_id }, ownerToken);
  if (!deployed.ok) throw new Error(`deploy-app answered ${deployed.status}: ${await deployed.text()}`);
  // The Pro plan: the Free plan's 500 runs a month would stop the later configurations.
  const plans = new pg.Client({ connectionString: databaseUrl });
  await plans.connect();
  const upgraded = await plans.query(
    `insert into public."User" (id, email, status, plan) values ($1, $2, 'allowed', 'pro') on conflict (id) do update set plan = 'pro'`,
    [creatorId, email],
  );
  await plans.end();
  if (upgraded.rowCount !== 1) throw new Error('could not move the bench user to the Pro plan');

  type Scenario = [label: string, load: (pick: (n: number) => string) => Promise<LoadFigures>];
  const scenarios: Scenario[] = [
    [
      'REST GET one row',
      (pick) =>
        runLoad({
          concurrency: CONCURRENCY,
          requests: REQUESTS,
          fn: (_worker, n) => getOk(`${pick(n)}/rest/v1/App?id=eq.${ids[Math.abs(n) % ids.length]}&select=*`, headers),
        }),
    ],
    [
      'REST insert one row',
      (pick) =>
        runLoad({
          concurrency: CONCURRENCY,
          requests: REQUESTS,
          fn: async (_worker, n) => {
            const answer = await fetch(`${pick(n)}/rest/v1/App`, {
              method: 'POST',
              headers: { ...headers, 'content-type': 'application/json', prefer: 'return=minimal' },
              body: JSON.stringify({ owner_id: owner, name: `Bench ${n}` }),
            });
            await answer.arrayBuffer();
            if (answer.status !== 201) throw new Error(`insert answered ${answer.status}`);
          },
        }),
    ],
    [
      'run-app to run_done (fake model)',
      (pick) => {
        // Every run (and the warm-up's) gets an answer from the fake model.
        fake.enqueue(...Array.from({ length: RUNS + RUN_CONCURRENCY * 5 }, () => ANSWER));
        return runLoad({
          concurrency: RUN_CONCURRENCY,
          requests: RUNS,
          warmup: 5,
          fn: async (_worker, n) => {
            const response = await call(pick(n), 'run-app', { app_id: app.app_id, visitor_session: randomUUID(), inputs: { topic: `topic ${n}` } }, anonKey);
            if (!response.headers.get('content-type')?.startsWith('text/event-stream')) {
              throw new Error(`run-app answered ${response.status}: ${await response.text()}`);
            }
            const events = await readSse(response);
            if (events.at(-1)?.event !== 'run_done') {
              throw new Error(`run ended with ${events.at(-1)?.event ?? 'nothing'}: ${JSON.stringify(events.at(-1)?.data)}`);
            }
          },
        });
      },
    ],
  ];

  const results = new Map<string, Map<string, LoadFigures>>();
  const measure = async (config: string, pick: (n: number) => string): Promise<void> => {
    const row = new Map<string, LoadFigures>();
    for (const [label, load] of scenarios) row.set(label, await load(pick));
    results.set(config, row);
  };

  await measure('1 process', () => a.url);
  const b = await backend();
  await measure('2 processes', (n) => (Math.abs(n) % 2 === 0 ? a.url : b.url));
  await stopChild(a.child);
  await stopChild(b.child);
  const workers = await backend({ BACKEND_WORKERS: '2' });
  // Both workers listening: the primary forks them at once; give the second its start-up.
  for (let attempt = 0; attempt < 50; attempt += 1) await fetch(`${workers.url}/health`).catch(() => undefined);
  await measure('BACKEND_WORKERS=2', () => workers.url);

  console.log(`\nbench:scale on PostgreSQL 15, node ${process.version}, ${REQUESTS} REST requests × ${CONCURRENCY} concurrent, ${RUNS} runs × ${RUN_CONCURRENCY} concurrent`);
  console.log(FIGURES_HEADER);
  for (const [label] of scenarios) {
    for (const [config, row] of results) {
      const figures = row.get(label);
      if (figures) console.log(formatFigures(`${label}, ${config}`, figures));
      if (figures?.firstError) console.log(`  first error: ${figures.firstError}`);
    }
  }
  console.log('');
  const base = results.get('1 process');
  for (const [label] of scenarios) {
    const one = base?.get(label);
    if (!one) continue;
    for (const [config, row] of results) {
      if (config === '1 process') continue;
      const other = row.get(label);
      if (other) console.log(`${label}: ${config} / 1 process = ${(other.rps / one.rps).toFixed(2)}× (p99 ${one.p99.toFixed(0)} → ${other.p99.toFixed(0)} ms)`);
    }
  }
} finally {
  for (const child of children) child.kill('SIGTERM');
  await new Promise((resolve) => setTimeout(resolve, 1000));
  await fake.close();
  await server.stop();
  rmSync(scratch, { recursive: true, force: true });
}
