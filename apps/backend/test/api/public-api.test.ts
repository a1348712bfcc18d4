// The public API at /functions/v1/api/… with plain fetch: every endpoint and every error of the
// contract, streamed runs, continuing and reading runs, rate limits, metering and OpenAPI.
import { randomUUID } from 'node:crypto';
import SwaggerParser from '@apidevtools/swagger-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, startTestBackend } from '../harness.js';
import type { TestBackend } from '../harness.js';
import { callFunction, readSse, signedIn, topicSpec } from '../functions-ai/helpers.js';
import { api, apiApp, createKey, errorOf } from './helpers.js';

let backend: TestBackend;

interface RunBody {
  run_id: string;
  status: string;
  output: string | null;
  outputs: Record<string, unknown>;
  usage: { input_tokens: number; output_tokens: number };
  awaiting?: { type: string; fields?: { name: string }[]; buttons?: { index: number; label: string }[] };
}

async function runCount(appId: string): Promise<number> {
  return (await backend.db.query<{ n: number }>('select count(*)::int as n from public."AppRun" where app_id = $1', [appId])).rows[0]?.n ?? -1;
}

/** Asks a topic, then lets the person pick a tone with two buttons, then answers. */
function choiceSpec(): Record<string, unknown> {
  const spec = topicSpec();
  const steps = spec.steps as Record<string, unknown>[];
  steps[0] = {
    ...steps[0],
    next: { type: 'choices', prompt: 'Which tone?', buttons: [{ label: 'Plain', goto: 'write' }, { label: 'Stop', goto: 'end' }] },
  };
  return spec;
}

describe.each(DATABASES)('on %s', (database) => {
  beforeAll(async () => {
    backend = await startTestBackend({ database });
  });
  afterAll(() => backend.stop());

  it('describes a deployed app: its name, description and the deployed version’s inputs', async () => {
    const owner = await signedIn(backend);
    const { appId } = await apiApp(backend, owner.id);
    const { key } = await createKey(backend, owner);
    const response = await api(backend, `v1/apps/${appId}`, { key });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      id: appId,
      name: 'Topic explainer',
      description: 'Explains a topic simply',
      inputs: [{ name: 'topic', label: 'Topic', type: 'text', required: true }],
    });
  });

  it('answers every bad key the same 401: missing, empty, truncated, unknown, wrong header, revoked a moment ago, expired', async () => {
    const owner = await signedIn(backend);
    const { appId } = await apiApp(backend, owner.id);
    const good = await createKey(backend, owner);
    const expiring = await createKey(backend, owner, { expires_at: new Date(Date.now() + 1500).toISOString() });
    const revoked = await createKey(backend, owner);
    expect((await api(backend, `v1/apps/${appId}`, { key: revoked.key })).status).toBe(200);
    expect((await callFunction(backend, 'revoke-api-key', { id: revoked.id }, owner.token)).status).toBe(200);
    expect((await api(backend, `v1/apps/${appId}`, { key: expiring.key })).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1600));

    const unknown = `af_${'A'.repeat(51)}`;
    const attempts: Record<string, string>[] = [
      {},
      { authorization: '' },
      { authorization: 'Bearer ' },
      { authorization: `Bearer ${good.key.slice(0, -1)}` },
      { authorization: `Bearer ${good.key}x` },
      { authorization: `Bearer ${unknown}` },
      { authorization: good.key },
      { authorization: `Basic ${good.key}` },
      { 'x-api-key': good.key },
      { apikey: good.key },
      { authorization: `Bearer ${backend.anonKey}` },
      { authorization: `Bearer ${owner.token}` },
      { authorization: `Bearer ${revoked.key}` },
      { authorization: `Bearer ${expiring.key}` },
    ];
    const bodies = new Set<string>();
    for (const headers of attempts) {
      for (const [method, path, body] of [
        ['GET', `v1/apps/${appId}`, undefined],
        ['POST', `v1/apps/${appId}/runs`, { inputs: { topic: 'x' } }],
        ['GET', `v1/runs/${randomUUID()}`, undefined],
      ] as const) {
        const response = await api(backend, path, { method, headers, ...(body ? { body } : {}) });
        expect(response.status, `${JSON.stringify(headers)} ${method} ${path}`).toBe(401);
        expect(response.headers.get('www-authenticate')).toContain('Bearer');
        bodies.add(await response.text());
      }
    }
    // One answer for all, so keys cannot be probed.
    expect(bodies.size).toBe(1);
    expect(JSON.parse([...bodies][0] ?? '{}')).toMatchObject({ error: { code: 'invalid_api_key' } });
    expect(await runCount(appId)).toBe(0);
    expect((await api(backend, `v1/apps/${appId}`, { key: good.key })).status).toBe(200);
  });

  it('refuses apps out of scope, with API access off, not deployed or unknown', async () => {
    const owner = await signedIn(backend);
    const other = await signedIn(backend);
    const { appId } = await apiApp(backend, owner.id);
    const { appId: secondApp } = await apiApp(backend, owner.id);
    const { appId: closedApp } = await apiApp(backend, owner.id, { apiAccess: false });
    const { appId: draftApp } = await apiApp(backend, owner.id, { deployed: false });
    const { appId: foreignApp } = await apiApp(backend, other.id);
    const all = await createKey(backend, owner);
    const scoped = await createKey(backend, owner, { app_ids: [appId] });

    const expectations: [string, string, number, string][] = [
      [scoped.key, secondApp, 403, 'app_not_in_scope'],
      [all.key, foreignApp, 403, 'app_not_in_scope'],
      [all.key, closedApp, 403, 'api_access_disabled'],
      [all.key, draftApp, 404, 'app_not_found'],
      [all.key, randomUUID(), 404, 'app_not_found'],
      [all.key, 'not-a-uuid', 404, 'app_not_found'],
    ];
    for (const [key, target, status, code] of expectations) {
      for (const [path, body] of [
        [`v1/apps/${target}`, undefined],
        [`v1/apps/${target}/runs`, { inputs: { topic: 'x' } }],
      ] as const) {
        const error = await errorOf(await api(backend, path, { key, ...(body ? { body } : {}) }));
        expect({ status: error.status, code: error.code }, path).toEqual({ status, code });
        expect(error.message.length).toBeGreaterThan(5);
      }
    }
    for (const target of [secondApp, closedApp, foreignApp]) expect(await runCount(target)).toBe(0);
    expect((await api(backend, `v1/apps/${appId}`, { key: scoped.key })).status).toBe(200);
  });

  it('GET apps/{id} follows a deploy at once, and any other change of the app within about a second', async () => {
    const owner = await signedIn(backend);
    const { appId } = await apiApp(backend, owner.id);
    const { key } = await createKey(backend, owner);
    const inputsOf = async () => ((await (await api(backend, `v1/apps/${appId}`, { key })).json()) as { name: string; inputs: { name: string }[] });
    expect((await inputsOf()).inputs.map((input) => input.name)).toEqual(['topic']);

    // A new version asking for a city, deployed through deploy-app: the very next GET shows it.
    const spec = topicSpec('Describe {{city}}.');
    const steps = spec.steps as { config: Record<string, unknown> }[];
    if (steps[0]) steps[0].config = { fields: [{ type: 'text', name: 'city', label: 'City', required: true }] };
    const v2 = await backend.db.query<{ id: string }>(
      'insert into public."AppVersion" (app_id, spec, frozen, created_by) values ($1, $2, false, $3) returning id',
      [appId, JSON.stringify(spec), owner.id],
    );
    const deployed = await callFunction(backend, 'deploy-app', { app_id: appId, version_id: v2.rows[0]?.id }, owner.token);
    expect(deployed.status).toBe(200);
    expect((await inputsOf()).inputs.map((input) => input.name)).toEqual(['city']);

    // A rename (not through a function) shows once the cached row is a second old.
    await backend.db.query('update public."App" set name = $2 where id = $1', [appId, 'City guide']);
    await expect.poll(async () => (await inputsOf()).name, { timeout: 10_000, interval: 250 }).toBe('City guide');
    // Switching API access off is refused within the same bound.
    await backend.db.query('update public."App" set api_access_enabled = false where id = $1', [appId]);
    await expect.poll(async () => (await api(backend, `v1/apps/${appId}`, { key })).status, { timeout: 10_000, interval: 250 }).toBe(403);
  });

  it('runs an app in one call, attributes the run to the key and meters it', async () => {
    const owner = await signedIn(backend);
    const { appId } = await apiApp(backend, owner.id);
    const created = await createKey(backend, owner);
    const response = await api(backend, `v1/apps/${appId}/runs`, { key: created.key, body: { inputs: { topic: 'volcanoes' } } });
    expect(response.status).toBe(200);
    const run = (await response.json()) as RunBody;
    expect(run.status).toBe('done');
    expect(run.output).toContain('# Answer');
    expect(run.output).toContain('Offline model');
    expect(run.outputs.topic).toBe('volcanoes');
    expect(String(run.outputs.text)).toContain('volcanoes');
    expect(run.usage.output_tokens).toBeGreaterThan(0);

    const stored = await backend.db.query<{ api_key_id: string; runner_user_id: string | null; status: string; inputs: unknown }>(
      'select api_key_id, runner_user_id, status, inputs from public."AppRun" where id = $1',
      [run.run_id],
    );
    expect(stored.rows[0]).toEqual({ api_key_id: created.id, runner_user_id: null, status: 'done', inputs: { topic: 'volcanoes' } });
    const key = await backend.db.query<{ runs_count: string; output_tokens: string; errors_count: string; last_used_at: Date | null }>(
      'select runs_count, output_tokens, errors_count, last_used_at from public."ApiKey" where id = $1',
      [created.id],
    );
    expect(Number(key.rows[0]?.runs_count)).toBe(1);
    expect(Number(key.rows[0]?.output_tokens)).toBe(run.usage.output_tokens);
    expect(Number(key.rows[0]?.errors_count)).toBe(0);
    expect(key.rows[0]?.last_used_at).not.toBeNull();
    // last_used_at moves at most once a minute, however often the key is used.
    expect((await api(backend, `v1/apps/${appId}`, { key: created.key })).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const again = await backend.db.query<{ last_used_at: Date }>('select last_used_at from public."ApiKey" where id = $1', [created.id]);
    expect(again.rows[0]?.last_used_at).toEqual(key.rows[0]?.last_used_at);
    const day = await backend.db.query<{ runs: number }>('select runs from public."ApiKeyUsageDay" where api_key_id = $1', [created.id]);
    expect(day.rows).toEqual([{ runs: 1 }]);
    // Issue 27: the tokens the answer reported count toward the owner's "AI tokens this month".
    const plan = await owner.client.from('UsageCounter').select('metric, used').eq('scope_key', 'owner').eq('metric', 'ai_tokens');
    expect(plan.data?.map((row) => Number(row.used))).toEqual([run.usage.input_tokens + run.usage.output_tokens]);

    // The run is the key's: the same key reads it, another key of the same owner does not.
    const read = await api(backend, `v1/runs/${run.run_id}`, { key: created.key });
    expect(await read.json()).toEqual(run);
    const otherKey = await createKey(backend, owner);
    expect(await errorOf(await api(backend, `v1/runs/${run.run_id}`, { key: otherKey.key }))).toMatchObject({ status: 404, code: 'run_not_found' });
    expect(await errorOf(await api(backend, `v1/runs/${run.run_id}`, { key: otherKey.key, body: { inputs: {} } }))).toMatchObject({ status: 404, code: 'run_not_found' });
    expect(await errorOf(await api(backend, `v1/runs/${run.run_id}`, { key: created.key, body: { inputs: { topic: 'x' } } }))).toMatchObject({ status: 409, code: 'run_finished' });
  });

  it('counts key runs against the owner’s plan like every run, and refuses them past its limit', async () => {
    const owner = await signedIn(backend);
    const { appId } = await apiApp(backend, owner.id);
    const created = await createKey(backend, owner);
    const ok = await api(backend, `v1/apps/${appId}/runs`, { key: created.key, body: { inputs: { topic: 'tides' } } });
    expect(ok.status).toBe(200);
    const counters = await backend.db.query<{ metric: string; used: string }>(
      `select metric, used from public."UsageCounter" where owner_id = $1 and scope_key = 'owner' order by metric`,
      [owner.id],
    );
    const used = Object.fromEntries(counters.rows.map((row) => [row.metric, Number(row.used)]));
    expect(used.runs).toBe(1);
    expect(used.api_calls).toBe(1);
    // The free plan's monthly runs are used up: the next key run is refused and no run is stored.
    await backend.db.query(`update public."UsageCounter" set used = 1000000 where owner_id = $1 and scope_key = 'owner' and metric = 'runs'`, [owner.id]);
    const before = await runCount(appId);
    const refused = await errorOf(await api(backend, `v1/apps/${appId}/runs`, { key: created.key, body: { inputs: { topic: 'tides' } } }));
    expect(refused).toMatchObject({ status: 429, code: 'plan_limit_reached' });
    expect(await runCount(appId)).toBe(before);
  });

  it('refuses wrong types, unknown names, 1 MB strings and bad bodies with a message per field, storing nothing', async () => {
    const owner = await signedIn(backend);
    const { appId } = await apiApp(backend, owner.id);
    const created = await createKey(backend, owner);
    const cases: [unknown, string, string[]][] = [
      [{ inputs: { topic: 42 } }, 'invalid_inputs', ['topic']],
      [{ inputs: { topic: 'x', colour: 'red' } }, 'invalid_inputs', ['colour']],
      [{ inputs: { topic: 'x'.repeat(1_000_000) } }, 'invalid_inputs', ['topic']],
      [{ inputs: {} }, 'invalid_inputs', ['topic']],
      ['{"inputs":{"__proto__":"x","topic":"y"}}', 'invalid_inputs', ['__proto__']],
      [{ inputs: 'volcanoes' }, 'invalid_inputs', []],
      [{ inputs: { topic: 'x' }, extra: 1 }, 'invalid_request', []],
      ['{"inputs":', 'invalid_request', []],
      ['[]', 'invalid_request', []],
    ];
    for (const [body, code, fields] of cases) {
      const error = await errorOf(await api(backend, `v1/apps/${appId}/runs`, { key: created.key, body }));
      expect({ status: error.status, code: error.code }, JSON.stringify(body).slice(0, 80)).toEqual({ status: 400, code });
      expect((error.fields ?? []).map((field) => field.field)).toEqual(expect.arrayContaining(fields));
    }
    const tooLong = await errorOf(await api(backend, `v1/apps/${appId}/runs`, { key: created.key, body: { inputs: { topic: 'x'.repeat(1_000_000) } } }));
    expect(tooLong.message).toMatch(/at most 1000 characters/);
    expect(await runCount(appId)).toBe(0);
    const key = await backend.db.query<{ runs_count: string; errors_count: string }>('select runs_count, errors_count from public."ApiKey" where id = $1', [created.id]);
    expect(Number(key.rows[0]?.runs_count)).toBe(0);
    expect(Number(key.rows[0]?.errors_count)).toBeGreaterThanOrEqual(cases.length);
  });

  it('pauses for inputs and a choice, continues with them, and streams a run ending in a done event', async () => {
    const owner = await signedIn(backend);
    const { appId } = await apiApp(backend, owner.id, { spec: choiceSpec() });
    const { key } = await createKey(backend, owner);

    const started = (await (await api(backend, `v1/apps/${appId}/runs`, { key, body: {} })).json()) as RunBody;
    expect(started).toMatchObject({ status: 'awaiting_input', output: null, awaiting: { type: 'input', fields: [{ name: 'topic' }] } });
    const wrong = await errorOf(await api(backend, `v1/runs/${started.run_id}`, { key, body: { inputs: { topic: 7 } } }));
    expect(wrong).toMatchObject({ status: 400, code: 'invalid_inputs', fields: [{ field: 'topic' }] });
    expect(await errorOf(await api(backend, `v1/runs/${started.run_id}`, { key, body: { choice: 0 } }))).toMatchObject({ status: 400, code: 'invalid_inputs' });

    const chose = (await (await api(backend, `v1/runs/${started.run_id}`, { key, body: { inputs: { topic: 'tides' } } })).json()) as RunBody;
    expect(chose).toMatchObject({ status: 'awaiting_input', awaiting: { type: 'choice', buttons: [{ index: 0, label: 'Plain' }, { index: 1, label: 'Stop' }] } });
    expect(await errorOf(await api(backend, `v1/runs/${started.run_id}`, { key, body: { choice: 5 } }))).toMatchObject({ status: 400, code: 'invalid_inputs' });
    expect(await errorOf(await api(backend, `v1/runs/${started.run_id}`, { key, body: { choice: 0, inputs: {} } }))).toMatchObject({ status: 400 });

    const streamed = await api(backend, `v1/runs/${started.run_id}`, { key, body: { choice: 0 }, headers: { accept: 'text/event-stream' } });
    expect(streamed.headers.get('content-type')).toContain('text/event-stream');
    const events = await readSse(streamed);
    expect(events[0]).toMatchObject({ event: 'run', data: { run_id: started.run_id } });
    expect(events.some((event) => event.event === 'token')).toBe(true);
    const done = events.at(-1);
    expect(done?.event).toBe('done');
    expect(done?.data).toMatchObject({ run_id: started.run_id, status: 'done', outputs: { topic: 'tides' } });
    expect(String(done?.data.output)).toContain('tides');
    const read = (await (await api(backend, `v1/runs/${started.run_id}`, { key })).json()) as RunBody;
    expect(read).toEqual(done?.data);
  });

  it('limits runs per key per minute with 429 and Retry-After, leaving other keys alone', async () => {
    const owner = await signedIn(backend);
    const { appId } = await apiApp(backend, owner.id);
    const slow = await createKey(backend, owner, { rate_limit_per_minute: 2 });
    const other = await createKey(backend, owner, { rate_limit_per_minute: 2 });
    for (let index = 0; index < 2; index += 1) {
      expect((await api(backend, `v1/apps/${appId}/runs`, { key: slow.key, body: { inputs: { topic: 'x' } } })).status).toBe(200);
    }
    const limited = await api(backend, `v1/apps/${appId}/runs`, { key: slow.key, body: { inputs: { topic: 'x' } } });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await errorOf(limited)).code).toBe('rate_limited');
    expect(await runCount(appId)).toBe(2);
    // Reading is not a run: the limited key still describes the app.
    expect((await api(backend, `v1/apps/${appId}`, { key: slow.key })).status).toBe(200);
    expect((await api(backend, `v1/apps/${appId}/runs`, { key: other.key, body: { inputs: { topic: 'x' } } })).status).toBe(200);
  });

  it('serves OpenAPI 3.1 documents that swagger-parser validates, one with the app’s real input schema', async () => {
    const owner = await signedIn(backend);
    const { appId } = await apiApp(backend, owner.id, { visibility: 'signed_in' });
    const { appId: publicApp } = await apiApp(backend, owner.id);
    const { key } = await createKey(backend, owner);

    const whole = (await (await api(backend, 'v1/openapi.json')).json()) as { openapi: string; servers: { url: string }[]; paths: Record<string, unknown> };
    expect(whole.openapi).toBe('3.1.0');
    expect(whole.servers[0]?.url).toBe(`${backend.url}/functions/v1/api`);
    expect(Object.keys(whole.paths).sort()).toEqual([
      '/v1/apps/{appId}',
      '/v1/apps/{appId}/openapi.json',
      '/v1/apps/{appId}/runs',
      '/v1/apps/{appId}/test-runs',
      '/v1/openapi.json',
      '/v1/runs/{runId}',
      '/v1/test-runs/{testRunId}',
    ]);
    // Test runs from code and CI (issue 30), with the shape of what they answer.
    const paths = whole.paths as Record<string, Record<string, { operationId?: string }>>;
    expect(paths['/v1/apps/{appId}/test-runs']?.post?.operationId).toBe('runAppTests');
    expect(paths['/v1/test-runs/{testRunId}']?.get?.operationId).toBe('getTestRun');
    const schemas = (whole as unknown as { components: { schemas: Record<string, { required?: string[] }> } }).components.schemas;
    expect(schemas.TestRun?.required).toEqual(expect.arrayContaining(['status', 'total', 'passed', 'failed', 'results']));
    expect(schemas.TestCaseResult?.required).toEqual(expect.arrayContaining(['case_name', 'passed', 'reason', 'output']));
    await SwaggerParser.validate(structuredClone(whole) as never);

    const response = await api(backend, `v1/apps/${appId}/openapi.json`, { key });
    expect(response.status).toBe(200);
    const document = (await response.json()) as { components: { schemas: { Inputs: unknown } }; paths: Record<string, unknown> };
    expect(document.components.schemas.Inputs).toEqual({
      type: 'object',
      properties: { topic: { title: 'Topic', type: 'string', maxLength: 1000 } },
      required: ['topic'],
      additionalProperties: false,
    });
    expect(Object.keys(document.paths)).toContain(`/v1/apps/${appId}/runs`);
    await SwaggerParser.validate(structuredClone(document) as never);

    // Without a key: only for a public (or unlisted) app with API access on.
    expect((await api(backend, `v1/apps/${publicApp}/openapi.json`)).status).toBe(200);
    expect((await errorOf(await api(backend, `v1/apps/${appId}/openapi.json`))).code).toBe('app_not_found');
    expect((await api(backend, `v1/apps/${appId}/openapi.json`, { key: `af_${'B'.repeat(51)}` })).status).toBe(401);
  });

  it('answers a malformed percent-encoding in a path with 400 and a code, not a server error, and starts nothing', async () => {
    const owner = await signedIn(backend);
    const { appId } = await apiApp(backend, owner.id);
    const { key } = await createKey(backend, owner);
    for (const [path, method] of [
      ['v1/apps/%ZZ/runs', 'POST'],
      ['v1/apps/%E0%A4%A/runs', 'POST'],
      ['v1/apps/%', 'GET'],
      ['v1/runs/%C0%AF', 'GET'],
      ['v1/runs/%ZZ', 'POST'],
      ['v1/apps/%ZZ/openapi.json', 'GET'],
    ] as const) {
      const response = await api(backend, path, { key, method, ...(method === 'POST' ? { body: { inputs: { topic: 'x' } } } : {}) });
      expect({ path, ...(await errorOf(response)) }).toMatchObject({ path, status: 400, code: 'invalid_path' });
    }
    expect(await runCount(appId)).toBe(0);
  });

  it('names its own configured URL as the OpenAPI server, whatever X-Forwarded-Host or Host a caller sends', async () => {
    const owner = await signedIn(backend);
    const { appId } = await apiApp(backend, owner.id);
    const { key } = await createKey(backend, owner);
    const hostile = { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' };
    const configured = await startTestBackend({ database, env: { API_EXTERNAL_URL: 'https://api.appforge.test' } });
    try {
      const whole = (await (await api(configured, 'v1/openapi.json', { headers: hostile })).json()) as { servers: { url: string }[] };
      expect(whole.servers).toEqual([{ url: 'https://api.appforge.test/functions/v1/api' }]);
    } finally {
      await configured.stop();
    }
    const one = (await (await api(backend, `v1/apps/${appId}/openapi.json`, { key, headers: hostile })).json()) as { servers: { url: string }[] };
    expect(one.servers).toEqual([{ url: `${backend.config.apiExternalUrl}/functions/v1/api` }]);
    const missing = await errorOf(await api(backend, 'v9/nothing', { key, headers: hostile }));
    expect(missing.message).not.toContain('evil.example');
  });

  it('answers unknown paths with 404 and wrong methods with 405, in the same error shape', async () => {
    const owner = await signedIn(backend);
    const { key } = await createKey(backend, owner);
    expect(await errorOf(await api(backend, 'v2/things', { key }))).toMatchObject({ status: 404, code: 'not_found' });
    expect(await errorOf(await api(backend, `v1/apps/${randomUUID()}`, { key, method: 'DELETE' }))).toMatchObject({ status: 405, code: 'method_not_allowed' });
  });
});
