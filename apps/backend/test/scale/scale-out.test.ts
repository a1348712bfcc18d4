// Scale-out: PostgreSQL 15, two backend processes on one DATABASE_URL, and Debian's caddy
// load-balancing them on loopback (the deploy/Caddyfile.scale recipe). Requests reach both; the
// run limit holds across both; killing one loses no acknowledged write and reads keep answering.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJwtService } from '../../src/jwt.js';
import { DEV_JWT_SECRET } from '../../src/env.js';
import { nodeWebSocket } from '../../src/http/ws-transport.js';
import { createTestPostgresDatabase } from '../harness.js';
import { freePort } from '../postgres-server.js';

const RUN_LIMIT = 4;
const backendDir = join(import.meta.dirname, '..', '..');
const recipe = join(backendDir, '..', '..', 'deploy', 'Caddyfile.scale');

interface Proc {
  child: ChildProcess;
  url: string;
  output: () => string;
}

function start(command: string, args: string[], env: Record<string, string>, cwd: string, url: string): Proc {
  let output = '';
  const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return { child, url, output: () => output };
}

async function ready(proc: Proc, path: string): Promise<void> {
  for (let attempt = 0; attempt < 300; attempt += 1) {
    if (proc.child.exitCode !== null) throw new Error(`exited: ${proc.output()}`);
    try {
      if ((await fetch(`${proc.url}${path}`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${proc.url} never became ready: ${proc.output()}`);
}

describe('two backend processes behind caddy on one PostgreSQL', () => {
  const procs: Proc[] = [];
  let balancer: Proc;
  let scratch: string;
  let serviceRoleKey: string;
  let anonKey: string;

  beforeAll(async () => {
    scratch = mkdtempSync(join(tmpdir(), 'appforge-scale-'));
    const databaseUrl = await createTestPostgresDatabase();
    const keys = await createJwtService(DEV_JWT_SECRET, 'http://127.0.0.1/auth/v1');
    serviceRoleKey = keys.serviceRoleKey;
    anonKey = keys.anonKey;
    const backends = await Promise.all([0, 1].map(() => Promise.all([freePort(), freePort()])));
    for (const [port, mailboxPort] of backends) {
      procs.push(
        start(
          process.execPath,
          ['--conditions=@appforge/source', '--import', 'tsx', 'src/main.ts'],
          {
            NODE_ENV: 'test',
            DATABASE_URL: databaseUrl,
            BACKEND_HOST: '127.0.0.1',
            BACKEND_PORT: String(port),
            MAILBOX_PORT: String(mailboxPort),
            DATA_DIR: join(scratch, `data-${port}`),
            LOG_LEVEL: 'silent',
            RUN_RATE_LIMIT_PER_MINUTE: String(RUN_LIMIT),
            OFFLINE_MODEL_CHUNK_DELAY_MS: '0',
          },
          backendDir,
          `http://127.0.0.1:${port}`,
        ),
      );
    }
    // Both start at once: the migrations are applied by one, under the schema lock.
    await Promise.all(procs.map((proc) => ready(proc, '/ready')));

    const port = await freePort();
    const caddyfile = readFileSync(recipe, 'utf8');
    const local = join(scratch, 'Caddyfile');
    writeFileSync(local, caddyfile);
    balancer = start(
      '/usr/bin/caddy',
      ['run', '--config', local, '--adapter', 'caddyfile'],
      {
        HOME: scratch,
        XDG_DATA_HOME: scratch,
        XDG_CONFIG_HOME: scratch,
        SITE_ADDRESS: `http://127.0.0.1:${port}`,
        BACKENDS: procs.map((proc) => proc.url.replace('http://', '')).join(' '),
        WEB_ROOT: scratch,
      },
      scratch,
      `http://127.0.0.1:${port}`,
    );
    await ready(balancer, '/health');
  }, 120_000);

  afterAll(async () => {
    for (const proc of [...procs, balancer]) proc?.child.kill('SIGKILL');
    await new Promise((resolve) => setTimeout(resolve, 200));
    rmSync(scratch, { recursive: true, force: true });
  });

  const service = () =>
    createClient(balancer.url, serviceRoleKey, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      realtime: { transport: nodeWebSocket },
    });

  async function served(proc: Proc): Promise<number> {
    const text = await (await fetch(`${proc.url}/metrics`, { headers: { authorization: `Bearer ${serviceRoleKey}` } })).text();
    return text
      .split('\n')
      .filter((line) => line.startsWith('appforge_http_requests_total{') && line.includes('route="/rest/v1/:table"'))
      .reduce((sum, line) => sum + Number(line.split(' ').at(-1)), 0);
  }

  it('spreads requests over both processes', async () => {
    const before = await Promise.all(procs.map(served));
    for (let index = 0; index < 10; index += 1) {
      const { error } = await service().from('App').select('id').limit(1);
      expect(error).toBeNull();
    }
    const after = await Promise.all(procs.map(served));
    const handled = after.map((count, index) => count - (before[index] ?? 0));
    expect(handled.reduce((a, b) => a + b, 0)).toBe(10);
    expect(Math.min(...handled)).toBeGreaterThan(0);
  });

  it('allows exactly N runs a minute across both processes', async () => {
    const client = createClient(balancer.url, anonKey, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      realtime: { transport: nodeWebSocket },
    });
    const session = randomUUID();
    const statuses: number[] = [];
    for (let index = 0; index < RUN_LIMIT + 3; index += 1) {
      const { error } = await client.functions.invoke('run-app', { body: { app_id: randomUUID(), visitor_session: session } });
      statuses.push((error as { context?: Response } | null)?.context?.status ?? 200);
    }
    expect(statuses).toEqual([...Array<number>(RUN_LIMIT).fill(404), 429, 429, 429]);
  });

  it('keeps every acknowledged write and answers every read when one process dies', async () => {
    const admin = service();
    const created = await admin.auth.admin.createUser({ email: `${randomUUID()}@example.org`, email_confirm: true });
    expect(created.error).toBeNull();
    const ownerId = created.data.user?.id;
    let acknowledged = 0;
    let readErrors = 0;
    for (let index = 0; index < 40; index += 1) {
      if (index === 20) procs[0]?.child.kill('SIGKILL');
      const write = await admin.from('App').insert({ owner_id: ownerId, name: `App ${index}` });
      if (!write.error) acknowledged += 1;
      const read = await admin.from('App').select('id').eq('owner_id', ownerId);
      if (read.error) readErrors += 1;
    }
    const { count } = await admin.from('App').select('id', { count: 'exact', head: true }).eq('owner_id', ownerId);
    expect(acknowledged).toBeGreaterThanOrEqual(38);
    expect(count).toBe(acknowledged);
    expect(readErrors).toBe(0);
  });
});
