// Prometheus metrics of one backend process (prom-client), served at /metrics: requests by route
// and status with latency histograms, runs started and ended, model latency and tokens, job queue
// depth, and Node's process figures. Each backend has its own registry (tests start several).
// Under BACKEND_WORKERS=n a scrape answers for the whole cluster: every worker's series summed
// (the job queue depth, the same in every worker, is taken once) and appforge_backend_workers = n.
import type { FunctionMetrics } from '@appforge/functions';
import type { MiddlewareHandler } from 'hono';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { clusterMetricsScraper, isClusterWorker } from '../cluster.js';
import type { AppEnv } from '../http/types.js';

const SERVICES = new Set(['auth', 'rest', 'storage', 'functions', 'realtime']);
const SEGMENT = /^[a-z][a-z0-9_-]{0,40}$/;
const OWN = new Set(['/health', '/ready', '/metrics']);

/**
 * A route label of bounded cardinality: the service and its first path segment (`/auth/v1/token`,
 * `/functions/v1/run-app`), `/rest/v1/:table` and `/rest/v1/rpc/:function` for the data API, and
 * `:unmatched` for anything answered 404 or outside the gateway's layout.
 */
export function routeLabel(path: string, status: number): string {
  if (OWN.has(path)) return path;
  const [, service = '', version = '', first = ''] = path.split('/');
  if (!SERVICES.has(service) || version !== 'v1') return ':unmatched';
  if (service === 'rest') return first === 'rpc' ? '/rest/v1/rpc/:function' : first === '' ? '/rest/v1/' : '/rest/v1/:table';
  if (first === '') return `/${service}/v1/`;
  return status !== 404 && SEGMENT.test(first) ? `/${service}/v1/${first}` : `/${service}/v1/:unmatched`;
}

export interface BackendMetrics {
  readonly registry: Registry;
  /** The /metrics text: this process's registry, or under BACKEND_WORKERS the sum over all workers. */
  scrape(): Promise<string>;
  /** Counts every request (first middleware of the app). */
  readonly middleware: MiddlewareHandler<AppEnv>;
  /** What run-app reports through FunctionContext.metrics. */
  readonly functions: FunctionMetrics;
  /**
   * The job queue's depth per queue, read at each scrape (the queue registers it when it starts).
   * Returns the function that unregisters it.
   */
  setQueueDepth(read: () => Promise<Readonly<Record<string, number>>>): () => void;
}

export function createBackendMetrics(): BackendMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'appforge_' });
  const scrape = isClusterWorker() ? clusterMetricsScraper(registry) : () => registry.metrics();
  new Gauge({ name: 'appforge_backend_workers', help: 'Backend processes whose figures this scrape sums', registers: [registry] }).set(1);
  const labelNames = ['method', 'route', 'status'] as const;
  const requests = new Counter({ name: 'appforge_http_requests_total', help: 'HTTP requests by method, route and status', labelNames, registers: [registry] });
  const duration = new Histogram({
    name: 'appforge_http_request_duration_seconds',
    help: 'HTTP request latency (until the response headers; streams go on after)',
    labelNames,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const runsStarted = new Counter({ name: 'appforge_runs_started_total', help: 'App runs started', registers: [registry] });
  const runsEnded = new Counter({
    name: 'appforge_runs_ended_total',
    help: 'App runs that stopped streaming, by outcome (done, failed, awaiting input or a choice)',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  const modelSeconds = new Histogram({
    name: 'appforge_model_call_duration_seconds',
    help: "Duration of a run's AI step (its model calls) by model",
    labelNames: ['model'] as const,
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
    registers: [registry],
  });
  const modelTokens = new Counter({
    name: 'appforge_model_tokens_total',
    help: 'Tokens the models reported, by model and direction (input, output)',
    labelNames: ['model', 'direction'] as const,
    registers: [registry],
  });
  let readDepth: (() => Promise<Readonly<Record<string, number>>>) | undefined;
  new Gauge({
    name: 'appforge_job_queue_depth',
    help: 'Jobs waiting or running, by queue',
    labelNames: ['queue'] as const,
    registers: [registry],
    // Read from the shared database: every worker reports the same figure.
    aggregator: 'max',
    async collect() {
      this.reset();
      if (!readDepth) return;
      for (const [queue, depth] of Object.entries(await readDepth())) this.set({ queue }, depth);
    },
  });

  return {
    registry,
    scrape,
    middleware: async (c, next) => {
      const started = performance.now();
      await next();
      const labels = { method: c.req.method, route: routeLabel(c.req.path, c.res.status), status: String(c.res.status) };
      requests.inc(labels);
      duration.observe(labels, (performance.now() - started) / 1000);
    },
    functions: {
      runStarted: () => runsStarted.inc(),
      runEnded: (outcome) => runsEnded.inc({ outcome }),
      modelCall: ({ model, seconds, inputTokens, outputTokens }) => {
        const label = model.slice(0, 80);
        modelSeconds.observe({ model: label }, seconds);
        modelTokens.inc({ model: label, direction: 'input' }, inputTokens);
        modelTokens.inc({ model: label, direction: 'output' }, outputTokens);
      },
    },
    setQueueDepth(read) {
      readDepth = read;
      return () => {
        if (readDepth === read) readDepth = undefined;
      };
    },
  };
}
