// BACKEND_WORKERS=n: n backend processes behind one port (node:cluster). The primary only forks,
// watches and stops workers; each worker is a whole backend on the same DATABASE_URL, and the
// primary hands incoming connections to them in turn. Everything a request depends on is in
// PostgreSQL (limits, jobs, sessions), so any worker can answer any request.
import { randomUUID } from 'node:crypto';
import cluster from 'node:cluster';
import { AggregatorRegistry } from 'prom-client';
import type { Registry } from 'prom-client';

/** Whether this process is a worker forked by runPrimary (it then starts a backend as usual). */
export function isClusterWorker(): boolean {
  return cluster.isWorker;
}

/** The worker's number (1…n, then n+1… for replacements), or undefined outside a cluster. */
export function workerNumber(): number | undefined {
  return cluster.worker?.id;
}

/**
 * The primary: forks n workers, replaces one that dies (at most 10 times a minute, then gives up
 * and stops the others), and on SIGTERM/SIGINT stops every worker and exits when they have.
 */
export function runPrimary(workers: number, log: (line: string) => void): Promise<number> {
  return new Promise((resolve) => {
    let stopping = false;
    let gaveUp = false;
    const restarts: number[] = [];
    const fork = (): void => {
      cluster.fork();
    };
    const stopAll = (signal: NodeJS.Signals): void => {
      stopping = true;
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
    };
    cluster.on('exit', (worker, code, signal) => {
      if (!stopping) {
        const now = Date.now();
        while (restarts.length > 0 && (restarts[0] ?? 0) < now - 60_000) restarts.shift();
        if (restarts.length < 10) {
          restarts.push(now);
          log(`Appforge backend: worker ${worker.id} exited (${signal ?? `code ${code}`}); starting a new one`);
          fork();
          return;
        }
        log('Appforge backend: workers keep exiting; stopping');
        gaveUp = true;
        stopAll('SIGTERM');
      }
      if (Object.keys(cluster.workers ?? {}).length === 0) resolve(gaveUp ? 1 : 0);
    });
    for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => stopAll(signal));
    serveClusterMetrics();
    for (let n = 1; n <= workers; n += 1) fork();
  });
}

// /metrics across workers: the worker that takes the scrape asks the primary, which collects every
// worker's registry (prom-client's AggregatorRegistry, over the cluster's IPC channel), sums the
// series and sends the text back to that worker.
const METRICS_REQUEST = 'appforge:metrics-request';
const METRICS_REPLY = 'appforge:metrics-reply';
const METRICS_TIMEOUT_MS = 6000;

interface MetricsRequest {
  type: typeof METRICS_REQUEST;
  id: string;
}
interface MetricsReply {
  type: typeof METRICS_REPLY;
  id: string;
  text?: string;
  error?: string;
}

function isMessage<T extends { type: string }>(message: unknown, type: T['type']): message is T {
  return typeof message === 'object' && message !== null && (message as { type?: unknown }).type === type;
}

/** In the primary: answers workers' metrics requests with the sum over every worker. */
function serveClusterMetrics(): void {
  const aggregator = new AggregatorRegistry();
  cluster.on('message', (worker, message: unknown) => {
    if (!isMessage<MetricsRequest>(message, METRICS_REQUEST)) return;
    aggregator.clusterMetrics().then(
      (text) => worker.send({ type: METRICS_REPLY, id: message.id, text } satisfies MetricsReply),
      (error: unknown) => worker.send({ type: METRICS_REPLY, id: message.id, error: String(error) } satisfies MetricsReply),
    );
  });
}

/**
 * In a worker: offers `registry` to the primary's aggregation and returns the function that
 * fetches the whole cluster's metrics text (rejects when the primary does not answer in time).
 */
export function clusterMetricsScraper(registry: Registry): () => Promise<string> {
  AggregatorRegistry.setRegistries([registry]);
  // Its constructor adds the worker's listener for the primary's collection requests.
  new AggregatorRegistry();
  const pending = new Map<string, { resolve: (text: string) => void; reject: (error: Error) => void }>();
  process.on('message', (message: unknown) => {
    if (!isMessage<MetricsReply>(message, METRICS_REPLY)) return;
    const waiting = pending.get(message.id);
    if (!waiting) return;
    pending.delete(message.id);
    if (message.text !== undefined) waiting.resolve(message.text);
    else waiting.reject(new Error(message.error ?? 'no metrics'));
  });
  return () =>
    new Promise<string>((resolve, reject) => {
      const id = randomUUID();
      const timer = setTimeout(() => {
        pending.delete(id);
        reject(new Error('the primary process did not send the metrics in time'));
      }, METRICS_TIMEOUT_MS);
      pending.set(id, {
        resolve: (text) => {
          clearTimeout(timer);
          resolve(text);
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      });
      process.send?.({ type: METRICS_REQUEST, id } satisfies MetricsRequest);
    });
}
