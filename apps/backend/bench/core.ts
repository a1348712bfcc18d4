// pnpm bench:core [--postgres]: the HTTP stack's own cost. A bare node:http handler doing one
// indexed SELECT on the same Database adapter, next to the full app's GET /health (middleware,
// CORS, request id, access log, `select 1`). Loopback only, bounded request counts.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { FIGURES_HEADER, formatFigures, getOk, runLoad, startBenchBackend } from './lib.js';

const LEVELS = [
  { concurrency: 1, requests: 1500 },
  { concurrency: 10, requests: 4000 },
  { concurrency: 50, requests: 6000 },
] as const;


async function main(): Promise<void> {
  const { db, url, stop } = await startBenchBackend('bench_core');

  await db.exec(`create table if not exists public.bench_item (id int primary key, name text not null);
    insert into public.bench_item select g, 'item ' || g from generate_series(1, 10000) g on conflict do nothing;`);

  const bare = createServer((req, res) => {
    const id = 1 + Math.floor(Math.random() * 10000);
    db.query('select id, name from public.bench_item where id = $1', [id]).then(
      (result) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(result.rows[0]));
      },
      () => {
        res.writeHead(500);
        res.end();
      },
    );
  });
  await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
  const bareUrl = `http://127.0.0.1:${(bare.address() as AddressInfo).port}/`;

  process.stdout.write(`\nbench:core on ${db.kind} (node ${process.version})\n${FIGURES_HEADER}\n`);
  for (const level of LEVELS) {
    const baseline = await runLoad({ ...level, fn: () => getOk(bareUrl) });
    process.stdout.write(`${formatFigures('bare node:http + indexed SELECT', baseline)}\n`);
    const health = await runLoad({ ...level, fn: () => getOk(`${url}/health`) });
    process.stdout.write(`${formatFigures('app GET /health (select 1)', health)}\n`);
    process.stdout.write(`${'  ratio app/bare'.padEnd(34)} ${String(level.concurrency).padStart(4)} ${(health.rps / baseline.rps).toFixed(2).padStart(8)}\n`);
  }

  await new Promise((resolve) => bare.close(resolve));
  await stop();
}

await main();
