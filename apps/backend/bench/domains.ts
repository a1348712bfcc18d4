// pnpm bench:domains [--postgres]: GET /functions/v1/domain-allowed?domain=<host> — the question
// Caddy's on-demand TLS asks — for a verified host and for an unknown one, among 5000 domains,
// next to the full app's GET /health (`select 1`) as the baseline of the same HTTP stack.
// Goal (issue 18): ≤ 5 ms at p99. Loopback only, bounded request counts; prints, never fails.
import { randomUUID } from 'node:crypto';
import { FIGURES_HEADER, formatFigures, getOk, runLoad, startBenchBackend } from './lib.js';

const LEVELS = [
  { concurrency: 1, requests: 2000 },
  { concurrency: 10, requests: 4000 },
] as const;

async function main(): Promise<void> {
  const { db, url, stop } = await startBenchBackend('bench_domains', 'memory://', { DOMAIN_RECHECK_INTERVAL_MS: '0' });
  const owner = randomUUID();
  const app = randomUUID();
  await db.query('insert into auth.users (id, email) values ($1, $2)', [owner, 'bench@example.org']);
  await db.query(`insert into public."App" (id, owner_id, name) values ($1, $2, 'Bench')`, [app, owner]);
  await db.query(
    `insert into public."CustomDomain" (value, app_id, is_app, owner_id, status)
     select 'site' || g || '.example.org', $1, true, $2, case when g % 2 = 0 then 'verified' else 'pending' end
     from generate_series(1, 5000) g`,
    [app, owner],
  );
  const allowed = (host: string) => async () => {
    const response = await fetch(`${url}/functions/v1/domain-allowed?domain=${host}`);
    await response.arrayBuffer();
    if (response.status !== (host === 'site2500.example.org' ? 200 : 404)) throw new Error(`unexpected ${response.status}`);
  };

  process.stdout.write(`\nbench:domains on ${db.kind} (node ${process.version}), 5000 domains\n${FIGURES_HEADER}\n`);
  for (const level of LEVELS) {
    const baseline = await runLoad({ ...level, fn: () => getOk(`${url}/health`) });
    process.stdout.write(`${formatFigures('GET /health (baseline)', baseline)}\n`);
    const verified = await runLoad({ ...level, fn: allowed('site2500.example.org') });
    process.stdout.write(`${formatFigures('domain-allowed: verified → 200', verified)}\n`);
    // Every request a different verified host: no reuse of a recent answer, a database read each time.
    let cold = 0;
    const uncached = await runLoad({
      ...level,
      fn: async () => {
        cold = (cold + 2) % 5000;
        const response = await fetch(`${url}/functions/v1/domain-allowed?domain=site${cold + 2}.example.org`);
        await response.arrayBuffer();
        if (response.status !== 200) throw new Error(`unexpected ${response.status}`);
      },
    });
    process.stdout.write(`${formatFigures('domain-allowed: verified, uncached', uncached)}\n`);
    const pending = await runLoad({ ...level, fn: allowed('site2501.example.org') });
    process.stdout.write(`${formatFigures('domain-allowed: pending → 404', pending)}\n`);
    const unknown = await runLoad({ ...level, fn: allowed('nobody.example.org') });
    process.stdout.write(`${formatFigures('domain-allowed: unknown → 404', unknown)}\n`);
    process.stdout.write(`  p99 ratio verified/baseline: ${(verified.p99 / baseline.p99).toFixed(2)}× (goal: p99 ≤ 5 ms → ${verified.p99 <= 5 ? 'met' : 'NOT met'})\n`);
  }
  await stop();
}

await main();
