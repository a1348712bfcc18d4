// pnpm bench:scale: one vs two backend processes on one PostgreSQL 15 (temporary, loopback). REST
// single-row GET and single-row insert with the service-role key, closed loop, bounded counts.
// "1 process": every request to backend A. "2 processes": requests alternate between A and B (the
// load generator balances, so no proxy's CPU is counted; behind Caddy add its cost). Prints the
// throughput ratio (goal ≥ 1.6× for reads on 2 cores; the load generator shares those cores) and p99.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { DEV_JWT_SECRET } from '../src/env.js';
import { createJwtService } from '../src/jwt.js';
import { freePort, startPostgresServer } from '../test/postgres-server.js';
import { FIGURES_HEADER, formatFigures, getOk, runLoad } from './lib.js';
import type { LoadFigures } from './lib.js';

const REQUESTS = 3000;
const CONCURRENCY = 32;
const scratch = mkdtempSync(join(tmpdir(), 'appforge-bench-scale-'));
const server = await startPostgresServer();
const children: ChildProcess[] = [];
try {
  const databaseUrl = await server.createDatabase('bench_scale');
  const urls: string[] = [];
  for (let index = 0; index < 2; index += 1) {
    const [port, mailboxPort] = await Promise.all([freePort(), freePort()]);
    children.push(
      spawn(process.execPath, ['--conditions=@appforge/source', '--import', 'tsx', 'src/main.ts'], {
        cwd: join(import.meta.dirname, '..'),
        env: {
          NODE_ENV: 'test',
          DATABASE_URL: databaseUrl,
          BACKEND_PORT: String(port),
          MAILBOX_PORT: String(mailboxPort),
          DATA_DIR: join(scratch, String(port)),
          LOG_LEVEL: 'silent',
        },
        stdio: 'ignore',
      }),
    );
    urls.push(`http://127.0.0.1:${port}`);
    // One at a time: the first applies the migrations.
    for (let attempt = 0; attempt < 300; attempt += 1) {
      if (await fetch(`${urls[index]}/ready`).then((r) => r.ok, () => false)) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  const { serviceRoleKey } = await createJwtService(DEV_JWT_SECRET, 'http://127.0.0.1/auth/v1');
  const headers = { apikey: serviceRoleKey, authorization: `Bearer ${serviceRoleKey}` };
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

  const pick = (processes: number, n: number): string => urls[processes === 1 ? 0 : Math.abs(n) % 2] ?? '';
  const read = (processes: number) =>
    runLoad({
      concurrency: CONCURRENCY,
      requests: REQUESTS,
      fn: (_worker, n) => getOk(`${pick(processes, n)}/rest/v1/App?id=eq.${ids[Math.abs(n) % ids.length]}&select=*`, headers),
    });
  const insert = (processes: number) =>
    runLoad({
      concurrency: CONCURRENCY,
      requests: REQUESTS,
      fn: async (_worker, n) => {
        const answer = await fetch(`${pick(processes, n)}/rest/v1/App`, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json', prefer: 'return=minimal' },
          body: JSON.stringify({ owner_id: owner, name: `Bench ${n}` }),
        });
        await answer.arrayBuffer();
        if (answer.status !== 201) throw new Error(`insert answered ${answer.status}`);
      },
    });

  const figures: [string, LoadFigures, LoadFigures][] = [];
  for (const [label, load] of [['REST GET one row', read], ['REST insert one row', insert]] as const) {
    const one = await load(1);
    const two = await load(2);
    figures.push([label, one, two]);
  }
  console.log(FIGURES_HEADER);
  for (const [label, one, two] of figures) {
    console.log(formatFigures(`${label}, 1 process`, one));
    console.log(formatFigures(`${label}, 2 processes`, two));
  }
  console.log('');
  for (const [label, one, two] of figures) console.log(`${label}: 2 processes / 1 process = ${(two.rps / one.rps).toFixed(2)}×`);
} finally {
  for (const child of children) child.kill('SIGTERM');
  await new Promise((resolve) => setTimeout(resolve, 500));
  await server.stop();
  rmSync(scratch, { recursive: true, force: true });
}
