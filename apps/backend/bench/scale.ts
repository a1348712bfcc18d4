// pnpm bench:scale [--requests=3000] [--runs=400] [--run-concurrency=16] [--scenarios=get,insert,run]
// [--configs=1,2,workers] [--client=wrk|http|fetch] [--seconds=10] [--source] [--cpu-prof] (wrk by default where
// /usr/bin/wrk is installed: apt-get install wrk): one vs two backend processes on one PostgreSQL
// 15 (temporary, loopback). Scenarios: REST single-row GET and single-row insert with the
// service-role key, and run-app on a deployed app with its AI step answered by a protocol-true fake
// OpenAI-compatible server on loopback (each run read to run_done). Closed loop, bounded counts.
// Configurations, one after the other on the same database:
//   "1 process"          every request to backend A;
//   "2 processes"        two separate processes, the load generator alternating between them (no
//                        proxy's CPU counted; behind Caddy add its cost);
//   "BACKEND_WORKERS=2"  one command, two node:cluster workers behind one port.
// Prints figures and the ratios to "1 process" (goal ≥ 1.6× for reads on 2 cores; the load
// generator, PostgreSQL and the fake model share those cores), and where the CPU went: each load
// runs in a process of its own (bench/load-client.ts), and the CPU seconds of the backends'
// process trees, PostgreSQL's (postmaster and its backends), the load generator and this process
// (the fake model) are read from /proc around the measured requests (bench/cpu.ts): cores used
// (CPU seconds / wall seconds) and CPU milliseconds per request. --cpu-prof writes V8 profiles of
// the backends to a folder it names.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { startFakeOpenAIServer } from '@appforge/functions/testing';
import pg from 'pg';
import { DEV_JWT_SECRET } from '../src/env.js';
import { createJwtService } from '../src/jwt.js';
import { topicSpec } from '../test/functions-ai/helpers.js';
import { freePort, startPostgresServer } from '../test/postgres-server.js';
import { parentPid, treeCpuSeconds } from './cpu.js';
import { FIGURES_HEADER, formatFigures, option } from './lib.js';
import type { LoadFigures } from './lib.js';
import type { LoadJob } from './load-client.js';
import { WRK, wrkAvailable } from './wrk-load.js';

const REQUESTS = option('requests', 3000);
const RUNS = option('runs', 400);
const CONCURRENCY = 32;
const RUN_CONCURRENCY = option('run-concurrency', 16);
const listOption = (name: string, fallback: string): string[] =>
  (process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback).split(',');
const SCENARIOS = new Set(listOption('scenarios', 'get,insert,run'));
const CONFIGS = new Set(listOption('configs', '1,2,workers'));
const CPU_PROF = process.argv.includes('--cpu-prof');
// wrk (Debian's `wrk`) when it is installed: the load generator's CPU per request is a fifth of
// node:http's, and it shares the 2 cores with what is measured.
const WRK_INSTALLED = wrkAvailable();
const CLIENT_OPTION = listOption('client', WRK_INSTALLED ? 'wrk' : 'http')[0];
const CLIENT: 'fetch' | 'http' | 'wrk' = CLIENT_OPTION === 'fetch' || CLIENT_OPTION === 'wrk' ? CLIENT_OPTION : 'http';
const SECONDS = option('seconds', 10);
if (CLIENT === 'wrk' && !WRK_INSTALLED) throw new Error(`--client=wrk needs ${WRK} (Debian: apt-get install wrk)`);
// The built server (as production runs it) unless --source or no build: tsx's loader and source
// maps are not what a deployment pays for.
const BUILT = join(import.meta.dirname, '..', 'dist', 'main.js');
const FROM_SOURCE = process.argv.includes('--source') || !existsSync(BUILT);
const SERVER_ARGS = FROM_SOURCE ? ['--conditions=@appforge/source', '--import', 'tsx', 'src/main.ts'] : [BUILT];
const API_KEY = 'sk-bench-scale';
const MODEL = 'fake-model';
const ANSWER = { text: 'Volcanoes are openings in the crust where molten rock, ash and gas escape.', usage: { promptTokens: 12, completionTokens: 14 } };

const scratch = mkdtempSync(join(tmpdir(), 'appforge-bench-scale-'));
const profiles = join(tmpdir(), `appforge-bench-scale-profiles-${process.pid}`);
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
    if (CPU_PROF) mkdirSync(profiles, { recursive: true });
    const profiling = CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${profiles}`] : [];
    const child = spawn(process.execPath, [...profiling, ...SERVER_ARGS], {
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

  // PostgreSQL's postmaster: the parent of any of its connection processes.
  const probe = new pg.Client({ connectionString: databaseUrl });
  await probe.connect();
  const postmaster = parentPid(Number((await probe.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]?.pid)) ?? 0;
  await probe.end();

  interface Cpu {
    backends: number;
    postgres: number;
    load: number;
    bench: number;
  }
  interface Measured {
    figures: LoadFigures;
    cpu: Cpu;
  }
  type Scenario = [key: string, label: string, job: (urls: string[]) => LoadJob];
  const scenarios: Scenario[] = (
    [
      ['get', 'REST GET one row', (urls) => ({ scenario: 'get', client: CLIENT, urls, headers, ids, requests: REQUESTS, concurrency: CONCURRENCY, seconds: SECONDS })],
      ['insert', 'REST insert one row', (urls) => ({ scenario: 'insert', client: CLIENT, urls, headers, owner, requests: REQUESTS, concurrency: CONCURRENCY, seconds: SECONDS })],
      [
        'run',
        'run-app to run_done (fake model)',
        (urls) => {
          // Every run (and the warm-up's) gets an answer from the fake model.
          fake.enqueue(...Array.from({ length: RUNS + RUN_CONCURRENCY * 5 }, () => ANSWER));
          return { scenario: 'run', urls, headers: {}, appId: app.app_id, anonKey, requests: RUNS, concurrency: RUN_CONCURRENCY, warmup: 5 };
        },
      ],
    ] satisfies Scenario[]
  ).filter(([key]) => SCENARIOS.has(key));

  /** Runs one load in its own process; CPU read around its measured requests. */
  const load = async (job: LoadJob, backendPids: number[]): Promise<Measured> => {
    const child = spawn(process.execPath, ['--conditions=@appforge/source', '--import', 'tsx', join(import.meta.dirname, 'load-client.ts'), JSON.stringify(job)], {
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    children.add(child);
    const lines = (async function* () {
      let buffered = '';
      for await (const chunk of child.stdout ?? []) {
        buffered += String(chunk);
        let newline = buffered.indexOf('\n');
        while (newline >= 0) {
          yield buffered.slice(0, newline);
          buffered = buffered.slice(newline + 1);
          newline = buffered.indexOf('\n');
        }
      }
    })();
    const next = async (): Promise<string> => {
      const line = await lines.next();
      if (line.done) throw new Error('the load generator stopped early');
      return line.value;
    };
    if ((await next()) !== 'warm') throw new Error('the load generator did not warm up');
    const before = { backends: treeCpuSeconds(backendPids), postgres: treeCpuSeconds([postmaster]), bench: process.cpuUsage() };
    child.stdin?.write('go\n');
    const result = JSON.parse(await next()) as { figures: LoadFigures; cpuSeconds: number };
    const bench = process.cpuUsage(before.bench);
    const cpu: Cpu = {
      backends: treeCpuSeconds(backendPids) - before.backends,
      postgres: treeCpuSeconds([postmaster]) - before.postgres,
      load: result.cpuSeconds,
      bench: (bench.user + bench.system) / 1e6,
    };
    await new Promise((resolve) => (child.exitCode === null ? child.once('exit', resolve) : resolve(undefined)));
    children.delete(child);
    return { figures: result.figures, cpu };
  };

  const results = new Map<string, Map<string, Measured>>();
  const measure = async (config: string, urls: string[], backendPids: number[]): Promise<void> => {
    const row = new Map<string, Measured>();
    for (const [, label, job] of scenarios) row.set(label, await load(job(urls), backendPids));
    results.set(config, row);
  };
  const pidOf = (child: ChildProcess): number => child.pid ?? 0;

  if (CONFIGS.has('1')) await measure('1 process', [a.url], [pidOf(a.child)]);
  if (CONFIGS.has('2')) {
    const b = await backend();
    await measure('2 processes', [a.url, b.url], [pidOf(a.child), pidOf(b.child)]);
    await stopChild(b.child);
  }
  await stopChild(a.child);
  if (CONFIGS.has('workers')) {
    const workers = await backend({ BACKEND_WORKERS: '2' });
    // Both workers listening: the primary forks them at once; give the second its start-up.
    for (let attempt = 0; attempt < 50; attempt += 1) await fetch(`${workers.url}/health`).catch(() => undefined);
    await measure('BACKEND_WORKERS=2', [workers.url], [pidOf(workers.child)]);
    await stopChild(workers.child);
  }

  console.log(`\nbackend: ${FROM_SOURCE ? 'src/main.ts through tsx' : `dist/main.js (built ${statSync(BUILT).mtime.toISOString()})`}; ${availableParallelism()} cores`);
  console.log(`bench:scale on PostgreSQL 15, node ${process.version}, ${REQUESTS} REST requests × ${CONCURRENCY} concurrent (${CLIENT === 'http' ? 'node:http keep-alive' : CLIENT === 'wrk' ? `wrk, ${SECONDS} s per load, one wrk per backend` : 'fetch'}), ${RUNS} runs × ${RUN_CONCURRENCY} concurrent`);
  console.log(FIGURES_HEADER);
  for (const [, label] of scenarios) {
    for (const [config, row] of results) {
      const figures = row.get(label)?.figures;
      if (figures) console.log(formatFigures(`${label}, ${config}`, figures));
      if (figures?.firstError) console.log(`  first error: ${figures.firstError}`);
    }
  }
  console.log('\nCPU while measuring: cores used (CPU s / wall s) and CPU ms per request, by process');
  console.log(`${'scenario'.padEnd(50)} ${'backends'.padStart(14)} ${'postgres'.padStart(14)} ${'load gen'.padStart(14)} ${'fake+bench'.padStart(10)} ${'total'.padStart(6)}`);
  for (const [, label] of scenarios) {
    for (const [config, row] of results) {
      const measured = row.get(label);
      if (!measured) continue;
      const { figures, cpu } = measured;
      const done = figures.requests - figures.errors;
      const cell = (seconds: number) => `${(seconds / figures.seconds).toFixed(2)} / ${((seconds * 1000) / done).toFixed(2)}`.padStart(14);
      const total = cpu.backends + cpu.postgres + cpu.load + cpu.bench;
      console.log(
        `${`${label}, ${config}`.padEnd(50)} ${cell(cpu.backends)} ${cell(cpu.postgres)} ${cell(cpu.load)} ${(cpu.bench / figures.seconds).toFixed(2).padStart(10)} ${(total / figures.seconds).toFixed(2).padStart(6)}`,
      );
    }
  }
  console.log('');
  const base = results.get('1 process');
  for (const [, label] of scenarios) {
    const one = base?.get(label)?.figures;
    if (!one) continue;
    for (const [config, row] of results) {
      if (config === '1 process') continue;
      const other = row.get(label)?.figures;
      if (other) console.log(`${label}: ${config} / 1 process = ${(other.rps / one.rps).toFixed(2)}× (p99 ${one.p99.toFixed(0)} → ${other.p99.toFixed(0)} ms)`);
    }
  }
  // What the machine allows at best: one process is bound by its one thread (backend CPU per
  // request) or by all cores (everything's CPU per request); two processes by twice the first.
  const cores = availableParallelism();
  console.log('');
  for (const [, label] of scenarios) {
    const one = base?.get(label);
    if (!one) continue;
    const done = one.figures.requests - one.figures.errors;
    const perRequest = (seconds: number) => seconds / done;
    const backendCpu = perRequest(one.cpu.backends);
    const allCpu = perRequest(one.cpu.backends + one.cpu.postgres + one.cpu.load + one.cpu.bench);
    const best = (processes: number) => Math.min(processes / backendCpu, cores / allCpu);
    console.log(
      `${label}: best 2 / 1 process on ${cores} idle cores with this CPU per request = ${(best(2) / best(1)).toFixed(2)}× ` +
        `(backend ${(backendCpu * 1000).toFixed(2)} ms, all processes ${(allCpu * 1000).toFixed(2)} ms per request)`,
    );
  }
  if (CPU_PROF) console.log(`\nV8 CPU profiles of the backends: ${profiles}`);
} finally {
  for (const child of children) child.kill('SIGTERM');
  await new Promise((resolve) => setTimeout(resolve, 1000));
  await fake.close();
  await server.stop();
  rmSync(scratch, { recursive: true, force: true });
}
