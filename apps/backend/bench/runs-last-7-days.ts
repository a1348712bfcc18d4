// pnpm bench:runs-last-7-days [--postgres] [--runs=50000] [--apps=12]: the Home cards'
// "runs in the last 7 days", as the signed-in owner over supabase-js, for an owner whose apps have
// --runs runs in the two live days (yesterday and today, UTC) and a rolled-up history before.
//   before   what the SDK did until 20261126001000: the live days' run ids through REST (one read;
//            REST answers at most 1000 rows, so the figure was wrong past 1000) plus the roll-up's
//            rows, counted in JavaScript;
//   before, paged   the same ids read to the end in pages of 1000: what a right count cost that way;
//   after    one call of public.app_runs_last_7_days (counts only).
// Each is timed REPEAT times in the same run (p50, min); then the live count's plan as the owner
// (row-level security on), on the existing (app_id, created_at desc) index, and the function timed
// in the database on that index, after VACUUM and with a covering index, beside the bare live
// count without row-level security as the baseline. Loopback only; every loop is bounded. Figures
// go to stdout.
import { performance } from 'node:perf_hooks';
import type { SupabaseClient } from '@supabase/supabase-js';
import { withRequestContext } from '../src/db/request-context.js';
import { option, percentile, signedInBenchUser, startBenchBackend, userRpcContext } from './lib.js';

const RUNS = option('runs', 50_000);
const APPS = option('apps', 12);
const REPEAT = 15;
const PAGE = 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
if (RUNS > 500_000 || APPS > 1000) throw new Error('--runs is at most 500000 and --apps at most 1000');

type Counts = Map<string, number>;

function addTo(counts: Counts, appId: string, runs: number): void {
  counts.set(appId, (counts.get(appId) ?? 0) + runs);
}

function days(): { yesterday: string; oldest: string } {
  const now = new Date();
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return { yesterday: new Date(today - DAY_MS).toISOString(), oldest: new Date(today - 6 * DAY_MS).toISOString().slice(0, 10) };
}

async function rolledUp(client: SupabaseClient, appIds: string[], counts: Counts): Promise<void> {
  const { yesterday, oldest } = days();
  const rolled = await client.from('AppUsageDay').select('app_id, runs').in('app_id', appIds).gte('day', oldest).lt('day', yesterday.slice(0, 10));
  if (rolled.error) throw rolled.error;
  for (const row of rolled.data as { app_id: string; runs: number }[]) addTo(counts, row.app_id, row.runs);
}

/** The SDK's code before 20261126001000: one REST read of the live days' run ids. */
async function before(client: SupabaseClient, appIds: string[]): Promise<Counts> {
  const counts: Counts = new Map();
  const live = await client.from('AppRun').select('app_id').in('app_id', appIds).gte('created_at', days().yesterday).limit(100_000);
  if (live.error) throw live.error;
  for (const run of live.data as { app_id: string }[]) addTo(counts, run.app_id, 1);
  await rolledUp(client, appIds, counts);
  return counts;
}

/** The same ids read to the end, a page of 1000 at a time (keyset on id). */
async function beforePaged(client: SupabaseClient, appIds: string[]): Promise<Counts> {
  const counts: Counts = new Map();
  let after = '00000000-0000-0000-0000-000000000000';
  for (let page = 0; page <= RUNS / PAGE + 1; page += 1) {
    const live = await client
      .from('AppRun')
      .select('id, app_id')
      .in('app_id', appIds)
      .gte('created_at', days().yesterday)
      .gt('id', after)
      .order('id')
      .limit(PAGE);
    if (live.error) throw live.error;
    const rows = live.data as { id: string; app_id: string }[];
    for (const run of rows) addTo(counts, run.app_id, 1);
    if (rows.length < PAGE) break;
    after = rows.at(-1)?.id ?? after;
  }
  await rolledUp(client, appIds, counts);
  return counts;
}

async function after(client: SupabaseClient, appIds: string[]): Promise<Counts> {
  const answer: { data: unknown; error: Error | null } = await client.rpc('app_runs_last_7_days', { p_app_ids: appIds });
  if (answer.error) throw answer.error;
  return new Map((answer.data as { app_id: string; runs: number }[]).map((row) => [row.app_id, row.runs]));
}

const total = (counts: Counts) => [...counts.values()].reduce((sum, n) => sum + n, 0);
const fmt = (ms: number) => `${ms.toFixed(1).padStart(8)} ms`;

async function main(): Promise<void> {
  const engine = process.argv.includes('--postgres') ? 'PostgreSQL 15' : 'PGlite';
  const { db, backend, url, stop } = await startBenchBackend('bench_runs_last_7_days');
  try {
    const { client, userId } = await signedInBenchUser(url, backend);
    const apps = await db.query<{ id: string }>(
      `insert into public."App" (owner_id, name) select $1, 'Bench app ' || n from generate_series(1, $2::int) as n returning id`,
      [userId, APPS],
    );
    const appIds = apps.rows.map((row) => row.id);
    // The live days: RUNS runs spread over yesterday and today so far, round-robin over the apps.
    // The five days before: 1000 runs a day, rolled up as the usage-rollup job does.
    const fill = performance.now();
    await db.query(
      `with now_utc as (select (now() at time zone 'UTC')::date as today, now() as now)
       insert into public."AppRun" (app_id, status, created_at, started_at)
       select ($1::uuid[])[1 + n % cardinality($1::uuid[])], 'done', t, t
         from generate_series(1, $2::int) as n, now_utc,
              lateral (select ((today - 1)::timestamp at time zone 'UTC') + (now - ((today - 1)::timestamp at time zone 'UTC')) * (n::float8 / ($2::int + 1)) as t) as at`,
      [appIds, RUNS],
    );
    await db.query(
      `insert into public."AppRun" (app_id, status, created_at, started_at)
       select ($1::uuid[])[1 + n % cardinality($1::uuid[])], 'done', t, t
         from generate_series(0, 4999) as n,
              lateral (select (((now() at time zone 'UTC')::date - 2 - n / 1000)::timestamp at time zone 'UTC') + make_interval(secs => n % 1000 * 80) as t) as at`,
      [appIds],
    );
    const today = new Date().toISOString().slice(0, 10);
    await db.query(`select public.rollup_app_usage(($1::date - 6), $1::date)`, [today]);
    await db.query('analyze public."AppRun"');
    console.log(`${engine}: ${String(APPS)} apps, ${RUNS.toLocaleString('en')} runs in the live days + 5,000 rolled up (filled in ${(performance.now() - fill).toFixed(0)} ms)`);

    // The client's keep-alive socket sat idle through the fill; the server may close it just as it
    // is reused (ECONNRESET, "fetch failed"): that first call is sent once more.
    const expected = total(await after(client, appIds).catch(() => after(client, appIds)));
    const rows: [string, (c: SupabaseClient, ids: string[]) => Promise<Counts>][] = [
      ['before (one REST read of the ids)', before],
      ['before, paged to the end', beforePaged],
      ['after (app_runs_last_7_days)', after],
    ];
    const p50s: number[] = [];
    console.log(`${'Home card counts'.padEnd(36)} ${'p50'.padStart(11)} ${'min'.padStart(11)}  total shown`);
    for (const [label, read] of rows) {
      const samples: number[] = [];
      let shown = 0;
      const repeat = read === beforePaged ? Math.min(REPEAT, 5) : REPEAT;
      for (let i = 0; i < repeat; i += 1) {
        const start = performance.now();
        shown = total(await read(client, appIds));
        samples.push(performance.now() - start);
      }
      samples.sort((a, b) => a - b);
      p50s.push(percentile(samples, 50));
      const verdict = shown === expected ? 'right' : `WRONG (should be ${expected.toLocaleString('en')})`;
      console.log(`${label.padEnd(36)} ${fmt(percentile(samples, 50))} ${fmt(samples[0] ?? Number.NaN)}  ${shown.toLocaleString('en')} ${verdict}`);
    }
    const [oneRead = Number.NaN, paged = Number.NaN, counted = Number.NaN] = p50s;
    console.log(`before ÷ after (p50): ${(oneRead / counted).toFixed(1)} for the one capped read (a wrong figure), ${(paged / counted).toFixed(1)} for reading every id`);

    // The live count's plan as the owner: row-level security on, the existing index.
    const ownerCtx = userRpcContext(userId, 'app_runs_last_7_days', true);
    const plan = await withRequestContext(db, ownerCtx, (tx) =>
      tx.query<{ 'QUERY PLAN': string }>(
        `explain (analyze, costs off, timing off, summary on)
         select r.app_id, count(*) from public."AppRun" as r
          where r.app_id = any ($1::uuid[]) and r.created_at >= (((now() at time zone 'UTC')::date - 1)::timestamp at time zone 'UTC')
          group by r.app_id`,
        [appIds],
      ),
    );
    console.log('\nThe live count as the owner (RLS on):');
    for (const row of plan.rows) if (!row['QUERY PLAN'].includes('Index Cond')) console.log(`  ${row['QUERY PLAN']}`);

    // Would another index make it cheaper? The same count, timed as the owner: on the existing
    // index; after VACUUM (all-visible pages); with a covering index an index-only scan could use
    // (RLS reads runner_user_id and class_id), made and dropped here.
    const liveCount = async (): Promise<number> => {
      const samples: number[] = [];
      for (let i = 0; i < REPEAT; i += 1) {
        const start = performance.now();
        await withRequestContext(db, ownerCtx, (tx) =>
          tx.query('select * from public.app_runs_last_7_days($1::uuid[])', [appIds]),
        );
        samples.push(performance.now() - start);
      }
      return percentile(samples.sort((a, b) => a - b), 50);
    };
    const base = await liveCount();
    // For reference: the live count alone by the superuser (no row-level security, no roll-up).
    const bare: number[] = [];
    for (let i = 0; i < REPEAT; i += 1) {
      const start = performance.now();
      await db.query(
        `select r.app_id, count(*) from public."AppRun" as r
          where r.app_id = any ($1::uuid[]) and r.created_at >= (((now() at time zone 'UTC')::date - 1)::timestamp at time zone 'UTC')
          group by r.app_id`,
        [appIds],
      );
      bare.push(performance.now() - start);
    }
    await db.query('vacuum (analyze) public."AppRun"');
    const vacuumed = await liveCount();
    await db.query('create index "AppRun_bench_covering_idx" on public."AppRun" (app_id, created_at) include (runner_user_id, class_id)');
    await db.query('vacuum (analyze) public."AppRun"');
    const covering = await liveCount();
    await db.query('drop index public."AppRun_bench_covering_idx"');
    console.log(`\napp_runs_last_7_days in the database (p50 of ${String(REPEAT)}):`);
    console.log(`  existing (app_id, created_at desc) index  ${fmt(base)}`);
    console.log(`  the same after VACUUM                     ${fmt(vacuumed)}`);
    console.log(`  a covering index, after VACUUM            ${fmt(covering)}  (${(vacuumed / covering).toFixed(2)}× the existing one)`);
    console.log(`  baseline: the live count alone, no RLS    ${fmt(percentile(bare.sort((a, b) => a - b), 50))}  (superuser, existing index, before VACUUM)`);
  } finally {
    await stop();
  }
}

await main();
