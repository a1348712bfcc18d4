// pnpm bench:limits: the shared limiter's added latency. For each engine (PGlite in process, and a
// temporary PostgreSQL 15 on loopback through a node-postgres pool), times one `consume` of the
// Postgres-backed limiter against two baselines measured in the same run: the in-memory limiter
// (what the limits cost before they were shared) and a bare `select 1` on the same client (one
// round trip). Sequential calls (concurrency 1) for the added latency; then 8 at once.
import { LIMIT_TABLE_SQL, memoryLimits, postgresLimits } from '@appforge/functions';
import type { Limits } from '@appforge/functions';
import pg from 'pg';
import { openPglite } from '../src/db/pglite.js';
import { startPostgresServer } from '../test/postgres-server.js';
import { FIGURES_HEADER, formatFigures, runLoad } from './lib.js';
import type { LoadFigures } from './lib.js';

const REQUESTS = 4000;
const KEYS = 500;
const rule = { name: 'bench', points: 1_000_000, durationSeconds: 3600 };

async function consumeLoad(limits: Limits, concurrency: number): Promise<LoadFigures> {
  const limiter = limits.limiter(rule);
  return runLoad({
    concurrency,
    requests: REQUESTS,
    fn: async (_worker, n) => {
      const decision = await limiter.consume(`visitor:${Math.abs(n) % KEYS}`);
      if (!decision.ok) throw new Error('refused');
    },
  });
}

async function engine(label: string, query: (sql: string, values?: unknown[]) => Promise<{ rows: unknown[] }>): Promise<number> {
  const roundTrip = await runLoad({ concurrency: 1, requests: REQUESTS, fn: async () => void (await query('select 1')) });
  const shared = await consumeLoad(postgresLimits({ query }), 1);
  const sharedParallel = await consumeLoad(postgresLimits({ query }), 8);
  console.log(formatFigures(`${label}: select 1`, roundTrip));
  console.log(formatFigures(`${label}: limiter.consume`, shared));
  console.log(formatFigures(`${label}: limiter.consume`, sharedParallel));
  return shared.p50;
}

const memory = await consumeLoad(memoryLimits(), 1);
console.log(FIGURES_HEADER);
console.log(formatFigures('memory: limiter.consume (baseline)', memory));

const lite = await openPglite('memory://');
await lite.exec(LIMIT_TABLE_SQL);
const pgliteP50 = await engine('pglite', (sql, values) => lite.query(sql, values));
await lite.close();

const server = await startPostgresServer();
try {
  const url = await server.createDatabase('bench_limits');
  const pool = new pg.Pool({ connectionString: url, max: 8 });
  await pool.query(LIMIT_TABLE_SQL);
  const postgresP50 = await engine('postgres', (sql, values) => pool.query(sql, values));
  await pool.end();
  console.log('');
  console.log(`added latency at p50 (goal ≤ 1 ms): pglite ${(pgliteP50 - memory.p50).toFixed(3)} ms, postgres ${(postgresP50 - memory.p50).toFixed(3)} ms`);
} finally {
  await server.stop();
}
