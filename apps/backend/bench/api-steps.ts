// pnpm bench:api-steps [--postgres] [--runs=200]: concurrent runs of a deployed app whose `api`
// step calls its owner's HTTP API (issue 15: "200 concurrent `api` steps with 0 errors").
//
// Set up as a person would: the owner signs in, stores an API (header key) with one endpoint and
// its secret through the `api-secret` function, and the app (input → api → output) is deployed.
// The API is a real HTTP server on loopback (reachable only through the guarded client's test
// hatch, as in the backend tests). Then that many visitors start a run each at the same moment and
// read the server-sent events to run_done. Baseline in the same run: the same number of
// concurrent runs of an app with no `api` step (input → output), so the ratio shows what the
// guarded outbound call, the secret read and the call record add under concurrency.
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { readSse } from '../test/functions-ai/helpers.js';
import { option, percentile, signedInBenchUser, startBenchBackend } from './lib.js';

const SECRET = `sk-bench-${randomUUID()}`;
const WARMUP = 10;

interface Figures {
  ok: number[];
  failures: string[];
  seconds: number;
}

async function main(): Promise<void> {
  const runs = option('runs', 200);
  let served = 0;
  let refusedKeys = 0;
  const api = createServer((req, res) => {
    if (req.headers['x-api-key'] !== SECRET) {
      refusedKeys += 1;
      return void res.writeHead(401, { 'content-type': 'application/json' }).end('{"error":"bad key"}');
    }
    served += 1;
    const city = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname.split('/')[2] ?? '');
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ city, current: { temperature: 21 } }));
  });
  api.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
  const apiPort = (api.address() as AddressInfo).port;

  const { db, backend, url, stop } = await startBenchBackend('bench_api_steps', 'memory://', {
    OUTBOUND_ALLOW_LOOPBACK_FOR_TESTS: 'true',
    OUTBOUND_PORTS: `80,443,${apiPort}`,
    SECRETS_KEY: 'bench-secrets-key-0123456789-abcdefghijklmnop',
    // The per-visitor and per-app limits would (rightly) refuse a burst of this size.
    RUN_RATE_LIMIT_PER_MINUTE: String(100 * (runs + WARMUP)),
  });
  try {
    const { client: owner, userId: ownerId, accessToken: ownerToken } = await signedInBenchUser(url, backend);

    const call = (name: string, body: unknown, token: string): Promise<Response> =>
      fetch(`${url}/functions/v1/${name}`, {
        method: 'POST',
        headers: { apikey: backend.anonKey, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });

    const stored = await owner
      .from('Api')
      .insert({ name: 'Weather', base_url: `http://127.0.0.1:${apiPort}`, auth_kind: 'header', auth_name: 'x-api-key' })
      .select('id')
      .single<{ id: string }>();
    if (stored.error) throw new Error(stored.error.message);
    const endpoint = await owner
      .from('ApiEndpoint')
      .insert({ api_id: stored.data.id, name: 'Current weather', path: '/weather/{city}', parameters: [{ name: 'city', in: 'path', type: 'string', required: true }], response_path: '', position: 0 })
      .select('id')
      .single<{ id: string }>();
    if (endpoint.error) throw new Error(endpoint.error.message);
    const secret = await call('api-secret', { api_id: stored.data.id, secret: SECRET }, ownerToken);
    if (!secret.ok) throw new Error(`api-secret answered ${secret.status}: ${await secret.text()}`);

    const input = { id: 'ask', kind: 'input', title: 'Ask', config: { fields: [{ type: 'text', name: 'city', label: 'City', required: true }] } };
    const withApi = {
      entryStepId: 'ask',
      steps: [
        input,
        {
          id: 'call',
          kind: 'api',
          title: 'Weather',
          config: { apiId: stored.data.id, endpointId: endpoint.data.id, params: { city: '{{city}}' }, outputVariable: 'weather', outputPath: '$.current.temperature' },
        },
        { id: 'show', kind: 'output', title: 'Show', config: { template: 'It is {{weather}} degrees in {{city}}.' } },
      ],
    };
    const withoutApi = { entryStepId: 'ask', steps: [input, { id: 'show', kind: 'output', title: 'Show', config: { template: 'You asked about {{city}}.' } }] };

    /** A deployed public app of the owner's with this spec, made as the builder makes one. */
    const deployed = async (name: string, spec: unknown): Promise<string> => {
      const app = await owner.from('App').insert({ owner_id: ownerId, name, visibility: 'public' }).select('id').single<{ id: string }>();
      if (app.error) throw new Error(app.error.message);
      const version = await owner.from('AppVersion').insert({ app_id: app.data.id, spec, created_by: ownerId }).select('id').single<{ id: string }>();
      if (version.error) throw new Error(version.error.message);
      const deploy = await call('deploy-app', { app_id: app.data.id, version_id: version.data.id }, ownerToken);
      if (!deploy.ok) throw new Error(`deploy-app answered ${deploy.status}: ${await deploy.text()}`);
      return app.data.id;
    };
    const apiApp = await deployed('Weather in words', withApi);
    const plainApp = await deployed('Echo a city', withoutApi);

    /** One visitor's run to its end; throws unless it ends in run_done with the expected text. */
    const run = async (appId: string, city: string, expected: string): Promise<number> => {
      const started = performance.now();
      const response = await call('run-app', { app_id: appId, visitor_session: randomUUID(), inputs: { city } }, backend.anonKey);
      if (!response.headers.get('content-type')?.startsWith('text/event-stream')) {
        throw new Error(`run-app answered ${response.status}: ${await response.text()}`);
      }
      const events = await readSse(response);
      const last = events.at(-1);
      if (last?.event !== 'run_done') throw new Error(`run ended with ${last?.event ?? 'nothing'}: ${JSON.stringify(last?.data)}`);
      const shown = events.find((event) => event.event === 'step_output' && event.data.stepId === 'show')?.data.value;
      if (shown !== expected) throw new Error(`the run showed ${JSON.stringify(shown)}, not ${JSON.stringify(expected)}`);
      return performance.now() - started;
    };

    const burst = async (appId: string, expected: (city: string) => string): Promise<Figures> => {
      for (let i = 0; i < WARMUP; i += 1) await run(appId, `Warm ${i}`, expected(`Warm ${i}`));
      const cities = Array.from({ length: runs }, (_, i) => `City ${i}`);
      const started = performance.now();
      const outcomes = await Promise.allSettled(cities.map((city) => run(appId, city, expected(city))));
      const seconds = (performance.now() - started) / 1000;
      const ok: number[] = [];
      const failures: string[] = [];
      for (const outcome of outcomes) {
        if (outcome.status === 'fulfilled') ok.push(outcome.value);
        else failures.push(outcome.reason instanceof Error ? outcome.reason.message : String(outcome.reason));
      }
      ok.sort((a, b) => a - b);
      return { ok, failures, seconds };
    };

    const baseline = await burst(plainApp, (city) => `You asked about ${city}.`);
    const servedBefore = served;
    const measured = await burst(apiApp, (city) => `It is 21 degrees in ${city}.`);
    const calls = await db.query<{ n: number | string }>(
      `select count(*) as n from public."AppRunApiCall" c join public."AppRun" r on r.id = c.run_id where r.app_id = $1 and c.status = 200`,
      [apiApp],
    );

    const line = (label: string, figures: Figures): string =>
      [
        label.padEnd(34),
        String(runs).padStart(5),
        (figures.ok.length / figures.seconds).toFixed(1).padStart(8),
        percentile(figures.ok, 50).toFixed(1).padStart(9),
        percentile(figures.ok, 99).toFixed(1).padStart(9),
        String(figures.failures.length).padStart(7),
      ].join(' ');
    process.stdout.write(`\nbench:api-steps on ${db.kind} (node ${process.version}), API on loopback through the guarded client\n`);
    process.stdout.write(`${'scenario'.padEnd(34)} ${'runs'.padStart(5)} ${'runs/s'.padStart(8)} ${'p50 ms'.padStart(9)} ${'p99 ms'.padStart(9)} ${'errors'.padStart(7)}\n`);
    process.stdout.write(`${line('input → output (baseline)', baseline)}\n`);
    process.stdout.write(`${line('input → api → output', measured)}\n`);
    process.stdout.write(
      `ratio api ÷ baseline: throughput ${(measured.ok.length / measured.seconds / (baseline.ok.length / baseline.seconds)).toFixed(2)}×, p50 ${(percentile(measured.ok, 50) / percentile(baseline.ok, 50)).toFixed(2)}×\n`,
    );
    process.stdout.write(`API requests served (${WARMUP} warm-up + the burst) ${served - servedBefore}, refused for a wrong key ${refusedKeys}\n`);
    process.stdout.write(`calls recorded with status 200 (AppRunApiCall) ${Number(calls.rows[0]?.n ?? 0) - WARMUP}\n`);
    const errors = baseline.failures.length + measured.failures.length;
    process.stdout.write(`goal: ${runs} concurrent api steps with 0 errors → ${measured.failures.length === 0 ? 'met' : 'NOT met'}\n`);
    for (const failure of [...new Set([...baseline.failures, ...measured.failures])].slice(0, 5)) process.stdout.write(`  ${failure}\n`);
    if (errors > 0) process.exitCode = 1;
  } finally {
    await stop();
    api.closeAllConnections();
    await new Promise<void>((resolve) => api.close(() => resolve()));
  }
}

await main();
