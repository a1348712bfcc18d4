// App tests through the SDK (issue 30) against the real backend: cases are checked before they
// are written, a finished run is saved as a case, the cases run on a draft with per-case results,
// and nobody but the app's owner sees any of it.
import type { AppSpecInput } from '@appforge/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestRunEvent } from '../src/app-tests';
import { startBackend } from './backend';
import type { SdkTestBackend } from './backend';
import { rejection } from './helpers';

const spec: AppSpecInput = {
  entryStepId: 'ask',
  steps: [
    { id: 'ask', kind: 'input', title: 'Planet', config: { fields: [{ name: 'planet', label: 'Planet', type: 'text', required: true }] } },
    { id: 'show', kind: 'output', title: 'Answer', config: { template: 'You chose {{planet}}.' } },
  ],
};

async function collect<T>(stream: AsyncIterable<T>): Promise<T[]> {
  const events: T[] = [];
  for await (const event of stream) events.push(event);
  return events;
}

describe('client.appTests', () => {
  let backend: SdkTestBackend;
  beforeAll(async () => {
    backend = await startBackend();
  });
  afterAll(() => backend.stop());

  it('saves a run as a test, runs the cases on a draft and shows each result; others see nothing', async () => {
    const owner = await backend.signedInUser('tests-owner');
    const other = await backend.signedInUser('tests-other');
    const appId = crypto.randomUUID();
    await backend.admin.from('App').insert({ id: appId, owner_id: owner.id, name: 'Planets' });
    const draft = await owner.client.versions.createDraft({ appId, spec });
    await backend.admin.from('App').update({ draft_version_id: draft.id }).eq('id', appId);

    // A run the owner made, saved as a test with its output as the reference.
    const runEvents = await collect(owner.client.runs.start({ appId, versionId: draft.id, inputs: { planet: 'Mars' } }));
    const header = runEvents[0];
    if (header?.type !== 'run') throw new Error('the stream starts with the run');
    const saved = await owner.client.appTests.saveRunAsCase(header.run_id);
    expect(saved).toMatchObject({
      app_id: appId,
      name: 'Saved run: Mars',
      inputs: { planet: 'Mars' },
      expectations: [{ kind: 'contains', text: 'You chose Mars.', ignoreCase: false }],
      mode: 'must_pass',
      source_run_id: header.run_id,
    });

    const made = await owner.client.appTests.createCase({
      appId,
      name: 'Says Venus',
      inputs: { planet: 'Earth' },
      expectations: [{ kind: 'contains', text: 'Venus' }],
      mode: 'warn_only',
    });
    expect((await owner.client.appTests.listCases(appId)).map((row) => row.name)).toEqual(['Saved run: Mars', 'Says Venus']);

    const events: TestRunEvent[] = await collect(owner.client.appTests.run({ appId }));
    expect(events[0]).toMatchObject({ type: 'test_run', version_id: draft.id, case_count: 2 });
    const last = events.at(-1);
    if (last?.type !== 'test_run_done') throw new Error(`the run ends with its summary, not ${JSON.stringify(last)}`);
    expect(last).toMatchObject({ passed: 1, failed: 1, needs_update: 0 });

    const { run, results } = await owner.client.appTests.getRun(last.test_run_id);
    expect(run).toMatchObject({ status: 'done', version_id: draft.id, case_count: 2, passed: 1, failed: 1 });
    const byName = Object.fromEntries(results.map((result) => [result.case_name, result]));
    expect(byName['Saved run: Mars']).toMatchObject({ status: 'passed', output: 'You chose Mars.', runs: 1, runs_passed: 1, passes_needed: 1 });
    expect(byName['Says Venus']).toMatchObject({
      status: 'failed',
      mode: 'warn_only',
      output: 'You chose Earth.',
      reason: 'The output does not contain “Venus”.',
      checks: [{ kind: 'contains', pass: false, reason: 'The output does not contain “Venus”.' }],
      runs: 1,
      runs_passed: 0,
      passes_needed: 1,
    });
    // The stream counts each case's runs too.
    expect(events.filter((event) => event.type === 'case_done')).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'Says Venus', runs: 1, runs_passed: 0, passes_needed: 1 })]),
    );
    expect((await owner.client.appTests.listRuns(appId)).map((row) => row.id)).toEqual([last.test_run_id]);
    // The history of people's runs and Home's recent runs list the owner's own run, not the test runs.
    expect((await owner.client.runs.list(appId)).rows.map((row) => row.id)).toEqual([header.run_id]);
    expect((await owner.client.runs.recent()).map((row) => row.id)).toEqual([header.run_id]);

    // Nobody else reads, changes or runs them.
    expect(await other.client.appTests.listCases(appId)).toEqual([]);
    expect(await other.client.appTests.listRuns(appId)).toEqual([]);
    expect(await rejection(other.client.appTests.getRun(last.test_run_id))).toMatchObject({ code: 'not_found', status: 404 });
    expect(await rejection(other.client.appTests.updateCase(made.id, { name: 'Hijacked' }))).toMatchObject({ code: 'not_found' });
    expect(await rejection(other.client.appTests.deleteCase(made.id))).toMatchObject({ code: 'not_found' });
    expect(await rejection(other.client.appTests.saveRunAsCase(header.run_id))).toMatchObject({ code: 'not_found' });
    const refused = await rejection(collect(other.client.appTests.run({ appId })));
    expect(refused).toMatchObject({ status: 403, message: 'Only the app’s owner can run its tests' });
    expect((await owner.client.appTests.listCases(appId)).map((row) => row.name)).toEqual(['Saved run: Mars', 'Says Venus']);
  });

  it('refuses a bad case before writing it, with what to fix', async () => {
    const owner = await backend.signedInUser('tests-bad');
    const appId = crypto.randomUUID();
    await backend.admin.from('App').insert({ id: appId, owner_id: owner.id, name: 'Checks' });
    const base = { appId, name: 'Bad', inputs: {} };
    expect(await rejection(owner.client.appTests.createCase({ ...base, expectations: [{ kind: 'contains', text: 'ok' }, { kind: 'matches', pattern: '(a+' }] }))).toMatchObject({
      code: 'invalid_input',
      status: 400,
      message: 'Check 2: The pattern cannot be used: A group opened with ( is never closed.',
    });
    expect(await rejection(owner.client.appTests.createCase({ ...base, expectations: [{ kind: 'json_path_equals', path: 'answer', value: 1 }] }))).toMatchObject({
      message: 'Check 1: A JSON path starts with $, for example $.answer or $.items[0].title.',
    });
    expect(await rejection(owner.client.appTests.createCase({ ...base, expectations: [] }))).toMatchObject({ message: 'A test case checks at least one thing.' });
    expect(await rejection(owner.client.appTests.createCase({ ...base, appId: 'not-an-id', expectations: [{ kind: 'contains', text: 'x' }] }))).toMatchObject({
      code: 'invalid_input',
      message: 'The app is not a valid id.',
    });
    expect(await owner.client.appTests.listCases(appId)).toEqual([]);
  });
});
