// run-app-tests (issue 30): an owner runs their app's test cases on a version with the offline
// model; results are kept per case (passed, failed with the reason, needs update) and the case
// runs are labelled apart from visitors' runs. Nobody else can run an app's tests.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend } from '../harness.js';
import type { TestBackend } from '../harness.js';
import { callFunction, readSse, seedApp, signedIn } from './helpers.js';
import type { TestUser } from './helpers.js';

let backend: TestBackend;

async function addCase(owner: TestUser, appId: string, name: string, inputs: Record<string, unknown>, expectations: unknown[], mode = 'must_pass') {
  const made = await owner.client.from('AppTestCase').insert({ app_id: appId, name, inputs, expectations, mode });
  if (made.error) throw new Error(made.error.message);
}

describe('run-app-tests on the offline model', () => {
  let owner: TestUser;
  let appId: string;
  let versionId: string;

  beforeAll(async () => {
    backend = await startTestBackend();
    owner = await signedIn(backend);
    ({ appId, versionId } = await seedApp(backend, owner.id));
  }, 120_000);
  afterAll(() => backend.stop());

  it('refuses an app without cases with a clear message, and changes nothing', async () => {
    const response = await callFunction(backend, 'run-app-tests', { app_id: appId }, owner.token);
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({ code: 'no_cases', message: 'Topic explainer has no test cases yet: add one, or save a run as a test.' });
    expect((await backend.db.query('select 1 from public."AppTestRun" where app_id = $1', [appId])).rows).toEqual([]);
  });

  it('runs every case and keeps pass, fail with the reason, and needs update per case', async () => {
    await addCase(owner, appId, 'Shows an answer', { topic: 'owls' }, [{ kind: 'contains', text: 'answer' }, { kind: 'matches', pattern: '^# Answer$' }]);
    await addCase(owner, appId, 'Mentions zebras', { topic: 'owls' }, [{ kind: 'contains', text: 'zebra' }], 'warn_only');
    await addCase(owner, appId, 'Old field name', { subject: 'owls' }, [{ kind: 'contains', text: 'owl' }]);

    const response = await callFunction(backend, 'run-app-tests', { app_id: appId, version_id: versionId }, owner.token);
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const events = await readSse(response);
    const started = events[0];
    expect(started?.event).toBe('test_run');
    expect(started?.data).toMatchObject({ version_id: versionId, version_number: 1, case_count: 3 });
    const testRunId = String(started?.data.test_run_id);
    expect(events.filter((event) => event.event === 'case_done')).toHaveLength(3);
    expect(events.at(-1)).toEqual({ event: 'test_run_done', data: { test_run_id: testRunId, status: 'done', passed: 1, failed: 1, needs_update: 1 } });

    // What the owner reads back, through their own client.
    const run = await owner.client.from('AppTestRun').select('status, version_id, started_by, case_count, passed, failed, needs_update').eq('id', testRunId).single();
    expect(run.data).toEqual({ status: 'done', version_id: versionId, started_by: owner.id, case_count: 3, passed: 1, failed: 1, needs_update: 1 });
    const results = await owner.client.from('AppTestResult').select('case_name, mode, status, reason, output, checks').eq('test_run_id', testRunId).order('case_name');
    const byName = Object.fromEntries((results.data ?? []).map((row) => [row.case_name, row]));
    expect(byName['Shows an answer']).toMatchObject({ status: 'passed', reason: null });
    expect(byName['Shows an answer']?.output).toContain('# Answer');
    expect(byName['Mentions zebras']).toMatchObject({ mode: 'warn_only', status: 'failed', reason: 'The output does not contain “zebra”.' });
    expect(byName['Old field name']).toMatchObject({
      status: 'needs_update',
      reason: 'The app no longer has a field named subject. “Topic” is required.',
      output: null,
    });

    // The cases ran as ordinary runs of the version, labelled with the test run.
    const caseRuns = await backend.db.query<{ n: string }>(
      'select count(*)::text as n from public."AppRun" where test_run_id = $1 and version_id = $2 and runner_user_id = $3',
      [testRunId, versionId, owner.id],
    );
    expect(caseRuns.rows[0]?.n).toBe('2');
    const testCounter = await backend.db.query<{ used: string }>(
      `select used::text from public."UsageCounter" where owner_id = $1 and scope_key = $2`,
      [owner.id, `app:${appId}|test:${owner.id}`],
    );
    expect(testCounter.rows[0]?.used).toBe('2');
  }, 120_000);

  it('ends a test run whose server stopped mid-run when the next run of the app starts, so it does not stay running forever', async () => {
    const stuck = await backend.db.query<{ id: string }>(
      `insert into public."AppTestRun" (app_id, version_id, status, case_count, updated_at) values ($1, $2, 'running', 1, now() - interval '1 hour') returning id`,
      [appId, versionId],
    );
    const stuckId = stuck.rows[0]?.id ?? '';
    await backend.db.query(`insert into public."AppTestResult" (test_run_id, case_name, updated_at) values ($1, 'Shows an answer', now() - interval '1 hour')`, [stuckId]);

    const events = await readSse(await callFunction(backend, 'run-app-tests', { app_id: appId }, owner.token));
    expect(events.at(-1)?.event).toBe('test_run_done');
    const ended = await owner.client.from('AppTestRun').select('status, failed, error').eq('id', stuckId).single();
    expect(ended.data).toEqual({ status: 'failed', failed: 1, error: { code: 'stopped', message: 'The test run stopped before it finished' } });
    const result = await owner.client.from('AppTestResult').select('status, reason').eq('test_run_id', stuckId).single();
    expect(result.data).toEqual({ status: 'error', reason: 'The test run stopped before it finished' });
  }, 120_000);

  it('lets nobody but the owner run the tests, and refuses bad input', async () => {
    const other = await signedIn(backend);
    const before = (await backend.db.query('select 1 from public."AppTestRun" where app_id = $1', [appId])).rows.length;
    const theirs = await callFunction(backend, 'run-app-tests', { app_id: appId }, other.token);
    expect(theirs.status).toBe(403);
    expect(await theirs.json()).toEqual({ code: 'not_owner', message: 'Only the app’s owner can run its tests' });
    const anonymous = await callFunction(backend, 'run-app-tests', { app_id: appId });
    expect(anonymous.status).toBe(401);
    const bad = await callFunction(backend, 'run-app-tests', { app_id: 'not-a-uuid' }, owner.token);
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ code: 'invalid_body' });
    expect((await backend.db.query('select 1 from public."AppTestRun" where app_id = $1', [appId])).rows.length).toBe(before);
  });
});
