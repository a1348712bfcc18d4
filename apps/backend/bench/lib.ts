// Reusable closed-loop load runner for the bench scripts: `concurrency` workers issue requests
// back to back until `requests` have been made; latency percentiles over all of them.
import { performance } from 'node:perf_hooks';

export interface LoadOptions {
  concurrency: number;
  /** Total requests across all workers (bounded: benches never run open-ended). */
  requests: number;
  /** One request; must throw (or reject) on failure. `n` counts from 0 across workers. */
  fn: (worker: number, n: number) => Promise<void>;
  /** Requests per worker run first and not measured (JIT, connection pools). Default 20. */
  warmup?: number;
}

export interface LoadFigures {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  requests: number;
  concurrency: number;
  seconds: number;
}

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] ?? Number.NaN;
}

export async function runLoad(options: LoadOptions): Promise<LoadFigures> {
  const { concurrency, requests, fn } = options;
  const warmup = options.warmup ?? 20;
  await Promise.all(
    Array.from({ length: concurrency }, async (_, worker) => {
      for (let i = 0; i < warmup; i += 1) await fn(worker, -1 - i).catch(() => undefined);
    }),
  );
  const latencies: number[] = [];
  let next = 0;
  let errors = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async (_, worker) => {
      for (;;) {
        const n = next;
        next += 1;
        if (n >= requests) return;
        const t0 = performance.now();
        try {
          await fn(worker, n);
          latencies.push(performance.now() - t0);
        } catch {
          errors += 1;
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    rps: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    errors,
    requests,
    concurrency,
    seconds,
  };
}

/** GET that throws unless the answer is 2xx; the body is read so the connection is reused. */
export async function getOk(url: string, headers: Record<string, string> = {}): Promise<void> {
  const response = await fetch(url, { headers });
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
}

export function formatFigures(label: string, figures: LoadFigures): string {
  return [
    label.padEnd(34),
    String(figures.concurrency).padStart(4),
    figures.rps.toFixed(0).padStart(8),
    figures.p50.toFixed(2).padStart(8),
    figures.p99.toFixed(2).padStart(8),
    String(figures.errors).padStart(6),
  ].join(' ');
}

export const FIGURES_HEADER = `${'scenario'.padEnd(34)} ${'conc'.padStart(4)} ${'req/s'.padStart(8)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'errors'.padStart(6)}`;
