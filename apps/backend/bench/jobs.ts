// pnpm bench:jobs: how long the job queue waits before each retry of a failing job. A job fails
// `--tries` - 1 times and then succeeds, with a 1 s first retry delay (doubled, with jitter, for
// each later one); prints the gap before each try, per job and as p50 over `--jobs` jobs. The
// pass/fail test (test/scale/jobs.test.ts) checks only that the job is retried until it succeeds:
// the waits are pg-boss's and a figure, not a test, on a shared machine.
import { performance } from 'node:perf_hooks';
import { option, percentile, startBenchBackend } from './lib.js';

const jobs = option('jobs', 3);
const tries = option('tries', 3);
const RETRY_DELAY_SECONDS = 1;

const bench = await startBenchBackend('bench_jobs');
try {
  const queue = 'bench-retry';
  const triedAt = new Map<number, number[]>();
  const finished = new Set<number>();
  await bench.backend.jobs.work<{ n: number }>(
    queue,
    ({ n }) => {
      const times = triedAt.get(n) ?? [];
      times.push(performance.now());
      triedAt.set(n, times);
      if (times.length < tries) return Promise.reject(new Error(`try ${times.length} of job ${n} fails on purpose`));
      finished.add(n);
      return Promise.resolve({ ok: true });
    },
    { retryLimit: tries, retryDelaySeconds: RETRY_DELAY_SECONDS },
  );
  for (let n = 0; n < jobs; n += 1) await bench.backend.jobs.send(queue, { n });
  // Bounded: the waits add up to about (2^tries) s per job; give up well after.
  const deadline = performance.now() + (2 ** tries * RETRY_DELAY_SECONDS + 60) * 1000;
  while (finished.size < jobs && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
  if (finished.size < jobs) throw new Error(`only ${finished.size} of ${jobs} jobs succeeded before the deadline`);

  console.log(`job queue retry waits (${bench.db.kind}; first retry after ${RETRY_DELAY_SECONDS} s, doubled with jitter)`);
  const gaps: number[][] = [];
  for (const [n, times] of [...triedAt].sort(([a], [b]) => a - b)) {
    const waits = times.slice(1).map((at, index) => at - (times[index] ?? at));
    waits.forEach((wait, index) => (gaps[index] ??= []).push(wait));
    console.log(`  job ${n}: ${waits.map((wait) => `${(wait / 1000).toFixed(2)} s`).join(', ')}`);
  }
  gaps.forEach((waits, index) => {
    console.log(`  before try ${index + 2}: p50 ${(percentile([...waits].sort((a, b) => a - b), 50) / 1000).toFixed(2)} s over ${waits.length} jobs`);
  });
} finally {
  await bench.stop();
}
