// kill -9 during a burst of sign-ups: after a restart every acknowledged user is still there.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite } from '../../src/db/pglite.js';
import { freePort } from '../postgres-server.js';
import { spawnServer, waitForHealth } from './process.js';
import type { ServerProcess } from './process.js';

const ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJhcHBmb3JnZSIsInJvbGUiOiJhbm9uIiwiaWF0IjoxNzY3MjI1NjAwLCJleHAiOjIwODI3NTg0MDB9.UbkaoioWhfXkI0CJTrycUk88okpBJhcaoVU4xo5nxuo';

describe('durability of the PGlite data directory', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'appforge-durable-'));
  const running: ServerProcess[] = [];
  afterAll(() => {
    for (const server of running) server.child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function start(): Promise<{ url: string; server: ServerProcess }> {
    const [port, mailboxPort] = await Promise.all([freePort(), freePort()]);
    const server = spawnServer({
      NODE_ENV: 'development',
      BACKEND_PORT: String(port),
      MAILBOX_PORT: String(mailboxPort),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // Generous limits: this test is about durability, not about rate limiting.
      RATE_LIMIT_EMAIL_SENT_PER_HOUR: '100000',
      RATE_LIMIT_TOKEN_PER_5_MIN: '100000',
      RATE_LIMIT_VERIFY_PER_5_MIN: '100000',
    });
    running.push(server);
    const url = `http://127.0.0.1:${port}`;
    await waitForHealth(url, server);
    return { url, server };
  }

  it('keeps every acknowledged sign-up after kill -9, and the directory opens again', async () => {
    const first = await start();
    const acknowledged = new Set<string>();
    let attempted = 0;
    let killed = false;
    const lane = async (laneNo: number): Promise<void> => {
      for (let i = 0; !killed && i < 200; i += 1) {
        const email = `burst-${laneNo}-${i}@example.org`;
        attempted += 1;
        try {
          const response = await fetch(`${first.url}/auth/v1/signup`, {
            method: 'POST',
            headers: { apikey: ANON_KEY, authorization: `Bearer ${ANON_KEY}`, 'content-type': 'application/json' },
            body: JSON.stringify({ email, password: 'correct horse battery staple' }),
          });
          const body = (await response.json()) as { id?: string; user?: { id?: string } };
          if (response.ok && (body.id ?? body.user?.id)) acknowledged.add(email);
        } catch {
          return; // the server is gone
        }
      }
    };
    const lanes = Promise.all([0, 1, 2, 3, 4, 5].map(lane));
    const deadline = Date.now() + 60_000;
    while (acknowledged.size < 25 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    first.server.child.kill('SIGKILL');
    killed = true;
    expect((await first.server.exited).signal).toBe('SIGKILL');
    await lanes;
    expect(acknowledged.size).toBeGreaterThanOrEqual(25);
    expect(attempted).toBeGreaterThan(acknowledged.size);

    // Restart on the same directory: the stale lock is taken over and the server is healthy.
    const second = await start();
    expect(second.server.output()).not.toContain('in use by another');
    second.server.child.kill('SIGTERM');
    const exit = await second.server.exited;
    expect(exit.code).toBe(0);
    expect(second.server.output()).toContain('SIGTERM received');

    // The directory opens in this process after the clean stop, and every acknowledged user is there.
    const db = await openPglite(dataDir);
    try {
      const rows = await db.query<{ email: string }>('select email from auth.users');
      const stored = new Set(rows.rows.map((row) => row.email));
      const missing = [...acknowledged].filter((email) => !stored.has(email));
      expect(missing).toEqual([]);
    } finally {
      await db.close();
    }
  }, 300_000);
});

describe('main.ts', () => {
  it('exits 1 naming the problem when the port is taken, and releases the data directory', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const taken = (blocker.address() as AddressInfo).port;
    const dataDir = mkdtempSync(join(tmpdir(), 'appforge-port-'));
    try {
      const server = spawnServer({
        NODE_ENV: 'development',
        BACKEND_PORT: String(taken),
        MAILBOX_PORT: String(await freePort()),
        DATA_DIR: dataDir,
        LOG_LEVEL: 'silent',
      });
      const exit = await server.exited;
      expect(exit.code).toBe(1);
      expect(server.output()).toContain('cannot listen');
      expect(server.output()).toContain('EADDRINUSE');
      expect(existsSync(join(dataDir, 'appforge.lock'))).toBe(false);
    } finally {
      await new Promise((resolve) => blocker.close(resolve));
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 180_000);

  it('refuses to start in production with missing settings, naming each variable, exit 1', async () => {
    const server = spawnServer({ NODE_ENV: 'production', JWT_SECRET: 'short', BACKEND_PORT: '1' });
    const exit = await server.exited;
    expect(exit.code).toBe(1);
    expect(server.output()).toContain('JWT_SECRET: must be at least 32 characters');
    expect(server.output()).toContain('SITE_URL: is required in production');
  }, 60_000);
});
