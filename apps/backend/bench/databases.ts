// pnpm bench:databases [--postgres] [--rows=10000,100000] [--batch=N] [--no-import]: the databases grid.
//   1. For each table size: a page of 50 rows, server time as the signed-in owner (row-level
//      security on) — unfiltered (total from the row counter), sorted, filtered (count capped at
//      10,000), filtered + sorted, deep offset — each sorted one twice in the same run: "before" is
//      public.database_rows_page_scan (a top-N sort of the matching rows), "after" is
//      public.database_rows_page (the sort key's index, 20261125203000); next to the baseline of a
//      bare indexed SELECT of 50 rows by the superuser. Then the grid's own calls since
//      20261126000000: the page without a count (with_total false) and database_rows_count, which
//      the grid asks once per filter, apart. The first sort by a column builds its keys
//      (timed once). Then the plans of the filtered + sorted page on the largest table, both ways.
//   2. A CSV import of the largest size end to end, as a user of its own (so one user's databases
//      stay within a per-plan row limit): papaparse reads the text, records become objects keyed
//      by column, and batches of --batch rows go through supabase-js →
//      /rest/v1/rpc/database_rows_insert. Beside it, in the same run, one batch through plain REST
//      inserts (per-row policy check and row triggers) as the row-by-row rate.
// Loopback only; every loop is bounded. Figures go to stdout.
import { performance } from 'node:perf_hooks';
import type { SupabaseClient } from '@supabase/supabase-js';
import Papa from 'papaparse';
import { withRequestContext } from '../src/db/request-context.js';
import { signedInBenchUser, startBenchBackend, userRpcContext } from './lib.js';

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
    const { client: owner, userId: ownerId } = await signedInBenchUser(url, backend);
    // The importer signs in now, while the client's connections are fresh (see `again`).
    const { client: importer } = await signedInBenchUser(url, backend);

    // After the page runs (direct SQL) the client's idle keep-alive socket may be closed by the
    // server just as it is reused (ECONNRESET, "fetch failed"): such a call is sent once more.
    const again = async <T extends { error: { message: string } | null }>(call: () => PromiseLike<T>): Promise<T> => {
      const first = await call();
      return first.error?.message.includes('fetch failed') ? call() : first;
    };
    const newTable = async (user: SupabaseClient, name: string): Promise<string> => {
      const database = await again(() => user.from('Database').insert({ name }).select('id').single());
      if (database.error) throw database.error;
      const table = await again(() => user.from('DatabaseTable').insert({ database_id: database.data.id, name: 'Books', columns }).select('id').single());
      if (table.error) throw table.error;
      return table.data.id as string;
    };

    // 1. The page, per size ---------------------------------------------------------------------
    const filters = [
      { column: 'Pages', op: 'gte', value: '500' },
      { column: 'Title', op: 'contains', value: '7' },
    ];
    let tableId = '';
    // POST, as supabase-js calls it: the first sort by a column may write its keys.
    const ownerCtx = userRpcContext(ownerId, 'database_rows_page', false);
    const asOwner = async (sql: string, params: unknown[]): Promise<{ ms: number; rows: Record<string, unknown>[] }> => {
      const start = performance.now();
      const result = await withRequestContext(db, ownerCtx, (tx) => tx.query(sql, params));
      return { ms: performance.now() - start, rows: result.rows };
    };
    for (const size of SIZES) {
      tableId = await newTable(owner, `Grid bench ${String(size)}`);
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
      const call = (fn: string, args: string, params: unknown[]) => async () =>
        (await asOwner(`select public.${fn}(${args}) as page`, [tableId, ...params])).ms;
      // The first sort by each column builds its keys (once per table and column).
      for (const column of ['Pages', 'Title']) {
        const ms = await call('database_rows_page', '$1, $2::jsonb, $3, false, 0, 50', ['[]', column])();
        console.log(`first sort by ${column} (builds its ${size.toLocaleString('en-GB')} keys): ${ms.toFixed(0)} ms`);
      }
      const both = (name: string, args: string, params: unknown[]) => [
        { name: `${name} — before (scan)`, run: call('database_rows_page_scan', args, params) },
        { name: `${name} — after (sort key)`, run: call('database_rows_page', args, params) },
      ];
      const scenarios: { name: string; run: () => Promise<number> }[] = [
        {
          name: 'bare SELECT 50 by index (superuser, baseline)',
          run: async () => {
            const start = performance.now();
            await db.query('select id, data from public."DatabaseRow" where table_id = $1 order by created_at, id limit 50', [tableId]);
            return performance.now() - start;
          },
        },
        { name: 'page 50, no filter/sort + total (counter)', run: call('database_rows_page', '$1, $2::jsonb', ['[]']) },
        { name: 'page 50, 2 filters + capped count', run: call('database_rows_page', '$1, $2::jsonb, null, false, 0, 50', [JSON.stringify(filters)]) },
        ...both('page 50, sort by number', '$1, $2::jsonb, $3, true, 0, 50', ['[]', 'Pages']),
        ...both('page 50, 2 filters + sort by number + count', '$1, $2::jsonb, $3, true, 0, 50', [JSON.stringify(filters), 'Pages']),
        ...both('page 50, 1 filter + sort by number + count', '$1, $2::jsonb, $3, true, 0, 50', [JSON.stringify(filters.slice(0, 1)), 'Pages']),
        // As the grid asks since 20261126000000: the page without a count, and the count once per filter.
        { name: 'page 50, 2 filters + sort by number, no count (grid)', run: call('database_rows_page', '$1, $2::jsonb, $3, true, 0, 50, false', [JSON.stringify(filters), 'Pages']) },
        { name: 'page 50 at offset 450, 2 filters + sort, no count', run: call('database_rows_page', '$1, $2::jsonb, $3, true, 450, 50, false', [JSON.stringify(filters), 'Pages']) },
        { name: 'count alone, 2 filters (once per filter)', run: call('database_rows_count', '$1, $2::jsonb', [JSON.stringify(filters)]) },
        { name: 'count alone, 1 number filter (sort keys)', run: call('database_rows_count', '$1, $2::jsonb', [JSON.stringify(filters.slice(0, 1))]) },
        ...both('page 50 at offset 5000, sort by text', '$1, $2::jsonb, $3, false, 5000, 50', ['[]', 'Title']),
      ];
      const same = await asOwner(
        'select public.database_rows_page($1, $2::jsonb, $3, true, 0, 50) = public.database_rows_page_scan($1, $2::jsonb, $3, true, 0, 50) as same',
        [tableId, JSON.stringify(filters), 'Pages'],
      );
      console.log(`filtered + sorted page identical both ways: ${String(same.rows[0]?.same)}`);
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
        console.log(`${scenario.name.padEnd(62)} p50 ${fmt(p50)}  p95 ${fmt(p95)}  ×${ratio.toFixed(1).padStart(6)} of the bare SELECT${verdict}`);
      }
    }

    // The plans of the statements the function builds for the filtered, sorted page (the same
    // typed predicates and order it writes into its dynamic SQL), as the owner: the scan and the key.
    const predicates = `r.table_id = $1 and public.database_sort_num(r.data, 'Pages') >= '500'::numeric and strpos(lower((r.data ->> 'Title')), lower('7')) > 0`;
    const plans = {
      'before (scan)': `select r.id, r.data, r.created_at, r.updated_at from public."DatabaseRow" as r
        where ${predicates} order by public.database_sort_num(r.data, 'Pages') desc nulls last, r.created_at, r.id limit 50`,
      'after (sort key)': `select r.id, r.data, r.created_at, r.updated_at
        from public."DatabaseSortKey" as k join public."DatabaseRow" as r on r.id = k.row_id and r.table_id = k.table_id
          and k.table_id = $1 and k.column_name = 'Pages' and k.is_num and k.num >= '500'::numeric
        where ${predicates} order by k.num desc nulls last, k.created_at, k.row_id limit 50`,
    };
    for (const [name, sql] of Object.entries(plans)) {
      const plan = await asOwner(`explain (analyze, costs off, timing on) ${sql}`, [tableId]);
      console.log(`EXPLAIN ANALYZE (filtered + sorted page, as the owner), ${name}:`);
      // The row-level security subplans (the same both ways) are left out.
      let skip = -1;
      for (const row of plan.rows) {
        const line = String(Object.values(row)[0]);
        const indent = line.search(/\S/);
        if (skip >= 0 && indent > skip) continue;
        skip = /^\s*(SubPlan|InitPlan)/.test(line) ? indent : -1;
        if (skip < 0) console.log(`  ${line}`);
      }
    }

    if (process.argv.includes('--no-import')) return;
    // 2. The CSV import (batches of --batch rows), as a user of its own ------------------------------
    const importTable = await newTable(importer, 'Import bench');
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
      const answer = await importer.rpc('database_rows_insert', { table_id: importTable, rows: batch });
      if (answer.error) throw answer.error;
      const result = answer.data as { inserted: number; skipped: number };
      inserted += result.inserted;
      skipped += result.skipped;
    }
    const importMs = performance.now() - importStart;
    console.log(
      `CSV import: ${inserted.toLocaleString('en-GB')} rows imported, ${String(skipped)} skipped, ${(csv.length / 1024 / 1024).toFixed(1)} MB in ${(importMs / 1000).toFixed(2)} s ` +
        `(${Math.round(inserted / (importMs / 1000)).toLocaleString('en-GB')} rows/s; goal ≤ 10 s: ${importMs <= 10_000 ? 'met' : 'NOT met'})`,
    );
    // The row-by-row rate in the same run: one batch of already typed rows through plain REST
    // (each row checked by the insert policy and the row triggers).
    const perRowTable = await newTable(importer, 'Import bench, plain REST');
    const typed = records.slice(0, BATCH).map(([title, pages, finished, loved]) => ({
      table_id: perRowTable,
      data: { Title: title ?? '', Pages: Number(pages), Finished: finished ?? '', Loved: loved === 'yes' },
    }));
    const perRowStart = performance.now();
    const plain = await again(() => importer.from('DatabaseRow').insert(typed));
    if (plain.error) throw plain.error;
    const perRowRate = typed.length / ((performance.now() - perRowStart) / 1000);
    console.log(
      `same run, ${typed.length.toLocaleString('en-GB')} typed rows through plain REST (per-row policy + row triggers): ${Math.round(perRowRate).toLocaleString('en-GB')} rows/s ` +
        `(the bulk RPC: ×${(inserted / (importMs / 1000) / perRowRate).toFixed(1)})`,
    );
  } finally {
    await stop();
  }
}

await main();
