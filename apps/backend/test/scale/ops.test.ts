// /health, /ready and /metrics as an operator (a load balancer, Prometheus) sees them.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeLabel } from '../../src/ops/metrics.js';
import { DATABASES, startTestBackend } from '../harness.js';
import type { TestBackend } from '../harness.js';
import { runEvents, seedApp, signedIn } from '../functions-ai/helpers.js';

/** The value of one sample line of a Prometheus text exposition (0 when absent). */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    const labelText = /\{(.*)\}/.exec(line)?.[1] ?? '';
    if (wanted.every((pair) => labelText.split(',').includes(pair))) return Number(line.split(' ').at(-1));
  }
  return 0;
}

describe('route labels stay few whatever the paths', () => {
  it('keeps the service and first segment, tables and unknown paths folded', () => {
    expect(routeLabel('/rest/v1/App', 200)).toBe('/rest/v1/:table');
    expect(routeLabel('/rest/v1/rpc/do_it', 200)).toBe('/rest/v1/rpc/:function');
    expect(routeLabel('/auth/v1/token', 400)).toBe('/auth/v1/token');
    expect(routeLabel('/auth/v1/admin/users/123', 200)).toBe('/auth/v1/admin');
    expect(routeLabel(`/auth/v1/${randomUUID()}`, 404)).toBe('/auth/v1/:unmatched');
    expect(routeLabel('/functions/v1/run-app', 200)).toBe('/functions/v1/run-app');
    expect(routeLabel('/wp-login.php', 404)).toBe(':unmatched');
    expect(routeLabel('/metrics', 200)).toBe('/metrics');
  });
});

describe.each(DATABASES)('operations endpoints on %s', (database) => {
  let backend: TestBackend;
  beforeAll(async () => {
    // No recurring custom-domain re-check: its data-API calls would land in the counts below.
    backend = await startTestBackend({ database, env: { DOMAIN_RECHECK_INTERVAL_MS: '0' } });
  });
  afterAll(async () => {
    await backend?.stop();
  });

  const metrics = async (token: string): Promise<Response> =>
    fetch(`${backend.url}/metrics`, { headers: { authorization: `Bearer ${token}` } });

  it('answers /health while alive and /ready once every migration is applied', async () => {
    expect((await fetch(`${backend.url}/health`)).status).toBe(200);
    const ready = await fetch(`${backend.url}/ready`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ ready: true, database: database });
  });

  it('is not ready while a shipped migration is missing from the ledger, and names it', async () => {
    const file = '20261125001000_rate_limits.sql';
    await backend.db.query("delete from _appforge.migrations where source = 'project' and name = $1", [file]);
    try {
      const answer = await fetch(`${backend.url}/ready`);
      expect(answer.status).toBe(503);
      expect(await answer.json()).toMatchObject({ ready: false, reason: 'migrations_pending', pending: [`project/${file}`] });
    } finally {
      await backend.db.query("insert into _appforge.migrations (source, name, checksum) values ('project', $1, 'restored')", [file]);
    }
    expect((await fetch(`${backend.url}/ready`)).status).toBe(200);
  });

  it('shows /metrics only to the service role', async () => {
    expect((await fetch(`${backend.url}/metrics`)).status).toBe(401);
    expect((await metrics(backend.anonKey)).status).toBe(401);
    const answer = await metrics(backend.serviceRoleKey);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toContain('text/plain');
  });

  it('counts requests by route and status, with latency, and the runs and model calls of run-app', async () => {
    const before = await (await metrics(backend.serviceRoleKey)).text();
    const anon = backend.client();
    await anon.from('App').select('id').limit(1);
    await anon.from('App').select('id').limit(1);
    await fetch(`${backend.url}/no/such/place`);
    const mid = await (await metrics(backend.serviceRoleKey)).text();

    const owner = await signedIn(backend);
    const { appId } = await seedApp(backend, owner.id);
    const session = randomUUID();
    const started = await runEvents(backend, { app_id: appId, visitor_session: session });
    const runId = String(started[0]?.data.run_id);
    const finished = await runEvents(backend, { app_id: appId, run_id: runId, visitor_session: session, inputs: { topic: 'tides' } });
    expect(finished.at(-1)?.event).toBe('run_done');

    const after = await (await metrics(backend.serviceRoleKey)).text();
    const rest = { method: 'GET', route: '/rest/v1/:table', status: '200' };
    expect(sample(mid, 'appforge_http_requests_total', rest) - sample(before, 'appforge_http_requests_total', rest)).toBe(2);
    const durations = (text: string): number => sample(text, 'appforge_http_request_duration_seconds_count', rest);
    expect(durations(mid) - durations(before)).toBe(2);
    const missing = { route: ':unmatched', status: '404' };
    expect(sample(mid, 'appforge_http_requests_total', missing) - sample(before, 'appforge_http_requests_total', missing)).toBe(1);
    expect(sample(after, 'appforge_http_requests_total', { route: '/functions/v1/run-app', status: '200' })).toBeGreaterThanOrEqual(2);
    expect(sample(after, 'appforge_runs_started_total') - sample(before, 'appforge_runs_started_total')).toBe(1);
    expect(sample(after, 'appforge_runs_ended_total', { outcome: 'awaiting' }) - sample(before, 'appforge_runs_ended_total', { outcome: 'awaiting' })).toBe(1);
    expect(sample(after, 'appforge_runs_ended_total', { outcome: 'done' }) - sample(before, 'appforge_runs_ended_total', { outcome: 'done' })).toBe(1);
    expect(sample(after, 'appforge_model_call_duration_seconds_count')).toBeGreaterThanOrEqual(1);
    expect(sample(after, 'appforge_model_tokens_total', { direction: 'output' })).toBeGreaterThan(0);
    expect(after).toContain('appforge_process_cpu_seconds_total');
  });
});
