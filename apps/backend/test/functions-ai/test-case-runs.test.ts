// "n of m runs pass" (issue 30): a case may run up to five times and passes when at least n of its
// m runs pass; the database refuses n above m or more than five runs, whoever writes. A case's runs
// go at once, sharing the test run's slots (TEST_RUN_CONCURRENCY) with the other cases' runs.
import { TEST_RUN_CONCURRENCY } from '@appforge/functions';
import { startFakeOpenAIServer } from '@appforge/functions/testing';
import type { FakeOpenAIServer } from '@appforge/functions/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend } from '../harness.js';
import type { TestBackend } from '../harness.js';
import { callFunction, readSse, seedApp, signedIn } from './helpers.js';
import type { TestUser } from './helpers.js';

let backend: TestBackend;

describe('a case that runs m times', () => {
  let owner: TestUser;
  let appId: string;
  let versionId: string;

  beforeAll(async () => {
    backend = await startTestBackend();
    owner = await signedIn(backend);
    ({ appId, versionId } = await seedApp(backend, owner.id));
  }, 120_000);
  afterAll(() => backend.stop());

  it('runs the case m times, passes when n pass, and says how many did when it fails', async () => {
    const made = await owner.client.from('AppTestCase').insert([
      { app_id: appId, name: 'Answers every time', inputs: { topic: 'owls' }, expectations: [{ kind: 'contains', text: '# Answer' }], runs: 3, passes_needed: 2 },
      { app_id: appId, name: 'Mentions zebras', inputs: { topic: 'owls' }, expectations: [{ kind: 'contains', text: 'zebra' }], runs: 2, passes_needed: 1 },
    ]);
    expect(made.error).toBeNull();

    const events = await readSse(await callFunction(backend, 'run-app-tests', { app_id: appId, version_id: versionId }, owner.token));
    const testRunId = String(events[0]?.data.test_run_id);
    expect(events.at(-1)?.data).toMatchObject({ passed: 1, failed: 1 });
    const results = await owner.client.from('AppTestResult').select('case_name, status, reason, runs, runs_passed, passes_needed').eq('test_run_id', testRunId).order('case_name');
    expect(results.data).toEqual([
      { case_name: 'Answers every time', status: 'passed', reason: '3 of 3 runs passed; 2 need to pass.', runs: 3, runs_passed: 3, passes_needed: 2 },
      {
        case_name: 'Mentions zebras',
        status: 'failed',
        reason: '0 of 2 runs passed; 1 needs to pass. The output does not contain “zebra”.',
        runs: 2,
        runs_passed: 0,
        passes_needed: 1,
      },
    ]);
    // The stream says the same per case.
    expect(events.filter((event) => event.event === 'case_done').map((event) => [event.data.name, event.data.runs, event.data.runs_passed, event.data.passes_needed])).toEqual(
      expect.arrayContaining([
        ['Answers every time', 3, 3, 2],
        ['Mentions zebras', 2, 0, 1],
      ]),
    );

    // The database keeps the counts possible, whoever writes (here as the server, service role).
    const resultId = (await backend.db.query<{ id: string }>('select id from public."AppTestResult" where test_run_id = $1 and runs = 3', [testRunId])).rows[0]?.id;
    for (const bad of ['runs_passed = 4', 'runs_passed = -1', 'passes_needed = 4', 'runs = 6', 'runs = 0']) {
      await expect(backend.db.query(`update public."AppTestResult" set ${bad} where id = $1`, [resultId])).rejects.toMatchObject({ code: '23514' });
    }
    const kept = await backend.db.query('select runs, runs_passed, passes_needed from public."AppTestResult" where id = $1', [resultId]);
    expect(kept.rows).toEqual([{ runs: 3, runs_passed: 3, passes_needed: 2 }]);
    const runs = await backend.db.query<{ n: string }>('select count(*)::text as n from public."AppRun" where test_run_id = $1', [testRunId]);
    expect(runs.rows[0]?.n).toBe('5');
  }, 120_000);

  it('refuses n above m, no runs, and more than five runs, and keeps the case as it was', async () => {
    const row = await owner.client.from('AppTestCase').insert({ app_id: appId, name: 'Bounds', inputs: {}, expectations: [{ kind: 'contains', text: 'x' }] }).select('id, runs, passes_needed').single();
    expect(row.data).toMatchObject({ runs: 1, passes_needed: 1 });
    const id = (row.data as { id: string }).id;
    for (const bad of [{ runs: 2, passes_needed: 3 }, { runs: 0, passes_needed: 0 }, { runs: 6, passes_needed: 1 }]) {
      const refused = await owner.client.from('AppTestCase').update(bad).eq('id', id);
      expect(refused.error?.code).toBe('23514');
    }
    const kept = await owner.client.from('AppTestCase').select('runs, passes_needed').eq('id', id).single();
    expect(kept.data).toEqual({ runs: 1, passes_needed: 1 });
  });
});

describe('a case’s runs on a (fake) model that answers when the test says so', () => {
  const API_KEY = 'sk-test-case-runs';
  let fake: FakeOpenAIServer;
  let modelBackend: TestBackend;
  let owner: TestUser;
  let appId: string;
  let versionId: string;

  beforeAll(async () => {
    fake = await startFakeOpenAIServer({ apiKey: API_KEY, models: ['fake-model'] });
    modelBackend = await startTestBackend({ env: { AI_BASE_URL: fake.baseUrl, AI_API_KEY: API_KEY, AI_MODEL: 'fake-model' } });
    owner = await signedIn(modelBackend);
    ({ appId, versionId } = await seedApp(modelBackend, owner.id));
  }, 120_000);
  afterAll(async () => {
    await modelBackend.stop();
    await fake.close();
  });

  /** A response the model sends only once `release()` is called. */
  function heldAnswer(text: string) {
    let release = (): void => undefined;
    const heldUntil = new Promise<void>((resolve) => {
      release = resolve;
    });
    return { response: { text, heldUntil }, release };
  }

  async function onlyCases(cases: { name: string; runs: number; passes_needed: number }[]) {
    await modelBackend.db.query('delete from public."AppTestCase" where app_id = $1', [appId]);
    const made = await owner.client
      .from('AppTestCase')
      .insert(cases.map((row) => ({ app_id: appId, inputs: { topic: 'tides' }, expectations: [{ kind: 'contains', text: 'moon' }], ...row })));
    if (made.error) throw new Error(made.error.message);
  }

  it('runs a 3-run case’s runs at once: the model has all three questions before it answers one', async () => {
    await onlyCases([{ name: 'Mentions the moon', runs: 3, passes_needed: 2 }]);
    const answers = [heldAnswer('The moon pulls the sea.'), heldAnswer('The moon pulls the sea.'), heldAnswer('Wind moves the water.')];
    fake.enqueue(...answers.map((answer) => answer.response));
    const before = fake.requests.length;
    const events = callFunction(modelBackend, 'run-app-tests', { app_id: appId, version_id: versionId }, owner.token).then((response) => readSse(response));

    // Run after run would wait forever here: the first run's answer is held.
    await fake.waitForRequests(before + 3);
    expect(fake.inFlight()).toBe(3);
    for (const answer of answers) answer.release();

    const done = (await events).at(-1);
    expect(done).toMatchObject({ event: 'test_run_done', data: { passed: 1, failed: 0 } });
    const result = await owner.client.from('AppTestResult').select('status, reason').eq('test_run_id', String(done?.data.test_run_id)).single();
    expect(result.data).toEqual({ status: 'passed', reason: '2 of 3 runs passed; 2 need to pass.' });
  }, 120_000);

  it('never has more runs going than the test run’s slots, however many runs its cases ask for', async () => {
    await onlyCases([
      { name: 'First', runs: 3, passes_needed: 1 },
      { name: 'Second', runs: 3, passes_needed: 1 },
    ]);
    const answers = Array.from({ length: 6 }, () => heldAnswer('The moon pulls the sea.'));
    fake.enqueue(...answers.map((answer) => answer.response));
    const before = fake.requests.length;
    const events = callFunction(modelBackend, 'run-app-tests', { app_id: appId, version_id: versionId }, owner.token).then((response) => readSse(response));

    await fake.waitForRequests(before + TEST_RUN_CONCURRENCY);
    expect(fake.inFlight()).toBe(TEST_RUN_CONCURRENCY);
    // Each answered run frees its slot for one waiting run, and only one.
    answers[0]?.release();
    await fake.waitForRequests(before + TEST_RUN_CONCURRENCY + 1);
    expect(fake.inFlight()).toBe(TEST_RUN_CONCURRENCY);
    answers[1]?.release();
    await fake.waitForRequests(before + 6);
    expect(fake.inFlight()).toBe(TEST_RUN_CONCURRENCY);
    for (const answer of answers) answer.release();

    expect((await events).at(-1)).toMatchObject({ event: 'test_run_done', data: { passed: 2, failed: 0 } });
    expect(fake.requests.length - before).toBe(6);
  }, 120_000);
});
