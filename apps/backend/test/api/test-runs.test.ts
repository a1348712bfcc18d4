// App tests from code and CI (issue 30): POST /v1/apps/{id}/test-runs starts a test run of a
// version with an API key, GET /v1/test-runs/{id} reads it; the app's cases run on a protocol-true
// fake model on loopback. Keys reach only their own apps' test runs, bad bodies store nothing,
// more than 200 cases are refused, and a run whose server stopped reads as failed.
import { randomUUID } from 'node:crypto';
import { startFakeOpenAIServer } from '@appforge/functions/testing';
import type { FakeOpenAIServer } from '@appforge/functions/testing';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestBackend } from '../harness.js';
import type { TestBackend } from '../harness.js';
import { callFunction, readSse, seedApp, signedIn } from '../functions-ai/helpers.js';
import type { TestUser } from '../functions-ai/helpers.js';
import { api, createKey, errorOf } from './helpers.js';

const API_KEY = 'sk-test-app-tests-api';
let fake: FakeOpenAIServer;
let backend: TestBackend;

beforeAll(async () => {
  fake = await startFakeOpenAIServer({ apiKey: API_KEY, models: ['fake-model'] });
  backend = await startTestBackend({ env: { AI_BASE_URL: fake.baseUrl, AI_API_KEY: API_KEY, AI_MODEL: 'fake-model' } });
}, 120_000);
afterAll(async () => {
  await backend.stop();
  await fake.close();
});

interface TestRunBody {
  id: string;
  status: string;
  version_number: number | null;
  total: number;
  passed: number;
  failed: number;
  needs_update: number;
  results: {
    case_name: string;
    status: string;
    passed: boolean;
    reason: string | null;
    output: string | null;
    runs: number;
    runs_passed: number | null;
    passes_needed: number;
  }[];
  error?: { code: string; message: string };
}

async function addCase(owner: TestUser, appId: string, name: string, expectations: unknown[]): Promise<void> {
  const made = await owner.client.from('AppTestCase').insert({ app_id: appId, name, inputs: { topic: 'volcanoes' }, expectations });
  if (made.error) throw new Error(made.error.message);
}

async function testRunCount(appId: string): Promise<number> {
  return (await backend.db.query<{ n: number }>('select count(*)::int as n from public."AppTestRun" where app_id = $1', [appId])).rows[0]?.n ?? -1;
}

async function addManyCases(appId: string, count: number): Promise<void> {
  await backend.db.query(
    `insert into public."AppTestCase" (app_id, name, inputs, expectations)
       select $1, 'Case ' || n, '{"topic": "owls"}', '[{"kind": "contains", "text": "owl"}]' from generate_series(1, $2::int) as n`,
    [appId, count],
  );
}

describe('test runs through the public API', () => {
  it('starts a test run of the draft at once with 202, runs every case, and answers the results as JSON or as a stream', async () => {
    const owner = await signedIn(backend);
    // Never deployed: a draft can be tested before anyone sees it.
    const { appId, versionId } = await seedApp(backend, owner.id, { deployed: false });
    await addCase(owner, appId, 'Talks about lava', [{ kind: 'contains', text: 'Lava' }]);
    await addCase(owner, appId, 'Mentions zebras', [{ kind: 'contains', text: 'zebra' }]);
    const { key } = await createKey(backend, owner, { app_ids: [appId] });
    fake.enqueue(...Array.from({ length: 4 }, () => ({ text: 'Lava is molten rock.' })));

    const started = await api(backend, `v1/apps/${appId}/test-runs`, { key, body: {} });
    expect(started.status).toBe(202);
    const body = (await started.json()) as TestRunBody;
    expect(body).toMatchObject({ status: 'running', version_number: 1, total: 2, passed: 0, failed: 0 });
    expect(started.headers.get('location')).toMatch(new RegExp(`/functions/v1/api/v1/test-runs/${body.id}$`));

    const finished = await vi.waitFor(
      async () => {
        const read = (await (await api(backend, `v1/test-runs/${body.id}`, { key })).json()) as TestRunBody;
        if (read.status === 'running') throw new Error('still running');
        return read;
      },
      { timeout: 60_000, interval: 100 },
    );
    expect(finished).toMatchObject({ id: body.id, status: 'done', version_number: 1, total: 2, passed: 1, failed: 1, needs_update: 0 });
    const byName = Object.fromEntries(finished.results.map((result) => [result.case_name, result]));
    expect(byName['Talks about lava']).toMatchObject({ status: 'passed', passed: true, reason: null });
    expect(byName['Talks about lava']?.output).toContain('Lava is molten rock');
    expect(byName['Mentions zebras']).toMatchObject({ status: 'failed', passed: false, reason: 'The output does not contain “zebra”.' });

    const streamed = await api(backend, `v1/apps/${appId}/test-runs`, { key, body: { version: 1 }, headers: { accept: 'text/event-stream' } });
    expect(streamed.headers.get('content-type')).toContain('text/event-stream');
    const events = await readSse(streamed);
    expect(events.map((event) => event.event)).toEqual(['test_run', 'case_done', 'case_done', 'test_run_done']);
    expect(events[0]?.data).toMatchObject({ version_id: versionId, version_number: 1, case_count: 2 });
    expect(events.at(-1)?.data).toMatchObject({ status: 'done', passed: 1, failed: 1, needs_update: 0 });
    // Both runs are the owner's, kept like the ones started in the app.
    const kept = await backend.db.query<{ started_by: string; status: string }>('select started_by, status from public."AppTestRun" where app_id = $1', [appId]);
    expect(kept.rows).toEqual([
      { started_by: owner.id, status: 'done' },
      { started_by: owner.id, status: 'done' },
    ]);
  }, 120_000);

  it('reports per case how many runs it had, how many passed and how many had to ("n of m runs pass")', async () => {
    const owner = await signedIn(backend);
    const { appId } = await seedApp(backend, owner.id, { deployed: false });
    const made = await owner.client
      .from('AppTestCase')
      .insert({ app_id: appId, name: 'Mostly lava', inputs: { topic: 'volcanoes' }, expectations: [{ kind: 'contains', text: 'Lava' }], runs: 3, passes_needed: 2 });
    if (made.error) throw new Error(made.error.message);
    const { key } = await createKey(backend, owner, { app_ids: [appId] });
    fake.enqueue({ text: 'Lava is molten rock.' }, { text: 'Ash falls.' }, { text: 'Lava is molten rock.' });

    const started = await api(backend, `v1/apps/${appId}/test-runs`, { key, body: {} });
    const body = (await started.json()) as TestRunBody;
    expect(body.results).toMatchObject([{ case_name: 'Mostly lava', status: 'running', runs: 3, runs_passed: null, passes_needed: 2 }]);
    const finished = await vi.waitFor(
      async () => {
        const read = (await (await api(backend, `v1/test-runs/${body.id}`, { key })).json()) as TestRunBody;
        if (read.status === 'running') throw new Error('still running');
        return read;
      },
      { timeout: 60_000, interval: 100 },
    );
    expect(finished.results).toMatchObject([
      { case_name: 'Mostly lava', status: 'passed', passed: true, runs: 3, runs_passed: 2, passes_needed: 2, reason: '2 of 3 runs passed; 2 need to pass.' },
    ]);
  }, 120_000);

  it('keeps test runs to the keys of their app: another app’s key, another owner’s key or no key learn nothing', async () => {
    const owner = await signedIn(backend);
    const stranger = await signedIn(backend);
    const { appId } = await seedApp(backend, owner.id);
    const { appId: otherApp } = await seedApp(backend, owner.id);
    await addCase(owner, appId, 'Talks about lava', [{ kind: 'contains', text: 'Lava' }]);
    const run = await backend.db.query<{ id: string }>(
      `insert into public."AppTestRun" (app_id, status, case_count, passed) values ($1, 'done', 1, 1) returning id`,
      [appId],
    );
    const runId = run.rows[0]?.id ?? '';
    const otherAppKey = await createKey(backend, owner, { app_ids: [otherApp] });
    const strangerKey = await createKey(backend, stranger);
    const ownKey = await createKey(backend, owner, { app_ids: [appId] });

    for (const key of [otherAppKey.key, strangerKey.key]) {
      expect(await errorOf(await api(backend, `v1/test-runs/${runId}`, { key }))).toEqual({
        status: 404,
        code: 'test_run_not_found',
        message: 'There is no such test run for this key',
      });
      expect(await errorOf(await api(backend, `v1/apps/${appId}/test-runs`, { key, body: {} }))).toEqual({
        status: 403,
        code: 'app_not_in_scope',
        message: 'This key may not run this app’s tests',
      });
    }
    expect((await errorOf(await api(backend, `v1/test-runs/${randomUUID()}`, { key: ownKey.key }))).code).toBe('test_run_not_found');
    expect((await errorOf(await api(backend, `v1/test-runs/not-a-uuid`, { key: ownKey.key }))).code).toBe('test_run_not_found');
    expect((await errorOf(await api(backend, `v1/apps/${randomUUID()}/test-runs`, { key: ownKey.key, body: {} }))).code).toBe('app_not_found');
    expect((await api(backend, `v1/test-runs/${runId}`)).status).toBe(401);
    expect((await api(backend, `v1/apps/${appId}/test-runs`, { body: {} })).status).toBe(401);
    expect(await testRunCount(appId)).toBe(1);

    const own = await api(backend, `v1/test-runs/${runId}`, { key: ownKey.key });
    expect(own.status).toBe(200);
    expect(await own.json()).toMatchObject({ id: runId, status: 'done' });
  });

  it('refuses a bad body, a version that is not there and an app without cases with a clear error, storing nothing', async () => {
    const owner = await signedIn(backend);
    const { appId } = await seedApp(backend, owner.id, { deployed: false });
    const { key } = await createKey(backend, owner);

    const empty = await errorOf(await api(backend, `v1/apps/${appId}/test-runs`, { key, body: {} }));
    expect(empty).toEqual({ status: 422, code: 'no_cases', message: 'Topic explainer has no test cases yet: add one, or save a run as a test.' });

    await addCase(owner, appId, 'Talks about lava', [{ kind: 'contains', text: 'Lava' }]);
    for (const bad of [{ version: 0 }, { version: 'latest' }, { version: 1.5 }, { version: 1, colour: 'red' }, '{not json', '[]']) {
      const error = await errorOf(await api(backend, `v1/apps/${appId}/test-runs`, { key, body: bad }));
      expect({ status: error.status, code: error.code }, JSON.stringify(bad)).toEqual({ status: 400, code: 'invalid_request' });
    }
    expect((await errorOf(await api(backend, `v1/apps/${appId}/test-runs`, { key, body: { version: 'latest' } }))).message).toContain(
      'version must be a version number (1 or more), "draft" or "live"',
    );
    expect(await errorOf(await api(backend, `v1/apps/${appId}/test-runs`, { key, body: { version: 9 } }))).toEqual({
      status: 404,
      code: 'version_not_found',
      message: 'Topic explainer has no version 9',
    });
    expect(await errorOf(await api(backend, `v1/apps/${appId}/test-runs`, { key, body: { version: 'live' } }))).toEqual({
      status: 404,
      code: 'version_not_found',
      message: 'Topic explainer is not deployed yet, so it has no live version; test its draft instead',
    });
    expect(await testRunCount(appId)).toBe(0);
  });

  it('refuses more than 200 cases with 400 naming the count and the cap, instead of running some of them', async () => {
    const owner = await signedIn(backend);
    const { appId } = await seedApp(backend, owner.id);
    await addManyCases(appId, 201);
    const { key } = await createKey(backend, owner);
    const expected = {
      code: 'too_many_cases',
      message: 'Topic explainer has 201 test cases, and a test run covers at most 200. Delete 1 of them and run again.',
    };

    expect(await errorOf(await api(backend, `v1/apps/${appId}/test-runs`, { key, body: {} }))).toEqual({ status: 400, ...expected });
    const inApp = await callFunction(backend, 'run-app-tests', { app_id: appId }, owner.token);
    expect(inApp.status).toBe(400);
    expect(await inApp.json()).toEqual(expected);
    expect(await testRunCount(appId)).toBe(0);
  });

  it('answers a test run whose server stopped mid-run as failed, with the cases it finished', async () => {
    const owner = await signedIn(backend);
    const { appId } = await seedApp(backend, owner.id);
    const { key } = await createKey(backend, owner, { app_ids: [appId] });
    const makeRun = async (idleFor: string): Promise<string> => {
      const run = await backend.db.query<{ id: string }>(
        `insert into public."AppTestRun" (app_id, status, case_count, started_at, updated_at)
           values ($1, 'running', 2, now() - $2::interval, now() - $2::interval) returning id`,
        [appId, idleFor],
      );
      const id = run.rows[0]?.id ?? '';
      await backend.db.query(
        `insert into public."AppTestResult" (test_run_id, case_name, status, output, started_at, updated_at, finished_at) values
           ($1, 'Finished case', 'passed', 'Lava is molten rock.', now() - $2::interval, now() - $2::interval, now() - $2::interval),
           ($1, 'Unfinished case', 'running', null, now() - $2::interval, now() - $2::interval, null)`,
        [id, idleFor],
      );
      return id;
    };
    const stopped = await makeRun('1 hour');
    const busy = await makeRun('1 minute');

    const read = await api(backend, `v1/test-runs/${stopped}`, { key });
    expect(read.status).toBe(200);
    const body = (await read.json()) as TestRunBody;
    expect(body).toMatchObject({
      status: 'failed',
      total: 2,
      passed: 1,
      failed: 1,
      error: { code: 'stopped', message: 'The test run stopped before it finished' },
    });
    expect(body.results.map((result) => [result.case_name, result.status, result.reason])).toEqual([
      ['Finished case', 'passed', null],
      ['Unfinished case', 'error', 'The test run stopped before it finished'],
    ]);
    // The owner's own reads (the SDK, the Tests page) see the same, stored.
    const seen = await owner.client.from('AppTestRun').select('status, passed, failed, finished_at').eq('id', stopped).single();
    expect(seen.data).toMatchObject({ status: 'failed', passed: 1, failed: 1 });
    expect(seen.data?.finished_at).not.toBeNull();

    // A run that is still making progress is left alone.
    expect(await (await api(backend, `v1/test-runs/${busy}`, { key })).json()).toMatchObject({ status: 'running', passed: 1 });
  });

  it('lets only the server end stopped test runs: a signed-in person cannot call end_stopped_test_runs', async () => {
    const owner = await signedIn(backend);
    const { appId } = await seedApp(backend, owner.id);
    const run = await backend.db.query<{ id: string }>(
      `insert into public."AppTestRun" (app_id, status, case_count, updated_at) values ($1, 'running', 1, now() - interval '1 hour') returning id`,
      [appId],
    );
    const called = await owner.client.rpc('end_stopped_test_runs', { p_app_id: appId, p_idle_minutes: 1 });
    expect(called.error).not.toBeNull();
    const status = await backend.db.query<{ status: string }>('select status from public."AppTestRun" where id = $1', [run.rows[0]?.id ?? '']);
    expect(status.rows).toEqual([{ status: 'running' }]);
  });
});
