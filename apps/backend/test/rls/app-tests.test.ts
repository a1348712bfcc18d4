// App tests (issue 30): an app's test cases, test runs and per-case results belong to the app's
// owner alone. Another creator, a signed-out visitor and a student of a class the app was given to
// can neither read nor write them; runs and results are written by the server only.
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClass, enrol, teacher as makeTeacher } from '../classrooms/helpers.js';
import { seedApp, signedIn } from '../functions-ai/helpers.js';
import type { TestUser } from '../functions-ai/helpers.js';
import { DATABASES, startTestBackend } from '../harness.js';
import type { TestBackend } from '../harness.js';

let backend: TestBackend;

const CASE = { name: 'Explains owls', inputs: { topic: 'owls' }, expectations: [{ kind: 'contains', text: 'owl' }] };

describe.each(DATABASES)('app tests on %s: only the app’s owner', (database) => {
  let owner: TestUser;
  let outsiders: [string, SupabaseClient][];
  let appId: string;
  let versionId: string;
  let caseId: string;
  let testRunId: string;
  let resultId: string;

  const count = async (table: string, column: string, value: string) =>
    Number((await backend.db.query<{ n: string }>(`select count(*)::text as n from public."${table}" where ${column} = $1`, [value])).rows[0]?.n);

  beforeAll(async () => {
    backend = await startTestBackend({ database });
    owner = await signedIn(backend);
    const other = await signedIn(backend);
    const student = await signedIn(backend);
    ({ appId, versionId } = await seedApp(backend, owner.id));
    const t = await makeTeacher(backend);
    const klass = await createClass(t);
    await enrol(backend, klass.id, student.id);
    await backend.db.query('insert into public."Assignment" (class_id, app_id) values ($1, $2)', [klass.id, appId]);
    outsiders = [
      ['another creator', other.client],
      ['a signed-out visitor', backend.client()],
      ['a student of a class given the app', student.client],
    ];
    const made = await owner.client.from('AppTestCase').insert({ app_id: appId, ...CASE }).select('id').single<{ id: string }>();
    if (made.error) throw new Error(made.error.message);
    caseId = made.data.id;
    testRunId = (await backend.db.query<{ id: string }>(
      `insert into public."AppTestRun" (app_id, version_id, started_by, case_count) values ($1, $2, $3, 1) returning id`,
      [appId, versionId, owner.id],
    )).rows[0]?.id ?? '';
    resultId = (await backend.db.query<{ id: string }>(
      `insert into public."AppTestResult" (test_run_id, case_id, case_name, status, output) values ($1, $2, 'Explains owls', 'passed', 'Owls hoot.') returning id`,
      [testRunId, caseId],
    )).rows[0]?.id ?? '';
  }, 120_000);
  afterAll(() => backend.stop());

  it('lets the owner read, add, edit and delete cases, and read test runs and results', async () => {
    expect((await owner.client.from('AppTestCase').select('name').eq('app_id', appId)).data).toEqual([{ name: 'Explains owls' }]);
    const renamed = await owner.client.from('AppTestCase').update({ name: 'Explains owls well' }).eq('id', caseId).select('name');
    expect(renamed.data).toEqual([{ name: 'Explains owls well' }]);
    expect((await owner.client.from('AppTestRun').select('id').eq('id', testRunId)).data).toEqual([{ id: testRunId }]);
    expect((await owner.client.from('AppTestResult').select('output').eq('id', resultId)).data).toEqual([{ output: 'Owls hoot.' }]);
    const spare = await owner.client.from('AppTestCase').insert({ app_id: appId, ...CASE, name: 'Spare' }).select('id').single<{ id: string }>();
    expect(spare.error).toBeNull();
    await owner.client.from('AppTestCase').delete().eq('id', spare.data?.id ?? '');
    expect(await count('AppTestCase', 'app_id', appId)).toBe(1);
  });

  it('does not let the owner write test runs or results (only the server does)', async () => {
    await owner.client.from('AppTestRun').insert({ app_id: appId, version_id: versionId });
    await owner.client.from('AppTestResult').insert({ test_run_id: testRunId, case_name: 'Forged', status: 'passed' });
    await owner.client.from('AppTestResult').update({ status: 'failed' }).eq('id', resultId);
    await owner.client.from('AppTestRun').delete().eq('id', testRunId);
    expect(await count('AppTestRun', 'app_id', appId)).toBe(1);
    expect(await count('AppTestResult', 'test_run_id', testRunId)).toBe(1);
    const status = (await backend.db.query<{ status: string }>('select status from public."AppTestResult" where id = $1', [resultId])).rows[0]?.status;
    expect(status).toBe('passed');
  });

  it('refuses a case with no expectations or inputs that are not an object', async () => {
    const none = await owner.client.from('AppTestCase').insert({ app_id: appId, name: 'Empty', inputs: {}, expectations: [] });
    expect(none.error?.message).toContain('AppTestCase_expectations_is_list');
    const list = await owner.client.from('AppTestCase').insert({ app_id: appId, name: 'List', inputs: [1], expectations: CASE.expectations });
    expect(list.error?.message).toContain('AppTestCase_inputs_is_object');
    expect(await count('AppTestCase', 'app_id', appId)).toBe(1);
  });

  it('shows nobody else the cases, test runs or results', async () => {
    for (const [who, client] of outsiders) {
      for (const [table, id] of [['AppTestCase', caseId], ['AppTestRun', testRunId], ['AppTestResult', resultId]] as const) {
        const read = await client.from(table).select('id').eq('id', id);
        expect({ who, table, rows: read.data ?? [] }).toEqual({ who, table, rows: [] });
      }
    }
  });

  it('lets nobody else add, edit or delete a case, or write a test run or result', async () => {
    for (const [, client] of outsiders) {
      await client.from('AppTestCase').insert({ id: randomUUID(), app_id: appId, ...CASE, name: 'Intruder' });
      await client.from('AppTestCase').update({ name: 'Hijacked' }).eq('id', caseId);
      await client.from('AppTestCase').delete().eq('id', caseId);
      await client.from('AppTestRun').insert({ app_id: appId, version_id: versionId });
      await client.from('AppTestRun').update({ passed: 99 }).eq('id', testRunId);
      await client.from('AppTestRun').delete().eq('id', testRunId);
      await client.from('AppTestResult').insert({ test_run_id: testRunId, case_name: 'Forged', status: 'passed' });
      await client.from('AppTestResult').update({ status: 'failed' }).eq('id', resultId);
      await client.from('AppTestResult').delete().eq('id', resultId);
    }
    const cases = await backend.db.query<{ name: string }>('select name from public."AppTestCase" where app_id = $1', [appId]);
    expect(cases.rows).toEqual([{ name: 'Explains owls well' }]);
    const runs = await backend.db.query<{ passed: number }>('select passed from public."AppTestRun" where app_id = $1', [appId]);
    expect(runs.rows).toEqual([{ passed: 0 }]);
    const results = await backend.db.query<{ status: string }>('select status from public."AppTestResult" where test_run_id = $1', [testRunId]);
    expect(results.rows).toEqual([{ status: 'passed' }]);
  });

  it('refuses the owner a case on someone else’s app', async () => {
    const rival = await signedIn(backend);
    const theirs = await seedApp(backend, rival.id);
    const attempt = await owner.client.from('AppTestCase').insert({ app_id: theirs.appId, ...CASE });
    expect(attempt.error).not.toBeNull();
    expect(await count('AppTestCase', 'app_id', theirs.appId)).toBe(0);
  });
});
