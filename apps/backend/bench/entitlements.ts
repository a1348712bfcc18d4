// pnpm bench:entitlements [--postgres] [--samples=500]: what the entitlement and metering check
// (public.admit_run, via admitRun) adds to a run, and whether 200 concurrent runs against one cap
// admit exactly the cap's number.
//  1. In the database: `select admit_run(...)` against `select 1` on the same connection (the
//     check's own cost), for a free app and for a paid bundle's app bought by the runner.
//  2. Through the service-role client as run-app calls it (one REST round trip), against a plain
//     primary-key read of the App row over the same path (the baseline round trip).
//  3. 200 admissions at the same moment against a cap of 50 (everyone, this month): admitted count.
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { admitRun } from '@appforge/functions';
import { createClient } from '@supabase/supabase-js';
import { nodeWebSocket } from '../src/http/ws-transport.js';
import { startBenchBackend } from './lib.js';

function option(name: string, fallback: number): number {
  const raw = process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
  const value = raw === undefined ? fallback : Number.parseInt(raw, 10);
  if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} must be a positive whole number`);
  return value;
}

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
const p99 = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil(values.length * 0.99) - 1)] ?? Number.NaN;

async function timed(samples: number, fn: (i: number) => Promise<unknown>): Promise<number[]> {
  for (let i = 0; i < 20; i += 1) await fn(-1 - i);
  const out: number[] = [];
  for (let i = 0; i < samples; i += 1) {
    const t0 = performance.now();
    await fn(i);
    out.push(performance.now() - t0);
  }
  return out;
}

const samples = option('samples', 500);
const bench = await startBenchBackend('bench_entitlements');
try {
  const { db } = bench;
  const owner = randomUUID();
  const buyer = randomUUID();
  await db.query('insert into auth.users (id, email) values ($1, $2), ($3, $4)', [owner, 'owner@example.org', buyer, 'buyer@example.org']);
  const app = async (price: unknown) =>
    (await db.query<{ id: string }>('insert into public."App" (owner_id, name, price) values ($1, $2, $3) returning id', [owner, 'Bench app', price === null ? null : JSON.stringify(price)])).rows[0]?.id ?? '';
  const freeApp = await app(null);
  const paidApp = await app(null);
  const bundle = (await db.query<{ id: string }>(`insert into public."Bundle" (owner_id, name, price) values ($1, 'Kit', '{"kind":"monthly","amount_cents":900,"currency":"EUR"}') returning id`, [owner])).rows[0]?.id ?? '';
  await db.query('insert into public."BundleApp" (bundle_id, app_id, position) values ($1, $2, 0)', [bundle, paidApp]);
  await db.query(
    `insert into public."Purchase" (buyer_id, item_kind, bundle_id, provider, provider_reference, mode, amount_cents, currency, status, period_end, last_event_at)
     values ($1, 'bundle', $2, 'test', 'bench', 'monthly', 900, 'EUR', 'active', now() + interval '30 days', now())`,
    [buyer, bundle],
  );
  // The plan's run limit would stop a long bench: lift it for the bench's owner only.
  await db.query(`update public."Plan" set limits = limits || '{"runs": null}'`);

  const baseSql = await timed(samples, () => db.query('select 1'));
  const freeSql = await timed(samples, (i) => db.query('select public.admit_run($1, null, $2, $3)', [freeApp, `session:s${i}`, 'run']));
  const paidSql = await timed(samples, () => db.query('select public.admit_run($1, $2, $3, $4)', [paidApp, buyer, `user:${buyer}`, 'run']));

  const service = createClient(bench.url, bench.backend.serviceRoleKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: nodeWebSocket },
  });
  const baseHttp = await timed(samples, async () => {
    const { error } = await service.from('App').select('id, owner_id, name, visibility').eq('id', freeApp).maybeSingle();
    if (error) throw new Error(error.message);
  });
  const rpcHttp = await timed(samples, async () => {
    const { error } = await service.rpc('app_is_paid', { app_id: paidApp });
    if (error) throw new Error(error.message);
  });
  const paidHttp = await timed(samples, async () => {
    const admission = await admitRun(service, { appId: paidApp, runner: { kind: 'user', userId: buyer }, channel: 'run' });
    if (!admission.ok) throw new Error(admission.message);
  });

  const row = (label: string, values: number[], base?: number[]) =>
    `${label.padEnd(58)} p50 ${median(values).toFixed(3).padStart(8)} ms  p99 ${p99(values).toFixed(3).padStart(8)} ms${base ? `  ×${(median(values) / median(base)).toFixed(2)} of baseline` : ''}`;
  console.log(`entitlement + metering per run (${process.argv.includes('--postgres') ? 'PostgreSQL 15' : 'PGlite'}, ${samples} samples each)`);
  console.log(row('baseline: select 1', baseSql));
  console.log(row('admit_run, free app, visitor (SQL)', freeSql, baseSql));
  console.log(row('admit_run, paid bundle app, buyer (SQL)', paidSql, baseSql));
  console.log(`  → in-database overhead per run p50: ${(median(paidSql) - median(baseSql)).toFixed(3)} ms (goal ≤ 2 ms)`);
  console.log(row('baseline: App row by id through REST', baseHttp));
  console.log(row('baseline: a read-only rpc (app_is_paid) through REST', rpcHttp, baseHttp));
  console.log(row('admitRun through REST (what run-app adds)', paidHttp, baseHttp));

  // The race: 200 at once against a cap of 50.
  const raceApp = await app(null);
  await db.query(`insert into public."UsageCap" (owner_id, app_id, scope, period, max_runs) values ($1, $2, 'everyone', 'month', 50)`, [owner, raceApp]);
  const t0 = performance.now();
  const results = await Promise.all(Array.from({ length: 200 }, (_, i) => admitRun(service, { appId: raceApp, runner: { kind: 'visitor', address: `198.51.100.${i}` }, channel: 'run' })));
  const seconds = (performance.now() - t0) / 1000;
  const admitted = results.filter((result) => result.ok).length;
  const counted = (await db.query<{ used: string }>(`select used from public."UsageCounter" where scope_key = $1`, [`app:${raceApp}|*`])).rows[0]?.used;
  console.log(`200 concurrent runs against a cap of 50: admitted ${admitted}, refused ${200 - admitted}, counter ${String(counted)} (${admitted === 50 ? 'exact, no overshoot' : 'WRONG'}) in ${seconds.toFixed(2)} s`);
} finally {
  await bench.stop();
}
