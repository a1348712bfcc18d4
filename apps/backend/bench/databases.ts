// pnpm bench:databases [--postgres] [--rows=10000,100000] [--no-import]: the databases grid.
//   1. For each table size: a page of 50 rows (public.database_rows_page), server time as the
//      signed-in owner (row-level security on) — unfiltered (total from the row counter), sorted,
//      filtered (count capped at 10,000), filtered + sorted, deep offset — next to the baseline of
//      a bare indexed SELECT of 50 rows by the superuser in the same run; then the plan of the
//      filtered + sorted page on the largest table (EXPLAIN ANALYZE).
//   2. A CSV import of 100,000 rows end to end: papaparse reads the text, records become objects
//      keyed by column, and batches of 2,000 rows go through supabase-js →
//      /rest/v1/rpc/database_rows_insert, which converts each cell by its column's type.
// Loopback only; every loop is bounded. Figures go to stdout.
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { createClient } from '@supabase/supabase-js';
import Papa from 'papaparse';
import { withRequestContext } from '../src/db/request-context.js';
import { nodeWebSocket } from '../src/http/ws-transport.js';
import type { RequestContext } from '../src/db/request-context.js';
import { startBenchBackend } from './lib.js';

const SIZES = (process.argv.find((arg) => arg.startsWith('--rows='))?.slice('--rows='.length) ?? '10000,100000').split(',').map(Number);
if (!SIZES.every((n) => Number.isInteger(n) && n >= 1000 && n <= 200_000)) throw new Error('--rows must be integers from 1000 to 200000, comma-separated');
const ROWS = Math.max(...SIZES);
const REPEAT = 15;
const BATCH = Number(process.argv.find((arg) => arg.startsWith('--batch='))?.slice('--batch='.length) ?? '2000');
if (!(Number.isInteger(BATCH) && BATCH >= 100 && BATCH <= 10_000)) throw new Error('--batch must be an integer from 100 to 10000');

const columns = [
  { name: 'Title', type: 'text' },
  { name: 'Pages', type: 'number' },
  { name: 'Finished', type: 'date' },
  { name: 'Loved', type: 'boolean' },
] as const;

function stats(samples: number[]): { p50: number; p95: number; min: number } {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
  return { p50: at(0.5), p95: at(0.95), min: sorted[0] ?? 0 };
}

const fmt = (ms: number) => `${ms.toFixed(1).padStart(7)} ms`;

async function main(): Promise<void> {
  const engine = process.argv.includes('--postgres') ? 'PostgreSQL 15' : 'PGlite';
  const { db, backend, url, stop } = await startBenchBackend('bench_databases');
  try {
    const auth = { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false };
    const realtime = { transport: nodeWebSocket };
    const service = createClient(url, backend.serviceRoleKey, { auth, realtime });
    const email = `bench-${randomUUID()}@example.org`;
    const password = `Bench-${randomUUID()}`;
    const created = await service.auth.admin.createUser({ email, password, email_confirm: true });
    if (created.error) throw created.error;
    const ownerId = created.data.user.id;
    const owner = createClient(url, backend.anonKey, { auth, realtime });
    const session = await owner.auth.signInWithPassword({ email, password });
    if (session.error) throw session.error;

    // After the page runs (direct SQL) the client's idle keep-alive socket may be closed by the
    // server just as it is reused (ECONNRESET, "fetch failed"): such a call is sent once more.
    const again = async <T extends { error: { message: string } | null }>(call: () => PromiseLike<T>): Promise<T> => {
      const first = await call();
      return first.error?.message.includes('fetch failed') ? call() : first;
    };
    const newTable = async (name: string): Promise<string> => {
      const database = await again(() => owner.from('Database').insert({ name }).select('id').single());
      if (database.error) throw database.error;
      const table = await again(() => owner.from('DatabaseTable').insert({ database_id: database.data.id, name: 'Books', columns }).select('id').single());
      if (table.error) throw table.error;
      return table.data.id as string;
    };

    // 1. The page, per size ---------------------------------------------------------------------
    const filters = [
      { column: 'Pages', op: 'gte', value: '500' },
      { column: 'Title', op: 'contains', value: '7' },
    ];
    let tableId = '';
    const ownerCtx: RequestContext = {
      role: 'authenticated',
      claims: { sub: ownerId, role: 'authenticated', aud: 'authenticated' },
      headers: {},
      method: 'POST',
      path: '/rpc/database_rows_page',
      readOnly: true,
    };
    const asOwner = async (sql: string, params: unknown[]): Promise<{ ms: number; rows: Record<string, unknown>[] }> => {
      const start = performance.now();
      const result = await withRequestContext(db, ownerCtx, (tx) => tx.query(sql, params));
      return { ms: performance.now() - start, rows: result.rows };
    };
    for (const size of SIZES) {
      tableId = await newTable(`Grid bench ${String(size)}`);
      const fillStart = performance.now();
      await db.query(
        `insert into public."DatabaseRow" (table_id, data, created_at)
         select $1::uuid,
                jsonb_build_object('Title', 'Book ' || i, 'Pages', (i * 7919) % 1000,
                                   'Finished', to_char(date '2020-01-01' + (i % 2000), 'YYYY-MM-DD'), 'Loved', i % 3 = 0),
                timestamptz '2026-01-01' + i * interval '1 millisecond'
         from generate_series(1, $2::int) as i`,
        [tableId, size],
      );
      await db.exec('analyze public."DatabaseRow"');
      console.log(`\n${engine}: ${size.toLocaleString('en-GB')} rows written in ${(performance.now() - fillStart).toFixed(0)} ms`);
      const page = (args: string, params: unknown[]) => async () => (await asOwner(`select public.database_rows_page(${args}) as page`, [tableId, ...params])).ms;
      const scenarios: { name: string; run: () => Promise<number> }[] = [
        {
          name: 'bare SELECT 50 by index (superuser, baseline)',
          run: async () => {
            const start = performance.now();
            await db.query('select id, data from public."DatabaseRow" where table_id = $1 order by created_at, id limit 50', [tableId]);
            return performance.now() - start;
          },
        },
        { name: 'page 50, no filter/sort + total (counter)', run: page('$1, $2::jsonb', ['[]']) },
        { name: 'page 50, sort by number', run: page('$1, $2::jsonb, $3, true, 0, 50', ['[]', 'Pages']) },
        { name: 'page 50, 2 filters + capped count', run: page('$1, $2::jsonb, null, false, 0, 50', [JSON.stringify(filters)]) },
        { name: 'page 50, 2 filters + sort by number + count', run: page('$1, $2::jsonb, $3, true, 0, 50', [JSON.stringify(filters), 'Pages']) },
        { name: 'page 50 at offset 5000, sort by text', run: page('$1, $2::jsonb, $3, false, 5000, 50', ['[]', 'Title']) },
      ];
      const check = await asOwner('select public.database_rows_page($1, $2::jsonb, $3, true, 0, 50) as page', [tableId, JSON.stringify(filters), 'Pages']);
      const first = check.rows[0]?.page as { total: number; capped?: boolean; rows: unknown[] };
      console.log(`filtered page: ${String(first.rows.length)} rows of ${first.total.toLocaleString('en-GB')}${first.capped ? '+' : ''} matching`);
      const medians: number[] = [];
      for (const scenario of scenarios) {
        await scenario.run();
        const samples: number[] = [];
        for (let i = 0; i < REPEAT; i += 1) samples.push(await scenario.run());
        const { p50, p95 } = stats(samples);
        medians.push(p50);
        const ratio = p50 / (medians[0] ?? p50);
        const verdict = medians.length === 1 ? '' : p50 <= 50 ? '  (goal ≤ 50 ms: met)' : '  (goal ≤ 50 ms: NOT met)';
        console.log(`${scenario.name.padEnd(48)} p50 ${fmt(p50)}  p95 ${fmt(p95)}  ×${ratio.toFixed(1)} of the bare SELECT${verdict}`);
      }
    }

    // The plan of the statement the function builds for the filtered, sorted page (the same
    // typed predicates and sort key it writes into its dynamic SQL), as the owner.
    const numeric = `'^-?[0-9]+(\\.[0-9]+)?([eE][-+]?[0-9]{1,3})?$'`;
    const plan = await asOwner(
      `explain (analyze, costs off, timing on)
       select r.id, r.data, r.created_at, r.updated_at from public."DatabaseRow" as r
       where r.table_id = $1
         and (case when jsonb_typeof(r.data -> 'Pages') = 'number' then (r.data -> 'Pages')::numeric when (r.data ->> 'Pages') ~ ${numeric} then (r.data ->> 'Pages')::numeric end) >= '500'::numeric
         and strpos(lower((r.data ->> 'Title')), lower('7')) > 0
       order by (case when jsonb_typeof(r.data -> 'Pages') = 'number' then (r.data -> 'Pages')::numeric when (r.data ->> 'Pages') ~ ${numeric} then (r.data ->> 'Pages')::numeric end) desc nulls last, r.created_at, r.id
       limit 50`,
      [tableId],
    );
    console.log('EXPLAIN ANALYZE (filtered + sorted page, as the owner):');
    for (const row of plan.rows) console.log(`  ${String(Object.values(row)[0])}`);

    if (process.argv.includes('--no-import')) return;
    // 2. The CSV import (batches of --batch rows) ------------------------------------------------------------------------
    const importTable = await newTable('Import bench');
    const lines = ['Title,Pages,Finished,Loved'];
    for (let i = 1; i <= ROWS; i += 1) {
      lines.push(`"Book ${String(i)}, vol. ${String(i % 7)}",${String((i * 31) % 900)},2024-${String(1 + (i % 12)).padStart(2, '0')}-15,${i % 2 === 0 ? 'yes' : 'no'}`);
    }
    const csv = lines.join('\n');
    const importStart = performance.now();
    const parsed = Papa.parse<string[]>(csv, { skipEmptyLines: 'greedy' });
    const [header = [], ...records] = parsed.data;
    let inserted = 0;
    let skipped = 0;
    for (let offset = 0; offset < records.length; offset += BATCH) {
      const batch = records.slice(offset, offset + BATCH).map((record) => {
        const values: Record<string, string> = {};
        header.forEach((name, i) => {
          if (record[i] !== undefined && record[i] !== '') values[name] = record[i];
        });
        return values;
      });
      const answer = await owner.rpc('database_rows_insert', { table_id: importTable, rows: batch });
      if (answer.error) throw answer.error;
      const result = answer.data as { inserted: number; skipped: number };
      inserted += result.inserted;
      skipped += result.skipped;
    }
    const importMs = performance.now() - importStart;
    console.log(
      `CSV import: ${inserted.toLocaleString('en-GB')} rows imported, ${String(skipped)} skipped, ${(csv.length / 1024 / 1024).toFixed(1)} MB in ${(importMs / 1000).toFixed(2)} s ` +
        `(${Math.round(inserted / (importMs / 1000)).toLocaleString('en-GB')} rows/s; goal ≤ 10 s)`,
    );
  } finally {
    await stop();
  }
}

await main();
