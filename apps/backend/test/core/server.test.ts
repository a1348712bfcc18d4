import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FunctionRegistry } from '@appforge/functions';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MigrationError } from '../../src/db/migrate.js';
import { DataDirLockedError, openPglite } from '../../src/db/pglite.js';
import { loadConfig } from '../../src/env.js';
import { createBackend } from '../../src/server.js';
import { DATABASES, createTestPostgresDatabase, startTestBackend } from '../harness.js';
import type { TestBackend } from '../harness.js';
import { freePort } from '../postgres-server.js';
import { spawnServer, waitForHealth } from './process.js';

const temps: string[] = [];
function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  temps.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of temps.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('graceful shutdown', () => {
  let entered: () => void = () => undefined;
  const inside = new Promise<void>((resolve) => {
    entered = resolve;
  });
  const functions: FunctionRegistry = {
    slow: async () => {
      entered();
      await new Promise((resolve) => setTimeout(resolve, 600));
      return Response.json({ finished: true });
    },
  };
  let backend: TestBackend;
  beforeAll(async () => {
    backend = await startTestBackend({ functions });
  });

  it('lets an in-flight request finish, then refuses new connections and closes the database', async () => {
    const inFlight = fetch(`${backend.url}/functions/v1/slow`, {
      method: 'POST',
      headers: { authorization: `Bearer ${backend.anonKey}` },
    });
    await inside;
    const stopped = backend.stop();
    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ finished: true });
    await stopped;
    await expect(fetch(`${backend.url}/health`)).rejects.toThrow();
    await expect(backend.db.query('select 1')).rejects.toThrow();
  });
});

describe('data directory lock', () => {
  it('refuses a second opener of the same directory while the first holds it', async () => {
    const dir = tempDir('appforge-lock-');
    const first = await openPglite(dir);
    try {
      await expect(openPglite(dir)).rejects.toBeInstanceOf(DataDirLockedError);
    } finally {
      await first.close();
    }
    // Released on close: the directory opens again, data intact.
    const again = await openPglite(dir);
    await again.close();
  }, 90_000);

  it('names the live process that holds the directory', async () => {
    const dir = tempDir('appforge-lock-');
    const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)'], { stdio: 'ignore' });
    try {
      writeFileSync(join(dir, 'appforge.lock'), String(holder.pid));
      const error = await openPglite(dir).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(DataDirLockedError);
      expect((error as DataDirLockedError).message).toContain(`pid ${holder.pid}`);
      expect((error as DataDirLockedError).message).toContain('DATA_DIR');
    } finally {
      holder.kill('SIGKILL');
    }
  });

  it('takes over a stale lock left by a process that was killed', async () => {
    const dir = tempDir('appforge-lock-');
    const dead = spawn(process.execPath, ['-e', '0'], { stdio: 'ignore' });
    await new Promise((resolve) => dead.once('exit', resolve));
    writeFileSync(join(dir, 'appforge.lock'), String(dead.pid));
    const db = await openPglite(dir);
    expect((await db.query<{ one: number }>('select 1 as one')).rows).toEqual([{ one: 1 }]);
    await db.close();
  }, 90_000);
});

describe.each(DATABASES)('start-up migrations on %s', (database) => {
  async function config(migrationsDir: string, dataDir: string) {
    const [port, mailboxPort] = await Promise.all([freePort(), freePort()]);
    return loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      BACKEND_PORT: String(port),
      MAILBOX_PORT: String(mailboxPort),
      DATA_DIR: dataDir,
      MIGRATIONS_DIR: migrationsDir,
      ...(database === 'postgres' ? { DATABASE_URL: await createTestPostgresDatabase() } : {}),
    });
  }

  it('stops start-up at a failing migration, naming the file and the error, keeping earlier ones', async () => {
    const migrations = tempDir('appforge-mig-');
    writeFileSync(join(migrations, '20260101000000_ok.sql'), 'create table public.kept (id int primary key);');
    writeFileSync(join(migrations, '20260102000000_broken.sql'), 'create table public.half (id int);\ncreate tabel oops;');
    writeFileSync(join(migrations, '20260103000000_later.sql'), 'create table public.never (id int);');
    const cfg = await config(migrations, tempDir('appforge-data-'));
    const error = await createBackend(cfg).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(MigrationError);
    expect((error as MigrationError).file).toBe(join(migrations, '20260102000000_broken.sql'));
    expect((error as MigrationError).message).toMatch(/20260102000000_broken\.sql failed: syntax error at or near "tabel"/);

    // The failed file left nothing behind; the one before it stays applied; the one after never ran.
    writeFileSync(join(migrations, '20260102000000_broken.sql'), 'create table public.half (id int);');
    const fixed = await createBackend(cfg);
    try {
      expect(fixed.appliedMigrations).toEqual(['project/20260102000000_broken.sql', 'project/20260103000000_later.sql']);
      const tables = await fixed.deps.db.query<{ name: string }>(
        `select tablename as name from pg_tables where schemaname = 'public' and tablename in ('kept','half','never') order by 1`,
      );
      expect(tables.rows.map((row) => row.name)).toEqual(['half', 'kept', 'never']);
    } finally {
      await fixed.stop();
    }
  }, 90_000);

  it('applies nothing on a restart (ledger), and only a new file after one is added', async () => {
    const migrations = tempDir('appforge-mig-');
    writeFileSync(join(migrations, '20260101000000_a.sql'), 'create table public.a (id int primary key);');
    const cfg = await config(migrations, tempDir('appforge-data-'));
    const first = await createBackend(cfg);
    expect(first.appliedMigrations).toContain('project/20260101000000_a.sql');
    expect(first.appliedMigrations.some((name) => name.startsWith('platform/'))).toBe(true);
    await first.stop();

    const second = await createBackend(cfg);
    expect(second.appliedMigrations).toEqual([]);
    await second.stop();

    writeFileSync(join(migrations, '20260102000000_b.sql'), 'create table public.b (id int primary key);');
    const third = await createBackend(cfg);
    expect(third.appliedMigrations).toEqual(['project/20260102000000_b.sql']);
    await third.stop();
  }, 90_000);
});

describe('port 0', () => {
  it('listens on ports the operating system picks, reports them, and puts the API port in e-mail links', async () => {
    const backends = await Promise.all([startTestBackend(), startTestBackend()]);
    try {
      const [first, second] = backends;
      if (!first || !second) throw new Error('two backends should have started');
      for (const backend of backends) {
        const port = Number(new URL(backend.url).port);
        expect(port).toBeGreaterThan(0);
        expect(backend.config.port).toBe(port);
        expect(backend.config.apiExternalUrl).toBe(backend.url);
        expect(Number(new URL(backend.mailboxUrl ?? 'http://127.0.0.1:0').port)).toBeGreaterThan(0);
        expect((await fetch(`${backend.url}/health`)).status).toBe(200);
      }
      expect(first.url).not.toBe(second.url);
      // The link in a sign-in mail leads back to this backend, not to port 0.
      const email = `port-zero-${Date.now()}@example.com`;
      const sent = await first.client().auth.signInWithOtp({ email });
      expect(sent.error).toBeNull();
      const mail = await first.mailbox?.waitFor(`to:${email}`);
      expect(mail?.text).toContain(`${first.url}/auth/v1/verify`);
      expect(mail?.text).not.toContain('127.0.0.1:0/');
    } finally {
      await Promise.all(backends.map((backend) => backend.stop()));
    }
  }, 240_000);

  it('prints the port it got when started as a process with BACKEND_PORT=0', async () => {
    const server = spawnServer({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: 'memory://', BACKEND_PORT: '0', MAILBOX_PORT: '0' });
    try {
      let url: string | undefined;
      for (let attempt = 0; attempt < 600 && !url; attempt += 1) {
        url = /API URL:\s+(http:\/\/\S+)/.exec(server.output())?.[1];
        if (!url) await new Promise((resolve) => setTimeout(resolve, 200));
      }
      if (!url) throw new Error(`no API URL printed:\n${server.output()}`);
      expect(Number(new URL(url).port)).toBeGreaterThan(0);
      await waitForHealth(url, server);
      expect(server.output()).toMatch(/Inbox URL:\s+http:\/\/127\.0\.0\.1:[1-9]\d*/);
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }
  }, 240_000);
});
