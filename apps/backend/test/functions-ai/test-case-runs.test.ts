// "n of m runs pass" (issue 30): a case may run up to five times and passes when at least n of its
// m runs pass; the database refuses n above m or more than five runs, whoever writes.
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
    const results = await owner.client.from('AppTestResult').select('case_name, status, reason').eq('test_run_id', testRunId).order('case_name');
    expect(results.data).toEqual([
      { case_name: 'Answers every time', status: 'passed', reason: '3 of 3 runs passed; 2 need to pass.' },
      { case_name: 'Mentions zebras', status: 'failed', reason: '0 of 2 runs passed; 1 needs to pass. The output does not contain “zebra”.' },
    ]);
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
