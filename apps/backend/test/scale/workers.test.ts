// BACKEND_WORKERS=n: one command, n backend processes behind one port on one PostgreSQL. The
// limits hold across them (they are counted in the database), a worker that dies is replaced while
// the others keep answering, and a bad setting is refused before anything starts.
import { execFileSync } from 'node:child_process';
import { request } from 'node:http';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_JWT_SECRET } from '../../src/env.js';
import { createJwtService } from '../../src/jwt.js';
import { spawnServer, waitForHealth } from '../core/process.js';
import type { ServerProcess } from '../core/process.js';
import { startSmtpSink } from '../core/smtp-sink.js';
import type { SmtpSink } from '../core/smtp-sink.js';
import { createTestPostgresDatabase } from '../harness.js';
import { freePort } from '../postgres-server.js';

const RUN_LIMIT = 4;

/** The primary's node children (tsx also starts an esbuild helper, which is not a worker). */
function workerPids(primary: number): number[] {
  const out = execFileSync('ps', ['-o', 'pid=,comm=', '--ppid', String(primary)], { encoding: 'utf8' });
  return out
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .filter(([pid, command]) => Number(pid) > 0 && command === 'node')
    .map(([pid]) => Number(pid))
    .sort((a, b) => a - b);
}

/** One request on a new connection (the primary hands each new connection to the next worker). */
function once(url: string, method: string, headers: Record<string, string>, body?: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers, agent: false }, (res) => {
      let text = '';
      res.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

async function until<T>(read: () => T, done: (value: T) => boolean, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('BACKEND_WORKERS=2 on PostgreSQL', () => {
  let sink: SmtpSink;
  let server: ServerProcess;
  let url: string;
  let anonKey: string;
  let serviceRoleKey: string;
  let databaseUrl: string;

  beforeAll(async () => {
    sink = await startSmtpSink();
    databaseUrl = await createTestPostgresDatabase();
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    server = spawnServer({
      NODE_ENV: 'test',
      BACKEND_WORKERS: '2',
      DATABASE_URL: databaseUrl,
      BACKEND_HOST: '127.0.0.1',
      BACKEND_PORT: String(port),
      MAILBOX_PORT: String(await freePort()),
      DATA_DIR: 'memory://',
      LOG_LEVEL: 'silent',
      SMTP_URL: `smtp://127.0.0.1:${sink.port}`,
      RUN_RATE_LIMIT_PER_MINUTE: String(RUN_LIMIT),
      OFFLINE_MODEL_CHUNK_DELAY_MS: '0',
    });
    await waitForHealth(url, server);
    ({ anonKey, serviceRoleKey } = await createJwtService(DEV_JWT_SECRET, `${url}/auth/v1`));
    // Both workers listening (each opens the port through the primary once it has started).
    await until(() => workerPids(server.child.pid ?? 0).length, (n) => n === 2);
    for (let attempt = 0; attempt < 300 && !server.output().includes('worker 2 listening'); attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }, 180_000);

  afterAll(async () => {
    server?.child.kill('SIGTERM');
    await server?.exited;
    await sink?.close();
  });

  it('runs two worker processes behind the one port', () => {
    expect(workerPids(server.child.pid ?? 0)).toHaveLength(2);
    expect(server.output()).toContain('starting 2 workers');
    expect(server.output()).toContain('worker 2 listening');
  });

  /** One scrape of /metrics: the function requests counted (run-app here; its 404s are labelled :unmatched) and the workers summed. */
  async function scrape(): Promise<{ functionRequests: number; workers: number; text: string }> {
    const { status, text } = await once(`${url}/metrics`, 'GET', { authorization: `Bearer ${serviceRoleKey}` });
    expect(status).toBe(200);
    const value = (line: string) => Number(line.split(' ').at(-1));
    const functionRequests = text
      .split('\n')
      .filter((line) => line.startsWith('appforge_http_requests_total{') && line.includes('route="/functions/v1/'))
      .reduce((sum, line) => sum + value(line), 0);
    const workers = value(text.split('\n').find((line) => line.startsWith('appforge_backend_workers ')) ?? '');
    return { functionRequests, workers, text };
  }

  it('allows exactly N runs a minute across both workers', async () => {
    const session = randomUUID();
    const statuses: number[] = [];
    // Each call on a new connection: the primary hands connections to the workers in turn.
    for (let index = 0; index < RUN_LIMIT + 3; index += 1) {
      const answer = await once(
        `${url}/functions/v1/run-app`,
        'POST',
        { apikey: anonKey, authorization: `Bearer ${anonKey}`, 'content-type': 'application/json' },
        JSON.stringify({ app_id: randomUUID(), visitor_session: session }),
      );
      statuses.push(answer.status);
    }
    expect(statuses).toEqual([...Array<number>(RUN_LIMIT).fill(404), 429, 429, 429]);
    // One mail job waiting for tomorrow: the queue depth, read by every worker from the shared
    // database, must show 1 (taken once), not 2 (summed).
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      await client.query(`insert into pgboss.job (name, data, start_after) values ('send-mail', '{}', now() + interval '1 day')`);
    } finally {
      await client.end();
    }
    // Every scrape, whichever worker takes it, shows the requests of both (each answered some:
    // the primary hands new connections to the workers in turn).
    for (let scrapeNumber = 0; scrapeNumber < 4; scrapeNumber += 1) {
      const { functionRequests, workers, text } = await scrape();
      expect(workers).toBe(2);
      expect(functionRequests).toBe(RUN_LIMIT + 3);
      expect(text).not.toContain('worker="');
      expect(text.split('\n')).toContain('appforge_job_queue_depth{queue="send-mail"} 1');
    }
  });

  it('replaces a worker that dies while the other keeps answering', async () => {
    const before = workerPids(server.child.pid ?? 0);
    const victim = before[0] ?? 0;
    process.kill(victim, 'SIGKILL');
    // Once the primary has seen the worker die, every new connection is served (a request already
    // on the dead worker's connection is lost with it, as with any crashed process).
    await until(() => server.output(), (output) => /worker \d exited \(SIGKILL\)/.test(output));
    let failures = 0;
    for (let index = 0; index < 20; index += 1) {
      const answer = await once(`${url}/health`, 'GET', {}).catch(() => undefined);
      if (answer?.status !== 200) failures += 1;
    }
    expect(failures).toBe(0);
    const after = await until(() => workerPids(server.child.pid ?? 0), (pids) => pids.length === 2 && !pids.includes(victim));
    expect(after).toHaveLength(2);
    expect(after).not.toContain(victim);
    expect(server.output()).toMatch(/worker \d exited \(SIGKILL\); starting a new one/);
  });
});

describe('BACKEND_WORKERS settings', () => {
  async function refused(env: Record<string, string>): Promise<string> {
    const server = spawnServer({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: 'memory://', BACKEND_PORT: String(await freePort()), ...env });
    const { code } = await server.exited;
    expect(code).toBe(1);
    return server.output();
  }

  it('refuses more than one worker on PGlite, without SMTP, or a value that is not a count', async () => {
    expect(await refused({ BACKEND_WORKERS: '2', SMTP_URL: 'smtp://127.0.0.1:25' })).toContain('more than one worker needs DATABASE_URL');
    expect(await refused({ BACKEND_WORKERS: '2', DATABASE_URL: 'postgres://x@127.0.0.1:1/x' })).toContain('more than one worker needs SMTP_URL');
    expect(await refused({ BACKEND_WORKERS: 'many' })).toMatch(/BACKEND_WORKERS: .*(number|NaN)/);
    expect(await refused({ BACKEND_WORKERS: '0' })).toContain('BACKEND_WORKERS: must be at least 1');
  }, 120_000);
});
